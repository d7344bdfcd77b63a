//! The lab's starting state from everything outside it, as one pure function: the host's
//! options, the mounter's own settings, what the browser saved, and the share link.
//! Precedence, highest first: share link, what the host asks for (options, or the mounter's
//! own settings), what the browser saved, defaults. Saved progress (stops passed, challenges,
//! where on the path) is kept in any case, and the lab says that it continues it.
use std::rc::Rc;

use super::link::{parse_fragment, SharedRun, Start};
use super::protocol::{Keep, MountOptions};
use super::saved::Saved;
use crate::lab::panels::Panel;
use crate::lab::path::PathAction;
use crate::lab::{Action, Lab};
use crate::lang::Lang;
use crate::problem::{BoundaryNotice, Problem, Source};
use crate::sim::Config;

/// What the page found outside the lab when it started.
#[derive(Clone, Debug, Default)]
pub struct Outside {
    /// The host's options, already checked (their problems are in `notices`).
    pub options: MountOptions,
    /// Language and settings of a mounter that passes them directly (tests, `mount_lab`).
    pub lang: Option<Lang>,
    pub config: Option<Config>,
    /// What was saved: nothing, or what it held, or why that was not usable. The browser's
    /// storage, or the host's when it keeps the progress (`options.keep`).
    pub saved: Option<Result<Saved, Problem>>,
    /// The URL fragment (a share link), with its `#`.
    pub hash: String,
    /// Problems already found (the options', the mounter's).
    pub notices: Vec<BoundaryNotice>,
}

/// The lab as it starts, and the run a share link carries, which the page loads once it is
/// drawn (a file is fetched, a run's JSON parsed or inflated by the browser).
pub struct Booted {
    pub lab: Lab,
    pub run: Option<SharedRun>,
}

/// The lab as it starts: every problem met on the way is one of its notices.
pub fn boot(outside: Outside) -> Booted {
    let Outside {
        options,
        lang,
        config,
        saved,
        hash,
        mut notices,
    } = outside;
    let from = |source: Source| move |problem| BoundaryNotice { source, problem };
    let kept_by = match options.keep {
        Keep::Browser => Source::Storage,
        Keep::Host => Source::Host,
    };
    // What the host (or the mounter) asked for explicitly wins over what the browser saved.
    let asked_lang = options.lang.or(lang);
    let asked_cfg = options.config.clone().or(config);
    let mut lang = asked_lang.unwrap_or_default();
    let mut cfg = asked_cfg.clone().unwrap_or_default();
    // Settings given from outside mean free exploration unless the path is asked for.
    let asked_start = options
        .start
        .or(options.stop.map(|_| Start::Path))
        .or(asked_cfg.is_some().then_some(Start::Free));
    let mut start = asked_start.unwrap_or(Start::Path);
    let mut restored = None;
    let (mut pending_at, mut run) = (None, None);
    match saved {
        Some(Ok(saved)) => {
            lang = asked_lang.unwrap_or(saved.lang);
            cfg = asked_cfg.unwrap_or_else(|| saved.config.clone());
            start = asked_start.unwrap_or(if saved.path.guided {
                Start::Path
            } else {
                Start::Free
            });
            restored = Some(saved);
        }
        Some(Err(problem)) => notices.push(from(kept_by)(problem)),
        None => {}
    }
    // A share link is the learner's own choice: it wins over both.
    if hash.len() > 1 {
        let (shared, problems) = parse_fragment(&hash);
        notices.extend(problems.into_iter().map(from(Source::Link)));
        cfg = shared.config;
        lang = shared.lang.unwrap_or(lang);
        start = shared.start.unwrap_or(Start::Free);
        // The run it carries is loaded by the page; it is played up to the moment shown.
        pending_at = shared.run.as_ref().and(shared.at);
        run = shared.run;
    }
    let mut lab = Lab::new(cfg, lang);
    lab.pending_at = pending_at;
    if let Some(saved) = restored {
        saved.restore_progress(&mut lab);
        // Say so when there is progress to continue, with a way to start again.
        let any = !lab.path.passed().is_empty() || !lab.challenges.is_empty();
        lab.continued = any.then_some(kept_by);
    }
    lab.host.shown = options.diagnostics;
    lab.boundary_notices = notices;
    if start == Start::Path && options.shows(Panel::Path) {
        // The stop's scene replaces the settings: the path sets each scene itself.
        // The stop a host's link asks for, else where the learner was.
        let at = options.stop.unwrap_or(lab.path.stop());
        lab.apply(Action::Path(PathAction::Go(at)));
    }
    if let Some(sc) = &options.scenario {
        lab.apply(Action::LoadScenario(Rc::new(sc.clone()), None));
    }
    Booted { lab, run }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn booted(outside: Outside) -> Lab {
        boot(outside).lab
    }
    use crate::embed::saved::fresh_progress;
    use crate::lab::checkpoints::Stop;
    use crate::lab::path::Progress;
    use crate::named::Set;

    fn saved() -> Saved {
        let mut lab = Lab::new(
            Config {
                seed: 7,
                failure_probability: 0.6,
                ..Config::default()
            },
            Lang::En,
        );
        lab.path.restore(Progress {
            guided: false,
            at: Stop::Crash,
            passed: Set::from([Stop::Backoff]),
            ..Progress::default()
        });
        lab.challenges
            .insert(crate::lab::checkpoints::Challenge::Race);
        Saved::of(&lab)
    }

    #[test]
    fn a_fresh_visit_opens_on_the_path_and_settings_from_outside_open_free() {
        let lab = booted(Outside::default());
        assert!(lab.path.guided());
        assert_eq!(lab.path.stop(), Stop::ALL[0]);
        assert!(lab.boundary_notices.is_empty());
        let lab = booted(Outside {
            config: Some(Config {
                seed: 42,
                ..Config::default()
            }),
            lang: Some(Lang::En),
            ..Outside::default()
        });
        assert!(!lab.path.guided());
        assert_eq!((lab.cfg.seed, lab.lang), (42, Lang::En));
    }

    #[test]
    fn saved_progress_comes_back_and_a_link_wins_over_it() {
        let lab = booted(Outside {
            saved: Some(Ok(saved())),
            ..Outside::default()
        });
        assert_eq!(
            (lab.cfg.seed, lab.lang, lab.path.guided()),
            (7, Lang::En, false)
        );
        assert_eq!(lab.path.stop(), Stop::Crash);
        assert_eq!(lab.path.passed(), &Set::from([Stop::Backoff]));
        assert_eq!(
            Saved::of(&lab),
            saved(),
            "saved, restored and saved again: the same"
        );
        let lab = booted(Outside {
            saved: Some(Ok(saved())),
            hash: "#seed=99&lang=es&p=x".into(),
            ..Outside::default()
        });
        assert_eq!((lab.cfg.seed, lab.lang), (99, Lang::Es));
        assert_eq!(lab.path.passed().len(), 1, "progress is kept");
        assert_eq!(lab.boundary_notices.len(), 1);
        assert_eq!(lab.boundary_notices[0].source, Source::Link);
    }

    #[test]
    fn what_the_host_asks_for_wins_over_what_was_saved_and_progress_is_kept() {
        let (options, problems) = MountOptions::from_query("?lang=es&seed=42&p=0.5");
        assert_eq!(
            problems.len(),
            2,
            "seed and p are config fields, not query options"
        );
        let options = MountOptions {
            config: Some(Config {
                seed: 42,
                failure_probability: 0.5,
                ..Config::default()
            }),
            ..options
        };
        let lab = booted(Outside {
            options,
            saved: Some(Ok(saved())),
            ..Outside::default()
        });
        assert_eq!(
            lab.lang,
            Lang::Es,
            "the host's language, not the saved English"
        );
        assert_eq!((lab.cfg.seed, lab.cfg.failure_probability), (42, 0.5));
        assert!(
            !lab.path.guided(),
            "a host's settings open free exploration"
        );
        assert_eq!(
            lab.path.passed(),
            &Set::from([Stop::Backoff]),
            "progress kept"
        );
        assert_eq!(lab.continued, Some(Source::Storage));
        // The host's start wins as well: on the path, where the learner left it.
        let lab = booted(Outside {
            options: MountOptions::from_query("?start=path").0,
            saved: Some(Ok(saved())),
            ..Outside::default()
        });
        assert!(lab.path.guided());
        assert_eq!(lab.path.stop(), Stop::Crash);
    }

    #[test]
    fn a_link_opens_the_path_at_the_stop_it_names_and_a_bad_one_is_told() {
        let (options, problems) = MountOptions::from_query("?stop=step_race&lang=en");
        assert!(problems.is_empty(), "{problems:?}");
        let lab = booted(Outside {
            options,
            saved: Some(Ok(saved())),
            ..Outside::default()
        });
        assert!(
            lab.path.guided(),
            "the path, over the free exploration saved"
        );
        assert_eq!(lab.path.stop(), Stop::Race);
        // With settings, and with start=free, the stop still names where the path is.
        let (options, _) = MountOptions::from_query("?stop=ask_natural&seed=3");
        assert_eq!(
            booted(Outside {
                options,
                ..Outside::default()
            })
            .path
            .stop(),
            Stop::AskNatural
        );
        let (options, _) = MountOptions::from_query("?stop=ask_natural&start=free");
        assert!(!booted(Outside {
            options,
            ..Outside::default()
        })
        .path
        .guided());
        for bad in [
            "?stop=step_nope",
            "?stop=",
            "?stop=STEP_RACE",
            "?stop=step_race%00",
        ] {
            let (options, problems) = MountOptions::from_query(bad);
            assert_eq!(options.stop, None, "{bad}");
            assert_eq!(problems.len(), 1, "{bad}: {problems:?}");
            assert_eq!(problems[0].field, "stop", "{bad}");
            let lab = booted(Outside {
                options,
                ..Outside::default()
            });
            assert_eq!(lab.path.stop(), Stop::Backoff, "{bad}: the first stop");
        }
    }

    #[test]
    fn starting_over_forgets_the_progress_and_opens_the_first_stop() {
        let mut lab = booted(Outside {
            options: MountOptions::from_query("?start=path").0,
            saved: Some(Ok(saved())),
            ..Outside::default()
        });
        let fx = lab.apply(Action::StartOver);
        assert!(
            lab.continued.is_none() && lab.path.passed().is_empty() && lab.challenges.is_empty()
        );
        assert_eq!((lab.path.guided(), lab.path.stop()), (true, Stop::ALL[0]));
        assert!(fx.save, "the saved progress is replaced");
        assert_eq!(Saved::of(&lab).path.passed.len(), 0);
    }

    #[test]
    fn a_links_run_is_handed_to_the_page_with_its_moment() {
        let Booted { lab, run } = boot(Outside {
            hash: "#scenario=scenarios/outage-and-replay.json&at=5000&lang=en".into(),
            ..Outside::default()
        });
        let file = "scenarios/outage-and-replay.json".to_string();
        assert_eq!(run, Some(SharedRun::File(file)));
        assert_eq!((lab.pending_at, lab.lang), (Some(5000), Lang::En));
        assert!(!lab.path.guided(), "a link opens free exploration");
        let Booted { lab, run } = boot(Outside {
            hash: "#seed=9&at=5000".into(),
            ..Outside::default()
        });
        assert_eq!(
            (run, lab.pending_at),
            (None, None),
            "no run, no moment to go to"
        );
    }

    #[test]
    fn progress_the_host_kept_comes_back_and_says_where_from() {
        let options = MountOptions::from_query("?keep=host").0;
        let lab = booted(Outside {
            options: options.clone(),
            saved: Some(crate::embed::saved::parse(&saved().to_text())),
            ..Outside::default()
        });
        assert_eq!(lab.path.stop(), Stop::Crash);
        assert_eq!(lab.path.passed(), &Set::from([Stop::Backoff]));
        assert_eq!(lab.continued, Some(Source::Host));
        let lab = booted(Outside {
            options,
            saved: Some(crate::embed::saved::parse("{\"slide\":7}")),
            ..Outside::default()
        });
        assert_eq!(lab.boundary_notices[0].source, Source::Host);
        assert_eq!((lab.path.stop(), lab.continued), (Stop::ALL[0], None));
    }

    #[test]
    fn unusable_saved_state_is_a_notice_and_the_defaults() {
        let problem = crate::embed::saved::parse("v=9").unwrap_err();
        let lab = booted(Outside {
            saved: Some(Err(problem)),
            ..Outside::default()
        });
        assert_eq!(lab.cfg.seed, Config::default().seed);
        assert!(lab.path.guided(), "a first visit's path");
        assert!(lab.continued.is_none());
        assert_eq!(lab.boundary_notices[0].source, Source::Storage);
        assert_eq!(lab.path.passed(), &fresh_progress().passed);
    }
}

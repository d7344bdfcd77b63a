//! Saved state in the browser's storage: language, configuration and challenge progress, as
//! the share link's `key=value` text plus a version and the challenges reached, e.g.
//! `v=2&seed=42&p=0.3&ack=0.25&base=30&retries=6&dedup=derived&lang=es&done=dead_letter,race`,
//! then the guided path: `&guide=1&at=step_crash&passed=step_backoff&right=step_backoff`, and
//! how many predictions were made at each stop: `&tries=step_backoff:2,step_crash:1`. Stops are
//! saved by name, so state saved before a stop was added or moved reads the same.
//! Anything unreadable, foreign or from another version is discarded with a reason.
use crate::named::{Named, Set};

use super::link::{parse_pairs, to_fragment};
use super::{problem, Problem, Why};
use crate::lab::checkpoints::{Challenge, Stop};
use crate::lab::path::{Progress, Tries};
use crate::lab::Lab;
use crate::lang::Lang;
use crate::sim::config::Config;
use crate::sim::utc::truncate;

pub const STORAGE_KEY: &str = "retry-lab";

/// Where this embedding keeps its progress: `retry-lab`, or `retry-lab:` and its `id` (or its
/// xAPI activity), so two labs on one site keep theirs apart.
pub fn storage_key(id: Option<&str>, xapi: Option<&str>) -> String {
    match id.or(xapi) {
        Some(name) => format!("{STORAGE_KEY}:{}", crate::sim::utc::truncate(name, 200)),
        None => STORAGE_KEY.to_string(),
    }
}
/// 2: key=value text (version 1 was JSON).
pub const VERSION: u32 = 2;
/// Larger stored values are not ours (ours is about a hundred bytes).
pub const MAX_BYTES: usize = 16 * 1024;

#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub version: u32,
    pub lang: Lang,
    pub config: Config,
    pub challenges: Set<Challenge>,
    pub path: Progress,
}

/// Where a first visit starts: on the path, at its first stop.
pub fn fresh_progress() -> Progress {
    Progress {
        guided: true,
        ..Progress::default()
    }
}

fn names<T: Named>(set: &Set<T>, name: fn(T) -> &'static str) -> String {
    set.iter().map(name).collect::<Vec<_>>().join(",")
}

/// Reads a comma-separated list of names into `into`, reporting the unknown ones.
fn read_names<T: Named>(
    field: &str,
    v: &str,
    from: fn(&str) -> Option<T>,
    into: &mut Set<T>,
    problems: &mut Vec<Problem>,
) {
    for id in v.split(',').filter(|s| !s.is_empty()) {
        match from(id) {
            Some(x) => {
                into.insert(x);
            }
            None => problems.push(problem(field, Why::UnknownCheckpoint(truncate(id, 20)))),
        }
    }
}

/// Reads `step_backoff:2,step_crash:1` into `into`, reporting what is not a stop and a count.
fn read_tries(v: &str, into: &mut Tries, problems: &mut Vec<Problem>) {
    for pair in v.split(',').filter(|s| !s.is_empty()) {
        let read = pair
            .split_once(':')
            .and_then(|(s, n)| Some((Stop::from_name(s)?, n.parse::<u16>().ok()?)));
        match read {
            Some((stop, n)) => into.set(stop, n),
            None => problems.push(problem("tries", Why::UnknownCheckpoint(truncate(pair, 30)))),
        }
    }
}

impl Saved {
    /// What the browser keeps of `lab`.
    pub fn of(lab: &Lab) -> Saved {
        Saved {
            version: VERSION,
            lang: lab.lang,
            config: lab.cfg.clone(),
            challenges: lab.challenges,
            path: lab.path.progress(),
        }
    }

    /// Puts the saved progress back into `lab`: challenges, stops passed, where on the path
    /// (language, settings and whether to open on the path are the caller's choice, by
    /// precedence).
    pub fn restore_progress(self, lab: &mut Lab) {
        lab.challenges = self.challenges;
        // Whether to open on the path is the caller's choice; the rest is the learner's.
        let guided = lab.path.guided();
        lab.path.restore(Progress {
            guided,
            ..self.path
        });
    }

    pub fn to_text(&self) -> String {
        let p = &self.path;
        let tries: Vec<String> = p
            .tries
            .tried()
            .map(|(s, n)| format!("{}:{n}", s.as_str()))
            .collect();
        format!(
            "v={}&{}&done={}&guide={}&at={}&passed={}&right={}&tries={}",
            self.version,
            to_fragment(&self.config, self.lang).trim_start_matches('#'),
            names(&self.challenges, Challenge::as_str),
            u8::from(p.guided),
            p.at.as_str(),
            names(&p.passed, Stop::as_str),
            names(&p.right, Stop::as_str),
            tries.join(","),
        )
    }
}

/// Whether `text` is the JSON the lab's version 1 stored: `{"version": 1, …}`. A scan of the
/// bytes for that key and value, not a JSON parser: parsing into a `serde_json::Value` here
/// put about 10 KB gzipped into the learner's module for this one sentence.
fn is_version_1(text: &str) -> bool {
    const KEY: &[u8] = b"\"version\"";
    let b = text.as_bytes();
    let skip_ws = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    (0..b.len()).any(|k| {
        if !b[k..].starts_with(KEY) {
            return false;
        }
        let colon = skip_ws(k + KEY.len());
        if b.get(colon) != Some(&b':') {
            return false;
        }
        let v = skip_ws(colon + 1);
        b.get(v) == Some(&b'1')
            && !b
                .get(v + 1)
                .is_some_and(|c| c.is_ascii_digit() || *c == b'.')
    })
}

/// A host that said it would hand its kept progress over by message (`restore=message`) and
/// did not, in time: the lab starts afresh and says so.
pub fn never_handed_over() -> Problem {
    problem(STORAGE_KEY, Why::Missing)
}

/// Reads stored text. `Err` says what was wrong, for the notice; the caller then uses defaults.
/// A problem with the whole state is reported on the storage key.
pub fn parse(text: &str) -> Result<Saved, Problem> {
    let whole = |why| Err(problem(STORAGE_KEY, why));
    if text.len() > MAX_BYTES {
        return whole(Why::TooLarge(text.len()));
    }
    if text.starts_with('{') {
        // Version 1 was JSON with `"version": 1`; another tool's JSON (a platform's
        // suspend_data written by another package) is not this lab's at all.
        return whole(if is_version_1(text) {
            Why::EarlierVersion
        } else {
            Why::NoVersion
        });
    }
    let mut version = None;
    let mut challenges = Set::new();
    let mut path = fresh_progress();
    let (shared, problems) = parse_pairs(text, |k, v, problems| {
        match k {
            "v" => version = Some(v.parse::<u64>().map_err(|_| v.to_string())),
            "done" => read_names(k, v, Challenge::from_name, &mut challenges, problems),
            "passed" => read_names(k, v, Stop::from_name, &mut path.passed, problems),
            "right" => read_names(k, v, Stop::from_name, &mut path.right, problems),
            "guide" => match v {
                "1" | "0" => path.guided = v == "1",
                _ => problems.push(problem(k, Why::MustBe("0", "1"))),
            },
            "at" => match Stop::from_name(v) {
                Some(s) => path.at = s,
                None => problems.push(problem(k, Why::UnknownCheckpoint(truncate(v, 20)))),
            },
            "tries" => read_tries(v, &mut path.tries, problems),
            _ => return false,
        }
        true
    });
    match version {
        Some(Ok(v)) if v == u64::from(VERSION) => {}
        Some(Ok(v)) => return whole(Why::OtherVersion(v, VERSION)),
        _ => return whole(Why::NoVersion),
    }
    if let Some(p) = problems.into_iter().next() {
        return Err(p);
    }
    Ok(Saved {
        version: VERSION,
        lang: shared.lang.unwrap_or_default(),
        config: shared.config,
        challenges,
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::boot::{boot, Outside};
    use crate::embed::protocol::{Keep, MountOptions};
    use crate::lab::path::follow;
    use crate::problem::Source;

    /// SCORM 1.2's limit for `cmi.suspend_data`, where a learning platform keeps this text.
    const SCORM_12_SUSPEND_DATA: usize = 4096;

    /// A learner who walks the whole path natively, every third stop wrong; their state.
    fn whole_path() -> Lab {
        let mut lab = Lab::new(Config::default(), Lang::Es);
        let mut each = |_: &Lab, _: &crate::lab::Effects| {};
        for (i, &stop) in Stop::ALL.iter().enumerate() {
            let right = stop.spec().right;
            let wrong = stop.offers().iter().map(|o| o.choice).find(|&c| c != right);
            let choice = if i % 3 == 0 {
                wrong.unwrap_or(right)
            } else {
                right
            };
            follow::answer(&mut lab, stop, choice, &mut each).expect("a verdict at every stop");
        }
        assert!(lab.path.finished());
        lab
    }

    #[test]
    fn another_tools_json_is_not_called_an_earlier_version_of_the_lab() {
        let why = |t: &str| parse(t).err().map(|p| p.why);
        // A platform's suspend_data written by another package.
        assert_eq!(why(r#"{"slide":7,"score":3}"#), Some(Why::NoVersion));
        assert_eq!(why("{not json"), Some(Why::NoVersion));
        // What the lab's version 1 stored.
        let v1 = r#"{"version":1,"lang":"es","config":{"seed":42},"challenges":[]}"#;
        assert_eq!(why(v1), Some(Why::EarlierVersion));
        assert_eq!(why(r#"{ "version" : 1 }"#), Some(Why::EarlierVersion));
        assert_eq!(why(r#"{"version":12}"#), Some(Why::NoVersion));
        assert_eq!(why(r#"{"version":1.5}"#), Some(Why::NoVersion));
        assert_eq!(why(r#"{"version"}"#), Some(Why::NoVersion));
    }

    #[test]
    fn the_longest_state_the_lab_writes_fits_scorm_12s_suspend_data() {
        let walked = Saved::of(&whole_path()).to_text();
        // The longest there can be: every stop passed and right, each tried 65 535 times, every
        // challenge, the largest seed and settings with the most digits, the longest stop name.
        let mut tries = Tries::default();
        for &s in Stop::ALL {
            tries.set(s, u16::MAX);
        }
        let at = *Stop::ALL.iter().max_by_key(|s| s.as_str().len()).unwrap();
        let longest = Saved {
            version: VERSION,
            lang: Lang::En,
            config: Config {
                seed: u64::MAX,
                failure_probability: 0.987,
                ack_lost_share: 0.123,
                base_seconds: 3600,
                max_retries: 12,
                ..Config::default()
            },
            challenges: Challenge::ALL.iter().copied().collect(),
            path: Progress {
                guided: true,
                at,
                passed: Stop::ALL.iter().copied().collect(),
                right: Stop::ALL.iter().copied().collect(),
                tries,
            },
        }
        .to_text();
        eprintln!(
            "saved state: {} characters after the whole path, {} at the longest",
            walked.len(),
            longest.len()
        );
        assert!(parse(&longest).is_ok(), "{longest}");
        assert!(walked.len() < longest.len() && longest.len() <= SCORM_12_SUSPEND_DATA);
    }

    #[test]
    fn every_cut_of_a_hosts_state_is_read_or_refused_and_the_lab_boots_from_it() {
        let text = Saved::of(&whole_path()).to_text();
        let (options, _) = MountOptions::from_query("?keep=host");
        assert_eq!(options.keep, Keep::Host);
        let mut read = 0;
        // A platform that cuts the text short, at every length: never a panic; a cut the lab
        // cannot read starts afresh and says why, naming the host as where it came from.
        for n in 0..=text.len() {
            let saved = parse(&text[..n]);
            let ok = saved.is_ok();
            read += usize::from(ok);
            let lab = boot(Outside {
                options: options.clone(),
                saved: Some(saved),
                ..Outside::default()
            })
            .lab;
            if ok {
                assert!(lab.boundary_notices.is_empty(), "{}", &text[..n]);
            } else {
                assert_eq!(lab.boundary_notices[0].source, Source::Host);
                assert_eq!(
                    (lab.path.stop(), lab.path.passed().len()),
                    (Stop::ALL[0], 0)
                );
                assert_eq!(lab.continued, None);
            }
        }
        eprintln!("{read} of {} cuts read as a state", text.len() + 1);
        assert!(parse(&text).is_ok() && parse("").is_err());
    }

    #[test]
    fn round_trip_and_refusals() {
        let s = Saved {
            version: VERSION,
            lang: Lang::En,
            config: Config {
                seed: 9,
                ..Config::default()
            },
            challenges: Set::from([Challenge::Race, Challenge::DeadLetter]),
            path: Progress {
                guided: false,
                at: Stop::Crash,
                passed: Set::from([Stop::Backoff, Stop::DeadLetter]),
                right: Set::from([Stop::DeadLetter]),
                tries: {
                    let mut t = Tries::default();
                    t.set(Stop::Backoff, 2);
                    t.set(Stop::Crash, 1);
                    t
                },
            },
        };
        let text = s.to_text();
        // The settings as links write them (their spelling is pinned in embed/settings.rs, so a
        // new setting is not a second pinned string here), then the rest of the state.
        let settings = super::super::settings::to_pairs(&s.config);
        assert!(settings.starts_with("seed=9&p=0.3&ack=0.25&base=30&retries=6&dedup=derived"));
        assert_eq!(
            text,
            format!(
                "v=2&{settings}&lang=en&done=dead_letter,race\
                 &guide=0&at=step_crash&passed=step_backoff,step_dead_letter&right=step_dead_letter\
                 &tries=step_backoff:2,step_crash:1"
            )
        );
        assert_eq!(parse(&text), Ok(s.clone()));
        // State saved when links spelled the dedup choice v5 reads the same.
        assert_eq!(parse(&text.replace("derived", "v5")), Ok(s.clone()));
        // State saved before the path existed starts on the path, at its first stop.
        let old = parse("v=2&seed=9&done=race").unwrap();
        assert_eq!(old.path, fresh_progress());
        // State saved before tries were kept reads the same, with none.
        let before = parse(&text.replace("&tries=step_backoff:2,step_crash:1", "")).unwrap();
        assert_eq!(before.path.tries, Tries::default());
        assert_eq!(before.path.passed, s.path.passed);
        for (bad, why) in [
            ("", "no version"),
            ("null", "no version"),
            (r#"{"version":1,"lang":"es"}"#, "earlier version"),
            ("v=3&seed=1", "version 3"),
            ("v=x", "no version"),
            (
                &text.replace("race", "fly"),
                "done: unknown checkpoint «fly»",
            ),
            (
                &text.replace("lang=en", "lang=fr"),
                "lang: must be es or en",
            ),
            (&text.replace("retries=6", "retries=600"), "retries: «600»"),
            (&format!("{text}&extra=1"), "extra: unknown, ignored"),
            (&text.replace("at=step_crash", "at=step_fly"), "at: unknown"),
            (
                &text.replace("guide=0", "guide=yes"),
                "guide: must be 0 or 1",
            ),
            (
                &text.replace("passed=step_backoff", "passed=x"),
                "passed: unknown",
            ),
            (&"x".repeat(MAX_BYTES + 1), "too large"),
            (
                &text.replace("step_crash:1", "step_crash:x"),
                "tries: unknown",
            ),
            (
                &text.replace("step_crash:1", "step_fly:1"),
                "tries: unknown",
            ),
        ] {
            let e = parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad:.60}: {e}");
        }
    }
}

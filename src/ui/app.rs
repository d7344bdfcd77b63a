//! The root component: reads the outside world once (host options, share link, saved state),
//! owns the lab, runs the clock while playing, talks to the host page, lays out the panels.
use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Interval;
use yew::prelude::*;

use super::challenges_view::ChallengesView;
use super::consumers::Consumers;
use super::controls::Controls;
use super::dead_letters::DeadLetters;
use super::demos::Demos;

use super::dock::Dock;
use super::duplicates::Duplicates;
use super::events::Events;
use super::figures::FiguresView;
use super::host::HostLink;
use super::log_view::LogView;
use super::path_view::PathView;
use super::polling_view::PollingView;
use super::scenarios::ScenariosView;
use super::text::Lang;
use super::timeline::Timeline;
use super::{storage, LabRef};
use crate::embed::link::{parse_fragment, Start};
use crate::embed::protocol::{Incoming, MountOptions, Resize};
use crate::embed::saved::SavedPath;
use crate::embed::{BoundaryNotice, Source};
use crate::lab::announce::most_salient;
use crate::lab::path::{PathAction, Stop};
use crate::lab::{dep, Action, Lab};
use crate::sim::Config;

#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    /// Language and configuration to start with (tests and hosts; a link or saved state wins
    /// when `page_state` is on).
    #[prop_or_default]
    pub lang: Option<Lang>,
    #[prop_or_default]
    pub config: Option<Config>,
    /// The host's options for a direct mount; an iframe reads them from its query string.
    #[prop_or_default]
    pub options: Option<MountOptions>,
    /// Read the share link and saved state, save progress, talk to the host. Off in tests that
    /// mount several labs into one page.
    #[prop_or_default]
    pub page_state: bool,
    /// Problems the mounter already found in its input, shown with the lab's own.
    #[prop_or_default]
    pub notices: Vec<BoundaryNotice>,
}

/// A panel: its name for the host's `panels` option, the concerns it shows, and how to draw it.
type Panel = (&'static str, u16, fn(LabRef, Callback<Action>) -> Html);

/// Every panel of the main column, in page order (the first two side by side after those
/// above the fold).
const PANELS: [Panel; 11] = [
    (
        "challenges",
        dep::LANG | dep::PROGRESS,
        |lab, on_action| html! { <ChallengesView {lab} {on_action} /> },
    ),
    (
        "timeline",
        dep::LANG | dep::TIME | dep::SIM,
        |lab, on_action| html! { <Timeline {lab} {on_action} /> },
    ),
    (
        "events",
        dep::LANG | dep::SIM,
        |lab, on_action| html! { <Events {lab} {on_action} /> },
    ),
    (
        "dlq",
        dep::LANG | dep::SIM,
        |lab, on_action| html! { <DeadLetters {lab} {on_action} /> },
    ),
    (
        "consumers",
        dep::LANG | dep::SIM,
        |lab, on_action| html! { <Consumers {lab} {on_action} /> },
    ),
    (
        "duplicates",
        dep::LANG | dep::SIM,
        |lab, on_action| html! { <Duplicates {lab} {on_action} /> },
    ),
    (
        "demos",
        dep::LANG | dep::DEMOS,
        |lab, on_action| html! { <Demos {lab} {on_action} /> },
    ),
    (
        "polling",
        dep::LANG | dep::POLLING,
        |lab, on_action| html! { <PollingView {lab} {on_action} /> },
    ),
    (
        "figures",
        dep::LANG | dep::FIGURES,
        |lab, on_action| html! { <FiguresView {lab} {on_action} /> },
    ),
    (
        "scenarios",
        dep::LANG,
        |lab, on_action| html! { <ScenariosView {lab} {on_action} /> },
    ),
    (
        "log",
        dep::LANG | dep::SIM,
        |lab, on_action| html! { <LogView {lab} {on_action} /> },
    ),
];
/// Rendered in the first paint; the rest follow right after it.
const ABOVE_THE_FOLD: [&str; 2] = ["challenges", "timeline"];

/// Real time between clock ticks while playing.
const TICK_MS: u32 = 50;

fn now_real_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Builds the starting state. Precedence, highest first: share link, saved state, host
/// options, props, defaults. Every problem met on the way becomes a notice.
fn boot(props: &AppProps) -> (Lab, MountOptions) {
    let mut notices = props.notices.clone();
    let (options, problems) = match (&props.options, props.page_state) {
        (Some(o), _) => o.clone().sanitized(),
        (None, true) => {
            let q = web_sys::window()
                .and_then(|w| w.location().search().ok())
                .unwrap_or_default();
            MountOptions::from_query(&q)
        }
        (None, false) => (MountOptions::default(), Vec::new()),
    };
    let from = |source: Source| move |problem| BoundaryNotice { source, problem };
    notices.extend(problems.into_iter().map(from(Source::Options)));
    let mut lang = options.lang.or(props.lang).unwrap_or_default();
    let mut cfg = options
        .config
        .clone()
        .or_else(|| props.config.clone())
        .unwrap_or_default();
    let mut challenges = Default::default();
    // Settings given from outside mean free exploration unless the path is asked for.
    let given = options.config.is_some() || props.config.is_some();
    let mut start = options
        .start
        .unwrap_or(if given { Start::Free } else { Start::Path });
    let mut path = SavedPath::default();
    if props.page_state {
        match storage::load() {
            Some(Ok(saved)) => {
                lang = saved.lang;
                cfg = saved.config;
                challenges = saved.challenges;
                start = if saved.path.guided {
                    Start::Path
                } else {
                    Start::Free
                };
                path = saved.path;
            }
            Some(Err(problem)) => notices.push(from(Source::Storage)(problem)),
            None => {}
        }
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        if hash.len() > 1 {
            let (shared, problems) = parse_fragment(&hash);
            notices.extend(problems.into_iter().map(from(Source::Link)));
            cfg = shared.config;
            lang = shared.lang.unwrap_or(lang);
            start = shared.start.unwrap_or(Start::Free);
        }
    }
    let mut lab = Lab::new(cfg, lang);
    lab.challenges = challenges;
    lab.host.shown = options.diagnostics;
    lab.boundary_notices = notices;
    lab.path.passed = path.passed;
    lab.path.right = path.right;
    lab.path.at = Stop::ALL.iter().position(|s| *s == path.at).unwrap_or(0);
    if start == Start::Path && options.shows("path") {
        // The stop's scene replaces the settings: the path sets each scene itself.
        lab.apply(Action::Path(PathAction::Go(lab.path.at as u8)));
    }
    if let Some(sc) = &options.scenario {
        lab.apply(Action::LoadScenario(Rc::new(sc.clone())));
    }
    (lab, options)
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let booted = use_memo((), |_| {
        let (lab, options) = boot(props);
        (Rc::new(RefCell::new(lab)), options)
    });
    let lab = booted.0.clone();
    let options = &booted.1;
    let page_state = props.page_state;
    let host = use_memo((), |_| {
        Rc::new(if page_state {
            HostLink::new(
                options.target_origin.clone(),
                options.resize,
                options.xapi.clone(),
            )
        } else {
            HostLink::new(None, Resize::None, None)
        })
    });
    let redraw = use_force_update();

    let announcer = use_memo((), |_| Rc::new(super::announcer::Announcer::default()));
    // One callback for the component's whole life: panels compare their props, and a new
    // callback on every render would make every panel redraw on every clock tick.
    let dispatch = (*use_memo((), {
        let (lab, redraw, host) = (lab.clone(), redraw.clone(), (*host).clone());
        let announcer = (*announcer).clone();
        move |_| {
            Callback::from(move |a: Action| {
                let quiet = matches!(a, Action::Tick(_));
                let mut l = lab.borrow_mut();
                let before = l.revs;
                let logged_before = l.run.progress();
                l.apply(a);
                // What the simulation just logged, for the live region (a reset starts a new log).
                let fresh = l.run.progress().saturating_sub(logged_before) as usize;
                let log = l.run.sim.log();
                let news = most_salient(&log[log.len().saturating_sub(fresh)..]);
                announcer.offer(news, l.lang.t());
                l.refresh_figures();
                // Detection scans every event; a tick that changed nothing the simulation shows
                // (say, a finished run still playing) cannot have reached a challenge.
                let new = if quiet && l.revs.sim == before.sim {
                    Vec::new()
                } else {
                    l.update_challenges()
                };
                let had_result = l.path.result().is_some();
                let passed = l.update_path();
                if !had_result {
                    if let Some(words) = super::path_view::result_words(&l) {
                        announcer.offer_result(words);
                    }
                }
                host.progress(&l, &new, passed);
                if page_state && (!quiet || !new.is_empty() || passed.is_some()) {
                    storage::save(&l);
                }
                let changed = l.revs != before;
                drop(l);
                if changed {
                    redraw.force_update();
                }
            })
        }
    }))
    .clone();

    // Once: tell the host we are ready, and listen to it.
    {
        let (host, dispatch, lab) = ((*host).clone(), dispatch.clone(), lab.clone());
        use_effect_with((), move |_| {
            host.ready(&lab.borrow());
            let (on_msg, on_ignored) = (dispatch.clone(), dispatch);
            let listener = host.listen(
                move |m| {
                    on_msg.emit(Action::HostMessage(true));
                    on_msg.emit(match m {
                        // The host's reset is the learner's: same settings, progress kept.
                        Incoming::Reset { .. } => Action::Reset,
                        Incoming::SetLanguage { lang, .. } => Action::SetLang(lang),
                    });
                },
                move || on_ignored.emit(Action::HostMessage(false)),
            );
            move || drop(listener)
        });
    }
    // The panels below the fold, and the figures' Monte Carlo, come just after the first paint.
    let first_paint_done = use_state(|| false);
    {
        let (dispatch, done) = (dispatch.clone(), first_paint_done.setter());
        let file = options.scenario_file.clone();
        use_effect_with((), move |_| {
            let timeout = gloo::timers::callback::Timeout::new(0, move || {
                done.set(true);
                if let Some(name) = file {
                    super::scenario_io::fetch(&name, dispatch.clone());
                }
                // Any action would do; a tick while paused changes nothing but the figures.
                dispatch.emit(Action::Tick(0.0));
            });
            move || drop(timeout)
        });
    }
    // The host learns the lab's height when it changes: a ResizeObserver on the lab's own root
    // (panels drawn, details opened, a language with longer words), debounced. The root's
    // height does not depend on the frame's, so a host that resizes the frame cannot loop.
    let root = use_node_ref();
    {
        let (host, root) = ((*host).clone(), root.clone());
        use_effect_with((), move |_| {
            let watcher = host
                .wants_height()
                .then(|| root.cast::<web_sys::Element>())
                .flatten()
                .and_then(|el| super::resize::Watcher::new(el, move |px| host.report_height(px)));
            move || drop(watcher)
        });
    }

    let (playing, lang) = {
        let l = lab.borrow();
        (l.clock.playing, l.lang)
    };

    // The clock: while playing, advance simulated time by real time elapsed × speed.
    {
        let dispatch = dispatch.clone();
        use_effect_with(playing, move |&playing| {
            let interval = playing.then(|| {
                let last = Rc::new(RefCell::new(now_real_ms()));
                Interval::new(TICK_MS, move || {
                    let now = now_real_ms();
                    let dt = now - *last.borrow();
                    *last.borrow_mut() = now;
                    dispatch.emit(Action::Tick(dt));
                })
            });
            move || drop(interval)
        });
    }

    // Keep <html lang> in step so screen readers pronounce the right language.
    use_effect_with(lang, move |lang| {
        if page_state {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = el.set_attribute("lang", lang.code());
            }
        }
    });

    let view = |deps: u16| LabRef::new(&lab, deps);
    let t = lang.t();
    let on_lang = dispatch.reform(|e: Event| {
        let v = super::select_value(&e);
        Action::SetLang(Lang::from_code(&v).unwrap_or_default())
    });
    let notices = lab.borrow().boundary_notices.clone();
    // A scenario file dropped anywhere on the lab is loaded.
    let on_drop = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(file) = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0))
            {
                super::scenario_io::load_file(file, dispatch.clone());
            }
        })
    };
    // The language menu follows a language set by the host or a link (see `show_choice`).
    {
        let code = lang.code();
        use_effect(move || super::show_choice("lang", code));
    }
    // On the path, the panels the stop is about are marked and the others muted.
    let focus = {
        let l = lab.borrow();
        l.path
            .guided
            .then(|| l.path.stop().panels())
            .filter(|p| !p.is_empty())
    };
    let panel = |p: &Panel| {
        let (name, deps, render) = *p;
        let shown = options.shows(name) && (*first_paint_done || ABOVE_THE_FOLD.contains(&name));
        if !shown {
            return Html::default();
        }
        let class = match focus {
            Some(f) if f.contains(&name) => "slot focus",
            Some(_) => "slot muted",
            None => "slot",
        };
        html! { <div {class} data-panel={name}>{ render(LabRef::new(&lab, deps), dispatch.clone()) }</div> }
    };
    html! {
        <div class={classes!("lab", focus.is_some().then_some("guided"))} lang={lang.code()} ref={root} ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}>
            <div id="announcer" class="sr-only" role="status" aria-live="polite" ref={announcer.region.clone()}></div>
            <header class="lab-header">
                <div>
                    <h1>{ t.title }</h1>
                    <p class="subtitle">{ t.subtitle }</p>
                </div>
                <label class="lang">
                    <span>{ t.language }</span>
                    <select id="lang" onchange={on_lang}>
                        <option value="es" selected={lang == Lang::Es}>{ "Español" }</option>
                        <option value="en" selected={lang == Lang::En}>{ "English" }</option>
                    </select>
                </label>
            </header>
            if !notices.is_empty() {
                <div class="notice boundary" role="status" id="boundary-notices">
                    <div>
                        <strong>{ t.input_problems }</strong>
                        <ul>{ for notices.iter().map(|n| html! {
                            <li class="small">
                                { format!("{}: ", t.sources[n.source as usize]) }
                                <code>{ n.problem.field.clone() }</code>{ format!(": {}", t.problem_why(&n.problem.why)) }
                            </li>
                        }) }</ul>
                    </div>
                    <button type="button" class="btn small" onclick={dispatch.reform(|_| Action::DismissBoundary)}>{ t.dismiss }</button>
                </div>
            }
            <div class="lab-body">
                // First in the page's order, so a phone shows it before the controls; the grid
                // puts it above the panels on a wide screen.
                if options.shows("path") {
                    <PathView lab={view(dep::LANG | dep::PATH | dep::SIM | dep::POLLING | dep::DEMOS | dep::CLOCK)} on_action={dispatch.clone()} />
                }
                <Controls lab={view(dep::LANG | dep::TIME | dep::SIM | dep::CLOCK | dep::SETTINGS | dep::NOTICES)} on_action={dispatch.clone()} />
                <main class="lab-main">
                    // On the path, the challenges give way to the panels the stops are about.
                    if focus.is_none() { { panel(&PANELS[0]) } }
                    { panel(&PANELS[1]) }
                    <div class="two-col">
                        { panel(&PANELS[2]) }
                        { panel(&PANELS[3]) }
                    </div>
                    { for PANELS[4..].iter().map(panel) }
                    if options.shows("workbench") && *first_paint_done {
                        <div class={if focus.is_some() { "slot muted" } else { "slot" }} data-panel="workbench">
                            { super::workbench_entry::entry(lang, options.target_origin.clone(), options.xapi.clone()) }
                        </div>
                    }
                    if focus.is_some() { { panel(&PANELS[0]) } }
                </main>
            </div>
            <Dock lab={view(dep::LANG | dep::TIME | dep::CLOCK | dep::PATH | dep::SIM | dep::POLLING | dep::DEMOS)} on_action={dispatch.clone()} />
        </div>
    }
}

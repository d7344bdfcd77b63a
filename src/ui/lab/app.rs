//! The root component: reads the outside world once (host options, share link, saved state),
//! owns the lab, runs the clock while playing, talks to the host page, lays out the panels.
use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Interval;
use yew::prelude::*;

use crate::ui::lab::controls::Controls;
use crate::ui::lab::panels::challenges::ChallengesView;
use crate::ui::lab::panels::consumers::Consumers;
use crate::ui::lab::panels::dead_letters::DeadLetters;
use crate::ui::lab::panels::demos::Demos;

use crate::embed::boot::{boot, Booted, Outside};
use crate::embed::link::SharedRun;
use crate::embed::protocol::{Incoming, Keep, MountOptions, Resize};
use crate::embed::saved::storage_key;
use crate::lab::panels::{self, Panel};
use crate::lab::{Action, Concerns, Lab, Origin};
use crate::problem::{BoundaryNotice, Source};
use crate::sim::Config;
use crate::ui::host::HostLink;
use crate::ui::lab::dock::Dock;
use crate::ui::lab::notices::Notices;
use crate::ui::lab::panels::duplicates::Duplicates;
use crate::ui::lab::panels::events::Events;
use crate::ui::lab::panels::figures::FiguresView;
use crate::ui::lab::panels::log::LogView;
use crate::ui::lab::panels::polling::PollingView;
use crate::ui::lab::panels::scenarios::ScenariosView;
use crate::ui::lab::panels::timeline::Timeline;
use crate::ui::lab::path::card::result_words;
use crate::ui::lab::path::card::PathView;
use crate::ui::lab::storage;
use crate::ui::lab::LabRef;
use crate::ui::reveal::Revealer;
use crate::ui::text::Lang;

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

/// How to draw each panel (its name, place and concerns are with [`Panel`]).
pub(super) fn render(
    panel: Panel,
    lab: LabRef,
    on_action: Callback<Action>,
    options: &MountOptions,
) -> Html {
    match panel {
        Panel::Path => html! { <PathView {lab} {on_action} /> },
        Panel::Challenges => html! { <ChallengesView {lab} {on_action} /> },
        Panel::Timeline => html! { <Timeline {lab} {on_action} /> },
        Panel::Events => html! { <Events {lab} {on_action} /> },
        Panel::Dlq => html! { <DeadLetters {lab} {on_action} /> },
        Panel::Consumers => html! { <Consumers {lab} {on_action} /> },
        Panel::Duplicates => html! { <Duplicates {lab} {on_action} /> },
        Panel::Demos => html! { <Demos {lab} {on_action} /> },
        Panel::Polling => html! { <PollingView {lab} {on_action} /> },
        Panel::Figures => html! { <FiguresView {lab} {on_action} /> },
        Panel::Scenarios => html! { <ScenariosView {lab} {on_action} /> },
        Panel::Log => html! { <LogView {lab} {on_action} /> },
        Panel::Workbench => {
            let (origin, xapi) = (options.target_origin.clone(), options.xapi.clone());
            crate::ui::lab::workbench_door::entry(lab.lab.borrow().lang, origin, xapi)
        }
    }
}

/// Real time between clock ticks while playing.
const TICK_MS: u32 = 50;

fn now_real_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// What the page starts from, read once.
struct Started {
    lab: Rc<RefCell<Lab>>,
    options: MountOptions,
    /// Where this embedding saves its progress.
    storage_key: String,
    /// A share link's run, loaded just after the first paint.
    run: Option<SharedRun>,
}

/// Reads what is outside the lab (the host's options, saved state, the share link) and builds
/// the starting state from it ([`boot`] says which wins).
fn start(props: &AppProps) -> Started {
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
    let mut notices = props.notices.clone();
    notices.extend(problems.into_iter().map(|problem| BoundaryNotice {
        source: Source::Options,
        problem,
    }));
    let page = props.page_state;
    let storage_key = storage_key(options.id.as_deref(), options.xapi.as_deref());
    let outside = Outside {
        options: options.clone(),
        lang: props.lang,
        config: props.config.clone(),
        // A host that keeps the progress hands it over: read exactly like the browser's.
        saved: page
            .then(|| match options.keep {
                Keep::Browser => storage::load(&storage_key),
                Keep::Host => options.saved.as_deref().map(crate::embed::saved::parse),
            })
            .flatten(),
        hash: page
            .then(|| web_sys::window().and_then(|w| w.location().hash().ok()))
            .flatten()
            .unwrap_or_default(),
        notices,
    };
    let Booted { lab, run } = boot(outside);
    Started {
        lab: Rc::new(RefCell::new(lab)),
        options,
        storage_key,
        run,
    }
}

/// What the dispatch callback applies an action with: the lab, then the announcer, the host,
/// the saved state and a redraw as the action's effects ask.
struct Apply {
    lab: Rc<RefCell<Lab>>,
    redraw: UseForceUpdateHandle,
    host: Rc<HostLink>,
    key: String,
    /// Who keeps the progress: the browser's storage, or the host (told of every save).
    keep: Keep,
    announcer: Rc<crate::ui::lab::announcer::Announcer>,
    page_state: bool,
}

impl Apply {
    fn run(self: &Rc<Self>, a: Action) {
        // English is a file (`ui::english`): asked for before it is here, it is fetched first
        // and the lab changes language once it is read, or stays in Spanish and says why.
        if let Action::SetLang(l) = a {
            if !l.ready() {
                let me = self.clone();
                return crate::ui::lab::text_files::fetch(Callback::from(
                    move |read: Result<(), _>| {
                        me.run(read.map_or(Action::NoEnglish, |()| Action::SetLang(l)))
                    },
                ));
            }
        }
        let left = self.lab.borrow().path.stop();
        let fx = self.lab.borrow_mut().apply(a);
        let l = self.lab.borrow();
        if l.path.stop() != left {
            self.announcer.clear();
        }
        self.announcer.offer(fx.news.clone(), l.lang.t());
        if let Some(v) = &fx.verdict {
            self.announcer.offer_result(result_words(l.lang.t(), v));
        }
        self.host.progress(&l, &fx);
        if self.page_state && fx.save {
            match self.keep {
                Keep::Browser => storage::save(&self.key, &l),
                Keep::Host => self.host.saved(&l),
            }
        }
        drop(l);
        if !fx.changed.is_empty() {
            self.redraw.force_update();
        }
    }
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let started = use_memo((), |_| start(props));
    let lab = started.lab.clone();
    let options = &started.options;
    let page_state = props.page_state;
    let host = use_memo((), |_| {
        Rc::new(if page_state {
            HostLink::new(
                options.target_origin.clone(),
                options.resize,
                options.xapi.clone(),
                options.class.clone(),
            )
        } else {
            HostLink::new(None, Resize::None, None, None)
        })
    });
    let redraw = use_force_update();

    let announcer = use_memo((), |_| {
        Rc::new(crate::ui::lab::announcer::Announcer::default())
    });
    // One callback for the component's whole life: panels compare their props, and a new
    // callback on every render would make every panel redraw on every clock tick.
    let dispatch = (*use_memo((), {
        let apply = Rc::new(Apply {
            lab: lab.clone(),
            redraw: redraw.clone(),
            host: (*host).clone(),
            key: started.storage_key.clone(),
            keep: options.keep,
            announcer: (*announcer).clone(),
            page_state,
        });
        move |_| Callback::from(move |a: Action| apply.run(a))
    }))
    .clone();

    // Once: tell the host we are ready, and listen to it. A host that keeps the progress gets
    // what the lab starts from (a damaged state it handed over is then replaced, as a damaged
    // one is removed from the browser's storage).
    {
        let (host, dispatch, lab) = ((*host).clone(), dispatch.clone(), lab.clone());
        let keeps = page_state && options.keep == Keep::Host;
        use_effect_with((), move |_| {
            host.ready(&lab.borrow());
            if keeps {
                host.saved(&lab.borrow());
            }
            let (on_msg, on_ignored) = (dispatch.clone(), dispatch);
            let listener = host.listen(
                move |m| {
                    let action = match m {
                        // The host's reset is the learner's: same settings, progress kept.
                        Incoming::Reset { .. } => Action::Reset,
                        Incoming::SetLanguage { lang, .. } => Action::SetLang(lang),
                        // Sent as the page scrolls: where the bar goes, no change to the lab
                        // (nor to the counts of the host's messages).
                        Incoming::Viewport { top, height, .. } => {
                            return crate::ui::lab::dock::host_viewport(top, height);
                        }
                    };
                    on_msg.emit(Action::HostMessage(true));
                    on_msg.emit(action);
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
        // A share link's run: a file next to the page, or the run itself.
        let shared = started.run.clone();
        // The xAPI statements name what they are about in both languages: English is fetched
        // for them (statements sent before it is here are named in Spanish only).
        let statements = page_state && options.xapi.is_some();
        use_effect_with((), move |_| {
            let timeout = gloo::timers::callback::Timeout::new(0, move || {
                done.set(true);
                if statements {
                    crate::ui::lab::text_files::prefetch();
                    // An answer's statement names its question and choices: have them here.
                    crate::ui::lab::text_files::prefetch_file(
                        crate::ui::lab::text_files::File::SpanishPath,
                    );
                }
                if let Some(name) = file {
                    crate::ui::lab::scenario_io::fetch(&name, dispatch.clone());
                }
                match shared {
                    Some(SharedRun::File(name)) => {
                        crate::ui::lab::scenario_io::fetch(&name, dispatch.clone())
                    }
                    Some(SharedRun::Run(text)) => {
                        crate::ui::lab::scenario_io::load_text(&text, Some(Origin::Link), &dispatch)
                    }
                    Some(SharedRun::Packed(bytes)) => {
                        crate::ui::lab::scenario_io::load_packed(bytes, &dispatch)
                    }
                    None => {}
                }
                dispatch.emit(Action::WantFigures);
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
                .and_then(|el| {
                    crate::ui::lab::resize::Watcher::new(el, move |px| {
                        host.report_height(px);
                        crate::ui::lab::dock::place();
                    })
                });
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
        // An open workbench (its own module, with no «Idioma» of its own here) follows.
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            if let Ok(e) = web_sys::Event::new(crate::ui::LANG_EVENT) {
                let _ = d.dispatch_event(&e);
            }
        }
    });

    let view = |concerns: Concerns| LabRef::new(&lab, concerns);
    let t = lang.t();
    let on_lang = crate::ui::on_choice(&dispatch, Lang::from_code, Action::SetLang);
    // A learner who opens the language menu may choose English: its texts start coming then,
    // so the switch does not wait a round trip.
    let prefetch_english = Callback::from(|_: FocusEvent| crate::ui::lab::text_files::prefetch());
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
                crate::ui::lab::scenario_io::load_file(file, dispatch.clone());
            }
        })
    };
    // The language menu follows a language set by the host or a link (see `show_choice`).
    {
        let code = lang.code();
        use_effect(move || crate::ui::show_choice("lang", code));
    }
    // English asked for from the start (the host's options, a link, saved state) and not read
    // yet: fetch it, and show no Spanish meanwhile (the same root, so its watchers stay).
    let waiting = !lang.ready();
    {
        let dispatch = dispatch.clone();
        use_effect_with(waiting, move |&waiting| {
            if waiting {
                dispatch.emit(Action::SetLang(lang));
            }
        });
    }
    if waiting {
        return html! {
            <div class="lab" lang={lang.code()} ref={root}>
                <p class="loading">{ crate::ui::text::LOADING_EN }</p>
            </div>
        };
    }
    // On the path, the panels the stop is about are marked and the others muted.
    let focus = {
        let l = lab.borrow();
        l.path
            .guided()
            .then(|| l.path.stop().panels())
            .filter(|p| !p.is_empty())
    };
    let panel = |p: Panel| {
        let shown = options.shows(p) && (*first_paint_done || p.above_the_fold());
        if !shown {
            return Html::default();
        }
        let class = match focus {
            Some(f) if f.contains(&p) => "slot focus",
            Some(_) => "slot muted",
            None => "slot",
        };
        html! { <div {class} data-panel={p.as_str()}>{ render(p, LabRef::new(&lab, p.concerns()), dispatch.clone(), options) }</div> }
    };
    let on_link = use_memo((), |_| {
        crate::ui::reveal::on_link_click(Revealer((*host).clone()))
    });
    let main_panels = Panel::ALL
        .iter()
        .copied()
        .filter(|&p| p != Panel::Path && p != Panel::Challenges);
    let mut main = Vec::new();
    let mut pair = None;
    for p in main_panels {
        match pair.take() {
            Some(first) => {
                main.push(html! { <div class="two-col">{ panel(first) }{ panel(p) }</div> })
            }
            None if p.pairs_with_next() => pair = Some(p),
            None => main.push(panel(p)),
        }
    }
    html! {
        // The views bring what they show into view through the host link (`ui::reveal`).
        <ContextProvider<Revealer> context={Revealer((*host).clone())}>
        <div class={classes!("lab", focus.is_some().then_some("guided"))} lang={lang.code()} ref={root} ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}
            onclick={(*on_link).clone()}>
            <div id="announcer" class="sr-only" role="status" aria-live="polite" ref={announcer.region.clone()}></div>
            <header class="lab-header">
                <div>
                    <h1>{ t.title }</h1>
                    <p class="subtitle">{ t.subtitle }</p>
                </div>
                <label class="lang">
                    <span>{ t.language }</span>
                    <select id="lang" onchange={on_lang} onfocus={prefetch_english}>
                        <option value="es" selected={lang == Lang::Es}>{ "Español" }</option>
                        <option value="en" selected={lang == Lang::En}>{ "English" }</option>
                    </select>
                </label>
            </header>
            <Notices lab={view(panels::NOTICES)} on_action={dispatch.clone()} />
            <div class="lab-body">
                // First in the page's order, so a phone shows it before the controls; the grid
                // puts it above the panels on a wide screen.
                if options.shows(Panel::Path) {
                    { render(Panel::Path, view(Panel::Path.concerns()), dispatch.clone(), options) }
                }
                <Controls lab={view(panels::CONTROLS)} on_action={dispatch.clone()} />
                <main class="lab-main">
                    // On the path, the challenges give way to the panels the stops are about.
                    if focus.is_none() { { panel(Panel::Challenges) } }
                    { for main }
                    if focus.is_some() { { panel(Panel::Challenges) } }
                </main>
            </div>
            <Dock lab={view(panels::DOCK)} on_action={dispatch.clone()} />
        </div>
        </ContextProvider<Revealer>>
    }
}

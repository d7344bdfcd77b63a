//! The root's hooks, one concern each: the lab's state and what applying an action does
//! outside it (`use_lab`), the host's messages, the work left for after the first paint, the
//! height the host is told, the clock, the document's language, and English on its way.
use retry_lab_text::Tables;
use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

use super::announcer::Announcer;
use super::AppProps;
use super::{scenario_io, storage, text_files};
use crate::host::HostLink;
use crate::store::use_store;
use retry_lab_core::embed::boot::{boot, Booted, Outside};
use retry_lab_core::embed::link::SharedRun;
use retry_lab_core::embed::protocol::{Incoming, Keep, MountOptions, Outgoing, Resize};
use retry_lab_core::embed::saved::storage_key;
use retry_lab_core::lab::path::Stop;
use retry_lab_core::lab::{Action, Effects as LabEffects, Lab, Origin};
use retry_lab_core::problem::{BoundaryNotice, Source};
use retry_lab_core::sim::Config;
use retry_lab_text::Lang;

/// What the page starts from, read once.
pub struct Started {
    /// The lab as it boots, until the store takes it on the first render.
    first: RefCell<Option<Lab>>,
    pub options: MountOptions,
    /// Where this embedding saves its progress.
    pub storage_key: String,
    /// A share link's run, loaded just after the first paint.
    pub run: Option<SharedRun>,
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
                Keep::Host => match (&options.saved, options.restore_by_message) {
                    (Some(s), _) => Some(retry_lab_core::embed::saved::parse(s)),
                    (None, true) => handed_over(),
                    (None, false) => None,
                },
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
        first: RefCell::new(Some(lab)),
        options,
        storage_key,
        run,
    }
}

/// The progress a host handed over in its `restore` message, which the page's loader
/// (www/start.js) waited for and left as `window.retryLabRestored`: a text ("" when nothing
/// was kept yet), or anything else when none came in time.
fn handed_over(
) -> Option<Result<retry_lab_core::embed::saved::Saved, retry_lab_core::problem::Problem>> {
    let given = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"retryLabRestored".into()).ok())
        .and_then(|v| v.as_string());
    match given {
        Some(s) if s.is_empty() => None,
        Some(s) => Some(retry_lab_core::embed::saved::parse(&s)),
        None => Some(Err(retry_lab_core::embed::saved::never_handed_over())),
    }
}

/// The lab's state with what the page does around it: the host it talks to and the voice of
/// the live region.
pub struct LabHandle {
    pub lab: Rc<RefCell<Lab>>,
    pub dispatch: Callback<Action>,
    pub started: Rc<Started>,
    pub host: Rc<HostLink>,
    pub announcer: Rc<Announcer>,
    /// The learner's taps on the prerendered first view, applied before the first render.
    pub first_taps: Rc<FirstTaps>,
}

/// The lab's state, started from the outside world once, and its one reducer: each action is
/// applied to the lab, then its effects are carried out (the live region, the host, the saved
/// state) and the root redraws if anything it shows changed.
#[hook]
pub fn use_lab(props: &AppProps) -> LabHandle {
    let started = use_memo((), |_| start(props));
    let page_state = props.page_state;
    let host = (*use_memo((), |_| {
        let o = &started.options;
        Rc::new(if page_state {
            HostLink::new(
                o.target_origin.clone(),
                o.resize,
                o.xapi.clone(),
                o.class.clone(),
            )
        } else {
            HostLink::new(None, Resize::None, None, None)
        })
    }))
    .clone();
    let announcer = (*use_memo((), |_| Rc::new(Announcer::default()))).clone();
    let effects = Rc::new(Effects {
        host: host.clone(),
        announcer: announcer.clone(),
        key: started.storage_key.clone(),
        keep: started.options.keep,
        page_state,
    });
    let store = use_store(
        // Only the first render's runs: the lab `start` booted.
        || {
            started
                .first
                .take()
                .unwrap_or_else(|| Lab::new(Config::default(), Lang::Es))
        },
        {
            let effects = effects.clone();
            move |lab: &Rc<RefCell<Lab>>, a| effects.apply(lab, a)
        },
    );
    // Replayed as clicks, the taps would be drawn by a render after the first, which Yew's
    // scheduler may leave for after a paint: a frame of the live card without them.
    let first_taps = (*use_memo((), |_| {
        let taken = props.taps.iter().filter_map(|tap| {
            let at = store.state.borrow().path.stop();
            tap.action(at).map(|a| effects.take(&store.state, a))
        });
        Rc::new(FirstTaps {
            taken: RefCell::new(taken.collect()),
            effects,
        })
    }))
    .clone();
    let dispatch = (*use_memo((), |_| with_english(&store.dispatch))).clone();
    LabHandle {
        lab: store.state,
        dispatch,
        started: started.clone(),
        host,
        announcer,
        first_taps,
    }
}

/// The taps on the prerendered first view, applied to the lab before its first render; what
/// they ask outside (the live region, the host's messages, the saved state) waits for
/// [`FirstTaps::tell`], once the host has been told the lab is ready.
pub struct FirstTaps {
    taken: RefCell<Vec<Taken>>,
    effects: Rc<Effects>,
}

impl FirstTaps {
    /// Carries out what the taps asked outside, once; a tap that left the first stop brings
    /// what it led to into view, as the card does after its first render (the next stop's
    /// title, or the path's bar when the learner explores freely).
    fn tell(&self, lab: &RefCell<Lab>) {
        let taken = self.taken.take();
        for t in &taken {
            self.effects.tell(lab, t);
        }
        let (stop, guided) = {
            let l = lab.borrow();
            (l.path.stop(), l.path.guided())
        };
        let host = Some(crate::reveal::Revealer(self.effects.host.clone()));
        if !taken.is_empty() && !guided {
            super::path::card::bring_to_top("path", host);
        } else if taken.iter().any(|t| t.left != stop) {
            super::path::card::bring_to_top("path-count", host);
        }
    }
}

/// One action applied to the lab, with what it asks outside it.
struct Taken {
    /// The stop the learner was at before it.
    left: Stop,
    fx: LabEffects,
    /// The host's messages, written as the action was applied.
    told: Vec<Outgoing>,
}

/// What applying an action does outside the lab, as its effects ask.
struct Effects {
    host: Rc<HostLink>,
    announcer: Rc<Announcer>,
    key: String,
    /// Who keeps the progress: the browser's storage, or the host (told of every save).
    keep: Keep,
    page_state: bool,
}

impl Effects {
    /// Applies `a` and carries out its effects; true when the root must redraw.
    fn apply(&self, lab: &RefCell<Lab>, a: Action) -> bool {
        let taken = self.take(lab, a);
        self.tell(lab, &taken);
        !taken.fx.changed.is_empty()
    }

    /// Applies `a` to the lab alone; [`Self::tell`] carries out what it asks outside.
    fn take(&self, lab: &RefCell<Lab>, a: Action) -> Taken {
        let left = lab.borrow().path.stop();
        let fx = lab.borrow_mut().apply(a);
        let told = self.host.progress(&lab.borrow(), &fx);
        Taken { left, fx, told }
    }

    fn tell(&self, lab: &RefCell<Lab>, taken: &Taken) {
        let (l, fx) = (lab.borrow(), &taken.fx);
        if l.path.stop() != taken.left {
            self.announcer.clear();
        }
        self.announcer.offer(fx.news.clone(), l.lang.t());
        if let Some(v) = &fx.verdict {
            self.announcer
                .offer_result(super::path::card::result_words(l.lang.t(), v));
        }
        for m in &taken.told {
            self.host.post(m);
        }
        if self.page_state && fx.save {
            match self.keep {
                Keep::Browser => storage::save(&self.key, &l),
                Keep::Host => self.host.saved(&l),
            }
        }
    }
}

/// The lab's dispatch, with English fetched first when it is asked for before it is here: the
/// lab changes language once its file is read, or stays in Spanish and says why.
fn with_english(dispatch: &Callback<Action>) -> Callback<Action> {
    let dispatch = dispatch.clone();
    Callback::from(move |a: Action| match a {
        Action::SetLang(l) if !l.ready() => {
            let dispatch = dispatch.clone();
            text_files::fetch(Callback::from(move |read: Result<(), _>| {
                dispatch.emit(read.map_or(Action::NoEnglish, |()| Action::SetLang(l)))
            }))
        }
        a => dispatch.emit(a),
    })
}

/// Once: tells the host the lab is ready and listens to it. A host that keeps the progress
/// gets what the lab starts from (a damaged state it handed over is then replaced, as a
/// damaged one is removed from the browser's storage).
#[hook]
pub fn use_host_messages(lab: &LabHandle, keeps: bool) {
    let (host, dispatch, state) = (lab.host.clone(), lab.dispatch.clone(), lab.lab.clone());
    let first_taps = lab.first_taps.clone();
    use_effect_with((), move |_| {
        host.ready(&state.borrow());
        if keeps {
            host.saved(&state.borrow());
        }
        first_taps.tell(&state);
        let (on_msg, on_ignored) = (dispatch.clone(), dispatch);
        let listener = host.listen(
            move |m| {
                let action = match m {
                    // The host's reset is the learner's: same settings, progress kept.
                    Incoming::Reset { .. } => Action::Reset,
                    Incoming::SetLanguage { lang, .. } => Action::SetLang(lang),
                    // Sent as the page scrolls: where the bar goes, no change to the lab (nor
                    // to the counts of the host's messages).
                    Incoming::Viewport { top, height, .. } => {
                        return super::dock::host_viewport(top, height);
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

/// Whether the first paint is done: the panels below the fold, a share link's or a host's
/// scenario, and the figures' Monte Carlo come just after it.
#[hook]
pub fn use_after_first_paint(lab: &LabHandle, page: bool) -> bool {
    let done = use_state(|| false);
    let (dispatch, set_done) = (lab.dispatch.clone(), done.setter());
    let options = &lab.started.options;
    let file = options.scenario_file.clone();
    let shared = lab.started.run.clone();
    // The xAPI statements name what they are about in both languages: English is fetched for
    // them (statements sent before it is here are named in Spanish only).
    let statements = page && options.xapi.is_some();
    use_effect_with((), move |_| {
        let timeout = Timeout::new(0, move || {
            set_done.set(true);
            if statements {
                text_files::prefetch();
                // An answer's statement names its question and choices: have them here.
                text_files::prefetch_file(text_files::File::SpanishPath);
            }
            if let Some(name) = file {
                scenario_io::fetch(&name, dispatch.clone());
            }
            match shared {
                Some(SharedRun::File(name)) => scenario_io::fetch(&name, dispatch.clone()),
                Some(SharedRun::Run(text)) => {
                    scenario_io::load_text(&text, Some(Origin::Link), &dispatch)
                }
                Some(SharedRun::Packed(bytes)) => scenario_io::load_packed(bytes, &dispatch),
                None => {}
            }
            dispatch.emit(Action::WantFigures);
        });
        move || drop(timeout)
    });
    *done
}

/// The host learns the lab's height when it changes: a ResizeObserver on the lab's own root
/// (panels drawn, details opened, a language with longer words), debounced. The root's height
/// does not depend on the frame's, so a host that resizes the frame cannot loop.
#[hook]
pub fn use_height_report(host: &Rc<HostLink>, root: &NodeRef) {
    let (host, root) = (host.clone(), root.clone());
    use_effect_with((), move |_| {
        let watcher = host
            .wants_height()
            .then(|| root.cast::<web_sys::Element>())
            .flatten()
            .and_then(|el| {
                super::resize::Watcher::new(el, move |px| {
                    host.report_height(px);
                    super::dock::place();
                })
            });
        move || drop(watcher)
    });
}

/// Real time between clock ticks while playing.
const TICK_MS: u32 = 50;

fn now_real_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// The clock: while playing, simulated time advances by the real time elapsed × speed.
#[hook]
pub fn use_clock(playing: bool, dispatch: &Callback<Action>) {
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

/// Keeps `<html lang>` in step so screen readers pronounce the right language, the language
/// menu on the language shown (a host or a link may set it), and an open workbench (its own
/// module, with no «Idioma» of its own here) following.
#[hook]
pub fn use_document_lang(lang: Lang, page_state: bool) {
    use_effect_with(lang, move |lang| {
        if page_state {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = el.set_attribute("lang", lang.code());
            }
        }
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            if let Ok(e) = web_sys::Event::new(crate::LANG_EVENT) {
                let _ = d.dispatch_event(&e);
            }
        }
    });
    let code = lang.code();
    use_effect(move || crate::show_choice("lang", code));
}

/// Whether the lab waits for English: asked for from the start (the host's options, a link,
/// saved state) and not read yet. It is fetched, and no Spanish shows meanwhile.
#[hook]
pub fn use_english_first(lang: Lang, dispatch: &Callback<Action>) -> bool {
    let waiting = !lang.ready();
    let dispatch = dispatch.clone();
    use_effect_with(waiting, move |&waiting| {
        if waiting {
            dispatch.emit(Action::SetLang(lang));
        }
    });
    waiting
}

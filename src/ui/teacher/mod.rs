//! The teacher's page (`teacher.html`, its own module `src/bin/teacher.rs`; a learner never
//! loads it): where the answers come from (a record store or a file), the read's progress with
//! a Stop button, and the report over `crate::report`, in Spanish or English, anonymised on
//! request and when projected, exported as CSV. Every text from the statements goes through
//! Yew's text nodes, which escape it; nothing sets inner HTML from data.
pub mod load;
pub mod query;
mod source;
pub mod texts;
mod view;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::lab::path::{Answer, Choice, Stop};
use crate::lang::{fill, Lang};
use crate::report::{Filter, Names, Report};
use crate::ui::store::use_store;
use load::{Event, Job, Progress};
use texts::{texts, Problem};

/// The belief behind a choice, by (stop id, choice id), from the lab's own catalogue: for the
/// choices a stop shows as a number («90 s», «1 fila»), which the statements describe by that
/// number alone. A choice shown in its own words, or one this lab does not know (a statement
/// from another version), keeps the statements' description.
pub fn namer(stop: &str, choice: &str) -> Option<Names> {
    let (stop, choice) = (Stop::from_name(stop)?, Choice::from_name(choice)?);
    if matches!(stop.offer(choice)?.shows, Answer::Choice(_)) {
        return None;
    }
    let es = texts(Lang::Es).belief(choice)?;
    let en = texts(Lang::En).belief(choice)?;
    Some(Names::new(es, en))
}

/// How far the read is.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Idle,
    Loading(Progress),
    Done { feed_ms: f64, wall_ms: f64 },
    Stopped,
    Failed(Problem),
}

#[derive(Clone)]
pub struct Model {
    pub lang: Lang,
    pub report: Rc<RefCell<Report>>,
    /// Which read the events belong to: those of an earlier one are dropped.
    generation: u32,
    /// Bumped at every change: the status line redraws.
    pub rev: u32,
    /// Bumped when the report is to be redrawn: at every change but the read's progress,
    /// which redraws it at most once a second (a class of thousands takes a while to draw).
    pub report_rev: u32,
    drawn_at: f64,
    pub status: Status,
    /// What is being read: the file's name or the store's address.
    pub source: String,
    /// Whether the source was a file (for the wording of problems).
    pub from_file: bool,
    stop: Rc<Cell<bool>>,
    pub anonymised: bool,
    pub projecting: bool,
    /// How many learners the list shows.
    pub shown: usize,
    /// Whether the form is open: folded away once a read has answers, so the report starts
    /// on the first screen (on a phone too); the teacher opens it again to read others.
    pub sources_open: bool,
    /// Reads that ended with answers: the page goes to the report after each.
    pub reads_done: u32,
    /// A store that had no answers of the activity asked for: the activities it did have.
    pub seen: Vec<String>,
    /// The activity the read asked for (as the contract reads it).
    pub activity: String,
}

pub enum Msg {
    Lang(Lang),
    Start {
        generation: u32,
        report: Rc<RefCell<Report>>,
        stop: Rc<Cell<bool>>,
        source: String,
        from_file: bool,
        activity: String,
    },
    /// What the read of `generation` reports, at `now` (ms since 1970, from the page's clock:
    /// the reducer itself reads no clock, so it runs natively in the tests).
    Event {
        generation: u32,
        event: Event,
        now: f64,
    },
    Fail(Problem),
    Stop,
    Anonymise(bool),
    Project(bool),
    More,
    /// The form opened or folded by the teacher.
    Sources(bool),
}

/// Learners listed at first, and added by each «show more».
pub const PAGE: usize = 50;

impl Model {
    pub fn new(lang: Lang) -> Model {
        Model {
            lang,
            report: Rc::new(RefCell::new(Report::new(Filter::default()))),
            generation: 0,
            rev: 0,
            report_rev: 0,
            drawn_at: f64::NEG_INFINITY,
            status: Status::Idle,
            source: String::new(),
            from_file: false,
            stop: Rc::new(Cell::new(false)),
            anonymised: false,
            projecting: false,
            shown: PAGE,
            sources_open: true,
            reads_done: 0,
            seen: Vec::new(),
            activity: String::new(),
        }
    }
}

impl Model {
    /// Applies `msg`; false when it changes nothing (an earlier read's event).
    pub fn apply(&mut self, msg: Msg) -> bool {
        let m = self;
        if matches!(&msg, Msg::Event { generation, .. } if *generation != m.generation) {
            return false;
        }
        match &msg {
            // The read's progress redraws the report at most once a second.
            Msg::Event {
                event: Event::Progress(_),
                now,
                ..
            } => {
                if now - m.drawn_at >= 1000.0 {
                    m.report_rev = m.report_rev.wrapping_add(1);
                    m.drawn_at = *now;
                }
            }
            _ => m.report_rev = m.report_rev.wrapping_add(1),
        }
        match msg {
            Msg::Lang(l) => m.lang = l,
            Msg::Start {
                generation,
                report,
                stop,
                source,
                from_file,
                activity,
            } => {
                m.stop.set(true);
                m.activity = activity;
                m.generation = generation;
                m.report = report;
                m.stop = stop;
                m.source = source;
                m.from_file = from_file;
                m.status = Status::Loading(Progress::default());
                m.shown = PAGE;
                m.seen.clear();
            }
            Msg::Event {
                event: Event::Seen(seen),
                ..
            } => m.seen = seen,
            Msg::Event { event, .. } => {
                m.status = match event {
                    Event::Progress(p) => Status::Loading(p),
                    Event::Done { feed_ms, wall_ms } => Status::Done { feed_ms, wall_ms },
                    Event::Stopped => Status::Stopped,
                    Event::Failed(p) => Status::Failed(p),
                    Event::Seen(_) => unreachable!("matched above"),
                };
                let answers = m.report.borrow().counts().answers;
                if matches!(m.status, Status::Done { .. } | Status::Stopped) && answers > 0 {
                    m.sources_open = false;
                    m.reads_done = m.reads_done.wrapping_add(1);
                }
            }
            Msg::Fail(p) => m.status = Status::Failed(p),
            Msg::Stop => m.stop.set(true),
            Msg::Anonymise(on) => m.anonymised = on,
            Msg::Project(on) => {
                m.projecting = on;
                // Projected, names are hidden unless the teacher shows them again.
                if on {
                    m.anonymised = true;
                }
            }
            Msg::More => m.shown += PAGE,
            Msg::Sources(open) => m.sources_open = open,
        }
        m.rev = m.rev.wrapping_add(1);
        true
    }
}

/// The teacher's page's state and the one way to change it (see `ui::store`).
#[derive(Clone)]
pub struct Teacher {
    state: Rc<RefCell<Model>>,
    on: Callback<Msg>,
}

impl Teacher {
    /// The state as it is now (for drawing: never held across a dispatch).
    pub fn model(&self) -> std::cell::Ref<'_, Model> {
        self.state.borrow()
    }

    pub fn dispatch(&self, msg: Msg) {
        self.on.emit(msg);
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct TeacherProps {
    pub lang: Lang,
    /// Prefilled fields (never the key): the store, the activity, the class.
    #[prop_or_default]
    pub endpoint: String,
    #[prop_or_default]
    pub activity: String,
    #[prop_or_default]
    pub class: String,
}

/// Starts a read into a fresh report, filtered by `filter`: `run` is handed the job.
pub fn start_read(
    model: &Teacher,
    generations: &Rc<Cell<u32>>,
    filter: Filter,
    source: String,
    from_file: bool,
    run: impl FnOnce(Job) + 'static,
) {
    let generation = generations.get().wrapping_add(1);
    generations.set(generation);
    let activity = filter.activity.clone().unwrap_or_default();
    let report = Rc::new(RefCell::new(Report::new(filter)));
    let stop = Rc::new(Cell::new(false));
    model.dispatch(Msg::Start {
        generation,
        report: report.clone(),
        stop: stop.clone(),
        source,
        from_file,
        activity,
    });
    let m = model.clone();
    run(Job {
        report,
        stop,
        on: Callback::from(move |event| {
            let now = js_sys::Date::now();
            m.dispatch(Msg::Event {
                generation,
                event,
                now,
            })
        }),
    });
}

#[component]
pub fn TeacherApp(props: &TeacherProps) -> Html {
    let teacher = {
        let lang = props.lang;
        let store = use_store(
            move || Model::new(lang),
            |m: &Rc<RefCell<Model>>, msg| m.borrow_mut().apply(msg),
        );
        Teacher {
            state: store.state,
            on: store.dispatch,
        }
    };
    let model = teacher.model();
    let generations: Rc<Cell<u32>> = (*use_memo((), |_| Rc::new(Cell::new(0u32)))).clone();
    {
        let lang = model.lang;
        use_effect_with(lang, move |l| {
            let root = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element());
            if let Some(root) = root {
                let _ = root.set_attribute("lang", l.code());
            }
        });
    }
    let t = texts(model.lang);
    let on_lang = {
        let m = teacher.clone();
        Callback::from(move |e: Event_| {
            if let Some(l) = Lang::from_code(&super::select_value(&e)) {
                m.dispatch(Msg::Lang(l));
            }
        })
    };
    let on_anon = {
        let (m, on) = (teacher.clone(), model.anonymised);
        Callback::from(move |_: Event_| m.dispatch(Msg::Anonymise(!on)))
    };
    let on_project = {
        let (m, on) = (teacher.clone(), model.projecting);
        Callback::from(move |_: MouseEvent| m.dispatch(Msg::Project(!on)))
    };
    let state = match &model.status {
        Status::Idle => "idle",
        Status::Loading(_) => "loading",
        Status::Done { .. } => "done",
        Status::Stopped => "stopped",
        Status::Failed(_) => "error",
    };
    let ms = match &model.status {
        Status::Done { feed_ms, wall_ms } => {
            Some((format!("{feed_ms:.1}"), format!("{wall_ms:.1}")))
        }
        _ => None,
    };
    let (read, answers, learners) = {
        let r = model.report.borrow();
        (r.counts().read, r.counts().answers, r.learner_count())
    };
    // A file dropped anywhere on the page, not only on this element (which ends where the
    // form does at first): listened to on the document.
    {
        let on_drop = source::drop_handler(&teacher, &generations);
        use_effect_with((), move |_| {
            let doc = web_sys::window().and_then(|w| w.document());
            let listeners = doc.map(|d| {
                let over = gloo::events::EventListener::new_with_options(
                    &d,
                    "dragover",
                    gloo::events::EventListenerOptions::enable_prevent_default(),
                    |e| e.prevent_default(),
                );
                let drop = gloo::events::EventListener::new_with_options(
                    &d,
                    "drop",
                    gloo::events::EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        if let Some(e) = e.dyn_ref::<web_sys::DragEvent>() {
                            on_drop.emit(e.clone());
                        }
                    },
                );
                (over, drop)
            });
            move || drop(listeners)
        });
    }
    // After a read with answers the form is folded: on a narrow screen the page goes to the
    // report's first blocks, which the header would otherwise keep below the screen.
    {
        let done = model.reads_done;
        use_effect_with(done, move |&done| {
            let win = web_sys::window();
            let narrow = win
                .as_ref()
                .and_then(|w| w.inner_width().ok())
                .and_then(|w| w.as_f64())
                .is_some_and(|w| w < 700.0);
            if done > 0 && narrow {
                if let Some(el) = win
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id("t-summary"))
                {
                    el.scroll_into_view();
                }
            }
        });
    }
    let on_print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    let on_fold = {
        let (m, open) = (teacher.clone(), model.sources_open);
        Callback::from(move |e: Event_| {
            let d: web_sys::Element = e.target_unchecked_into();
            let now = d.has_attribute("open");
            if now != open {
                m.dispatch(Msg::Sources(now));
            }
        })
    };
    let source_line = if answers > 0 && !model.source.is_empty() {
        fill(t.source_was, &[&model.source])
    } else {
        t.source_heading.to_string()
    };
    html! {
        <div class={classes!("teacher", model.projecting.then_some("projecting"))} id="teacher-app"
            data-state={state} data-read={read.to_string()} data-answers={answers.to_string()}
            data-learners={learners.to_string()} data-feed-ms={ms.as_ref().map(|m| m.0.clone())}
            data-wall-ms={ms.map(|m| m.1)}>
            <header class="teacher-header">
                <div>
                    <h1>{ t.title }</h1>
                    if !model.projecting { <p class="subtitle">{ t.intro }</p> }
                </div>
                <div class="teacher-tools">
                    <label class="field">{ t.language }
                        <select id="t-lang" onchange={on_lang}>
                            <option value="es" selected={model.lang == Lang::Es}>{ "Español" }</option>
                            <option value="en" selected={model.lang == Lang::En}>{ "English" }</option>
                        </select>
                    </label>
                    <label class="field check">
                        <input type="checkbox" id="t-anon" checked={model.anonymised}
                            onchange={on_anon} />
                        { t.anonymise }
                    </label>
                    <button type="button" class="btn" id="t-project" aria-pressed={model.projecting.to_string()}
                        onclick={on_project}>
                        { if model.projecting { t.end_project } else { t.project } }
                    </button>
                    <button type="button" class="btn" id="t-export" disabled={answers == 0}
                        onclick={view::export_handler(&teacher)}>{ t.export }</button>
                    <button type="button" class="btn" id="t-print" disabled={answers == 0}
                        onclick={on_print}>{ t.print }</button>
                </div>
            </header>
            if !model.projecting {
                <details class="teacher-fold" id="t-fold" open={model.sources_open} ontoggle={on_fold}>
                    <summary>{ source_line }</summary>
                    <source::Sources model={view::ModelRef::keyed(&teacher, model.lang as u32)} generations={view::Gen(generations.clone())}
                        endpoint={props.endpoint.clone()} activity={props.activity.clone()} class={props.class.clone()} />
                </details>
            }
            <source::StatusLine model={view::ModelRef::new(&teacher)} />
            <view::ReportView model={view::ModelRef::keyed(&teacher, model.report_rev)} />
        </div>
    }
}

type Event_ = yew::Event;

/// Mounts the page into `element`.
pub fn mount(element: web_sys::Element, props: TeacherProps) {
    super::panic::install();
    yew::Renderer::<TeacherApp>::with_root_and_props(element, props).render();
}

/// Entry point of `teacher.html`: mounts into `#teacher`, prefilled from the address's
/// `lang`, `lrs`, `activity` and `class` (never a key: that is typed, or kept by this tab).
pub fn start() {
    let Some(win) = web_sys::window() else { return };
    let Some(root) = win.document().and_then(|d| d.get_element_by_id("teacher")) else {
        return;
    };
    let query = win.location().search().unwrap_or_default();
    let get = |k: &str| source::query_value(&query, k).unwrap_or_default();
    root.set_inner_html(""); // the static "loading" text
                             // The lab's own texts of each stop (its setting and question, in both languages), which
                             // the lab's module reads from these files when it needs them: built into this module.
    let _ = crate::ui::text::loaded::load_spanish_path(include_str!("../../../www/path-es.txt"));
    let _ = crate::ui::text::loaded::load_english(include_str!("../../../www/texts-en.txt"));
    mount(
        root,
        TeacherProps {
            lang: Lang::from_code(&get("lang")).unwrap_or_default(),
            endpoint: get("lrs"),
            activity: get("activity"),
            class: get("class"),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(generation: u32, now: f64) -> Msg {
        Msg::Event {
            generation,
            event: Event::Progress(Progress::default()),
            now,
        }
    }

    #[test]
    fn the_report_redraws_at_most_once_a_second_while_it_reads_and_old_reads_are_dropped() {
        let mut m = Model::new(Lang::Es);
        m.apply(Msg::Start {
            generation: 1,
            report: Rc::new(RefCell::new(Report::new(Filter::default()))),
            stop: Rc::new(Cell::new(false)),
            source: "file.json".into(),
            from_file: true,
            activity: String::new(),
        });
        let started = m.report_rev;
        m.apply(progress(1, 10_000.0));
        assert_eq!(m.report_rev, started + 1, "the first progress draws");
        m.apply(progress(1, 10_400.0));
        m.apply(progress(1, 10_999.0));
        assert_eq!(m.report_rev, started + 1, "not again within a second");
        assert!(matches!(m.status, Status::Loading(_)));
        m.apply(progress(1, 11_000.0));
        assert_eq!(m.report_rev, started + 2);
        // Anything else draws at once; an earlier read's events change nothing.
        let before = m.rev;
        m.apply(Msg::Event {
            generation: 0,
            event: Event::Stopped,
            now: 11_001.0,
        });
        assert_eq!((m.rev, m.status.clone()), (before, m.status.clone()));
        assert!(matches!(m.status, Status::Loading(_)));
        m.apply(Msg::Event {
            generation: 1,
            event: Event::Done {
                feed_ms: 1.0,
                wall_ms: 2.0,
            },
            now: 11_002.0,
        });
        assert_eq!(m.report_rev, started + 3);
        assert!(matches!(m.status, Status::Done { .. }));
        m.apply(Msg::Project(true));
        assert!(m.projecting && m.anonymised, "projected, names hidden");
    }
}

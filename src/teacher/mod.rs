//! The teacher's page (`teacher.html`, its own module `src/bin/teacher.rs`; a learner never
//! loads it): where the answers come from (a record store or a file), the read's progress with
//! a Stop button, and the report over `retry_lab_report`, in Spanish or English, anonymised on
//! request and when projected, exported as CSV. Every text from the statements goes through
//! Yew's text nodes, which escape it; nothing sets inner HTML from data.
pub mod live;
mod live_view;
pub mod load;
mod model;
mod parts;
pub mod query;
mod source;
mod stop_card;
mod view;

pub use model::{Model, Msg, Status, Teacher, PAGE};

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::store::use_store;
use load::Job;
use retry_lab_core::lang::{fill, Lang};
use retry_lab_report::{Filter, Report};
use retry_lab_text::teacher_keys::texts;

pub use retry_lab_text::progress::{catalogue, namer};

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
    let report = Rc::new(RefCell::new(Report::new(filter).with_catalogue(catalogue)));
    let stop = Rc::new(Cell::new(false));
    model.dispatch(Msg::Start {
        generation,
        report: report.clone(),
        stop: stop.clone(),
        source,
        from_file,
        activity,
    });
    run(Job {
        report,
        stop,
        on: events_to(model, generation),
    });
}

/// Where a read's events go: the model, marked with the read's generation and the time.
fn events_to(model: &Teacher, generation: u32) -> Callback<load::Event> {
    let m = model.clone();
    Callback::from(move |event| {
        let now = js_sys::Date::now();
        m.dispatch(Msg::Event {
            generation,
            event,
            now,
        })
    })
}

/// «Reintentar»: the read that stopped at `cut` goes on from the page it stopped at, into the
/// same report (statements read twice are counted once: the report skips a repeated id).
pub fn resume_read(model: &Teacher, generations: &Rc<Cell<u32>>, cut: load::Cut) {
    let generation = generations.get().wrapping_add(1);
    generations.set(generation);
    let stop = Rc::new(Cell::new(false));
    model.dispatch(Msg::Resume {
        generation,
        stop: stop.clone(),
    });
    let job = Job {
        report: model.model().report.clone(),
        stop,
        on: events_to(model, generation),
    };
    wasm_bindgen_futures::spawn_local(load::from_store_at(job, cut.query, cut.walk));
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
    // «En directo»: after a store's whole read (not a file's, not one with an end).
    let can_live = model.live.is_some()
        || (matches!(model.status, Status::Done { .. })
            && model.query.as_ref().is_some_and(|q| q.until.is_none()));
    let on_live = {
        let (m, on) = (teacher.clone(), model.live.is_some());
        Callback::from(move |_: MouseEvent| {
            if on {
                m.dispatch(Msg::LiveEnd);
            } else {
                live::start(&m);
            }
        })
    };
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
                    <button type="button" class={classes!("btn", model.live.is_some().then_some("primary"))} id="t-live"
                        aria-pressed={model.live.is_some().to_string()} disabled={!can_live} onclick={on_live}>
                        { if model.live.is_some() { t.end_live } else { t.live } }
                    </button>
                    <button type="button" class="btn" id="t-export" disabled={answers == 0}
                        onclick={parts::export_handler(&teacher)}>{ t.export }</button>
                    <button type="button" class="btn" id="t-print" disabled={answers == 0}
                        onclick={on_print}>{ t.print }</button>
                </div>
            </header>
            if !model.projecting {
                <details class="teacher-fold" id="t-fold" open={model.sources_open} ontoggle={on_fold}>
                    <summary>{ source_line }</summary>
                    <source::Sources model={parts::ModelRef::keyed(&teacher, model.lang as u32)} generations={parts::Gen(generations.clone())}
                        endpoint={props.endpoint.clone()} activity={props.activity.clone()} class={props.class.clone()} />
                </details>
            }
            <source::StatusLine model={parts::ModelRef::new(&teacher)} generations={parts::Gen(generations.clone())} />
            <live_view::LiveView model={parts::ModelRef::new(&teacher)} />
            <view::ReportView model={parts::ModelRef::keyed(&teacher, model.report_rev)} />
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
    let props = TeacherProps {
        lang: Lang::from_code(&get("lang")).unwrap_or_default(),
        endpoint: get("lrs"),
        activity: get("activity"),
        class: get("class"),
    };
    // The lab's own texts of each stop (its setting and question, in both languages): the
    // files the build writes beside the lab's page and this one, read before the page is
    // drawn. Without them (a copy that lost them) the stops keep the statements' own words.
    wasm_bindgen_futures::spawn_local(async move {
        use retry_lab_text::{loaded::load_english, spanish_path::load_spanish_path};
        if let Some(text) = fetch_text("path-es.txt").await {
            let _ = load_spanish_path(&text);
        }
        if let Some(text) = fetch_text("texts-en.txt").await {
            let _ = load_english(&text);
        }
        root.set_inner_html(""); // the static "loading" text
        mount(root, props);
    });
}

/// The text of the file `name` beside the page, if the server gave it.
async fn fetch_text(name: &str) -> Option<String> {
    let response = crate::fetch_ok(name).await?;
    let text = wasm_bindgen_futures::JsFuture::from(response.text().ok()?)
        .await
        .ok()?;
    text.as_string()
}

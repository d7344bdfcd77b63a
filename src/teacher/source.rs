//! Where the answers come from: the record store's form (address, key and secret, activity,
//! class, since) and a file (picked or dropped), and the line that tells how the read goes,
//! with its progress bar, its Stop button and what went wrong. The key and secret live in the
//! fields and in this tab's sessionStorage, never in the address or localStorage.
use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::load::{self, Progress};
use super::parts::{Gen, ModelRef};
use super::query::{self, Query};
use super::{start_read, Model, Msg, Status, Teacher};
use retry_lab_core::lang::fill;
use retry_lab_report::{Filter, Skip};
use retry_lab_text::teacher_keys::{plural, texts, Problem};

/// Statements asked of the store per page.
pub const LIMIT: u32 = 500;
const KEEP: &str = "retry-lab-teacher:";
const FIELDS: [&str; 5] = ["endpoint", "key", "secret", "activity", "class"];

/// A value of the page's query, decoded.
pub fn query_value(query: &str, key: &str) -> Option<String> {
    query.trim_start_matches('?').split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == key).then(|| {
            js_sys::decode_uri_component(&v.replace('+', " "))
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_default()
        })
    })
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

fn input(id: &str) -> Option<web_sys::HtmlInputElement> {
    web_sys::window()?
        .document()?
        .get_element_by_id(id)?
        .dyn_into()
        .ok()
}

/// A field's value, trimmed (empty when the field is not on the page, as when projecting).
fn value(id: &str) -> String {
    input(id)
        .map(|i| i.value().trim().to_string())
        .unwrap_or_default()
}

/// A `datetime-local` field as ms since 1970 (the teacher's own time zone), None when empty,
/// Err when the browser cannot read it.
fn moment(id: &str) -> Result<Option<f64>, ()> {
    let v = value(id);
    if v.is_empty() {
        return Ok(None);
    }
    let t = js_sys::Date::new(&v.as_str().into()).get_time();
    if t.is_nan() {
        Err(())
    } else {
        Ok(Some(t))
    }
}

/// The filter the fields ask for: the activity (as the contract reads it: no trailing `/`),
/// the class, the period.
fn filter() -> Result<Filter, Problem> {
    let some = |s: String| (!s.is_empty()).then_some(s);
    let since = moment("t-since").map_err(|_| Problem::BadSince)?;
    let until = moment("t-until").map_err(|_| Problem::BadUntil)?;
    if let (Some(a), Some(b)) = (since, until) {
        if b <= a {
            return Err(Problem::BadUntil);
        }
    }
    let activity = value("t-activity");
    Ok(Filter {
        activity: some(retry_lab_core::record::contract::activity_key(&activity).to_string()),
        class: some(value("t-class")),
        since: since.map(|t| t as i64),
        until: until.map(|t| t as i64),
    })
}

fn iso(ms: i64) -> String {
    retry_lab_core::sim::utc::format_utc_ms(ms)
}

/// Keeps the fields on the page for this tab (sessionStorage), so a reload or the end of a
/// projection finds them again.
fn keep_fields() {
    let Some(s) = session() else { return };
    for f in FIELDS {
        if let Some(i) = input(&format!("t-{f}")) {
            let _ = s.set_item(&format!("{KEEP}{f}"), i.value().trim());
        }
    }
}

/// Reads `file` into a fresh report, filtered by the activity and class fields.
fn read_file(model: &Teacher, generations: &Rc<Cell<u32>>, file: web_sys::File) {
    keep_fields();
    let f = match filter() {
        Ok(f) => f,
        Err(p) => return model.dispatch(Msg::Fail(p)),
    };
    let name = retry_lab_core::sim::utc::truncate(&file.name(), 80);
    start_read(model, generations, f, name, true, move |job| {
        wasm_bindgen_futures::spawn_local(load::from_file(job, file))
    });
}

/// A file dropped anywhere on the page.
pub fn drop_handler(model: &Teacher, generations: &Rc<Cell<u32>>) -> Callback<DragEvent> {
    let (m, g) = (model.clone(), generations.clone());
    Callback::from(move |e: DragEvent| {
        e.prevent_default();
        if let Some(f) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            read_file(&m, &g, f);
        }
    })
}

#[derive(Properties, PartialEq)]
pub struct SourcesProps {
    pub model: ModelRef,
    pub generations: Gen,
    pub endpoint: String,
    pub activity: String,
    pub class: String,
}

#[component]
pub fn Sources(props: &SourcesProps) -> Html {
    let teacher = &props.model.0;
    let model = teacher.model();
    let t = texts(model.lang);
    let generations = props.generations.0.clone();
    // What this tab kept, else what the address prefilled (never a key), put into the fields
    // once: the fields are the teacher's after that (a redraw must not undo their typing).
    {
        let given = [
            props.endpoint.clone(),
            String::new(),
            String::new(),
            props.activity.clone(),
            props.class.clone(),
        ];
        use_effect_with((), move |_| {
            let s = session();
            for (f, g) in FIELDS.iter().zip(given) {
                let kept = s
                    .as_ref()
                    .and_then(|s| s.get_item(&format!("{KEEP}{f}")).ok().flatten());
                if let Some(i) = input(&format!("t-{f}")) {
                    i.set_value(&kept.filter(|k| !k.is_empty()).unwrap_or(g));
                }
            }
        });
    }
    let on_store = {
        let m = teacher.clone();
        let g = generations.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let endpoint = match query::endpoint(&value("t-endpoint")) {
                Ok(e) => e,
                Err(p) => return m.dispatch(Msg::Fail(p)),
            };
            let f = match filter() {
                Ok(f) => f,
                Err(p) => return m.dispatch(Msg::Fail(p)),
            };
            let Some(activity) = f.activity.clone() else {
                return m.dispatch(Msg::Fail(Problem::NoActivity));
            };
            keep_fields();
            let q = Query {
                endpoint: endpoint.clone(),
                auth: query::basic(&value("t-key"), &value("t-secret")),
                activity,
                since: f.since.map(iso),
                until: f.until.map(iso),
                limit: LIMIT,
            };
            let asked = q.clone();
            start_read(&m, &g, f, endpoint, false, move |job| {
                wasm_bindgen_futures::spawn_local(load::from_store(job, q))
            });
            m.dispatch(Msg::Queried(asked));
        })
    };
    let on_file = {
        let m = teacher.clone();
        let g = generations.clone();
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(f) = el.files().and_then(|f| f.get(0)) {
                read_file(&m, &g, f);
            }
            // Picking the same file again reads it again.
            el.set_value("");
        })
    };
    let field = |id: &'static str, label: &'static str, kind: &'static str, extra: Html| {
        html! {
            <label class="field grow">{ label }
                <input type={kind} id={id} autocomplete="off" spellcheck="false" />
                { extra }
            </label>
        }
    };
    html! {
        <section class="panel teacher-sources" aria-labelledby="t-sources-h">
            <h2 id="t-sources-h">{ t.source_heading }</h2>
            <div class="row">
                { field("t-activity", t.activity, "url", html! { <small>{ t.activity_hint }</small> }) }
                { field("t-class", t.class, "url", Html::default()) }
            </div>
            <div class="row period">
                <label class="field">{ t.since }
                    <input type="datetime-local" id="t-since" />
                </label>
                <label class="field">{ t.until }
                    <input type="datetime-local" id="t-until" />
                </label>
                <small class="hint">{ t.period_hint }</small>
            </div>
            <div class="two-col">
                <form class="teacher-store" onsubmit={on_store} autocomplete="off" novalidate=true>
                    <h3>{ t.store_heading }</h3>
                    <p class="hint">{ t.store_hint }</p>
                    { field("t-endpoint", t.endpoint, "url", Html::default()) }
                    <div class="row">
                        { field("t-key", t.key, "text", Html::default()) }
                        { field("t-secret", t.secret, "password", Html::default()) }
                    </div>
                    <button type="submit" class="btn primary" id="t-read">{ t.read_store }</button>
                </form>
                <div class="teacher-file">
                    <h3>{ t.file_heading }</h3>
                    <p class="hint">{ t.file_hint }</p>
                    <label class="field">{ t.pick_file }
                        <input type="file" id="t-file" accept=".json,.jsonl,.ndjson,.txt,application/json" onchange={on_file} />
                    </label>
                </div>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub model: ModelRef,
    pub generations: Gen,
}

/// The sentence for a problem, in the page's language.
fn problem_text(model: &Model, p: &Problem) -> String {
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    texts(model.lang).problem(p, model.source.as_str(), &origin)
}

fn problem_kind(p: &Problem) -> &'static str {
    match p {
        Problem::WrongKey => "wrong-key",
        Problem::Forbidden => "forbidden",
        Problem::NotFound => "not-found",
        Problem::Server(_) => "server",
        Problem::Status(_) => "status",
        Problem::Unreachable => "unreachable",
        Problem::Shape => "shape",
        Problem::ForeignMore(_) => "foreign-more",
        Problem::Loop => "loop",
        Problem::NoAnswer => "no-answer",
        Problem::Closed => "closed",
        Problem::Redirected => "redirected",
        Problem::TimedOut(_) => "timed-out",
        Problem::TooManyPages(_) => "too-many-pages",
        Problem::MoreTooLong(_) => "more-too-long",
        Problem::PageTooLarge(_) => "page-too-large",
        Problem::PageNotUtf8(_) => "page-not-utf8",
        Problem::PageTooDeep(_) => "page-too-deep",
        Problem::BadEndpoint => "bad-endpoint",
        Problem::NoActivity => "no-activity",
        Problem::BadSince => "bad-since",
        Problem::BadUntil => "bad-until",
        Problem::FileEmpty => "file-empty",
        Problem::NotStatements(_) => "not-statements",
        Problem::Trailing(_) => "trailing",
        Problem::Truncated => "truncated",
        Problem::FileUnreadable => "unreadable",
    }
}

/// «1.2 MB»: a size for the progress line.
fn size(bytes: f64) -> String {
    if bytes >= 1_048_576.0 {
        format!("{:.1} MB", bytes / 1_048_576.0)
    } else {
        format!("{:.0} KB", (bytes / 1024.0).ceil())
    }
}

#[component]
pub fn StatusLine(props: &StatusProps) -> Html {
    let teacher = &props.model.0;
    let model = teacher.model();
    let t = texts(model.lang);
    let lang = model.lang;
    let r = model.report.borrow();
    let c = r.counts();
    let n = |x: u64| {
        retry_lab_core::num::grouped(
            x,
            if lang == retry_lab_core::lang::Lang::Es {
                "\u{a0}"
            } else {
                ","
            },
        )
    };
    let on_stop = {
        let m = teacher.clone();
        Callback::from(move |_| m.dispatch(Msg::Stop))
    };
    let on_resume = {
        let (m, g, cut) = (
            teacher.clone(),
            props.generations.0.clone(),
            model.partial.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(cut) = cut.clone() {
                super::resume_read(&m, &g, cut);
            }
        })
    };
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    let partial = model.partial_note(&origin);
    let line = match &model.status {
        Status::Idle => html! { <p class="empty" id="t-status">{ t.nothing_yet }</p> },
        Status::Loading(Progress {
            read,
            pages,
            done_bytes,
            total_bytes,
        }) => {
            let (bar, text) = if model.from_file {
                let bar = html! { <progress id="t-progress" max={total_bytes.max(1.0).to_string()} value={done_bytes.to_string()} /> };
                (
                    bar,
                    fill(
                        t.reading_file,
                        &[&model.source, &size(*done_bytes), &size(*total_bytes)],
                    ),
                )
            } else {
                (
                    html! { <progress id="t-progress" /> },
                    fill(
                        t.reading_store,
                        &[
                            &plural(t.statements_n, *read, &n(*read)),
                            &plural(t.pages_n, u64::from(*pages), &pages.to_string()),
                        ],
                    ),
                )
            };
            html! {
                <div class="teacher-progress">
                    { bar }
                    <p id="t-status" aria-live="polite">{ text }</p>
                    <button type="button" class="btn danger" id="t-stop" onclick={on_stop}>{ t.stop }</button>
                </div>
            }
        }
        Status::Done { wall_ms, .. } => {
            let secs = format!("{:.1}", wall_ms / 1000.0);
            let secs = if lang == retry_lab_core::lang::Lang::Es {
                secs.replace('.', ",")
            } else {
                secs
            };
            let text = fill(
                t.done,
                &[
                    &plural(t.statements_read_n, c.read, &n(c.read)),
                    &plural(t.answers_n, c.answers, &n(c.answers)),
                    &plural(
                        t.learners_n,
                        r.learner_count() as u64,
                        &n(r.learner_count() as u64),
                    ),
                    &secs,
                ],
            );
            html! { <p id="t-status" aria-live="polite">{ text }</p> }
        }
        Status::Stopped => {
            let read = plural(t.statements_n, c.read, &n(c.read));
            html! { <p id="t-status" aria-live="polite">{ fill(t.stopped, &[&read]) }</p> }
        }
        Status::Failed(_) => Html::default(),
    };
    let problem = match &model.status {
        Status::Failed(p) => Some((problem_kind(p), problem_text(&model, p))),
        // The activity has answers, of other classes only: a typo of one of them, or a class
        // with none yet; either way, the classes that have answers.
        Status::Done { .. } | Status::Stopped
            if c.answers == 0 && c.skipped(Skip::OtherClass) > 0 && r.class().is_some() =>
        {
            let typed = r.class().unwrap_or_default();
            let classes = c
                .other_classes
                .iter()
                .map(|(k, count)| format!("{k} ({})", plural(t.answers_n, *count, &n(*count))))
                .collect::<Vec<_>>()
                .join(", ");
            Some(match c.class_meant(typed) {
                Some(meant) => ("class-typo", fill(t.class_typo, &[typed, meant, &classes])),
                None => ("class-empty", fill(t.class_empty, &[typed, &classes])),
            })
        }
        Status::Done { .. } if c.answers == 0 && !model.from_file && model.store_empty => {
            Some(("store-empty", t.store_empty.to_string()))
        }
        // A store asked by activity has none of it: say which activity, and what it has.
        Status::Done { .. } if c.answers == 0 && !model.from_file => {
            let mut text = fill(t.none_in_store, &[model.activity.as_str()]);
            if !model.seen.is_empty() {
                text.push(' ');
                text.push_str(&fill(t.seen_activities, &[&model.seen.join(", ")]));
            }
            Some(("none-here", text))
        }
        Status::Done { .. } | Status::Stopped if c.answers == 0 && c.read > 0 => {
            let mut text = plural(t.none_here, c.read, &n(c.read));
            if !c.other_activities.is_empty() {
                text.push(' ');
                text.push_str(&fill(t.seen_activities, &[&c.other_activities.join(", ")]));
            }
            Some(("none-here", text))
        }
        _ => None,
    };
    // Live, every poll asks again for the last second read: those repeats are by design.
    let live = model.live.is_some();
    let reasons: Vec<String> = Skip::ALL
        .iter()
        .filter(|&&s| c.skipped(s) > 0 && !(live && s == Skip::Duplicate))
        .map(|&s| {
            let k = c.skipped(s);
            let mut text = plural(t.skip_reasons[s as usize], k, &n(k));
            if let (Skip::OtherActivity, Some(e)) = (s, &c.other_activity_example) {
                text.push_str(&format!(" ({})", fill(t.other_activity_example, &[e])));
            }
            if let (Skip::Shape, Some(field)) = (s, c.shape_example) {
                text.push_str(&format!(" ({field})"));
            }
            text
        })
        .collect();
    // What went wrong is where the teacher looks: on a phone the form above it fills the
    // screen, so the sentence is brought into view (only as far as needed, where it shows).
    {
        let said = problem.as_ref().map(|(_, text)| text.clone());
        use_effect_with(said, |said| {
            if said.is_some() {
                scroll_to("t-problem");
            }
        });
    }
    html! {
        <section class="teacher-status" aria-label={t.source_heading}>
            { line }
            if let Some((kind, text)) = problem {
                <p class="notice teacher-problem" id="t-problem" role="alert" data-problem={kind}>{ text }</p>
            }
            if let Some(note) = partial {
                <p class="notice teacher-partial" id="t-partial-status">{ note }
                    { " " }
                    <button type="button" class="btn" id="t-resume" onclick={on_resume}>{ t.resume }</button>
                </p>
            }
            if !reasons.is_empty() && !matches!(model.status, Status::Idle) {
                <p class="small" id="t-skipped">{ fill(t.skipped, &[&reasons.join(", ")]) }</p>
            }
        </section>
    }
}

/// Scrolls the element `id` into view, only as far as needed (`block: "nearest"`): nothing
/// moves when it is already on screen.
fn scroll_to(id: &str) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    else {
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
    if let Ok(f) = js_sys::Reflect::get(&el, &"scrollIntoView".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
    {
        let _ = f.call1(&el, &options);
    }
}

//! Reading statements into a report in the browser without freezing the tab: a record store
//! page by page (following `more`), a file 1 MB at a time (never the whole file as one
//! string), each cut into statements by the report's splitter a slice at a time, with the
//! browser given its turn (a zero-delay gloo timer) whenever ~30 ms of work has gone by. A
//! Stop flag is looked at between slices; progress is told at most five times a second.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use super::query::Query;
use super::texts::Problem;
use crate::report::split::{Format, SplitError, Splitter};
use crate::report::Report;

/// Work between two turns of the browser, in ms: a click or a redraw waits at most about this.
const BUDGET_MS: f64 = 30.0;
/// Bytes handed to the splitter at a time (some tens of statements).
const SLICE: usize = 32 << 10;
/// Bytes read from a file at a time.
const FILE_CHUNK: f64 = 1_048_576.0;
/// Progress is told at most this often, in ms (each one redraws the counts).
const PROGRESS_MS: f64 = 200.0;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Statements read so far.
    pub read: u64,
    pub pages: u32,
    /// Bytes of a file read so far, and its size (0 for a store).
    pub done_bytes: f64,
    pub total_bytes: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Progress(Progress),
    /// `feed_ms`: time spent cutting and aggregating; `wall_ms`: the whole read.
    Done {
        feed_ms: f64,
        wall_ms: f64,
    },
    Stopped,
    Failed(Problem),
    /// The activities a store has answers of, when it had none of the one asked for.
    Seen(Vec<String>),
}

/// One read: the report it fills, its Stop flag, and where its events go.
pub struct Job {
    pub report: Rc<RefCell<Report>>,
    pub stop: Rc<Cell<bool>>,
    pub on: Callback<Event>,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Lets the browser handle input and redraw before going on.
async fn pause() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        gloo::timers::callback::Timeout::new(0, move || {
            let _ = resolve.call0(&JsValue::NULL);
        })
        .forget();
    });
    let _ = JsFuture::from(promise).await;
}

struct Clock {
    start: f64,
    turn: f64,
    feed_ms: f64,
    told: f64,
}

impl Clock {
    fn new() -> Clock {
        let t = now();
        Clock {
            start: t,
            turn: t,
            feed_ms: 0.0,
            told: f64::NEG_INFINITY,
        }
    }

    async fn breathe(&mut self) {
        if now() - self.turn > BUDGET_MS {
            pause().await;
            self.turn = now();
        }
    }

    fn tell(&mut self, job: &Job, p: Progress) {
        if now() - self.told > PROGRESS_MS {
            self.told = now();
            job.on.emit(Event::Progress(p));
        }
    }

    fn done(&self, job: &Job) {
        job.on.emit(Event::Done {
            feed_ms: self.feed_ms,
            wall_ms: now() - self.start,
        });
    }
}

/// Feeds `bytes` to the report through `s`, a slice at a time. Ok(false): stopped.
async fn feed(
    job: &Job,
    s: &mut Splitter,
    bytes: &[u8],
    clock: &mut Clock,
) -> Result<bool, SplitError> {
    for slice in bytes.chunks(SLICE) {
        if job.stop.get() {
            return Ok(false);
        }
        let t0 = now();
        {
            let mut r = job.report.borrow_mut();
            s.push(slice, &mut |p| r.feed_piece(p))?;
        }
        clock.feed_ms += now() - t0;
        clock.breathe().await;
    }
    Ok(true)
}

fn finish(
    job: &Job,
    s: Splitter,
    clock: &mut Clock,
) -> Result<(Format, Option<String>), SplitError> {
    let t0 = now();
    let end = s.finish(&mut |p| job.report.borrow_mut().feed_piece(p));
    clock.feed_ms += now() - t0;
    end
}

fn file_problem(e: SplitError) -> Problem {
    Problem::from(e)
}

async fn read_slice(file: &web_sys::File, from: f64, to: f64) -> Option<Vec<u8>> {
    let blob = file.slice_with_f64_and_f64(from, to).ok()?;
    let buffer = JsFuture::from(blob.array_buffer()).await.ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Reads a file of statements (an array, a page or JSON Lines) into the job's report.
pub async fn from_file(job: Job, file: web_sys::File) {
    let total = file.size();
    let mut clock = Clock::new();
    let mut s = Splitter::new();
    let mut at = 0.0;
    while at < total {
        let to = (at + FILE_CHUNK).min(total);
        let Some(bytes) = read_slice(&file, at, to).await else {
            return job.on.emit(Event::Failed(Problem::FileUnreadable));
        };
        match feed(&job, &mut s, &bytes, &mut clock).await {
            Err(e) => return job.on.emit(Event::Failed(file_problem(e))),
            Ok(false) => return job.on.emit(Event::Stopped),
            Ok(true) => {}
        }
        at = to;
        let read = job.report.borrow().counts().read;
        clock.tell(
            &job,
            Progress {
                read,
                pages: 0,
                done_bytes: at,
                total_bytes: total,
            },
        );
    }
    match finish(&job, s, &mut clock) {
        Ok(_) => clock.done(&job),
        Err(e) => job.on.emit(Event::Failed(file_problem(e))),
    }
}

/// `GET url` with the xAPI version header and the teacher's credentials, and nothing else of
/// the page's (no cookies, no referrer). Err: no answer at all (network, or CORS refused).
async fn get(url: &str, auth: &str) -> Result<web_sys::Response, JsValue> {
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    let set = |o: &js_sys::Object, k: &str, v: &JsValue| js_sys::Reflect::set(o, &k.into(), v);
    let headers = js_sys::Object::new();
    set(&headers, "X-Experience-API-Version", &"1.0.3".into())?;
    set(&headers, "Authorization", &auth.into())?;
    let init = js_sys::Object::new();
    set(&init, "headers", &headers)?;
    set(&init, "credentials", &"omit".into())?;
    set(&init, "cache", &"no-store".into())?;
    set(&init, "referrerPolicy", &"no-referrer".into())?;
    let fetch: js_sys::Function = js_sys::Reflect::get(&window, &"fetch".into())?.dyn_into()?;
    let promise: js_sys::Promise = fetch.call2(&window, &url.into(), &init)?.dyn_into()?;
    JsFuture::from(promise).await?.dyn_into()
}

fn status_problem(status: u16) -> Option<Problem> {
    match status {
        200..=299 => None,
        401 => Some(Problem::WrongKey),
        403 => Some(Problem::Forbidden),
        404 => Some(Problem::NotFound),
        500..=599 => Some(Problem::Server(status)),
        s => Some(Problem::Status(s)),
    }
}

/// Reads every page of the store's answers to the query into the job's report.
pub async fn from_store(job: Job, q: Query) {
    let mut clock = Clock::new();
    let mut url = q.first_url();
    let mut pages = 0;
    let mut last_more: Option<String> = None;
    loop {
        if job.stop.get() {
            return job.on.emit(Event::Stopped);
        }
        let Ok(response) = get(&url, &q.auth).await else {
            return job.on.emit(Event::Failed(Problem::Unreachable));
        };
        if let Some(p) = status_problem(response.status()) {
            return job.on.emit(Event::Failed(p));
        }
        let text = match response.text() {
            Ok(p) => JsFuture::from(p).await.ok().and_then(|t| t.as_string()),
            Err(_) => None,
        };
        let Some(text) = text else {
            return job.on.emit(Event::Failed(Problem::Unreachable));
        };
        // A page is an object: an array or anything else is refused before any of it counts.
        if !text.trim_start().starts_with('{') {
            return job.on.emit(Event::Failed(Problem::Shape));
        }
        let mut s = Splitter::new();
        match feed(&job, &mut s, text.as_bytes(), &mut clock).await {
            Err(_) => return job.on.emit(Event::Failed(Problem::Shape)),
            Ok(false) => return job.on.emit(Event::Stopped),
            Ok(true) => {}
        }
        drop(text);
        let more = match finish(&job, s, &mut clock) {
            Ok((Format::Page, more)) => more,
            _ => return job.on.emit(Event::Failed(Problem::Shape)),
        };
        pages += 1;
        let read = job.report.borrow().counts().read;
        clock.tell(
            &job,
            Progress {
                read,
                pages,
                ..Progress::default()
            },
        );
        match more.filter(|m| !m.is_empty()) {
            None => {
                if job.report.borrow().counts().answers == 0 {
                    job.on.emit(Event::Seen(seen_activities(&q).await));
                }
                return clock.done(&job);
            }
            Some(m) if last_more.as_ref() == Some(&m) => {
                return job.on.emit(Event::Failed(Problem::Loop));
            }
            Some(m) => match q.next_url(&m) {
                Ok(next) => {
                    url = next;
                    last_more = Some(m);
                }
                Err(p) => return job.on.emit(Event::Failed(p)),
            },
        }
    }
}

/// What a store has answers of, when it had none of the activity asked for (a typo, another
/// course's IRI): one page of its latest answers of any activity, read into a report of the
/// same filter, which names the other activities it met. Nothing when that page cannot be
/// read (the sentence then says only that the activity has no answers).
async fn seen_activities(q: &Query) -> Vec<String> {
    let Ok(response) = get(&q.probe_url(), &q.auth).await else {
        return Vec::new();
    };
    if status_problem(response.status()).is_some() {
        return Vec::new();
    }
    let text = match response.text() {
        Ok(p) => JsFuture::from(p).await.ok().and_then(|t| t.as_string()),
        Err(_) => None,
    };
    let mut r = Report::new(crate::report::Filter {
        activity: Some(q.activity.clone()),
        ..Default::default()
    });
    let mut s = Splitter::new();
    let text = text.unwrap_or_default();
    if s.push(text.as_bytes(), &mut |p| r.feed_piece(p)).is_err() {
        return Vec::new();
    }
    let _ = s.finish(&mut |p| r.feed_piece(p));
    r.counts()
        .other_activities
        .iter()
        .map(|a| a.to_string())
        .collect()
}

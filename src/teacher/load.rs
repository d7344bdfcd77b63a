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

use super::query::{Query, Walk};
use retry_lab_report::split::{Format, SplitError, Splitter};
use retry_lab_report::Report;
use retry_lab_text::teacher_keys::Problem;

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
    /// The activities a store has answers of, when it had none of the one asked for (empty
    /// when that could not be read), and whether it has no answers at all, of any activity.
    Seen {
        activities: Vec<String>,
        store_empty: bool,
    },
    /// The read stops before its end (told just before `Failed` or `Stopped`).
    Cut(Cut),
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

/// Waits `ms` (0: lets the browser handle input and redraw before going on).
pub(super) async fn sleep(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        gloo::timers::callback::Timeout::new(ms, move || {
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
            sleep(0).await;
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

/// Most bytes of one page read: a page of [`LIMIT`](super::source::LIMIT) statements is
/// about a megabyte; past this the store is not sending a page.
pub const MAX_PAGE_BYTES: usize = 16 << 20;
/// A request that gets no byte for this long is cancelled (a store that sends its headers and
/// hangs, or one byte now and then, would otherwise keep the read for ever).
pub const IDLE_MS: f64 = 20_000.0;
/// Deepest nesting a page may have: a statement nests about eight levels.
pub const MAX_DEPTH: u32 = 64;
/// How often a request's watch looks at the Stop flag and the time since the last byte, in ms.
const WATCH_MS: u32 = 100;

/// How deep `bytes` nests (brackets outside strings), stopping once past `limit`.
pub fn nesting(bytes: &[u8], limit: u32) -> u32 {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0u32, 0u32, false, false);
    for &b in bytes {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
                if deepest > limit {
                    break;
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// What was wrong with a page's bytes before any of it is read as statements: its size, its
/// encoding, its depth (so a page the parser would refuse is said to be that, not «no
/// answers»).
pub fn page_problem(bytes: &[u8]) -> Option<Problem> {
    if bytes.len() > MAX_PAGE_BYTES {
        return Some(Problem::PageTooLarge(MAX_PAGE_BYTES));
    }
    if let Err(e) = std::str::from_utf8(bytes) {
        return Some(Problem::PageNotUtf8(e.valid_up_to()));
    }
    if nesting(bytes, MAX_DEPTH) > MAX_DEPTH {
        return Some(Problem::PageTooDeep(MAX_DEPTH));
    }
    None
}

/// Why a request ended early: the teacher's «Detener», or no byte for [`IDLE_MS`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum Abort {
    Stop,
    Idle,
}

/// Cancels a request (its `AbortController`) on Stop or after [`IDLE_MS`] without a byte:
/// looked at every [`WATCH_MS`] while the request is awaited, so neither waits for the store.
struct Watch {
    signal: JsValue,
    last: Rc<Cell<f64>>,
    why: Rc<Cell<Option<Abort>>>,
    _timer: gloo::timers::callback::Interval,
}

impl Watch {
    fn new(stop: &Rc<Cell<bool>>) -> Result<Watch, JsValue> {
        let ctor: js_sys::Function =
            js_sys::Reflect::get(&js_sys::global(), &"AbortController".into())?.dyn_into()?;
        let controller = js_sys::Reflect::construct(&ctor, &js_sys::Array::new())?;
        let signal = js_sys::Reflect::get(&controller, &"signal".into())?;
        let abort: js_sys::Function =
            js_sys::Reflect::get(&controller, &"abort".into())?.dyn_into()?;
        let last = Rc::new(Cell::new(now()));
        let why = Rc::new(Cell::new(None));
        let (l, w, stop) = (last.clone(), why.clone(), stop.clone());
        let timer = gloo::timers::callback::Interval::new(WATCH_MS, move || {
            if w.get().is_some() {
                return;
            }
            let cause = if stop.get() {
                Some(Abort::Stop)
            } else if now() - l.get() > IDLE_MS {
                Some(Abort::Idle)
            } else {
                None
            };
            if cause.is_some() {
                w.set(cause);
                let _ = abort.call0(&controller);
            }
        });
        Ok(Watch {
            signal,
            last,
            why,
            _timer: timer,
        })
    }

    /// A byte came (or the headers): the idle time starts again.
    fn bytes_came(&self) {
        self.last.set(now());
    }

    /// The problem a failed request had: the watch's own cancelling, else `other`.
    fn failure(&self, other: Problem) -> Fetch {
        match self.why.get() {
            Some(Abort::Stop) => Fetch::Stopped,
            Some(Abort::Idle) => Fetch::Failed(Problem::TimedOut((IDLE_MS / 1000.0) as u32)),
            None => Fetch::Failed(other),
        }
    }
}

/// `GET url` with the xAPI version header and the teacher's credentials, and nothing else of
/// the page's (no cookies, no referrer); a redirect is not followed (`manual`: it comes back
/// as an `opaqueredirect` answer, refused by the caller). Err: no answer at all (network,
/// CORS refused, or cancelled by `signal`).
async fn get(url: &str, auth: &str, signal: &JsValue) -> Result<web_sys::Response, JsValue> {
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
    set(&init, "redirect", &"manual".into())?;
    if !signal.is_undefined() {
        set(&init, "signal", signal)?;
    }
    let fetch: js_sys::Function = js_sys::Reflect::get(&window, &"fetch".into())?.dyn_into()?;
    let promise: js_sys::Promise = fetch.call2(&window, &url.into(), &init)?.dyn_into()?;
    JsFuture::from(promise).await?.dyn_into()
}

/// Whether anything answers at `url` at all: a request that asks no permission (`no-cors`,
/// no headers of ours) resolves when a server answers, whatever its CORS, and fails when
/// nobody does. Tells a store that refuses this page (CORS) from an address where nobody
/// listens, which the browser reports alike. (It follows redirects: a `no-cors` request may
/// not do otherwise, and its answer is opaque: nothing of it is read, no key is sent.)
async fn answers_at_all(url: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let init = js_sys::Object::new();
    for (k, v) in [
        ("mode", "no-cors"),
        ("credentials", "omit"),
        ("cache", "no-store"),
        ("referrerPolicy", "no-referrer"),
    ] {
        let _ = js_sys::Reflect::set(&init, &k.into(), &v.into());
    }
    let Ok(fetch) = js_sys::Reflect::get(&window, &"fetch".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
    else {
        return false;
    };
    let Ok(p) = fetch.call2(&window, &url.into(), &init) else {
        return false;
    };
    JsFuture::from(js_sys::Promise::from(p)).await.is_ok()
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

/// How one page's request ended.
enum Fetch {
    /// The page, and the store's `X-Experience-API-Consistent-Through` when it sent one the
    /// page may read (a store must expose it by CORS).
    Page(Vec<u8>, Option<String>),
    Stopped,
    Failed(Problem),
}

/// Reads one page: the request and its body a chunk at a time, each chunk restarting the
/// idle time; refused when redirected, from another origin, not 2xx or over
/// [`MAX_PAGE_BYTES`]. `first`: no page has come through yet (a failure may then be CORS).
async fn fetch_page(job: &Job, url: &str, auth: &str, first: bool) -> Fetch {
    let Ok(watch) = Watch::new(&job.stop) else {
        return Fetch::Failed(Problem::Unreachable);
    };
    let response = match get(url, auth, &watch.signal).await {
        Ok(r) => r,
        Err(_) if watch.why.get().is_some() => return watch.failure(Problem::Closed),
        Err(_) if !first => return watch.failure(Problem::Closed),
        Err(_) if answers_at_all(url).await => return Fetch::Failed(Problem::Unreachable),
        Err(_) => return Fetch::Failed(Problem::NoAnswer),
    };
    watch.bytes_came();
    if response.type_() == web_sys::ResponseType::Opaqueredirect
        || (300..400).contains(&response.status())
        || !super::query::same_origin(&response.url(), url)
    {
        return Fetch::Failed(Problem::Redirected);
    }
    if let Some(p) = status_problem(response.status()) {
        return Fetch::Failed(p);
    }
    let consistent = response
        .headers()
        .get("X-Experience-API-Consistent-Through")
        .ok()
        .flatten();
    let Some(body) = response.body() else {
        return Fetch::Page(Vec::new(), consistent);
    };
    let Ok(reader) = body.get_reader().dyn_into::<js_sys::Object>() else {
        return Fetch::Failed(Problem::Closed);
    };
    let Ok(read) = js_sys::Reflect::get(&reader, &"read".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
    else {
        return Fetch::Failed(Problem::Closed);
    };
    let mut bytes = Vec::new();
    loop {
        let chunk = match read.call0(&reader) {
            Ok(p) => JsFuture::from(js_sys::Promise::from(p)).await,
            Err(e) => Err(e),
        };
        let Ok(chunk) = chunk else {
            return watch.failure(Problem::Closed);
        };
        watch.bytes_came();
        let done = js_sys::Reflect::get(&chunk, &"done".into()).is_ok_and(|d| d.is_truthy());
        if done {
            return Fetch::Page(bytes, consistent);
        }
        if let Ok(v) = js_sys::Reflect::get(&chunk, &"value".into()) {
            let v = js_sys::Uint8Array::new(&v);
            if bytes.len() + v.length() as usize > MAX_PAGE_BYTES {
                if let Ok(cancel) = js_sys::Reflect::get(&reader, &"cancel".into())
                    .and_then(|f| f.dyn_into::<js_sys::Function>())
                {
                    let _ = cancel.call0(&reader);
                }
                return Fetch::Failed(Problem::PageTooLarge(MAX_PAGE_BYTES));
            }
            let at = bytes.len();
            bytes.resize(at + v.length() as usize, 0);
            v.copy_to(&mut bytes[at..]);
        }
    }
}

/// A read that stopped before its end: the pages read, and where it would go on (with the
/// query, so «Reintentar» goes on from the page that failed, into the same report).
#[derive(Clone, Debug, PartialEq)]
pub struct Cut {
    pub query: Query,
    pub walk: Walk,
}

/// Reads every page of the store's answers to the query into the job's report.
pub async fn from_store(job: Job, q: Query) {
    let walk = Walk::new(&q);
    from_store_at(job, q, walk).await
}

/// Reads the store's pages from `walk.next` on (the first page, or the one a read failed at).
/// A read that ends early after a page came through says so first ([`Event::Cut`]).
pub async fn from_store_at(job: Job, q: Query, mut walk: Walk) {
    let mut clock = Clock::new();
    let end = |job: &Job, walk: &Walk, e: Event| {
        if walk.pages > 0 {
            job.on.emit(Event::Cut(Cut {
                query: q.clone(),
                walk: walk.clone(),
            }));
        }
        job.on.emit(e)
    };
    loop {
        if job.stop.get() {
            return end(&job, &walk, Event::Stopped);
        }
        let bytes = match fetch_page(&job, &walk.next, &q.auth, walk.pages == 0).await {
            Fetch::Page(b, _) => b,
            Fetch::Stopped => return end(&job, &walk, Event::Stopped),
            Fetch::Failed(p) => return end(&job, &walk, Event::Failed(p)),
        };
        if let Some(p) = page_problem(&bytes) {
            return end(&job, &walk, Event::Failed(p));
        }
        // A page is an object: an array or anything else is refused before any of it counts.
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
        if start.is_none_or(|i| bytes[i] != b'{') {
            return end(&job, &walk, Event::Failed(Problem::Shape));
        }
        let mut s = Splitter::new();
        match feed(&job, &mut s, &bytes, &mut clock).await {
            Err(_) => return end(&job, &walk, Event::Failed(Problem::Shape)),
            Ok(false) => return end(&job, &walk, Event::Stopped),
            Ok(true) => {}
        }
        drop(bytes);
        let more = match finish(&job, s, &mut clock) {
            Ok((Format::Page, more)) => more,
            _ => return end(&job, &walk, Event::Failed(Problem::Shape)),
        };
        let go_on = walk.read(&q, more.as_deref());
        let read = job.report.borrow().counts().read;
        clock.tell(
            &job,
            Progress {
                read,
                pages: walk.pages,
                ..Progress::default()
            },
        );
        match go_on {
            Ok(true) => {}
            Ok(false) => {
                if job.report.borrow().counts().answers == 0 {
                    let (activities, store_empty) = seen_activities(&q).await;
                    job.on.emit(Event::Seen {
                        activities,
                        store_empty,
                    });
                }
                return clock.done(&job);
            }
            // The page that led on is read; a cut here goes on from nowhere new: the walk's
            // next page is still the last good one's, so «Reintentar» asks the store again.
            Err(p) => return end(&job, &walk, Event::Failed(p)),
        }
    }
}

/// One live poll: every page of the store's answers to `q` (asked `since` the live cursor)
/// into the job's report, which counts a statement read before once. Ok with the store's
/// consistent-through (ms since 1970) when it said it; Err with the problem of the page that
/// failed (what came before it is kept, and the next poll asks again from the same cursor).
pub async fn poll(job: &Job, q: &Query) -> Result<Option<i64>, Problem> {
    let mut walk = Walk::new(q);
    let mut clock = Clock::new();
    let mut consistent = None;
    loop {
        if job.stop.get() {
            return Ok(consistent);
        }
        let bytes = match fetch_page(job, &walk.next, &q.auth, false).await {
            Fetch::Page(b, c) => {
                // The earliest the pages said: everything before it was visible to them all.
                let c = c.and_then(|c| retry_lab_core::sim::utc::parse_ms(&c));
                consistent = match (consistent, c) {
                    (Some(a), Some(b)) => Some(std::cmp::min(a, b)),
                    (a, b) => a.or(b),
                };
                b
            }
            Fetch::Stopped => return Ok(consistent),
            Fetch::Failed(p) => return Err(p),
        };
        if let Some(p) = page_problem(&bytes) {
            return Err(p);
        }
        let mut s = Splitter::new();
        match feed(job, &mut s, &bytes, &mut clock).await {
            Err(_) => return Err(Problem::Shape),
            Ok(false) => return Ok(consistent),
            Ok(true) => {}
        }
        let more = match finish(job, s, &mut clock) {
            Ok((Format::Page, more)) => more,
            _ => return Err(Problem::Shape),
        };
        if !walk.read(q, more.as_deref())? {
            return Ok(consistent);
        }
    }
}

/// What a store has answers of, when it had none of the activity asked for (a typo, another
/// course's IRI): one page of its latest answers of any activity, read into a report of the
/// same filter, which names the other activities it met; and whether that page had no answer
/// at all (an empty store). Nothing when that page cannot be read (the sentence then says only
/// that the activity has no answers).
async fn seen_activities(q: &Query) -> (Vec<String>, bool) {
    let Ok(response) = get(&q.probe_url(), &q.auth, &JsValue::UNDEFINED).await else {
        return (Vec::new(), false);
    };
    if status_problem(response.status()).is_some() {
        return (Vec::new(), false);
    }
    let text = match response.text() {
        Ok(p) => JsFuture::from(p).await.ok().and_then(|t| t.as_string()),
        Err(_) => None,
    };
    let mut r = Report::new(retry_lab_report::Filter {
        activity: Some(q.activity.clone()),
        ..Default::default()
    });
    let mut s = Splitter::new();
    let text = text.unwrap_or_default();
    if s.push(text.as_bytes(), &mut |p| r.feed_piece(p)).is_err() {
        return (Vec::new(), false);
    }
    let Ok((Format::Page, _)) = s.finish(&mut |p| r.feed_piece(p)) else {
        return (Vec::new(), false);
    };
    let c = r.counts();
    let seen = c.other_activities.iter().map(|a| a.to_string()).collect();
    (seen, c.read == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_the_parser_would_refuse_is_said_to_be_too_large_not_utf8_or_too_deep() {
        let page = br#"{"statements":[{"a":{"b":["[{\"]"]}}],"more":""}"#;
        assert_eq!(page_problem(page), None);
        assert_eq!(nesting(page, 64), 5, "brackets in strings do not count");
        // 200 000 levels: refused at once, not read as «no answers».
        let deep = format!(
            r#"{{"statements":[{}{}],"more":""}}"#,
            "[".repeat(200_000),
            "]".repeat(200_000)
        );
        assert_eq!(
            page_problem(deep.as_bytes()),
            Some(Problem::PageTooDeep(MAX_DEPTH))
        );
        let mut bad = br#"{"statements":[],"more":""}"#.to_vec();
        bad.insert(3, 0xff);
        assert_eq!(page_problem(&bad), Some(Problem::PageNotUtf8(3)));
        // A 50 MB `more`: the page is over the limit.
        let big = format!(
            r#"{{"statements":[],"more":"{}"}}"#,
            "m".repeat(MAX_PAGE_BYTES)
        );
        assert_eq!(
            page_problem(big.as_bytes()),
            Some(Problem::PageTooLarge(MAX_PAGE_BYTES))
        );
    }
}

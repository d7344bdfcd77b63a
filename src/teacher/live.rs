//! The live mode's polling: after a store's full read, the store is asked every few seconds
//! for what was stored `since` the report's cursor (`report::live::Cursor`), and what comes is
//! fed into the same report (a statement read before counts once, by its id). One poll at a
//! time; slower while the tab is hidden and after failures; a store that fails is asked again
//! from the same cursor, so nothing is lost; a key that may no longer read ends it. It ends
//! when the mode is turned off, another read starts, or the page is closed.
use std::cell::Cell;
use std::rc::Rc;

use yew::Callback;

use super::load::{self, Job};
use super::query::Query;
use super::{Msg, Teacher};
use retry_lab_report::live::Cursor;
use retry_lab_text::teacher_keys::Problem;

/// Between two polls while the page is seen, in ms: an answer is on the teacher's screen
/// within this and the poll's own time.
pub const EVERY_MS: f64 = 3_000.0;
/// Between two polls while the tab is hidden.
pub const HIDDEN_MS: f64 = 30_000.0;
/// The longest wait after failures (doubling from [`EVERY_MS`]) while the page is seen.
pub const MOST_MS: f64 = 15_000.0;
/// How often the wait looks at the Stop flag and the tab's visibility.
const TICK_MS: u32 = 250;

/// The wait before the next poll: [`EVERY_MS`], doubled per failure in a row up to
/// [`MOST_MS`]; [`HIDDEN_MS`] while hidden.
pub fn wait_ms(hidden: bool, failures: u32) -> f64 {
    if hidden {
        return HIDDEN_MS;
    }
    (EVERY_MS * f64::from(1u32 << failures.min(8))).min(MOST_MS)
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| js_sys::Reflect::get(&d, &"hidden".into()).ok())
        .is_some_and(|h| h.is_truthy())
}

/// Starts the live mode on the last store read's query, into its report.
pub fn start(model: &Teacher) {
    let (query, report) = {
        let m = model.model();
        let Some(q) = m.query.clone() else { return };
        (q, m.report.clone())
    };
    let stop = Rc::new(Cell::new(false));
    model.dispatch(Msg::LiveStart {
        stop: stop.clone(),
        now: now(),
    });
    let m = model.clone();
    wasm_bindgen_futures::spawn_local(async move {
        // The page closed (or left for another): no poll after it.
        let closing = web_sys::window().map(|w| {
            let stop = stop.clone();
            gloo::events::EventListener::new(&w, "pagehide", move |_| stop.set(true))
        });
        let mut cursor = Cursor::after_poll(report.borrow().last_stored(), None);
        let mut failures = 0u32;
        let mut last = now();
        loop {
            loop {
                load::sleep(TICK_MS).await;
                if stop.get() {
                    drop(closing);
                    return;
                }
                if now() - last >= wait_ms(hidden(), failures) {
                    break;
                }
            }
            let q = Query {
                since: cursor.since().map(retry_lab_core::sim::utc::format_utc_ms),
                until: None,
                ..query.clone()
            };
            let job = Job {
                report: report.clone(),
                stop: stop.clone(),
                on: Callback::noop(),
            };
            let result = load::poll(&job, &q).await;
            last = now();
            if stop.get() {
                drop(closing);
                return;
            }
            let result = match result {
                Ok(consistent) => {
                    cursor = Cursor::after_poll(report.borrow().last_stored(), consistent);
                    failures = 0;
                    Ok(())
                }
                // The cursor stays: the next poll asks again for all this one missed.
                Err(p) => {
                    failures += 1;
                    Err(p)
                }
            };
            let denied = matches!(result, Err(Problem::WrongKey | Problem::Forbidden));
            m.dispatch(Msg::Polled { result, now: now() });
            if denied {
                drop(closing);
                return;
            }
        }
    });
}

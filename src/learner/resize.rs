//! Watches the lab's root element and reports its height when it changes, debounced, so a
//! burst of layout changes (the first paint, a panel opening) sends one message, but never
//! held back longer than a moment: while the clock plays, the lab changes size with nearly
//! every tick, and a plain debounce reported nothing until it stopped. The host's frame then
//! stayed at its first height (the lab scrolling inside it) and grew all at once when a stop
//! was passed, moving the page under the learner's next tap. A smaller height waits a little
//! longer (see [`SHRINK_HOLD_MS`]).
use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Quiet time after the last change before the height is reported.
const DEBOUNCE_MS: u32 = 120;
/// The longest a change waits to be reported, however many follow it.
const MAX_WAIT_MS: f64 = 300.0;

/// How long a smaller height waits, once quiet, before it is reported: a move into view (a new
/// stop's card brought up, smoothly) is usually under way when panels close, and a frame made
/// shorter under it cut the course page's scroll short mid-way (for a moment the page's end
/// showed, with the bar gone). The space left at the frame's end meanwhile is below what the
/// learner looks at. A larger height is reported at once: nothing may be cut off.
const SHRINK_HOLD_MS: u32 = 700;

/// Set on the watched element while a height waits to be reported: the host's frame is about to
/// change size. The browser checks wait for it to go before a tap, as a learner's eye would wait
/// for the page to stop moving (a tap during a held shrink landed beside its button in CI).
const PENDING_ATTR: &str = "data-height-pending";

/// The reports scheduled so far (only the latest one sends), when the first change not
/// reported yet happened, and the height last reported.
#[derive(Default)]
struct Pending {
    generation: u32,
    since: Option<f64>,
    reported: u32,
}

pub struct Watcher {
    observer: web_sys::ResizeObserver,
    _callback: Closure<dyn FnMut()>,
    pending: Rc<RefCell<Pending>>,
    target: web_sys::Element,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// What a scheduled report needs: the state, the element measured, where the height goes.
#[derive(Clone)]
struct Reporter {
    state: Rc<RefCell<Pending>>,
    target: web_sys::Element,
    report: Rc<dyn Fn(u32)>,
}

impl Reporter {
    /// Reports the height after `wait` ms unless a later change replaced report `mine`; a
    /// smaller height is held once more (`held` says it was).
    fn schedule(self, mine: u32, wait: u32, held: bool) {
        // Handed to the browser: a report replaced since it was scheduled does nothing.
        Timeout::new(wait, move || {
            let mut p = self.state.borrow_mut();
            if p.generation != mine {
                return;
            }
            let h = height(&self.target);
            if h < p.reported && !held {
                drop(p);
                return self.schedule(mine, SHRINK_HOLD_MS, true);
            }
            p.since = None;
            p.reported = h;
            drop(p);
            let _ = self.target.remove_attribute(PENDING_ATTR);
            (self.report)(h);
        })
        .forget();
    }
}

impl Watcher {
    /// None where the browser has no ResizeObserver: the host then gets no height.
    pub fn new(el: web_sys::Element, report: impl Fn(u32) + 'static) -> Option<Watcher> {
        let pending: Rc<RefCell<Pending>> = Rc::default();
        let reporter = Reporter {
            state: pending.clone(),
            target: el.clone(),
            report: Rc::new(report),
        };
        let callback = Closure::<dyn FnMut()>::new(move || {
            let now = now_ms();
            let mut p = reporter.state.borrow_mut();
            // A report already waiting that long is left to go out as planned.
            if p.since
                .is_some_and(|s| now - s >= MAX_WAIT_MS - f64::from(DEBOUNCE_MS))
            {
                return;
            }
            // A new change replaces the waiting report: one message per burst.
            p.generation = p.generation.wrapping_add(1);
            if p.since.is_none() {
                p.since = Some(now);
                let _ = reporter.target.set_attribute(PENDING_ATTR, "");
            }
            let mine = p.generation;
            drop(p);
            reporter.clone().schedule(mine, DEBOUNCE_MS, false);
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        observer.observe(&el);
        Some(Watcher {
            observer,
            _callback: callback,
            pending,
            target: el,
        })
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.observer.disconnect();
        // A report still scheduled finds itself replaced.
        let mut p = self.pending.borrow_mut();
        p.generation = p.generation.wrapping_add(1);
        let _ = self.target.remove_attribute(PENDING_ATTR);
    }
}

/// The page's height down to the lab's bottom edge (the body has no margin; the lab's padding
/// is inside it), rounded up: it follows the lab's content, not the frame the host gives it.
fn height(el: &web_sys::Element) -> u32 {
    let bottom = el.get_bounding_client_rect().bottom();
    let scroll = web_sys::window()
        .and_then(|w| w.scroll_y().ok())
        .unwrap_or(0.0);
    (bottom + scroll).ceil().max(0.0) as u32
}

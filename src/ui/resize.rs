//! Watches the lab's root element and reports its height when it changes, debounced, so a
//! burst of layout changes (the first paint, a panel opening) sends one message.
use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Quiet time after the last change before the height is reported.
const DEBOUNCE_MS: u32 = 120;

pub struct Watcher {
    observer: web_sys::ResizeObserver,
    _callback: Closure<dyn FnMut()>,
    _pending: Rc<RefCell<Option<Timeout>>>,
}

impl Watcher {
    /// None where the browser has no ResizeObserver: the host then gets no height.
    pub fn new(el: web_sys::Element, report: impl Fn(u32) + 'static) -> Option<Watcher> {
        let report = Rc::new(report);
        let pending: Rc<RefCell<Option<Timeout>>> = Rc::default();
        let (target, slot) = (el.clone(), pending.clone());
        let callback = Closure::<dyn FnMut()>::new(move || {
            let (target, report) = (target.clone(), report.clone());
            // A new change replaces (cancels) the waiting report: one message per burst.
            *slot.borrow_mut() = Some(Timeout::new(DEBOUNCE_MS, move || report(height(&target))));
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        observer.observe(&el);
        Some(Watcher {
            observer,
            _callback: callback,
            _pending: pending,
        })
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.observer.disconnect();
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

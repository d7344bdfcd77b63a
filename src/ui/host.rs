//! The lab's side of the host page: progress messages out (only to the configured origin),
//! validated messages in (only from it), and the content height.
use std::cell::Cell;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;

use super::js_value;
use crate::embed::challenges::Challenge;
use crate::embed::protocol::{is_own, parse_incoming, Incoming, Outgoing};

pub struct HostLink {
    /// Where messages go; None sends nothing.
    target_origin: Option<String>,
    last_height: Cell<u32>,
}

impl HostLink {
    pub fn new(target_origin: Option<String>) -> Self {
        HostLink {
            target_origin,
            last_height: Cell::new(0),
        }
    }

    pub fn post(&self, msg: &Outgoing) {
        let Some(origin) = &self.target_origin else {
            return;
        };
        let Some(win) = web_sys::window() else { return };
        // parent() is the window itself when the lab is not in a frame (direct mount).
        let target = win.parent().ok().flatten().unwrap_or(win);
        let _ = target.post_message(&js_value::message(msg), origin);
    }

    /// Checkpoints for `new`, then `completed` once every challenge is in `all`.
    pub fn announce(&self, new: &[Challenge], all: &std::collections::BTreeSet<Challenge>) {
        for c in new {
            self.post(&Outgoing::Checkpoint { id: c.as_str() });
        }
        if !new.is_empty() && all.len() == Challenge::ALL.len() {
            self.post(&Outgoing::Completed {
                checkpoints: Challenge::ALL.iter().map(|c| c.as_str()).collect(),
            });
        }
    }

    /// Posts the page's content height when it changed.
    pub fn report_height(&self) {
        // Reading scrollHeight forces a layout; with no host to tell, skip it on every render.
        if self.target_origin.is_none() {
            return;
        }
        let h = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
            .map(|e| e.scroll_height().max(0) as u32)
            .unwrap_or(0);
        if h != 0 && h != self.last_height.get() {
            self.last_height.set(h);
            self.post(&Outgoing::Height { px: h });
        }
    }

    /// Listens for host messages; `on_message` gets accepted ones, `on_ignored` is called for
    /// every other message. Listening stops when the returned listener is dropped.
    pub fn listen(
        &self,
        on_message: impl Fn(Incoming) + 'static,
        on_ignored: impl Fn() + 'static,
    ) -> Option<EventListener> {
        let trusted = self.target_origin.clone().filter(|o| o != "*");
        let win = web_sys::window()?;
        Some(EventListener::new(&win, "message", move |e| {
            let Some(e) = e.dyn_ref::<web_sys::MessageEvent>() else {
                return;
            };
            let data = js_value::read(&e.data());
            // Our own messages come back to us in a direct mount; they are not the host's.
            if is_own(&data) {
                return;
            }
            match (&trusted, parse_incoming(&data)) {
                (Some(origin), Ok(m)) if *origin == e.origin() => on_message(m),
                _ => on_ignored(),
            }
        }))
    }
}

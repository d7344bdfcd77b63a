//! The lab's side of the host page: progress messages out (only to the configured origin),
//! validated messages in (only from it), and the content height.
use std::cell::Cell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::embed::challenges::Challenge;
use crate::embed::protocol::{parse_incoming, Incoming, Outgoing, SOURCE};

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
        if let Ok(data) = js_sys::JSON::parse(&msg.to_json()) {
            let _ = target.post_message(&data, origin);
        }
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
    /// every other message. Returns a guard that stops listening when dropped.
    pub fn listen(
        &self,
        on_message: impl Fn(Incoming) + 'static,
        on_ignored: impl Fn() + 'static,
    ) -> Option<Listener> {
        let trusted = self.target_origin.clone().filter(|o| o != "*");
        let closure =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let data = e.data();
                let text = js_sys::JSON::stringify(&data)
                    .ok()
                    .and_then(|s| s.as_string())
                    .unwrap_or_default();
                // Our own messages come back to us in a direct mount; they are not the host's.
                if text.contains(&format!("\"source\":\"{SOURCE}\"")) {
                    return;
                }
                match (&trusted, parse_incoming(&text)) {
                    (Some(origin), Ok(m)) if *origin == e.origin() => on_message(m),
                    _ => on_ignored(),
                }
            });
        let win = web_sys::window()?;
        win.add_event_listener_with_callback("message", closure.as_ref().unchecked_ref())
            .ok()?;
        Some(Listener { closure })
    }
}

pub struct Listener {
    closure: Closure<dyn Fn(web_sys::MessageEvent)>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        if let Some(win) = web_sys::window() {
            let _ = win.remove_event_listener_with_callback(
                "message",
                self.closure.as_ref().unchecked_ref(),
            );
        }
    }
}

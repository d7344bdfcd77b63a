//! The lab's side of the host page: progress messages out (only to the configured origin),
//! validated messages in (only from it), and the content height.
use std::cell::Cell;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;

use crate::js_value;
use retry_lab_core::embed::protocol::{is_own, parse_incoming, Incoming, Out, Outgoing, Resize};
use retry_lab_core::lab::{Effects, Lab};
use retry_lab_core::record::Session;

/// The window the lab reports to: the parent frame, or the window itself when the lab is not
/// in a frame (a direct mount).
fn host_window() -> Option<web_sys::Window> {
    let win = web_sys::window()?;
    Some(win.parent().ok().flatten().unwrap_or(win))
}

/// A fresh registration for this visit (a random UUID v4); all zeros if the browser has no
/// cryptographic generator.
pub fn registration() -> uuid::Uuid {
    let mut bytes = [0u8; 16];
    let _ = getrandom::fill(&mut bytes);
    uuid::Builder::from_random_bytes(bytes).into_uuid()
}

/// Now, for a statement's timestamp.
pub fn now_iso() -> String {
    String::from(js_sys::Date::new_0().to_iso_string())
}

pub struct HostLink {
    /// Where messages go; None sends nothing.
    target_origin: Option<String>,
    resize: Resize,
    last_height: Cell<u32>,
    /// The xAPI session, when the host gave an activity IRI.
    xapi: Option<Session>,
}

impl HostLink {
    pub fn new(
        target_origin: Option<String>,
        resize: Resize,
        xapi: Option<String>,
        class: Option<String>,
    ) -> Self {
        let xapi = xapi.map(|a| retry_lab_text::progress::lab_session(a, registration(), class));
        Self::with_session(target_origin, resize, xapi)
    }

    /// A link whose statements are those of `xapi` (the workbench's own session).
    pub fn with_session(
        target_origin: Option<String>,
        resize: Resize,
        xapi: Option<Session>,
    ) -> Self {
        HostLink {
            target_origin,
            resize,
            last_height: Cell::new(0),
            xapi,
        }
    }

    /// The xAPI session, when the host gave an activity.
    pub fn session(&self) -> Option<&Session> {
        self.xapi.as_ref()
    }

    /// Whether anyone wants to hear the lab's height (measuring forces a layout).
    pub fn wants_height(&self) -> bool {
        match self.resize {
            Resize::None => false,
            Resize::Lab => self.target_origin.is_some(),
            Resize::Lti => true,
        }
    }

    pub fn post(&self, msg: &Outgoing) {
        if let (Some(origin), Some(target)) = (&self.target_origin, host_window()) {
            let _ = target.post_message(&js_value::message(msg), origin);
        }
    }

    /// What the host is told of what the learner reached with one action (see
    /// [`retry_lab_core::record`]), to send with [`Self::post`]: written as the action is applied, so
    /// they name the lab as it was then.
    pub fn progress(&self, lab: &Lab, fx: &Effects) -> Vec<Outgoing> {
        if !fx.tells_host() {
            return Vec::new();
        }
        let words = retry_lab_text::progress::LabWords;
        retry_lab_core::record::messages(lab, fx, self.xapi.as_ref(), &words, &now_iso())
    }

    /// The learner's progress, for a host that keeps it (`keep=host`): the text the browser's
    /// storage would hold.
    pub fn saved(&self, lab: &Lab) {
        let state = retry_lab_core::embed::saved::Saved::of(lab).to_text();
        self.post(&Outgoing::Saved { state });
    }

    /// The host learns the lab is ready (and, with `xapi`, that the learner began).
    pub fn ready(&self, lab: &Lab) {
        for m in retry_lab_core::record::ready(lab, self.xapi.as_ref(), &now_iso()) {
            self.post(&m);
        }
    }

    /// Tells the host the lab's height, `px`, if it changed: the lab's `height` message, and in
    /// `lti` mode also `lti.frameResize`, which Canvas, Brightspace and Sakai act on.
    pub fn report_height(&self, px: u32) {
        if px == 0 || px == self.last_height.get() || !self.wants_height() {
            return;
        }
        self.last_height.set(px);
        self.post(&Outgoing::Height { px });
        if let (Resize::Lti, Some(target)) = (self.resize, host_window()) {
            let msg = js_value::object(&[
                ("subject", Out::Str("lti.frameResize")),
                ("height", Out::Num(px)),
            ]);
            // The platform's frame asks for no origin; a height is no secret.
            let origin = self.target_origin.as_deref().unwrap_or("*");
            let _ = target.post_message(&msg, origin);
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

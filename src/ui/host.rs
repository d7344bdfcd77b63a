//! The lab's side of the host page: progress messages out (only to the configured origin),
//! validated messages in (only from it), and the content height.
use std::cell::Cell;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;

use super::js_value;
use super::text::Texts;
use crate::embed::protocol::{is_own, parse_incoming, Incoming, Out, Outgoing, Resize};
use crate::embed::xapi::{self, Interaction, Names, Object, Session, Verb};
use crate::lab::checkpoints::{Challenge, Stop};
use crate::lab::Lab;

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

/// A text in both languages, from how one language's table words it.
fn in_both(f: &dyn Fn(&'static Texts) -> String) -> Names {
    Names::of(|l| f(l.t()))
}

/// What a statement is about: its id under the lab's activity, and how to name it.
type Part<'a> = (&'a str, &'a dyn Fn(&'static Texts) -> String);

pub struct HostLink {
    /// Where messages go; None sends nothing.
    target_origin: Option<String>,
    resize: Resize,
    last_height: Cell<u32>,
    /// The xAPI session, when the host gave an activity IRI.
    xapi: Option<Session>,
}

impl HostLink {
    pub fn new(target_origin: Option<String>, resize: Resize, xapi: Option<String>) -> Self {
        let xapi = xapi.map(|activity| Session {
            activity,
            registration: registration(),
            name: in_both(&|t| t.title.into()),
            description: in_both(&|t| t.subtitle.into()),
        });
        HostLink {
            target_origin,
            resize,
            last_height: Cell::new(0),
            xapi,
        }
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

    /// Tells the host what the learner reached: a checkpoint for each new challenge and for a
    /// passed stop of the path, `completed` once every challenge or every stop is reached, and,
    /// with `xapi`, the statements for them (progressed, answered, completed).
    pub fn progress(&self, lab: &Lab, new: &[Challenge], stop: Option<Stop>) {
        let total = (Challenge::COUNT + Stop::COUNT) as u32;
        let percent = ((lab.challenges.len() + lab.path.passed.len()) as u32 * 100) / total;
        let progressed = Verb::Progressed { percent };
        for &c in new {
            self.post(&Outgoing::Checkpoint { id: c.as_str() });
            let name = move |t: &'static Texts| t.challenge(c).to_string();
            self.statement(lab, &progressed, Some((c.as_str(), &name)));
        }
        if let Some(stop) = stop {
            self.post(&Outgoing::Checkpoint { id: stop.as_str() });
            let name = move |t: &'static Texts| t.path.stop(stop).title.to_string();
            if let (Some((said, saw)), Some(_)) = (lab.path.result(), &self.xapi) {
                let mut choices = stop.choices().to_vec();
                let correct = choices.iter().position(|c| *c == saw).unwrap_or_else(|| {
                    choices.push(saw);
                    choices.len() - 1
                });
                let interaction = Interaction {
                    prompt: in_both(&|t| t.path.stop(stop).prompt.to_string()),
                    choices: choices
                        .iter()
                        .map(|&c| in_both(&|t| t.path_answer(stop, c)))
                        .collect(),
                    correct,
                    response: choices.iter().position(|c| *c == said).unwrap_or(0),
                };
                let answered = Verb::Answered(interaction);
                self.statement(lab, &answered, Some((stop.as_str(), &name)));
            }
            self.statement(lab, &progressed, Some((stop.as_str(), &name)));
        }
        if !new.is_empty() && lab.challenges.len() == Challenge::COUNT {
            self.post(&Outgoing::Completed {
                checkpoints: Challenge::NAMES.to_vec(),
            });
            self.statement(lab, &Verb::Completed { score: None }, None);
        }
        if stop.is_some() && lab.path.finished() {
            self.post(&Outgoing::Completed {
                checkpoints: Stop::NAMES.to_vec(),
            });
            let score = Some((lab.path.right.len() as u32, Stop::COUNT as u32));
            self.statement(lab, &Verb::Completed { score }, None);
        }
    }

    /// The host learns the lab is ready (and, with `xapi`, that the learner began).
    pub fn ready(&self, lab: &Lab) {
        self.post(&Outgoing::Ready { lang: lab.lang });
        self.statement(lab, &Verb::Initialized, None);
    }

    /// An xAPI statement about the lab itself (`part` None) or one of its parts, if the host
    /// asked for them; names are only worded then.
    fn statement(&self, lab: &Lab, verb: &Verb, part: Option<Part>) {
        let Some(session) = &self.xapi else { return };
        let name = part.map(|(_, f)| in_both(f));
        let object = Object {
            part: part.map(|(id, _)| id),
            name: name.as_ref().unwrap_or(&session.name),
        };
        let timestamp = String::from(js_sys::Date::new_0().to_iso_string());
        let statement = xapi::statement(session, verb, object, lab.lang, &timestamp);
        self.post(&Outgoing::Xapi { statement });
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

//! The polite live region's voice: the most salient news (see `lab::announce`) at most every
//! two seconds, so that 3600x does not flood a screen reader; the log itself stays silent.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::NodeRef;

use retry_lab_core::lab::announce::Salient;
use retry_lab_text::Texts;

/// Real time between two announcements.
const QUIET_MS: f64 = 2000.0;

#[derive(Default)]
pub struct Announcer {
    pub region: NodeRef,
    pending: RefCell<Option<(Salient, &'static Texts)>>,
    /// A guided-path result, spoken after the simulation's news of the same moment.
    pending_result: RefCell<Option<String>>,
    last_ms: Cell<f64>,
    timer: RefCell<Option<Timeout>>,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

impl Announcer {
    /// Offers news; it is spoken now, or at the end of the quiet time together with anything
    /// more salient that comes meanwhile.
    pub fn offer(self: &Rc<Self>, news: Option<Salient>, t: &'static Texts) {
        let Some(news) = news else { return };
        let merged = match self.pending.borrow_mut().take() {
            Some((old, _)) => Salient::max(Some(old), Some(news)),
            None => Some(news),
        };
        *self.pending.borrow_mut() = merged.map(|s| (s, t));
        self.schedule();
    }

    /// Offers the result of a guided-path stop (its words already in the learner's language).
    pub fn offer_result(self: &Rc<Self>, words: String) {
        *self.pending_result.borrow_mut() = Some(words);
        self.schedule();
    }

    /// Forgets what was said about the stop the learner has just left, and its result if it
    /// was still waiting for its turn: a new stop starts silent.
    pub fn clear(&self) {
        self.pending_result.borrow_mut().take();
        if let Some(el) = self.region.get() {
            el.set_text_content(None);
        }
    }

    fn schedule(self: &Rc<Self>) {
        let wait = self.last_ms.get() + QUIET_MS - now_ms();
        if wait <= 0.0 {
            self.speak();
        } else if self.timer.borrow().is_none() {
            let me = self.clone();
            *self.timer.borrow_mut() = Some(Timeout::new(wait.ceil() as u32, move || {
                me.timer.borrow_mut().take();
                me.speak();
            }));
        }
    }

    fn speak(&self) {
        let news = self.pending.borrow_mut().take();
        let result = self.pending_result.borrow_mut().take();
        let words: Vec<String> = news
            .map(|(news, t)| t.announce(&news))
            .into_iter()
            .chain(result)
            .collect();
        if words.is_empty() {
            return;
        }
        if let Some(el) = self.region.get() {
            el.set_text_content(Some(&words.join(" ")));
            self.last_ms.set(now_ms());
        }
    }
}

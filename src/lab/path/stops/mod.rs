//! The guided path's table: each stop described by its own file in this folder ([`StopSpec`]:
//! its offers, the lesson's answer, its scene, what its run shows, its own action, its
//! evidence), listed once here. A new stop is a file here, its line in [`describe`], its name
//! in `names::Stop` and its beliefs in `names::Choice`; its texts are keyed by it in
//! `ui::text::es` and `ui::text::en`.
use super::act::Stepped;
use super::names::{Choice, Stop};
use super::spec::{Answer, Kind, Offer, StopSpec};
use crate::lab::panels::Panel;

pub use failure_rate::{FAILURE_RATE_P, SHARES};

mod prelude;

mod ack_first;
mod ack_lost;
mod ask_at_least_once;
mod ask_natural;
mod ask_redelivery;
mod ask_same_transaction;
mod backoff;
mod boundary;
mod crash;
mod cursor;
mod cursor_resume;
mod dead_letter;
mod double_v4;
mod double_v5;
mod exactly_once;
mod failure_rate;
mod insert_first;
mod jitter_herd;
mod natural;
mod no_immediate_retry;
mod no_jitter;
mod race;
mod rebalance;
mod transaction;
mod visibility_timeout;

/// Every stop's description, worked out by the compiler: a table in the module's data rather
/// than a match in its code (a lookup here is an index, however many places ask).
static SPECS: [StopSpec; Stop::COUNT] = {
    let mut specs = [describe(Stop::Backoff); Stop::COUNT];
    let mut i = 0;
    while i < Stop::COUNT {
        specs[i] = describe(Stop::ALL[i]);
        i += 1;
    }
    specs
};

/// Each stop's own description: exhaustive, so a new stop is described or does not compile.
const fn describe(stop: Stop) -> StopSpec {
    match stop {
        Stop::Backoff => backoff::SPEC,
        Stop::NoImmediateRetry => no_immediate_retry::SPEC,
        Stop::JitterHerd => jitter_herd::SPEC,
        Stop::NoJitter => no_jitter::SPEC,
        Stop::DeadLetter => dead_letter::SPEC,
        Stop::FailureRate => failure_rate::SPEC,
        Stop::DoubleV4 => double_v4::SPEC,
        Stop::DoubleV5 => double_v5::SPEC,
        Stop::Crash => crash::SPEC,
        Stop::AskRedelivery => ask_redelivery::SPEC,
        Stop::AckLost => ack_lost::SPEC,
        Stop::Rebalance => rebalance::SPEC,
        Stop::ExactlyOnce => exactly_once::SPEC,
        Stop::VisibilityTimeout => visibility_timeout::SPEC,
        Stop::Transaction => transaction::SPEC,
        Stop::AskSameTransaction => ask_same_transaction::SPEC,
        Stop::Race => race::SPEC,
        Stop::InsertFirst => insert_first::SPEC,
        Stop::Natural => natural::SPEC,
        Stop::AskNatural => ask_natural::SPEC,
        Stop::Boundary => boundary::SPEC,
        Stop::Cursor => cursor::SPEC,
        Stop::CursorResume => cursor_resume::SPEC,
        Stop::AckFirst => ack_first::SPEC,
        Stop::AskAtLeastOnce => ask_at_least_once::SPEC,
    }
}

impl Stop {
    /// The stop, described.
    pub fn spec(self) -> &'static StopSpec {
        &SPECS[self as usize]
    }

    pub fn offers(self) -> &'static [Offer] {
        self.spec().offers
    }

    /// `choice` as this stop offers it, if it does.
    pub fn offer(self, choice: Choice) -> Option<Offer> {
        self.offers().iter().copied().find(|o| o.choice == choice)
    }

    /// The offer that shows `answer` (what a run showed), if one does.
    pub fn offering(self, answer: Answer) -> Option<Offer> {
        self.offers().iter().copied().find(|o| o.shows == answer)
    }

    /// The lesson's answer, as the stop's button shows it.
    pub fn lesson_answer(self) -> Answer {
        let right = self.spec().right;
        self.offer(right).map_or(Answer::Choice(right), |o| o.shows)
    }

    pub fn is_question(self) -> bool {
        self.spec().kind == Kind::Question
    }

    /// The demonstration this stop steps through, if it steps one.
    pub fn stepped(self) -> Option<Stepped> {
        match self.spec().kind {
            Kind::Stepped(d) => Some(d),
            _ => None,
        }
    }

    pub fn panels(self) -> &'static [Panel] {
        self.spec().panels
    }
}

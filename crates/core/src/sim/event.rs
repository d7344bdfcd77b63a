//! One published event as the hub tracks it: its state, its attempts series by series, and the
//! counts of events by state.
use uuid::Uuid;

use super::ids::Fact;
use super::outcome::{Fault, Instance, Outcome, Reason};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventState {
    /// An attempt is due now (the initial delivery, or a replay's first attempt).
    Delivering {
        since_ms: u64,
    },
    /// Waiting for retry `retry`, due at `next_at_ms`.
    WaitingRetry {
        retry: u32,
        since_ms: u64,
        next_at_ms: u64,
    },
    Delivered {
        at_ms: u64,
    },
    DeadLettered {
        at_ms: u64,
        reason: Reason,
    },
}

impl EventState {
    pub fn delivered(&self) -> bool {
        matches!(self, EventState::Delivered { .. })
    }

    pub fn in_flight(&self) -> bool {
        matches!(
            self,
            EventState::Delivering { .. } | EventState::WaitingRetry { .. }
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRecord {
    pub series: u32,
    pub attempt: u32,
    pub t_ms: u64,
    pub outcome: Outcome,
    pub reason: Option<Reason>,
    pub fault: Option<Fault>,
    /// The consumer-group instance that received it.
    pub instance: Instance,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// Position in publication order; the UI's handle for selection and replay.
    pub index: u32,
    pub id: Uuid,
    pub derived_id: Uuid,
    pub fact: Fact,
    pub state: EventState,
    /// 0 for the first series of attempts, +1 per manual replay.
    pub series: u32,
    pub series_started_ms: u64,
    /// Every attempt of every series, oldest first.
    pub attempts: Vec<AttemptRecord>,
}

impl Event {
    pub fn current_series(&self) -> impl Iterator<Item = &AttemptRecord> {
        self.attempts
            .iter()
            .filter(move |a| a.series == self.series)
    }
}

/// Counts of events by state, kept in step with every transition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub published: u64,
    pub in_flight: u64,
    pub delivered: u64,
    pub dead_lettered: u64,
    pub attempts: u64,
    pub replays: u64,
}

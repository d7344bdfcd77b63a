//! A consumer that commits its work and crashes before answering the hub: for the hub the
//! event was not delivered, so it retries on the schedule and the consumers see it again.
use super::prelude::*;
use crate::sim::{DedupOn, EventState};

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[w(DeadLettered), w(Redelivered), w(DeliveredOnce)],
    right: Redelivered,
    panels: &[Panel::Timeline, Panel::Consumers],
    kind: Kind::Run,
    evidence: Evidence::Redelivery,
    scene: || quiet_run(DedupOn::Derived),
    observe: |lab, _| {
        let first = read::first(lab)?;
        match first.state {
            EventState::DeadLettered { .. } => Some(Words(DeadLettered)),
            EventState::Delivered { .. } if first.attempts.len() > 1 => Some(Words(Redelivered)),
            EventState::Delivered { .. } => Some(Words(DeliveredOnce)),
            _ => None,
        }
    },
    next: |lab, _| read::fresh(lab).then_some(Act::CrashAndPublish),
    through: at_once,
    changed: None,
};

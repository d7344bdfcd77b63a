//! The consumer's answer lost in the network: the hub retries, and each consumer's rows tell
//! what the redelivery did (the idempotent one discards it).
use super::prelude::*;
use crate::sim::DedupOn;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(DeliveredOnce, Rows(1, 1)),
        at(IdempotentDiscardsRedelivery, Rows(1, 2)),
        at(IdempotentAppliesAgain, Rows(2, 2)),
    ],
    right: IdempotentDiscardsRedelivery,
    panels: &[Panel::Timeline, Panel::Consumers],
    kind: Kind::Run,
    evidence: Evidence::Redelivery,
    scene: || quiet_run(DedupOn::Derived),
    observe: |lab, _| read::first(lab)?.state.delivered().then(|| read::rows(lab)),
    next: |lab, _| read::fresh(lab).then_some(Act::LoseAckAndPublish),
    through: at_once,
    changed: None,
};

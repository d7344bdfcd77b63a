//! Kafka's consumer group rebalanced mid-batch: instance A committed to the shared database but
//! not its offset, so instance B reads the event again; the shared dedup table discards it.
use super::prelude::*;
use crate::sim::DedupOn;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(OtherApplies),
        w(OffsetSkipped),
        w(OtherDiscards),
        w(KafkaExactlyOnce),
    ],
    right: OtherDiscards,
    panels: &[Panel::Timeline, Panel::Consumers],
    kind: Kind::Run,
    evidence: Evidence::Redelivery,
    scene: || quiet_run(DedupOn::Derived),
    observe: |lab, _| {
        let ev = read::first(lab)?;
        if !ev.state.delivered() {
            return None;
        }
        Some(Words(if ev.attempts.len() < 2 {
            OffsetSkipped
        } else if lab.run.sim.idempotent().discarded > 0 {
            OtherDiscards
        } else {
            OtherApplies
        }))
    },
    next: |lab, _| read::fresh(lab).then_some(Act::RebalanceAndPublish),
    through: at_once,
    changed: None,
};

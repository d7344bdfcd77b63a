//! Kafka's exactly-once switched on: its transactions cover reading, processing and writing
//! inside Kafka; the consumer's own database commit stays outside, so a crash after it still
//! repeats the database's work.
use super::prelude::*;
use crate::sim::exactly_once;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[w(NothingRepeats), w(DatabaseRepeats), w(OnlyTopicRepeats)],
    right: DatabaseRepeats,
    // The two runs, exactly-once off and on, are drawn in the card itself.
    panels: &[],
    kind: Kind::Run,
    evidence: Evidence::ExactlyOnce,
    // Computed from its own model: nothing of the run to set.
    scene: no_scene,
    // A crash after the database commit with exactly-once on: what is there twice?
    observe: |_, here| {
        here.compared.then(|| {
            let (_, naive_rows, topic) = exactly_once::outcome(true);
            Words(match (naive_rows > 1, topic > 1) {
                (true, false) => DatabaseRepeats,
                (false, true) => OnlyTopicRepeats,
                // Both twice is no choice's belief: nothing the stop offers, as no run shows it.
                _ => NothingRepeats,
            })
        })
    },
    next: |_, here| (!here.compared).then_some(Act::CompareExactlyOnce),
    through: at_once,
    changed: None,
};

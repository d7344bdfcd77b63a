//! Natural idempotency as a contrast: a redelivery to the naive consumer adds to its counter
//! again, while setting a state to the same value changes nothing.
use super::prelude::*;
use crate::sim::DedupOn;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[w(BothEffectsChange), w(NeitherChanges), w(OnlyCounter)],
    right: OnlyCounter,
    panels: &[Panel::Timeline, Panel::Consumers],
    kind: Kind::Run,
    evidence: Evidence::TwoEffects,
    scene: || quiet_run(DedupOn::Derived),
    observe: |lab, _| {
        read::first(lab)?.state.delivered().then(|| {
            let e = &lab.run.sim.naive().effects;
            Words(match (e.counter > 1, e.status.len() > 1) {
                (true, false) => OnlyCounter,
                (true, true) => BothEffectsChange,
                (false, _) => NeitherChanges,
            })
        })
    },
    next: |lab, _| read::fresh(lab).then_some(Act::LoseAckAndPublish),
    through: at_once,
    changed: None,
};

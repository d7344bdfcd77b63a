//! Why the hub does not retry at once: a recovering consumer, its failed deliveries retried a
//! second later or on the schedule; which one lets it catch up first.
use super::prelude::*;
use crate::sim::recovery::{self, Retries};
use std::cmp::Ordering;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[w(ImmediateFirst), w(BothSameTime), w(ScheduleFirst)],
    right: ScheduleFirst,
    // The comparison is drawn in the card itself.
    panels: &[],
    kind: Kind::Run,
    evidence: Evidence::Recovery,
    // Computed from the lesson's schedule, whatever the learner set before.
    scene: || vec![Action::Restart(quiet())],
    observe: |lab, here| {
        here.compared.then(|| {
            let [now, scheduled] =
                [Retries::Immediate, Retries::Schedule].map(|r| recovery::run(r, &lab.cfg));
            // Never caught up counts as later than any second.
            let when = |r: &recovery::Recovery| r.caught_up_s.unwrap_or(u64::MAX);
            Words(match when(&now).cmp(&when(&scheduled)) {
                Ordering::Less => ImmediateFirst,
                Ordering::Greater => ScheduleFirst,
                Ordering::Equal => BothSameTime,
            })
        })
    },
    next: |_, here| (!here.compared).then_some(Act::Compare),
    through: at_once,
    changed: None,
};

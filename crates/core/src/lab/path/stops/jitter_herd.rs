//! Why jitter exists: many deliveries failed in one outage, retried on the exact table or with
//! jitter; on which are all of them delivered?
use super::prelude::*;
use crate::sim::herd;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(FixedTableInOrder),
        w(JitterSpreadsRetries),
        w(SameRetriesSameResult),
    ],
    right: JitterSpreadsRetries,
    // The comparison is drawn in the card itself.
    panels: &[],
    kind: Kind::Run,
    evidence: Evidence::Herd,
    scene: || vec![Action::Restart(quiet())],
    observe: |lab, here| {
        here.compared.then(|| {
            let [fixed, jittered] =
                [herd::Waits::Fixed, herd::Waits::Jittered].map(|w| herd::run(w, &lab.cfg));
            let all = |h: &herd::Herd| h.delivered == herd::EVENTS;
            Words(match (all(&fixed), all(&jittered)) {
                (false, true) => JitterSpreadsRetries,
                (true, false) => FixedTableInOrder,
                _ => SameRetriesSameResult,
            })
        })
    },
    next: |_, here| (!here.compared).then_some(Act::Compare),
    through: at_once,
    changed: None,
};

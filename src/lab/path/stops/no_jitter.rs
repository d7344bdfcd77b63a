//! Why the schedule has no jitter here: two logs of one outage, the same delay planted in
//! each; only on the exact schedule can a reader who knows it point at the late attempt.
use super::prelude::*;
use crate::sim::jitter;

pub(super) const SPEC: StopSpec = StopSpec {
    evidence: Evidence::JitterLogs,
    // Both logs are computed from the lesson's schedule (a 10 s base would plant the delay
    // where it no longer shows).
    scene: || vec![Action::Restart(quiet())],
    observe: |lab, here| {
        here.predicted.then(|| {
            let logs = jitter::logs(&lab.cfg);
            let found = [(&logs.fixed, false), (&logs.jittered, true)]
                .map(|(l, j)| jitter::late_one(l, j) == Some(jitter::DELAYED_RETRY));
            Words(match found {
                [true, true] => VisibleInBoth,
                [true, false] => OnlyOnTheSchedule,
                [false, true] => JitterRevealsIt,
                [false, false] => TooSmallToSee,
            })
        })
    },
    // Answered at once, the two logs drawn in the card itself.
    ..question(
        &[
            w(VisibleInBoth),
            w(OnlyOnTheSchedule),
            w(JitterRevealsIt),
            w(TooSmallToSee),
        ],
        OnlyOnTheSchedule,
        &[],
    )
};

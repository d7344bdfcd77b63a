//! Why the schedule has no jitter here: the learner replays one consumer's outage on both
//! hubs, the hub stalling once so that one intento comes 7 s late, and reads the two logs;
//! only on the exact schedule can a reader who knows it point at the late attempt.
use super::prelude::*;
use crate::sim::jitter;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(VisibleInBoth),
        w(OnlyOnTheSchedule),
        w(JitterRevealsIt),
        w(TooSmallToSee),
    ],
    right: OnlyOnTheSchedule,
    // The two logs are drawn in the card itself, once replayed.
    panels: &[],
    kind: Kind::Run,
    evidence: Evidence::JitterLogs,
    // Both logs are computed from the lesson's schedule (a 10 s base would plant the delay
    // where it no longer shows).
    scene: || vec![Action::Restart(quiet())],
    observe: |lab, here| {
        here.compared.then(|| {
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
    // The logs are not there to read before the prediction: the learner replays the outage.
    next: |_, here| (!here.compared).then_some(Act::ReplayLogs),
    through: at_once,
    changed: None,
};

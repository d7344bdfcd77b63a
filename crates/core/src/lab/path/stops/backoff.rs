//! When does intento 3 come? Every delivery fails, and the waits add up from the publication:
//! 30 + 60 + 120 = 210 s (the initial delivery is not an intento).
use super::prelude::*;
use crate::lab::clock::ClockAction;
use crate::sim::Config;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(CountsInitialDelivery, Secs(90)),
        at(OnlyItsOwnWait, Secs(120)),
        at(WaitsAddUp, Secs(210)),
        at(NextWait, Secs(240)),
    ],
    right: WaitsAddUp,
    panels: &[Panel::Timeline],
    kind: Kind::Run,
    evidence: Evidence::Attempts,
    scene: || {
        vec![
            Action::Restart(Config {
                failure_probability: 1.0,
                ..quiet()
            }),
            // Intento 3 at 210 s comes 3.5 s after the tap, not 7 s at the default 30x.
            Action::Clock(ClockAction::SetSpeed(60)),
        ]
    },
    observe: |lab, _| {
        read::first(lab)?
            .attempts
            .iter()
            .find(|a| a.series == 0 && a.attempt == 3)
            .map(|a| read::since_publication(lab, a.t_ms))
    },
    next: |lab, _| read::fresh(lab).then_some(Act::Publish),
    through: at_once,
    // A 10 s base: intento 3 at 70 s, which no choice offers.
    changed: Some(|| SceneChange {
        before: vec![ten_second_base()],
        after: None,
    }),
};

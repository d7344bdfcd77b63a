//! When does the event move to the dead-letter queue? The consumer is down: every delivery
//! fails, and the event moves when intento 6 fails, the six waits added up (1890 s); then the
//! learner fixes the cause and replays it.
use super::prelude::*;
use crate::lab::clock::ClockAction;
use crate::lab::run::RunAction;
use crate::sim::outcome::RootCause;
use crate::sim::EventState;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(CountsInitialDelivery, Secs(930)),
        at(OnlyItsOwnWait, Secs(960)),
        at(WaitsAddUp, Secs(1890)),
        at(SeventhIntento, Secs(1920)),
    ],
    right: WaitsAddUp,
    panels: &[Panel::Timeline, Panel::Events, Panel::Dlq],
    kind: Kind::Run,
    evidence: Evidence::Attempts,
    scene: || {
        vec![
            Action::Restart(quiet()),
            Action::Run(RunAction::SetCause(RootCause::Down)),
            Action::Run(RunAction::SetOutage(true)),
            // The 960 s wait takes 16 s instead of 32.
            Action::Clock(ClockAction::SetSpeed(60)),
        ]
    },
    observe: |lab, _| {
        let first = read::first(lab)?;
        match first.state {
            EventState::DeadLettered { at_ms, .. } if first.series == 0 => {
                Some(read::since_publication(lab, at_ms))
            }
            _ => None,
        }
    },
    next: |lab, here| {
        if read::fresh(lab) {
            Some(Act::Publish)
        } else {
            (here.shown && lab.run.sim.outage().is_some()).then_some(Act::FixAndReplay)
        }
    },
    // Seen through once the event, replayed after the fix, is delivered.
    through: |lab| read::first(lab).is_some_and(|e| e.series > 0 && e.state.delivered()),
    // A 10 s base starts a new run (the consumer is down again in it): the queue at 1 270 s.
    changed: Some(|| SceneChange {
        before: vec![ten_second_base(), Action::Run(RunAction::SetOutage(true))],
        after: None,
    }),
};

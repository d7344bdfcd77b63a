//! What becomes of an event whose sixth intento fails? The consumer is down: every delivery
//! fails, and when intento 6 fails (1890 s after publication) the hub sets the event aside in
//! the dead-letter queue, with its attempts and the reason, instead of dropping it or retrying
//! for ever; then the learner fixes the cause and replays it.
use super::prelude::*;
use crate::lab::clock::ClockAction;
use crate::lab::run::RunAction;
use crate::sim::outcome::RootCause;
use crate::sim::EventState;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(DeadLetterDiscards),
        w(RetriedForEver),
        w(DeadLetterKeepsIt),
        w(BackToProducer),
    ],
    right: DeadLetterKeepsIt,
    panels: &[Panel::Timeline, Panel::Events, Panel::Dlq],
    kind: Kind::Run,
    evidence: Evidence::Attempts,
    scene: || {
        vec![
            Action::Restart(quiet()),
            Action::Run(RunAction::SetCause(RootCause::Down)),
            Action::Run(RunAction::SetOutage(true)),
            // The six waits (1890 s) pass in about 3 s: a learner who has predicted watches
            // each attempt fail, not a clock (at the default 30x it took a minute).
            Action::Clock(ClockAction::SetSpeed(600)),
        ]
    },
    // Kept: the event sits in the queue with every attempt of its series and the reason of the
    // last failure (the hub has nothing left to try, and it dropped nothing).
    observe: |lab, _| {
        let first = read::first(lab)?;
        let kept = lab.run.sim.dead_letters().any(|e| e.index == first.index);
        match first.state {
            EventState::DeadLettered { .. } if first.series == 0 && kept => {
                Some(Words(DeadLetterKeepsIt))
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
    // Worded: no setting makes the hub drop the event or retry it for ever.
    changed: None,
};

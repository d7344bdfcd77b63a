//! Confirming before processing: the consumer saves its cursor before each event's work,
//! crashes mid-event, and after the restart that event is never read again.
use super::prelude::*;
use crate::lab::polling::PollAction;
use crate::sim::polling::CursorPolicy;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(AckFirstRereads),
        w(AckFirstLosesIt),
        w(HubNoticesTheCrash),
        w(LostGoesToDeadLetter),
    ],
    right: AckFirstLosesIt,
    panels: &[Panel::Polling],
    kind: Kind::Run,
    evidence: Evidence::Reads,
    // Three events wait; this consumer saves its cursor before it processes each one.
    scene: || {
        let mut v = vec![Action::Poll(PollAction::Policy(
            CursorPolicy::BeforeProcessing,
        ))];
        v.extend((0..3).map(|_| Action::Poll(PollAction::Append)));
        v
    },
    // After the crash, the restart and a read: was the record being processed read again?
    observe: |lab, _| {
        let p = &lab.polling;
        let crashed = p.steps.iter().position(|s| s.crashed)?;
        let after = p.steps.get(p.restarted_at?..)?;
        let lost = p.steps[crashed].seq;
        (!after.is_empty()).then(|| {
            Words(if p.skipped().contains(&lost) {
                AckFirstLosesIt
            } else {
                AckFirstRereads
            })
        })
    },
    next: |lab, here| {
        let p = &lab.polling;
        if !p.steps.iter().any(|s| s.crashed) {
            Some(Act::PollAndCrash)
        } else if p.restarted_at.is_none() {
            Some(Act::Restart)
        } else {
            (!here.shown).then_some(Act::Poll)
        }
    },
    through: at_once,
    changed: None,
};

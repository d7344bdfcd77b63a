//! Polling with a cursor: the consumer loses it and reads the log from the start again; the
//! naive consumer repeats its effects, the idempotent one discards the repeats.
use super::prelude::*;
use crate::lab::polling::PollAction;
use crate::sim::polling::CursorPolicy;
use std::cmp::Ordering;

/// Three events read and the cursor saved after them.
pub(super) fn three_read() -> Vec<Action> {
    let mut v = vec![Action::Poll(PollAction::Policy(CursorPolicy::AfterCommit))];
    v.extend((0..3).map(|_| Action::Poll(PollAction::Append)));
    v.push(Action::Poll(PollAction::Poll { crash: false }));
    v
}

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(IdempotentRepeats),
        w(NaiveRepeats),
        w(BothRepeat),
        w(NeitherRepeats),
    ],
    right: NaiveRepeats,
    panels: &[Panel::Polling],
    kind: Kind::Run,
    evidence: Evidence::Reads,
    scene: three_read,
    // Who repeated effects once the cursor was lost: whoever applied more than the other.
    observe: |lab, _| {
        let p = &lab.polling;
        let (idem, naive) = (
            p.idempotent.effects.applications,
            p.naive.effects.applications,
        );
        (p.cursor_losses > 0 && p.idempotent.discarded > 0).then_some(Words(
            match idem.cmp(&naive) {
                Ordering::Less => NaiveRepeats,
                Ordering::Greater => IdempotentRepeats,
                Ordering::Equal => NeitherRepeats,
            },
        ))
    },
    next: |lab, here| {
        if lab.polling.cursor_losses == 0 {
            Some(Act::LoseCursor)
        } else {
            (!here.shown).then_some(Act::Poll)
        }
    },
    through: at_once,
    changed: None,
};

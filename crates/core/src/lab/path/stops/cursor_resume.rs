//! A restart that resumes from the saved cursor: two more events wait, and the first read
//! after the restart starts where the cursor was, not at the log's beginning.
use super::prelude::*;
use crate::lab::polling::PollAction;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[w(ResumeFromSaved), w(ReadsFromStart), w(HubResends)],
    right: ResumeFromSaved,
    panels: &[Panel::Polling],
    kind: Kind::Run,
    evidence: Evidence::Reads,
    // The cursor stop's three reads, and two more events waiting in the log.
    scene: || {
        let mut v = super::cursor::three_read();
        v.extend((0..2).map(|_| Action::Poll(PollAction::Append)));
        v
    },
    observe: |lab, _| {
        let p = &lab.polling;
        let first_read = p.steps.get(p.restarted_at?)?;
        Some(Words(if first_read.seq == 1 {
            ReadsFromStart
        } else {
            ResumeFromSaved
        }))
    },
    next: |lab, here| {
        if lab.polling.restarted_at.is_none() {
            Some(Act::Restart)
        } else {
            (!here.shown).then_some(Act::Poll)
        }
    },
    through: at_once,
    changed: None,
};

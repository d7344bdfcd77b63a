//! A visibility timeout that expired with the work already done (SQS): the message becomes
//! visible again and another instance receives it.
use super::prelude::*;
use crate::sim::DedupOn;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        w(OtherInstanceGetsIt),
        w(SqsDropsIt),
        w(SameInstanceKeepsIt),
    ],
    right: OtherInstanceGetsIt,
    panels: &[Panel::Timeline, Panel::Consumers],
    kind: Kind::Run,
    evidence: Evidence::Redelivery,
    scene: || quiet_run(DedupOn::Derived),
    observe: |lab, _| {
        let ev = read::first(lab)?;
        if !ev.state.delivered() {
            return None;
        }
        let retried = ev.attempts.len() > 1;
        let moved = retried && ev.attempts[1].instance != ev.attempts[0].instance;
        Some(Words(match (retried, moved) {
            (false, _) => SqsDropsIt,
            (true, true) => OtherInstanceGetsIt,
            (true, false) => SameInstanceKeepsIt,
        }))
    },
    next: |lab, _| read::fresh(lab).then_some(Act::ExpireAndPublish),
    through: at_once,
    changed: None,
};

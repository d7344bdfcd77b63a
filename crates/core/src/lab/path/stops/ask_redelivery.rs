//! The lesson's question after the crash: with at-least-once, what does any broker do with a
//! message processed but never acked?
use super::prelude::*;

pub(super) const SPEC: StopSpec = question(
    &[
        w(DropsIt),
        w(Redelivers),
        w(WaitsForInstance),
        w(DeadLettersAtOnce),
    ],
    Redelivers,
    &[Panel::Timeline, Panel::Consumers],
);

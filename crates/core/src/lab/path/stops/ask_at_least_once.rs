//! The lesson's last question: why brokers deliver at least once rather than exactly once.
use super::prelude::*;

pub(super) const SPEC: StopSpec = question(
    &[w(TooSlow), w(AckUnknown), w(V4Collide), w(NoCursor)],
    AckUnknown,
    &[],
);

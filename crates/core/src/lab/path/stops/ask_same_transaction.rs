//! The lesson's question after the transaction's demonstration: why mark and effect go in one
//! transaction.
use super::prelude::*;

pub(super) const SPEC: StopSpec = question(
    &[w(LessSql), w(InParallel), w(SqlStandard), w(AllOrNothing)],
    AllOrNothing,
    &[Panel::Demos],
);

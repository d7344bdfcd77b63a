//! Two instances racing on one delivery, guarded by an application-level check then insert:
//! both read «not seen» before either writes, and both apply the effect.
use super::prelude::*;
use crate::sim::demos::RaceGuard;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(CheckStopsBoth, Count(0)),
        at(AppCheckIsEnough, Count(1)),
        at(BothInstancesApply, Count(2)),
    ],
    right: BothInstancesApply,
    scene: || race(RaceGuard::CheckThenInsert),
    observe: |lab, _| read::race_effects(lab, RaceGuard::CheckThenInsert),
    ..super::insert_first::RACE
};

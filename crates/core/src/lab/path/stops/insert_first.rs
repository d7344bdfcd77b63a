//! The lesson's pattern in the same race: the mark inserted first under the unique constraint;
//! the second insert waits, then violates it and rolls back: one instance wins.
use super::prelude::*;
use crate::sim::demos::RaceGuard;

/// What the two race stops share: the demonstration stepped, its evidence and action.
pub(super) const RACE: StopSpec = StopSpec {
    offers: &[],
    right: OneInstanceWins,
    panels: &[Panel::Demos],
    kind: Kind::Stepped(Stepped::Race),
    evidence: Evidence::Operations,
    scene: no_scene,
    observe: |_, _| None,
    next: |lab, _| (!Stepped::Race.finished(lab)).then_some(Act::NextStep),
    through: at_once,
    changed: None,
};

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(ViolationUndoesBoth, Count(0)),
        at(OneInstanceWins, Count(1)),
        at(ConstraintLetsBothApply, Count(2)),
    ],
    right: OneInstanceWins,
    scene: || race(RaceGuard::UniqueConstraint),
    observe: |lab, _| read::race_effects(lab, RaceGuard::UniqueConstraint),
    ..RACE
};

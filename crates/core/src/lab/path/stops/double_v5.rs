//! A fact published twice, deduplicated on the v5 id derived from the fact itself: the second
//! publication hits the unique constraint and the idempotent consumer discards it.
use super::prelude::*;
use crate::lab::run::RunAction;
use crate::sim::DedupOn;

/// What the two double-publication stops share: the scene but for the id deduplicated on,
/// the action, the reading (each consumer's rows once both publications are delivered).
pub(super) const DOUBLE: StopSpec = StopSpec {
    offers: &[],
    right: NaiveDeduplicates,
    panels: &[Panel::Consumers, Panel::Duplicates],
    kind: Kind::Run,
    evidence: Evidence::Doubled,
    scene: no_scene,
    observe: |lab, _| {
        let (a, b) = lab.run.last_double?;
        let sim = &lab.run.sim;
        let delivered = |i| sim.event(i).is_some_and(|e| e.state.delivered());
        (delivered(a) && delivered(b)).then(|| read::rows(lab))
    },
    next: |lab, _| read::fresh(lab).then_some(Act::PublishTwice),
    through: at_once,
    // One more publication before the double one: three deliveries of the pass.
    changed: Some(|| SceneChange {
        before: vec![Action::Run(RunAction::PublishOne)],
        after: Some(Action::Run(RunAction::PublishTwice)),
    }),
};

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(NaiveDeduplicates, Rows(1, 1)),
        at(V5CatchesRepublication, Rows(1, 2)),
        at(V5MissesRepublication, Rows(2, 2)),
    ],
    right: V5CatchesRepublication,
    scene: || quiet_run(DedupOn::Derived),
    ..DOUBLE
};

//! The other order of two transactions, the one a learner tends to write: the effect committed
//! first, a crash before the mark, and the redelivery applied again as if it were new. Its
//! choices are the transaction stop's beliefs, shown here as how many times the effect is
//! committed in the end.
use super::prelude::*;
use crate::lab::stepper::StepperAction;
use crate::sim::demos::TxBoundary;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(EffectOnce, Count(1)),
        at(EffectTwice, Count(2)),
        at(EffectLost, Count(0)),
    ],
    right: EffectTwice,
    scene: || vec![Action::Tx(StepperAction::Choose(TxBoundary::EffectFirst))],
    // The effects committed once the demonstration has run to its end.
    observe: |lab, _| {
        let tx = &lab.tx;
        let effects = tx.steps.last()?.effects_after;
        (tx.variant == TxBoundary::EffectFirst && tx.finished())
            .then_some(Count(u64::from(effects)))
    },
    ..super::transaction::SPEC
};

//! Where the transaction's boundary goes: the mark committed in its own transaction before the
//! effect, a crash between the two, and the redelivery discarded with the effect never applied.
use super::prelude::*;
use crate::lab::stepper::StepperAction;
use crate::sim::demos::TxBoundary;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[w(EffectLost), w(EffectTwice), w(EffectOnce)],
    right: EffectLost,
    panels: &[Panel::Demos],
    kind: Kind::Stepped(Stepped::Tx),
    evidence: Evidence::Operations,
    scene: || vec![Action::Tx(StepperAction::Choose(TxBoundary::MarkFirst))],
    // The effects committed once the demonstration has run to its end.
    observe: |lab, _| {
        let tx = &lab.tx;
        let effects = tx.steps.last()?.effects_after;
        (tx.variant == TxBoundary::MarkFirst && tx.finished()).then_some(Words(match effects {
            0 => EffectLost,
            1 => EffectOnce,
            _ => EffectTwice,
        }))
    },
    next: |lab, _| (!Stepped::Tx.finished(lab)).then_some(Act::NextStep),
    through: at_once,
    changed: None,
};

//! One step-by-step demonstration, generic over its variant (the race's guard, the
//! transaction boundary): which variant is chosen, its steps, and how many are shown.
use super::{Part, Reply};
use crate::sim::demos::DemoStep;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepperAction<V> {
    /// Choose a variant (or the same one again) and start from its first step.
    Choose(V),
    /// Show one more step.
    Next,
    /// Show every step left (a learner who has stepped through the first ones).
    ToEnd,
}

impl<V: Copy> Part for Stepper<V> {
    type Action = StepperAction<V>;
    type Context = ();

    fn apply(&mut self, a: StepperAction<V>, _: ()) -> Reply {
        match a {
            StepperAction::Choose(v) => *self = Stepper::new(v, self.build),
            StepperAction::Next => self.shown = (self.shown + 1).min(self.steps.len()),
            StepperAction::ToEnd => self.shown = self.steps.len(),
        }
        Reply::Changed
    }
}

#[derive(Clone, Debug)]
pub struct Stepper<V> {
    pub variant: V,
    pub steps: Vec<DemoStep>,
    pub shown: usize,
    build: fn(V) -> Vec<DemoStep>,
}

impl<V: Copy> Stepper<V> {
    pub fn new(variant: V, build: fn(V) -> Vec<DemoStep>) -> Self {
        Stepper {
            variant,
            steps: build(variant),
            shown: 0,
            build,
        }
    }

    /// Back to the first step of the same variant.
    pub fn restart(&mut self) {
        *self = Stepper::new(self.variant, self.build);
    }

    pub fn finished(&self) -> bool {
        self.shown >= self.steps.len()
    }

    pub fn visible(&self) -> &[DemoStep] {
        &self.steps[..self.shown.min(self.steps.len())]
    }
}

//! The reducer's vocabulary: what a part of the lab answers an action with, the trait every part
//! implements, and what the page must do once an action is applied.
use super::announce::Salient;
use super::checkpoints::{Challenge, Stop};
use super::path::Verdict;
use super::{Action, Concerns, Notice};

/// What one of the lab's parts (clock, settings, run, demonstrations, polling, path) did with
/// its action: every part answers in this one shape, and [`Lab::apply`] acts on it.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Same,
    /// Changed: the part's concern is bumped.
    Changed,
    /// The run must start again from the settings (they change the schedule or the ids).
    Restart,
    /// Refused; the learner is told why.
    Refused(Notice),
    /// Changed, and these actions follow (a path stop setting its scene).
    Then(Vec<Action>),
}

/// One part of the lab's state, with its own actions.
pub trait Part {
    type Action;
    /// What the part must know of the rest of the lab (most need nothing).
    type Context;
    fn apply(&mut self, action: Self::Action, ctx: Self::Context) -> Reply;
}

/// What the page must do once an action is applied; the state itself is already whole
/// (figures, challenges, the path's observation).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    /// Redraw the views that show these.
    pub changed: Concerns,
    /// The most salient thing the simulation just did, for the live region.
    pub news: Option<Salient>,
    /// The prediction judged by this action (its result became known): announced, and told
    /// to the host as an answer.
    pub verdict: Option<Verdict>,
    /// Challenges reached by this action, and the stop it passed: checkpoints for the host.
    pub challenges: Vec<Challenge>,
    pub passed: Option<Stop>,
    /// Worth saving: anything but a clock tick that reached nothing.
    pub save: bool,
}

impl Effects {
    /// Whether the host hears of this action: a challenge reached, a stop passed, or a result,
    /// which is an answer even at a stop passed before (a later try).
    pub fn tells_host(&self) -> bool {
        !self.challenges.is_empty() || self.passed.is_some() || self.verdict.is_some()
    }
}

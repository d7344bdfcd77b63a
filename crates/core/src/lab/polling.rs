//! The polling demonstration as the page drives it: the hub's ordered log, the consumer's
//! cursor, and the learner's actions on them.
use super::run::fact;
use super::{Part, Reply};
use crate::sim::polling::{CursorPolicy, Polling};
use crate::sim::Config;

/// Events read per poll.
pub const BATCH: usize = 3;
/// A crash during a poll hits this position of the batch, the policy's vulnerable point.
const CRASH_AT: usize = 1;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PollAction {
    /// Start over with this cursor policy.
    Policy(CursorPolicy),
    /// The hub appends the next pass to its log.
    Append,
    /// Read a batch, crashing midway or not.
    Poll {
        crash: bool,
    },
    LoseCursor,
    /// The consumer restarts and resumes from the cursor it stored.
    Restart,
}

pub fn fresh(cfg: &Config, policy: CursorPolicy) -> Polling {
    Polling::new(cfg.seed, policy, cfg.dedup_on)
}

impl Part for Polling {
    type Action = PollAction;
    type Context = ();

    fn apply(&mut self, a: PollAction, _: ()) -> Reply {
        let p = self;
        match a {
            PollAction::Policy(policy) => *p = p.restarted(policy),
            // The polling log has its own passes, in the same order as the hub's publications.
            PollAction::Append => {
                p.append(&fact(p.log.len() as u32));
            }
            PollAction::Poll { crash } => p.poll(BATCH, crash.then_some(CRASH_AT)),
            PollAction::LoseCursor => p.lose_cursor(),
            PollAction::Restart => p.restart(),
        }
        Reply::Changed
    }
}

//! The consumer workbench's model: a consumer as a program of steps (`docs/workbench-rules.md`), its
//! effect, what can go wrong, and the lesson's patterns. How two instances run it against one
//! shared database is `engine` (which the lab's demonstrations replay too); every interleaving
//! and crash point explored is `checker`. Pure and deterministic.
#[path = "workbench_check.rs"]
mod checker;
#[path = "workbench_engine.rs"]
mod engine;

pub use checker::{check, Report};
pub use engine::{crash, failures_at, moves, next_step, replay, replay_from, Move, Next, State};

/// The longest program the checker takes (and the page lets a learner build).
pub const MAX_STEPS: usize = 12;

named_enum! {
    /// One step of the consumer's handler.
    pub enum Step {
        /// Open a transaction (a no-op inside one).
        Begin = "begin",
        /// The application-level "have I seen this id?": a committed mark, or this
        /// transaction's own, rolls back and goes to the next ack.
        Check = "check",
        /// The dedup mark under the unique constraint.
        Insert = "insert",
        /// The business effect.
        Apply = "apply",
        /// Commit the open transaction (a no-op outside one).
        Commit = "commit",
        /// Tell the broker the message is done: the copy is finished.
        Ack = "ack",
    }
}

named_enum! {
    /// What the business effect does.
    pub enum Effect {
        /// Add to a balance: applying twice is wrong.
        Add = "add",
        /// Set a state to a constant: naturally idempotent.
        Set = "set",
        /// Send an email: never transactional, it leaves at once.
        Email = "email",
    }
}

named_enum! {
    /// What can go wrong; the verdict is the sorted list of those that can happen.
    pub enum Failure {
        /// The effect happened twice (committed twice, or two emails sent).
        DoubleEffect = "double_effect",
        /// Every copy finished, at least one was acked, and the effect never happened.
        Lost = "lost",
        /// A copy finished without an ack: the broker can never be told it is done.
        Stuck = "stuck",
    }
}

named_enum! {
    /// What one move did, for the drawn run and its list.
    pub enum Did {
        Opened = "opened",
        AlreadyOpen = "already_open",
        Clear = "clear",
        Seen = "seen",
        Marked = "marked",
        MarkedCommitted = "marked_committed",
        Violation = "violation",
        /// Seen, and no ack after it: the program ends there.
        SeenEnds = "seen_ends",
        /// A unique violation, and no ack after it: the program ends there.
        ViolationEnds = "violation_ends",
        Pending = "pending",
        Applied = "applied",
        Sent = "sent",
        Committed = "committed",
        NothingToCommit = "nothing_to_commit",
        Acked = "acked",
        AckedRolledBack = "acked_rolled_back",
        Crashed = "crashed",
    }
}

named_enum! {
    /// How a copy's program ended without an ack, on the move that ended it: the copy is
    /// stuck (the broker delivers it again forever), which the drawn run says in words.
    pub enum Ending {
        /// Nothing was open: the copy just stays unacked.
        Unacked = "unacked",
        /// Its open transaction rolled back as the handler returned.
        RolledBack = "rolled_back",
    }
}

/// A consumer to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub steps: Vec<Step>,
    pub effect: Effect,
}

/// Why a program cannot be checked (worded by the caller, in its language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramError {
    Empty,
    TooLong(usize),
    UnknownStep(String),
    UnknownEffect(String),
}

impl std::fmt::Display for ProgramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProgramError::Empty => write!(
                f,
                "no steps: give at least one of {}",
                Step::NAMES.join(", ")
            ),
            ProgramError::TooLong(n) => write!(f, "{n} steps: at most {MAX_STEPS}"),
            ProgramError::UnknownStep(s) => write!(
                f,
                "unknown step «{}»: the steps are {}",
                short(s),
                Step::NAMES.join(", ")
            ),
            ProgramError::UnknownEffect(s) => write!(
                f,
                "unknown effect «{}»: the effects are {}",
                short(s),
                Effect::NAMES.join(", ")
            ),
        }
    }
}

/// At most 40 characters of an outside string, so a message never echoes a whole input.
fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

impl Program {
    /// Reads `begin,insert,apply` and `add`: the share link's and the native runner's form.
    pub fn parse(steps: &str, effect: &str) -> Result<Program, ProgramError> {
        let effect = Effect::from_name(effect.trim())
            .ok_or_else(|| ProgramError::UnknownEffect(effect.into()))?;
        let names: Vec<&str> = steps
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if names.len() > MAX_STEPS {
            return Err(ProgramError::TooLong(names.len()));
        }
        let steps = names
            .iter()
            .map(|n| Step::from_name(n).ok_or_else(|| ProgramError::UnknownStep((*n).into())))
            .collect::<Result<Vec<_>, _>>()?;
        if steps.is_empty() {
            return Err(ProgramError::Empty);
        }
        Ok(Program { steps, effect })
    }

    /// The steps as `begin,insert,…`.
    pub fn steps_text(&self) -> String {
        let names: Vec<&str> = self.steps.iter().map(|s| s.as_str()).collect();
        names.join(",")
    }
}

/// A preset: the lesson's patterns, for the page's menu and the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub steps: &'static [Step],
}

use Step::{Ack, Apply, Begin, Check, Commit, Insert};

/// The lesson's patterns, in the order a learner meets them.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "naive",
        steps: &[Apply, Ack],
    },
    Preset {
        id: "check_then_insert",
        steps: &[Check, Apply, Insert, Ack],
    },
    Preset {
        id: "mark_first",
        steps: &[Begin, Insert, Commit, Begin, Apply, Commit, Ack],
    },
    Preset {
        id: "effect_first",
        steps: &[Begin, Apply, Commit, Begin, Insert, Commit, Ack],
    },
    Preset {
        id: "ack_first",
        steps: &[Ack, Begin, Insert, Apply, Commit],
    },
    Preset {
        id: "insert_first",
        steps: &[Begin, Insert, Apply, Commit, Ack],
    },
];

impl Preset {
    pub fn by_id(id: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.id == id)
    }
}

#[cfg(test)]
#[path = "workbench_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "workbench_rules_tests.rs"]
mod rules_tests;

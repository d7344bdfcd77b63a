//! The consumer workbench's model: a consumer as a program of steps (`docs/workbench-rules.md`), its
//! effect, what can go wrong, and the lesson's patterns. How two instances run it against one
//! shared database is `engine` (which the lab's demonstrations replay too); every interleaving
//! and crash point explored is `checker`. Pure and deterministic.
mod checker;
mod engine;

pub use checker::{check, Report};
pub use engine::{
    crash, example_run, failures_at, finished, moves, next_step, replay, replay_from, Move, Next,
    State,
};

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
        /// The dedup mark: under the table's unique constraint (the default), or a plain row
        /// when the table has none ([`Constraint`]).
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
    /// Whether the dedup marks' table has a unique constraint on the message id: the
    /// database's own guard, which the workbench lets a learner take away to see that the
    /// application's check alone does not hold against two instances.
    pub enum Constraint {
        /// The default: a second mark for the same id is a unique violation, and an insert
        /// waits on another open transaction's uncommitted mark.
        Unique = "unique",
        /// No constraint: an insert is a plain insert, never waits and never fails.
        Absent = "none",
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
        /// Without the unique constraint: a mark inserted while another for the same id exists
        /// (committed, or in an open transaction), uncommitted.
        Duplicate = "duplicate",
        /// The same, outside a transaction: committed at once.
        DuplicateCommitted = "duplicate_committed",
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

/// A consumer to check: its steps, its effect, and the dedup table it runs against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub steps: Vec<Step>,
    pub effect: Effect,
    pub constraint: Constraint,
}

/// Why a program cannot be checked (worded by the caller, in its language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramError {
    Empty,
    TooLong(usize),
    UnknownStep(String),
    UnknownEffect(String),
    UnknownConstraint(String),
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
            ProgramError::UnknownConstraint(s) => write!(
                f,
                "unknown constraint «{}»: the table's constraint is {}",
                short(s),
                Constraint::NAMES.join(" or ")
            ),
        }
    }
}

/// At most 40 characters of an outside string, so a message never echoes a whole input.
fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

impl Program {
    /// Reads `begin,insert,apply`, `add` and `unique` (or `none`): the share link's and the
    /// native runner's form.
    pub fn parse(steps: &str, effect: &str, constraint: &str) -> Result<Program, ProgramError> {
        let effect = Effect::from_name(effect.trim())
            .ok_or_else(|| ProgramError::UnknownEffect(effect.into()))?;
        let constraint = Constraint::from_name(constraint.trim())
            .ok_or_else(|| ProgramError::UnknownConstraint(constraint.into()))?;
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
        Ok(Program {
            steps,
            effect,
            constraint,
        })
    }

    /// The same program against the table with or without its unique constraint.
    pub fn with_constraint(&self, constraint: Constraint) -> Program {
        Program {
            constraint,
            ..self.clone()
        }
    }

    /// The steps as `begin,insert,…`.
    pub fn steps_text(&self) -> String {
        let names: Vec<&str> = self.steps.iter().map(|s| s.as_str()).collect();
        names.join(",")
    }
}

/// A preset: the lesson's patterns, for the page's menu and the tests: the steps and the
/// table they run against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub steps: &'static [Step],
    pub constraint: Constraint,
}

use Step::{Ack, Apply, Begin, Check, Commit, Insert};

/// The lesson's patterns, in the order a learner meets them.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "naive",
        steps: &[Apply, Ack],
        constraint: Constraint::Unique,
    },
    // The lesson's check-then-insert: the application asks «seen?», then inserts its mark in
    // the effect's transaction, on a table without a unique constraint. Two instances both
    // see nothing (neither mark is committed yet) and both apply.
    Preset {
        id: "check_then_insert",
        steps: &[Begin, Check, Insert, Apply, Commit, Ack],
        constraint: Constraint::Absent,
    },
    Preset {
        id: "mark_first",
        steps: &[Begin, Insert, Commit, Begin, Apply, Commit, Ack],
        constraint: Constraint::Unique,
    },
    Preset {
        id: "effect_first",
        steps: &[Begin, Apply, Commit, Begin, Insert, Commit, Ack],
        constraint: Constraint::Unique,
    },
    Preset {
        id: "ack_first",
        steps: &[Ack, Begin, Insert, Apply, Commit],
        constraint: Constraint::Unique,
    },
    Preset {
        id: "insert_first",
        steps: &[Begin, Insert, Apply, Commit, Ack],
        constraint: Constraint::Unique,
    },
];

impl Preset {
    pub fn by_id(id: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.id == id)
    }
}

/// The check steps of a safe program that add nothing to its safety: without each one (and
/// everything else the same) the program is still safe. With the unique constraint the
/// database already refuses a second mark, so the application's «seen?» only saves work; for
/// a state, setting it twice is no failure anyway. Empty for a program that is not safe.
pub fn redundant_checks(p: &Program) -> Vec<usize> {
    if !checker::safe(p) {
        return Vec::new();
    }
    (0..p.steps.len())
        .filter(|&i| p.steps[i] == Step::Check)
        .filter(|&i| {
            let mut steps = p.steps.clone();
            steps.remove(i);
            checker::safe(&Program { steps, ..p.clone() })
        })
        .collect()
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod rules_tests;

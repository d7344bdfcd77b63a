//! The consumer workbench's checker: a learner's consumer as a program of steps, run by two
//! instances against one shared database, every interleaving and crash point explored
//! (LAB_SPEC section 10). Pure and deterministic: breadth-first over a `BTreeMap`, so the
//! shortest failing run of each kind is found, and found the same way everywhere.
use std::collections::{BTreeMap, VecDeque};

use serde::Serialize;

use super::outcome::Instance;

/// The longest program the checker takes (and the page lets a learner build).
pub const MAX_STEPS: usize = 12;

named_enum! {
    /// One step of the consumer's handler.
    pub enum Step {
        /// Open a transaction (a no-op inside one).
        Begin = "begin",
        /// The application-level "have I seen this id?": a committed mark, or this
        /// transaction's own, rolls back and goes to the ack.
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
        Pending = "pending",
        Applied = "applied",
        Sent = "sent",
        Committed = "committed",
        NothingToCommit = "nothing_to_commit",
        Acked = "acked",
        AckedRolledBack = "acked_rolled_back",
        EndedUnacked = "ended_unacked",
        Crashed = "crashed",
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

/// One copy of the message, as one instance handles it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Copy1 {
    /// The next step; `len` once the copy is finished.
    pc: u8,
    /// A transaction is open.
    tx: bool,
    /// This transaction holds the (uncommitted) mark.
    mark: bool,
    /// Effects applied inside the open transaction (saturating at 2).
    pending: u8,
    acked: bool,
    /// Its one crash has happened.
    crashed: bool,
}

impl Copy1 {
    fn rollback(&mut self) {
        self.tx = false;
        self.mark = false;
        self.pending = 0;
    }
}

/// The whole system: the two copies and what the database has committed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct State {
    copies: [Copy1; 2],
    /// The committed dedup mark.
    marked: bool,
    /// How many times the effect is committed, or emails sent (saturating at 2).
    applied: u8,
}

impl State {
    /// How many times the effect is committed (emails: sent), 2 meaning two or more.
    pub fn applied(&self) -> u8 {
        self.applied
    }
    /// The committed dedup mark.
    pub fn marked(&self) -> bool {
        self.marked
    }
}

/// A move of the run: an instance takes its next step, or crashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    pub instance: Instance,
    /// `None` for a crash.
    #[serde(serialize_with = "step_or_crash")]
    pub step: Option<Step>,
    pub result: Did,
    /// What the database has committed after the move: effect count (2 = two or more), mark.
    pub applied: u8,
    pub marked: bool,
}

fn step_or_crash<S: serde::Serializer>(step: &Option<Step>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(step.map_or("crash", Step::as_str))
}

fn idx(i: Instance) -> usize {
    match i {
        Instance::A => 0,
        Instance::B => 1,
    }
}

/// The position of the next ack after `from`, or the end (no ack: the copy ends unacked).
fn next_ack(steps: &[Step], from: usize) -> u8 {
    let at = (from..steps.len())
        .find(|&i| steps[i] == Step::Ack)
        .unwrap_or(steps.len());
    at as u8
}

/// The move `who` can make from `s` by stepping, if any (an insert blocked by the other
/// transaction's uncommitted mark cannot move), and the state after it.
fn step(p: &Program, s: &State, who: Instance) -> Option<(State, Move)> {
    let me = idx(who);
    let c = s.copies[me];
    let len = p.steps.len();
    if usize::from(c.pc) >= len {
        return None;
    }
    let other = s.copies[1 - me];
    let mut n = *s;
    let pc = usize::from(c.pc);
    let st = p.steps[pc];
    let mut goto_ack = false;
    let result = {
        let c = &mut n.copies[me];
        match st {
            Step::Begin if c.tx => Did::AlreadyOpen,
            Step::Begin => {
                c.tx = true;
                Did::Opened
            }
            Step::Check if s.marked || (c.tx && c.mark) => {
                c.rollback();
                goto_ack = true;
                Did::Seen
            }
            Step::Check => Did::Clear,
            Step::Insert if s.marked || (c.tx && c.mark) => {
                c.rollback();
                goto_ack = true;
                Did::Violation
            }
            // The other transaction's uncommitted mark: the insert waits on its row lock.
            Step::Insert if other.tx && other.mark => return None,
            Step::Insert if c.tx => {
                c.mark = true;
                Did::Marked
            }
            Step::Insert => {
                n.marked = true;
                Did::MarkedCommitted
            }
            Step::Apply if p.effect == Effect::Email => {
                n.applied = (n.applied + 1).min(2);
                Did::Sent
            }
            Step::Apply if c.tx => {
                c.pending = (c.pending + 1).min(2);
                Did::Pending
            }
            Step::Apply => {
                n.applied = (n.applied + 1).min(2);
                Did::Applied
            }
            Step::Commit if c.tx => {
                n.marked |= c.mark;
                n.applied = (n.applied + c.pending).min(2);
                c.rollback(); // closes it: what it held is committed above
                Did::Committed
            }
            Step::Commit => Did::NothingToCommit,
            Step::Ack => {
                let open = c.tx;
                c.rollback();
                c.acked = true;
                c.pc = len as u8;
                if open {
                    Did::AckedRolledBack
                } else {
                    Did::Acked
                }
            }
        }
    };
    let c = &mut n.copies[me];
    if st != Step::Ack {
        c.pc = if goto_ack {
            next_ack(&p.steps, pc + 1)
        } else {
            (pc + 1) as u8
        };
    }
    // Past the last step without an ack: the handler returned, its connection rolls back.
    let ended = usize::from(c.pc) >= len && !c.acked;
    if ended {
        c.rollback();
    }
    let result = if ended && matches!(result, Did::Seen | Did::Violation) {
        Did::EndedUnacked
    } else {
        result
    };
    Some((
        n,
        Move {
            instance: who,
            step: Some(st),
            result,
            applied: n.applied,
            marked: n.marked,
        },
    ))
}

/// `who`'s crash from `s`, if it may still crash: between two steps of an unfinished copy
/// that has taken at least one, once. Its transaction rolls back and the broker delivers the
/// message again from the first step.
fn crash(p: &Program, s: &State, who: Instance) -> Option<(State, Move)> {
    let c = s.copies[idx(who)];
    if c.crashed || c.pc == 0 || usize::from(c.pc) >= p.steps.len() {
        return None;
    }
    let mut n = *s;
    let c = &mut n.copies[idx(who)];
    c.rollback();
    c.crashed = true;
    c.pc = 0;
    Some((
        n,
        Move {
            instance: who,
            step: None,
            result: Did::Crashed,
            applied: n.applied,
            marked: n.marked,
        },
    ))
}

/// Every move from `s`, in a fixed order (a's step, a's crash, b's step, b's crash), so the
/// search and its shortest runs are the same on every machine.
pub fn moves(p: &Program, s: &State) -> Vec<(State, Move)> {
    [Instance::A, Instance::B]
        .into_iter()
        .flat_map(|w| [step(p, s, w), crash(p, s, w)])
        .flatten()
        .collect()
}

/// The failures `s` shows once reached (they are permanent: nothing is ever uncommitted).
pub fn failures_at(p: &Program, s: &State) -> Vec<Failure> {
    let len = p.steps.len();
    let finished = |c: &Copy1| usize::from(c.pc) >= len;
    let mut out = Vec::new();
    if p.effect != Effect::Set && s.applied >= 2 {
        out.push(Failure::DoubleEffect);
    }
    if s.copies.iter().all(finished) && s.applied == 0 && s.copies.iter().any(|c| c.acked) {
        out.push(Failure::Lost);
    }
    if s.copies.iter().any(|c| finished(c) && !c.acked) {
        out.push(Failure::Stuck);
    }
    out
}

/// The checker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The failures that can happen, sorted; empty when the program is safe.
    pub failures: Vec<Failure>,
    /// Distinct states reached.
    pub states: usize,
    /// For each failure, in the same order, the shortest run that shows it.
    pub runs: Vec<Vec<Move>>,
}

impl Report {
    pub fn safe(&self) -> bool {
        self.failures.is_empty()
    }
    /// The verdict's names: the failures, or `["safe"]`.
    pub fn verdict(&self) -> Vec<&'static str> {
        if self.safe() {
            vec!["safe"]
        } else {
            self.failures.iter().map(|f| f.as_str()).collect()
        }
    }
    /// The native runner's output: one JSON object.
    pub fn to_json(&self) -> String {
        let mut runs = serde_json::Map::new();
        for (f, run) in self.failures.iter().zip(&self.runs) {
            runs.insert(
                f.as_str().into(),
                serde_json::to_value(run).unwrap_or_default(),
            );
        }
        serde_json::json!({
            "verdict": self.verdict(),
            "states": self.states,
            "counterexamples": runs,
        })
        .to_string()
    }
}

/// Explores every state two instances can reach running `p` (each with one crash), breadth
/// first, and reports the failures with their shortest runs.
pub fn check(p: &Program) -> Report {
    let start = State::default();
    // Each state with the move that first reached it and the state it came from.
    let mut seen: BTreeMap<State, Option<(State, Move)>> = BTreeMap::new();
    seen.insert(start, None);
    let mut queue = VecDeque::from([start]);
    let mut found: BTreeMap<Failure, State> = BTreeMap::new();
    while let Some(s) = queue.pop_front() {
        for f in failures_at(p, &s) {
            found.entry(f).or_insert(s);
        }
        for (n, m) in moves(p, &s) {
            if let std::collections::btree_map::Entry::Vacant(e) = seen.entry(n) {
                e.insert(Some((s, m)));
                queue.push_back(n);
            }
        }
    }
    let runs = found
        .values()
        .map(|end| {
            let mut run = Vec::new();
            let mut at = *end;
            while let Some(Some((from, m))) = seen.get(&at) {
                run.push(*m);
                at = *from;
            }
            run.reverse();
            run
        })
        .collect();
    Report {
        failures: found.keys().copied().collect(),
        states: seen.len(),
        runs,
    }
}

/// Replays `run` from the start, each move checked against what the rules allow at that
/// point; returns the state reached, or the index of the first move that is not possible.
pub fn replay(p: &Program, run: &[Move]) -> Result<State, usize> {
    let mut s = State::default();
    for (i, m) in run.iter().enumerate() {
        let next = match m.step {
            Some(_) => step(p, &s, m.instance),
            None => crash(p, &s, m.instance),
        };
        match next {
            Some((n, got)) if got == *m => s = n,
            _ => return Err(i),
        }
    }
    Ok(s)
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

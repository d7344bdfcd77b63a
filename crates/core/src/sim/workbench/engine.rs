//! How two instances run a consumer's program against one shared database, move by move: the
//! step and crash rules of `docs/workbench-rules.md`, the state they change, and replaying a fixed
//! list of moves. The checker explores every move from every state; the lab's demonstrations
//! replay a few fixed ones (`sim::demos`).
use serde::Serialize;

use super::{Constraint, Did, Effect, Ending, Failure, Program, Step};
use crate::sim::outcome::Instance;

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
    /// Committed dedup marks (saturating at 2; at most 1 under the unique constraint).
    marks: u8,
    /// How many times the effect is committed, or emails sent (saturating at 2).
    applied: u8,
}

impl State {
    /// How many times the effect is committed (emails: sent), 2 meaning two or more.
    pub fn applied(&self) -> u8 {
        self.applied
    }
    /// A dedup mark is committed.
    pub fn marked(&self) -> bool {
        self.marks > 0
    }
    /// How many dedup marks are committed, 2 meaning two or more (more than one only without
    /// the unique constraint).
    pub fn marks(&self) -> u8 {
        self.marks
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
    /// The copy's program ended with this move, without an ack: the copy is stuck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ending>,
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

/// "The next ack": the position of the first ack at or after `from`, or the end (no ack: the
/// copy's program ends there, unacked).
fn next_ack(steps: &[Step], from: usize) -> u8 {
    let at = (from..steps.len())
        .find(|&i| steps[i] == Step::Ack)
        .unwrap_or(steps.len());
    at as u8
}

/// What `who`'s next step does from a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// It moves: the state after it, and the move.
    Moves(State, Move),
    /// Its insert waits on the row lock of the other transaction's uncommitted mark.
    Waits,
    /// Its program has ended (acked, or not): it takes no more steps.
    Finished,
}

/// `who`'s next step from `s` (`docs/workbench-rules.md`, repeated steps included).
pub fn next_step(p: &Program, s: &State, who: Instance) -> Next {
    let me = idx(who);
    let c = s.copies[me];
    let len = p.steps.len();
    if usize::from(c.pc) >= len {
        return Next::Finished;
    }
    let other = s.copies[1 - me];
    // Whether the table refuses a second mark is the program's (its schema), not the state's.
    let unique = p.constraint == Constraint::Unique;
    let mut n = *s;
    let pc = usize::from(c.pc);
    let st = p.steps[pc];
    let mut goto_ack = false;
    let result = {
        let c = &mut n.copies[me];
        let own_mark = c.tx && c.mark;
        match st {
            // Inside a transaction, begin does nothing (PostgreSQL warns and goes on).
            Step::Begin if c.tx => Did::AlreadyOpen,
            Step::Begin => {
                c.tx = true;
                Did::Opened
            }
            Step::Check if s.marks > 0 || own_mark => {
                c.rollback();
                goto_ack = true;
                Did::Seen
            }
            Step::Check => Did::Clear,
            // A mark that exists, committed or this transaction's own, is a unique violation.
            Step::Insert if unique && (s.marks > 0 || own_mark) => {
                c.rollback();
                goto_ack = true;
                Did::Violation
            }
            // The other transaction's uncommitted mark: the insert waits on its row lock.
            Step::Insert if unique && other.tx && other.mark => return Next::Waits,
            // With no constraint, nothing stops a mark for an id that already has one.
            Step::Insert => {
                let again = s.marks > 0 || own_mark || (other.tx && other.mark);
                match (c.tx, again) {
                    (true, false) => {
                        c.mark = true;
                        Did::Marked
                    }
                    (true, true) => {
                        c.mark = true;
                        Did::Duplicate
                    }
                    (false, again) => {
                        n.marks = (n.marks + 1).min(2);
                        if again {
                            Did::DuplicateCommitted
                        } else {
                            Did::MarkedCommitted
                        }
                    }
                }
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
                n.marks = (n.marks + u8::from(c.mark)).min(2);
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
    // Past the last step without an ack: the handler returned, its connection rolls back,
    // and the copy stays unacked.
    let ended = (usize::from(c.pc) >= len && !c.acked).then(|| {
        let open = c.tx;
        c.rollback();
        if open {
            Ending::RolledBack
        } else {
            Ending::Unacked
        }
    });
    let result = match (result, ended) {
        (Did::Seen, Some(_)) => Did::SeenEnds,
        (Did::Violation, Some(_)) => Did::ViolationEnds,
        (r, _) => r,
    };
    Next::Moves(
        n,
        Move {
            instance: who,
            step: Some(st),
            result,
            applied: n.applied,
            marked: n.marked(),
            ended,
        },
    )
}

/// The move `who` can make from `s` by stepping, if any.
fn step(p: &Program, s: &State, who: Instance) -> Option<(State, Move)> {
    match next_step(p, s, who) {
        Next::Moves(n, m) => Some((n, m)),
        Next::Waits | Next::Finished => None,
    }
}

/// `who`'s crash from `s`, if it may still crash: between two steps of an unfinished copy
/// that has taken at least one (not before its first step, where a crash changes nothing, nor
/// after its program ended), once. Its transaction rolls back and the broker delivers the
/// message again from the first step.
pub fn crash(p: &Program, s: &State, who: Instance) -> Option<(State, Move)> {
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
            marked: n.marked(),
            ended: None,
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

/// Both copies' programs have ended (acked or not): nothing more can happen.
pub fn finished(p: &Program, s: &State) -> bool {
    s.copies.iter().all(|c| usize::from(c.pc) >= p.steps.len())
}

/// One run of `p` to its end, for a safe verdict to show: the two instances take the copy at
/// the same moment and move in turns (A, B, A, B, …; one that waits on the other's mark, or
/// has finished, passes its turn), and A crashes once, right after its first step that
/// applies the effect. It is one of the runs the checker explores; it shows the program
/// meeting both a race and a crash.
pub fn example_run(p: &Program) -> Vec<Move> {
    let mut s = State::default();
    let mut run = Vec::new();
    let mut turn = Instance::A;
    let mut crash_a = false;
    // Each delivery takes at most one move per step: A's two, B's one, and the crash.
    let bound = 3 * p.steps.len() + 1;
    while run.len() < bound && !finished(p, &s) {
        if std::mem::take(&mut crash_a) {
            if let Some((n, m)) = crash(p, &s, Instance::A) {
                s = n;
                run.push(m);
                turn = Instance::B;
                continue;
            }
        }
        let mut moved = None;
        for who in [turn, turn.other()] {
            if let Next::Moves(n, m) = next_step(p, &s, who) {
                moved = Some((who, n, m));
                break;
            }
        }
        let Some((who, n, m)) = moved else { break };
        let applies = matches!(m.result, Did::Applied | Did::Pending | Did::Sent);
        crash_a = who == Instance::A && applies && !s.copies[0].crashed;
        s = n;
        run.push(m);
        turn = who.other();
    }
    run
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

/// Replays `run` from the start, each move checked against what the rules allow at that
/// point; returns the state reached, or the index of the first move that is not possible.
pub fn replay(p: &Program, run: &[Move]) -> Result<State, usize> {
    replay_from(p, State::default(), run)
}

/// [`replay`] from `start`.
pub fn replay_from(p: &Program, start: State, run: &[Move]) -> Result<State, usize> {
    let mut s = start;
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

//! The rules of `docs/workbench-rules.md` for programs that repeat a step, one test each, walked move by
//! move on the engine, then what the checker makes of them and how the drawn run shows them.
use super::*;
use crate::sim::outcome::Instance::{self, A, B};

fn prog(steps: &[Step]) -> Program {
    Program {
        steps: steps.to_vec(),
        effect: Effect::Add,
        constraint: Constraint::Unique,
    }
}

/// Walks `who`'s moves in turn from the start; the moves made, and the state.
fn walk(p: &Program, turns: &[Instance]) -> (Vec<Move>, State) {
    let mut s = State::default();
    let mut out = Vec::new();
    for &who in turns {
        match next_step(p, &s, who) {
            Next::Moves(n, m) => {
                s = n;
                out.push(m);
            }
            other => panic!("{who:?} cannot move after {out:?}: {other:?}"),
        }
    }
    (out, s)
}

fn results(moves: &[Move]) -> Vec<Did> {
    moves.iter().map(|m| m.result).collect()
}

use Step::{Ack, Apply, Begin, Check, Commit, Insert};

#[test]
fn begin_inside_a_transaction_does_nothing() {
    // The second begin neither commits nor reopens: the first insert is still this
    // transaction's, so the later commit commits mark and effect together.
    let p = prog(&[Begin, Insert, Begin, Apply, Commit, Ack]);
    let (m, s) = walk(&p, &[A; 4]);
    assert_eq!(
        results(&m),
        [Did::Opened, Did::Marked, Did::AlreadyOpen, Did::Pending]
    );
    assert_eq!(
        (s.applied(), s.marked()),
        (0, false),
        "nothing committed yet"
    );
    let (m, s) = walk(&p, &[A; 6]);
    assert_eq!(m[4].result, Did::Committed);
    assert_eq!((s.applied(), s.marked()), (1, true));
    // A crash after the second begin rolls back everything since the first.
    let (_, s) = walk(&p, &[A; 4]);
    let (s, _) = crash(&p, &s, A).unwrap();
    assert_eq!((s.applied(), s.marked()), (0, false));
    assert!(check(&p).safe(), "{:?}", check(&p).failures);
}

#[test]
fn a_transactions_own_mark_is_a_violation_for_insert_and_seen_for_check() {
    let p = prog(&[Begin, Insert, Insert, Apply, Commit, Ack]);
    let (m, s) = walk(&p, &[A; 3]);
    assert_eq!(results(&m), [Did::Opened, Did::Marked, Did::Violation]);
    // Rolled back: the mark is gone, and the copy went to the ack.
    assert!(!s.marked());
    let (m, _) = walk(&p, &[A; 4]);
    assert_eq!((m[3].step, m[3].result), (Some(Ack), Did::Acked));
    assert!(check(&p).failures.contains(&Failure::Lost));

    let p = prog(&[Begin, Insert, Check, Apply, Commit, Ack]);
    let (m, _) = walk(&p, &[A; 4]);
    assert_eq!(
        results(&m),
        [Did::Opened, Did::Marked, Did::Seen, Did::Acked]
    );
    // Another transaction's uncommitted mark is neither: check sees nothing, insert waits.
    let p = prog(&[Begin, Insert, Check, Ack]);
    let (_, s) = walk(&p, &[A, A, B]);
    assert_eq!(next_step(&p, &s, B), Next::Waits);
    let p = prog(&[Begin, Check, Insert, Ack]);
    let (m, _) = walk(&p, &[A, A, A, B, B]);
    assert_eq!(
        m[4].result,
        Did::Clear,
        "b does not see a's uncommitted mark"
    );
}

#[test]
fn go_to_ack_is_the_next_ack_after_the_step() {
    // The check sees the committed mark and goes to the ack at 3, not the one at 5.
    let p = prog(&[Insert, Check, Apply, Ack, Apply, Ack]);
    let (m, _) = walk(&p, &[A, A, A]);
    assert_eq!(results(&m), [Did::MarkedCommitted, Did::Seen, Did::Acked]);
    assert_eq!(m[2].step, Some(Ack));
    // The first ack after the step, not a later one: the copy is done there.
    let (_, s) = walk(&p, &[A, A, A]);
    assert_eq!(next_step(&p, &s, A), Next::Finished);
    // B's insert after A's is a violation and skips the apply between it and the next ack.
    let p = prog(&[Insert, Apply, Ack, Insert, Apply, Ack]);
    let (m, s) = walk(&p, &[A, A, A, B, B]);
    assert_eq!(m[3].result, Did::Violation);
    assert_eq!((m[4].step, m[4].result), (Some(Ack), Did::Acked));
    assert_eq!(s.applied(), 1, "b skipped the apply before its next ack");
    assert_eq!(
        next_step(&p, &s, B),
        Next::Finished,
        "and the steps after it"
    );
    // With no ack after it, the program ends there, unacked.
    let p = prog(&[Insert, Check, Apply]);
    let (m, s) = walk(&p, &[B, B]);
    assert_eq!(m[1].result, Did::SeenEnds);
    assert_eq!(m[1].ended, Some(Ending::Unacked));
    assert_eq!((next_step(&p, &s, B), s.applied()), (Next::Finished, 0));
}

#[test]
fn a_program_that_ends_without_an_ack_rolls_back_and_stays_unacked() {
    let p = prog(&[Begin, Insert, Apply]);
    let (m, s) = walk(&p, &[A; 3]);
    let last = m.last().unwrap();
    // The last step did what it does; the end rolled the open transaction back.
    assert_eq!(last.result, Did::Pending);
    assert_eq!(last.ended, Some(Ending::RolledBack));
    assert_eq!((s.applied(), s.marked()), (0, false));
    assert!(failures_at(&p, &s).contains(&Failure::Stuck));
    // The other instance is not blocked by a mark the end rolled back.
    assert!(matches!(next_step(&p, &s, B), Next::Moves(..)));
    assert_eq!(next_step(&p, &s, A), Next::Finished);
    // Nothing open at the end: unacked all the same.
    let p = prog(&[Begin, Insert, Apply, Commit]);
    let (m, s) = walk(&p, &[A; 4]);
    assert_eq!(m[3].ended, Some(Ending::Unacked));
    assert_eq!((s.applied(), s.marked()), (1, true));
    // Only the move that ends a program says so.
    assert!(m[..3].iter().all(|m| m.ended.is_none()));
    let r = check(&p);
    assert_eq!(r.failures, [Failure::Stuck]);
    let run = &r.runs[0];
    assert!(
        run.last().unwrap().ended.is_some(),
        "the stuck run ends on its ending"
    );
}

#[test]
fn no_crash_before_the_first_step_or_after_the_end() {
    let p = prog(&[Apply, Ack]);
    let s = State::default();
    assert!(crash(&p, &s, A).is_none(), "before the first step");
    let (_, s) = walk(&p, &[A]);
    let (s2, m) = crash(&p, &s, A).unwrap();
    assert_eq!(m.result, Did::Crashed);
    assert!(crash(&p, &s2, A).is_none(), "once");
    let (_, s) = walk(&p, &[A, A]);
    assert!(crash(&p, &s, A).is_none(), "after the ack");
    let p = prog(&[Begin, Apply]);
    let (_, s) = walk(&p, &[A, A]);
    assert!(crash(&p, &s, A).is_none(), "after an end without an ack");
    // Nor does the checker ever draw one there.
    for preset in PRESETS {
        for run in check(&prog(preset.steps)).runs {
            let mut s = State::default();
            for m in &run {
                if m.step.is_none() {
                    assert!(crash(&prog(preset.steps), &s, m.instance).is_some());
                }
                s = replay_from(&prog(preset.steps), s, std::slice::from_ref(m)).unwrap();
            }
        }
    }
}

#[test]
fn without_the_unique_constraint_an_insert_never_waits_nor_violates() {
    // The lab's check-then-insert race, and the workbench's table without its constraint.
    let p = prog(&[Begin, Insert, Insert, Commit]).with_constraint(Constraint::Absent);
    let (m, s) = walk(&p, &[A, A, B, B, A, A, B, B]);
    assert!(m.iter().all(|m| m.result != Did::Violation));
    assert_eq!(s.marks(), 2);
    // The first insert is a mark; each later one while a mark exists is told a duplicate,
    // in a transaction or committed at once outside one.
    assert_eq!(
        results(&m),
        [
            Did::Opened,
            Did::Marked,
            Did::Opened,
            Did::Duplicate,
            Did::Duplicate,
            Did::Committed,
            Did::Duplicate,
            Did::Committed
        ]
    );
    let p = prog(&[Insert, Insert, Ack]).with_constraint(Constraint::Absent);
    let (m, _) = walk(&p, &[A, A]);
    assert_eq!(results(&m), [Did::MarkedCommitted, Did::DuplicateCommitted]);
    // The same program under the constraint: the second insert is a violation.
    let (m, _) = walk(&prog(&[Insert, Insert, Ack]), &[A, A]);
    assert_eq!(results(&m), [Did::MarkedCommitted, Did::Violation]);
}

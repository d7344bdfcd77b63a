//! Two step-through demonstrations from the lesson, as fixed lists of moves replayed by the
//! workbench's engine (`sim::workbench`: one model of a consumer's steps against a shared
//! database), so the results come from the model, not from a script: the race of two
//! instances on one redelivered event, and where the transaction boundary sits between dedup
//! mark and effect.

named_enum! {
    /// One operation of a consumer's program against the store.
    pub enum Op {
        /// Application-level "have I seen this id?" read of committed marks; stop if seen.
        CheckSeen = "check_seen",
        /// Insert the dedup mark in the open transaction.
        InsertMark = "insert_mark",
        /// Apply the business effect in the open transaction.
        ApplyEffect = "apply_effect",
        /// Commit the open transaction.
        Commit = "commit",
    }
}

named_enum! {
    /// What an operation did.
    pub enum OpResult {
        Done = "done",
        /// `CheckSeen` found a committed mark: the instance stops, no effect.
        SeenDiscard = "seen_discard",
        /// The insert waits for another transaction holding the same key.
        Blocked = "blocked",
        /// The insert hit the unique constraint: the transaction rolls back.
        UniqueViolationRollback = "unique_violation_rollback",
        /// The instance crashed: its open transaction is rolled back.
        CrashRollback = "crash_rollback",
    }
}

/// One line of a demonstration: who did what, and the committed state afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DemoStep {
    pub actor: &'static str,
    /// None for a crash.
    pub op: Option<Op>,
    pub result: OpResult,
    pub effects_after: u32,
    pub marks_after: u32,
}

// In the page the demonstrations are the shipped tables (`shipped.rs`), which a native test
// proves are the engine's replay: the engine itself stays out of the learner's module (1.7 KB).
#[cfg(any(test, target_arch = "wasm32"))]
mod shipped;

#[cfg(not(target_arch = "wasm32"))]
use super::outcome::Instance;
#[cfg(not(target_arch = "wasm32"))]
use super::workbench::{self, Constraint, Did, Effect, Next, Program, State, Step};

#[cfg(not(target_arch = "wasm32"))]
/// One entry of a demonstration's fixed list of moves: an instance takes its next step (or
/// waits, if that step is an insert blocked by the other's uncommitted mark), or crashes.
#[derive(Clone, Copy)]
enum Act {
    Step(Instance),
    Crash(Instance),
}

#[cfg(not(target_arch = "wasm32"))]
use Act::{Crash, Step as Go};
#[cfg(not(target_arch = "wasm32"))]
use Instance::{A, B};

#[cfg(not(target_arch = "wasm32"))]
/// The operation a step is drawn as; `begin` and `ack` are not drawn (the demonstrations'
/// texts say each write is uncommitted until its commit, and they end at the commit).
fn op_of(step: Step) -> Option<Op> {
    match step {
        Step::Check => Some(Op::CheckSeen),
        Step::Insert => Some(Op::InsertMark),
        Step::Apply => Some(Op::ApplyEffect),
        Step::Commit => Some(Op::Commit),
        Step::Begin | Step::Ack => None,
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn result_of(did: Did) -> OpResult {
    match did {
        Did::Seen | Did::SeenEnds => OpResult::SeenDiscard,
        Did::Violation | Did::ViolationEnds => OpResult::UniqueViolationRollback,
        Did::Crashed => OpResult::CrashRollback,
        _ => OpResult::Done,
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// Replays `acts` of `steps` (a balance, the mark's table with or without its unique
/// constraint) on the workbench's engine, and draws each move: an instance redelivered after
/// its crash is primed (A').
fn replay(steps: &[Step], unique: bool, acts: &[Act]) -> Vec<DemoStep> {
    let p = Program {
        steps: steps.to_vec(),
        effect: Effect::Add,
        constraint: if unique {
            Constraint::Unique
        } else {
            Constraint::Absent
        },
    };
    let mut s = State::default();
    let mut crashed = [false; 2];
    let mut out = Vec::new();
    for &act in acts {
        let (who, op, result) = match act {
            Go(who) => match workbench::next_step(&p, &s, who) {
                Next::Moves(n, m) => {
                    s = n;
                    match m.step.and_then(op_of) {
                        Some(op) => (who, Some(op), result_of(m.result)),
                        None => continue,
                    }
                }
                // Only an insert waits.
                Next::Waits => (who, Some(Op::InsertMark), OpResult::Blocked),
                Next::Finished => continue,
            },
            Crash(who) => match workbench::crash(&p, &s, who) {
                Some((n, _)) => {
                    s = n;
                    crashed[who as usize] = true;
                    (who, None, OpResult::CrashRollback)
                }
                None => continue,
            },
        };
        let again = crashed[who as usize] && matches!(act, Go(_));
        out.push(DemoStep {
            actor: match (who, again) {
                (A, false) => "A",
                (A, true) => "A'",
                (B, false) => "B",
                (B, true) => "B'",
            },
            op,
            result,
            effects_after: u32::from(s.applied()),
            marks_after: u32::from(s.marks()),
        });
    }
    out
}

named_enum! {
    /// How the two instances decide whether the event is new.
    pub enum RaceGuard {
        /// Read "seen?" in the application, then insert with no unique rule.
        CheckThenInsert = "check",
        /// Insert under a unique constraint in the effect's transaction.
        UniqueConstraint = "unique",
    }
}

/// Instances A and B take the same redelivered event at the same moment and run their
/// programs in strict alternation (A, B, A, B, …): the worst honest interleaving.
pub fn race(guard: RaceGuard) -> Vec<DemoStep> {
    #[cfg(target_arch = "wasm32")]
    return shipped::RACE[guard as usize].to_vec();
    #[cfg(not(target_arch = "wasm32"))]
    replayed_race(guard)
}

/// The race as the workbench's engine plays it.
#[cfg(not(target_arch = "wasm32"))]
fn replayed_race(guard: RaceGuard) -> Vec<DemoStep> {
    use Step::{Apply, Begin, Check, Commit, Insert};
    match guard {
        // No unique constraint: both inserts go through.
        RaceGuard::CheckThenInsert => replay(
            &[Begin, Check, Insert, Apply, Commit],
            false,
            &[
                Go(A),
                Go(B),
                Go(A),
                Go(B),
                Go(A),
                Go(B),
                Go(A),
                Go(B),
                Go(A),
                Go(B),
            ],
        ),
        // B's insert waits on A's uncommitted mark, twice, then violates the constraint.
        RaceGuard::UniqueConstraint => replay(
            &[Begin, Insert, Apply, Commit],
            true,
            &[Go(A), Go(B), Go(A), Go(B), Go(A), Go(B), Go(A), Go(B)],
        ),
    }
}

named_enum! {
    /// Where the dedup mark and the business effect are committed.
    pub enum TxBoundary {
        /// Mark and effect in one transaction: all or nothing.
        OneTransaction = "one",
        /// Mark committed first, then the effect in a second transaction.
        MarkFirst = "mark",
        /// Effect committed first, then the mark in a second transaction.
        EffectFirst = "effect",
    }
}

/// The consumer crashes after its second operation, the hub redelivers, and the restarted
/// consumer runs the whole program.
pub fn transaction_boundary(b: TxBoundary) -> Vec<DemoStep> {
    #[cfg(target_arch = "wasm32")]
    return shipped::TX[b as usize].to_vec();
    #[cfg(not(target_arch = "wasm32"))]
    replayed_transaction_boundary(b)
}

/// The transaction boundary as the workbench's engine plays it.
#[cfg(not(target_arch = "wasm32"))]
fn replayed_transaction_boundary(b: TxBoundary) -> Vec<DemoStep> {
    use Step::{Apply, Begin, Commit, Insert};
    // Two operations (after its begin), the crash, then the whole program again.
    let (steps, again): (&[Step], usize) = match b {
        TxBoundary::OneTransaction => (&[Begin, Insert, Apply, Commit], 4),
        TxBoundary::MarkFirst => (&[Begin, Insert, Commit, Begin, Apply, Commit], 6),
        TxBoundary::EffectFirst => (&[Begin, Apply, Commit, Begin, Insert, Commit], 6),
    };
    let mut acts = vec![Go(A); 3];
    acts.push(Crash(A));
    acts.extend(std::iter::repeat_n(Go(A), again));
    replay(steps, true, &acts)
}

/// Effects after the last step: the number each demonstration is about.
pub fn final_effects(steps: &[DemoStep]) -> u32 {
    steps.last().map_or(0, |s| s.effects_after)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables the page ships are what the engine plays, step for step; with
    /// `UPDATE_TEXTS=1` this writes them (then `cargo fmt`).
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn the_shipped_demonstrations_are_the_engines_replay() {
        let row = |s: &DemoStep| {
            let op = s.op.map_or("None".into(), |o| format!("Some(Op::{o:?})"));
            format!(
                "        DemoStep {{ actor: {:?}, op: {op}, result: OpResult::{:?}, effects_after: {}, marks_after: {} }},\n",
                s.actor, s.result, s.effects_after, s.marks_after
            )
        };
        let table = |name: &str, kind: &str, all: Vec<Vec<DemoStep>>| {
            let mut out = format!("pub static {name}: [&[DemoStep]; {kind}::COUNT] = [\n");
            for steps in all {
                out.push_str("    &[\n");
                steps.iter().for_each(|s| out.push_str(&row(s)));
                out.push_str("    ],\n");
            }
            out + "];\n"
        };
        let races: Vec<_> = RaceGuard::ALL.iter().map(|&g| replayed_race(g)).collect();
        let txs: Vec<_> = TxBoundary::ALL
            .iter()
            .map(|&b| replayed_transaction_boundary(b))
            .collect();
        if std::env::var_os("UPDATE_TEXTS").is_some() {
            let head = "//! The demonstrations' steps as the page ships them: written by `UPDATE_TEXTS=1 cargo test\n\
                        //! --lib the_shipped` from the workbench engine's replay, which that test compares.\n\
                        use super::{DemoStep, Op, OpResult, RaceGuard, TxBoundary};\n\n";
            let file = format!(
                "{head}{}\n{}",
                table("RACE", "RaceGuard", races.clone()),
                table("TX", "TxBoundary", txs.clone())
            );
            std::fs::write(
                concat!(env!("CARGO_MANIFEST_DIR"), "/src/sim/demos/shipped.rs"),
                file,
            )
            .unwrap();
        }
        for (g, steps) in RaceGuard::ALL.iter().zip(&races) {
            assert_eq!(
                shipped::RACE[*g as usize],
                &steps[..],
                "{g:?}: run `UPDATE_TEXTS=1 cargo test --lib the_shipped`"
            );
        }
        for (b, steps) in TxBoundary::ALL.iter().zip(&txs) {
            assert_eq!(
                shipped::TX[*b as usize],
                &steps[..],
                "{b:?}: run `UPDATE_TEXTS=1 cargo test --lib the_shipped`"
            );
        }
    }

    #[test]
    fn race_check_then_insert_applies_twice_unique_once() {
        let naive = race(RaceGuard::CheckThenInsert);
        assert_eq!(final_effects(&naive), 2, "{naive:#?}");
        assert!(naive
            .iter()
            .filter(|s| s.op == Some(Op::CheckSeen))
            .all(|s| s.result == OpResult::Done));
        let unique = race(RaceGuard::UniqueConstraint);
        assert_eq!(final_effects(&unique), 1, "{unique:#?}");
        assert!(unique
            .iter()
            .any(|s| s.actor == "B" && s.result == OpResult::Blocked));
        assert_eq!(
            unique.last().map(|s| (s.actor, s.result)),
            Some(("B", OpResult::UniqueViolationRollback))
        );
    }

    /// What the demonstrations showed when they ran on their own little store, before they
    /// were replayed by the workbench's engine: every row, as the panel draws it.
    #[test]
    fn the_engine_replays_the_demonstrations_row_for_row() {
        use Op::{ApplyEffect as Ap, CheckSeen as Ch, Commit as Co, InsertMark as In};
        use OpResult::{
            Blocked as Wait, CrashRollback as Crash, Done as Ok, UniqueViolationRollback as Viol,
        };
        type Row = (&'static str, Option<Op>, OpResult, u32, u32);
        let rows = |steps: Vec<DemoStep>| -> Vec<Row> {
            steps
                .into_iter()
                .map(|s| (s.actor, s.op, s.result, s.effects_after, s.marks_after))
                .collect()
        };
        let want: [(Vec<DemoStep>, Vec<Row>); 5] = [
            (
                race(RaceGuard::CheckThenInsert),
                vec![
                    ("A", Some(Ch), Ok, 0, 0),
                    ("B", Some(Ch), Ok, 0, 0),
                    ("A", Some(In), Ok, 0, 0),
                    ("B", Some(In), Ok, 0, 0),
                    ("A", Some(Ap), Ok, 0, 0),
                    ("B", Some(Ap), Ok, 0, 0),
                    ("A", Some(Co), Ok, 1, 1),
                    ("B", Some(Co), Ok, 2, 2),
                ],
            ),
            (
                race(RaceGuard::UniqueConstraint),
                vec![
                    ("A", Some(In), Ok, 0, 0),
                    ("B", Some(In), Wait, 0, 0),
                    ("A", Some(Ap), Ok, 0, 0),
                    ("B", Some(In), Wait, 0, 0),
                    ("A", Some(Co), Ok, 1, 1),
                    ("B", Some(In), Viol, 1, 1),
                ],
            ),
            (
                transaction_boundary(TxBoundary::OneTransaction),
                vec![
                    ("A", Some(In), Ok, 0, 0),
                    ("A", Some(Ap), Ok, 0, 0),
                    ("A", None, Crash, 0, 0),
                    ("A'", Some(In), Ok, 0, 0),
                    ("A'", Some(Ap), Ok, 0, 0),
                    ("A'", Some(Co), Ok, 1, 1),
                ],
            ),
            (
                transaction_boundary(TxBoundary::MarkFirst),
                vec![
                    ("A", Some(In), Ok, 0, 0),
                    ("A", Some(Co), Ok, 0, 1),
                    ("A", None, Crash, 0, 1),
                    ("A'", Some(In), Viol, 0, 1),
                ],
            ),
            (
                transaction_boundary(TxBoundary::EffectFirst),
                vec![
                    ("A", Some(Ap), Ok, 0, 0),
                    ("A", Some(Co), Ok, 1, 0),
                    ("A", None, Crash, 1, 0),
                    ("A'", Some(Ap), Ok, 1, 0),
                    ("A'", Some(Co), Ok, 2, 0),
                    ("A'", Some(In), Ok, 2, 0),
                    ("A'", Some(Co), Ok, 2, 1),
                ],
            ),
        ];
        for (got, want) in want {
            assert_eq!(rows(got), want);
        }
    }

    #[test]
    fn transaction_boundary_outcomes() {
        let one = transaction_boundary(TxBoundary::OneTransaction);
        assert_eq!(
            (final_effects(&one), one.last().map(|s| s.marks_after)),
            (1, Some(1))
        );
        // Mark first: the redelivery finds the mark and the effect is lost for good.
        let mark = transaction_boundary(TxBoundary::MarkFirst);
        assert_eq!(final_effects(&mark), 0, "{mark:#?}");
        assert_eq!(
            mark.last().map(|s| s.result),
            Some(OpResult::UniqueViolationRollback)
        );
        // Effect first: nothing marks the first run, so the effect happens twice.
        assert_eq!(
            final_effects(&transaction_boundary(TxBoundary::EffectFirst)),
            2
        );
    }
}

//! Two step-through demonstrations from the lesson, run on a tiny transactional store so the
//! results come from the model, not from a script: the race of two instances on one
//! redelivered event, and where the transaction boundary sits between dedup mark and effect.

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

#[derive(Default)]
struct Store {
    unique: bool,
    marks: u32,
    effects: u32,
}

#[derive(Default, Clone, Copy)]
struct Tx {
    mark: bool,
    effect: bool,
}

struct Instance {
    name: &'static str,
    program: Vec<Op>,
    pc: usize,
    tx: Tx,
    done: bool,
}

impl Instance {
    fn new(name: &'static str, program: &[Op]) -> Self {
        Instance {
            name,
            program: program.to_vec(),
            pc: 0,
            tx: Tx::default(),
            done: false,
        }
    }
}

/// Runs the next operation of `me`; `other_holds_mark` says whether another open
/// transaction has an uncommitted mark for the same key.
fn run_op(store: &mut Store, me: &mut Instance, other_holds_mark: bool) -> Option<DemoStep> {
    let op = *me.program.get(me.pc)?;
    let result = match op {
        Op::CheckSeen if store.marks > 0 => OpResult::SeenDiscard,
        Op::CheckSeen => OpResult::Done,
        Op::InsertMark if store.unique && other_holds_mark => OpResult::Blocked,
        Op::InsertMark if store.unique && store.marks > 0 => OpResult::UniqueViolationRollback,
        Op::InsertMark => {
            me.tx.mark = true;
            OpResult::Done
        }
        Op::ApplyEffect => {
            me.tx.effect = true;
            OpResult::Done
        }
        Op::Commit => {
            store.marks += u32::from(me.tx.mark);
            store.effects += u32::from(me.tx.effect);
            me.tx = Tx::default();
            OpResult::Done
        }
    };
    match result {
        OpResult::Done => me.pc += 1,
        OpResult::Blocked => {}
        _ => {
            me.tx = Tx::default();
            me.done = true;
        }
    }
    if me.pc >= me.program.len() {
        me.done = true;
    }
    Some(DemoStep {
        actor: me.name,
        op: Some(op),
        result,
        effects_after: store.effects,
        marks_after: store.marks,
    })
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
    let (program, unique): (&[Op], bool) = match guard {
        RaceGuard::CheckThenInsert => (
            &[Op::CheckSeen, Op::InsertMark, Op::ApplyEffect, Op::Commit],
            false,
        ),
        RaceGuard::UniqueConstraint => (&[Op::InsertMark, Op::ApplyEffect, Op::Commit], true),
    };
    let mut store = Store {
        unique,
        ..Store::default()
    };
    let mut inst = [Instance::new("A", program), Instance::new("B", program)];
    let mut steps = Vec::new();
    // Bounded: each op either advances or waits on the other, which then advances.
    for turn in 0..64 {
        if inst.iter().all(|i| i.done) {
            break;
        }
        let (me, other) = if turn % 2 == 0 { (0, 1) } else { (1, 0) };
        if inst[me].done {
            continue;
        }
        let other_holds = inst[other].tx.mark;
        if let Some(s) = run_op(&mut store, &mut inst[me], other_holds) {
            steps.push(s);
        }
    }
    steps
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
    let program: &[Op] = match b {
        TxBoundary::OneTransaction => &[Op::InsertMark, Op::ApplyEffect, Op::Commit],
        TxBoundary::MarkFirst => &[Op::InsertMark, Op::Commit, Op::ApplyEffect, Op::Commit],
        TxBoundary::EffectFirst => &[Op::ApplyEffect, Op::Commit, Op::InsertMark, Op::Commit],
    };
    let mut store = Store {
        unique: true,
        ..Store::default()
    };
    let mut steps = Vec::new();
    let mut first = Instance::new("A", program);
    for _ in 0..2 {
        steps.extend(run_op(&mut store, &mut first, false));
    }
    // Crash: whatever the open transaction held is gone.
    steps.push(DemoStep {
        actor: "A",
        op: None,
        result: OpResult::CrashRollback,
        effects_after: store.effects,
        marks_after: store.marks,
    });
    let mut again = Instance::new("A'", program);
    while !again.done {
        match run_op(&mut store, &mut again, false) {
            Some(s) => steps.push(s),
            None => break,
        }
    }
    steps
}

/// Effects after the last step: the number each demonstration is about.
pub fn final_effects(steps: &[DemoStep]) -> u32 {
    steps.last().map_or(0, |s| s.effects_after)
}

#[cfg(test)]
mod tests {
    use super::*;

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

//! Which hint the workbench gives for a failure in a program: what in the program lets it
//! happen, never the arrangement that fixes it.
use crate::sim::workbench::{Constraint, Effect, Failure, Program, Step};

named_enum! {
    /// Which hint fits a failure in a program.
    pub enum Hint {
        /// The effect is an email: no arrangement is safe.
        Email = "email",
        /// Double, and nothing records that the message was processed.
        NoMark = "no_mark",
        /// Double, and the effect commits apart from the mark (or outside any transaction).
        EffectApart = "effect_apart",
        /// Double, mark and effect together, on a table without its unique constraint: nothing
        /// in the database stops a second mark.
        NoUnique = "no_unique",
        /// Double, otherwise: when did the second copy decide it was new?
        SecondCopy = "second_copy",
        /// Lost, and the ack comes before the effect is committed.
        AckEarly = "ack_early",
        /// Lost, and the mark can commit without the effect.
        MarkApart = "mark_apart",
        /// Lost, otherwise: the copy thought the work was done.
        ThoughtDone = "thought_done",
        /// Stuck: a path ends without an ack.
        NoAck = "no_ack",
    }
}

pub(super) fn hint_for(p: &Program, f: Failure) -> Hint {
    let pos = |s: Step| p.steps.iter().position(|x| *x == s);
    // The step at `i` runs inside a transaction opened before it and not yet committed.
    let in_tx = |i: usize| {
        let mut open = false;
        for s in &p.steps[..i] {
            match s {
                Step::Begin => open = true,
                Step::Commit | Step::Ack => open = false,
                _ => {}
            }
        }
        open
    };
    // The transaction (by count of begins) a step runs in, if any.
    let tx_of =
        |i: usize| in_tx(i).then(|| p.steps[..i].iter().filter(|s| **s == Step::Begin).count());
    match f {
        _ if p.effect == Effect::Email => Hint::Email,
        Failure::DoubleEffect => match (pos(Step::Insert), pos(Step::Apply)) {
            (None, _) => Hint::NoMark,
            (Some(i), Some(a)) if tx_of(a).is_none() || tx_of(a) != tx_of(i) => Hint::EffectApart,
            _ if p.constraint == Constraint::Absent => Hint::NoUnique,
            _ => Hint::SecondCopy,
        },
        Failure::Lost => {
            let ack = pos(Step::Ack);
            let apply = pos(Step::Apply);
            let insert = pos(Step::Insert);
            let commit_after = |i: usize| {
                p.steps[i..]
                    .iter()
                    .position(|s| *s == Step::Commit)
                    .map(|k| i + k)
            };
            let effect_done = apply.and_then(|a| if in_tx(a) { commit_after(a) } else { Some(a) });
            match (ack, effect_done) {
                (Some(k), Some(d)) if k < d => Hint::AckEarly,
                (Some(_), None) => Hint::AckEarly,
                _ if insert.is_some_and(|i| {
                    apply.is_some_and(|a| tx_of(a) != tx_of(i) || tx_of(a).is_none())
                }) =>
                {
                    Hint::MarkApart
                }
                _ => Hint::ThoughtDone,
            }
        }
        Failure::Stuck => Hint::NoAck,
    }
}

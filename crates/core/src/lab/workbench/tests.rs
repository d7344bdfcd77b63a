//! The workbench's reducer: checks, edits, the run stepped, its effects and its hints.
use super::*;
use crate::sim::workbench::{Constraint, Failure};

fn wb() -> Workbench {
    Workbench::new(Lang::Es, Ok(naive()))
}

#[test]
fn check_waits_for_a_prediction_and_an_edit_clears_the_verdict() {
    let mut w = wb();
    w.apply(WbAction::Check);
    assert!(w.checked.is_none());
    w.apply(WbAction::Predict(Guess::Safe));
    let fx = w.apply(WbAction::Check);
    let c = w.checked.as_ref().unwrap();
    assert_eq!(c.report.failures, [Failure::DoubleEffect]);
    let v = fx.verdict.unwrap();
    assert_eq!((v.guess, v.right()), (Guess::Safe, false));
    assert_eq!(v.right_guesses, [Guess::DoubleEffect]);
    assert_eq!(fx.reveal, Some(Reveal::Verdict));
    w.apply(WbAction::Add(Step::Commit));
    assert!(w.checked.is_none() && w.guess.is_none());
}

#[test]
fn the_lessons_pattern_built_step_by_step_reaches_the_balance_milestone_once() {
    let mut w = wb();
    w.apply(WbAction::Clear);
    for s in [
        Step::Ack,
        Step::Begin,
        Step::Insert,
        Step::Apply,
        Step::Commit,
    ] {
        w.apply(WbAction::Add(s));
    }
    w.apply(WbAction::Move { from: 0, to: 4 });
    assert_eq!(w.program.steps_text(), "begin,insert,apply,commit,ack");
    w.apply(WbAction::Predict(Guess::Safe));
    let fx = w.apply(WbAction::Check);
    assert_eq!(fx.milestones, [Milestone::BalanceSafe]);
    let v = fx.verdict.unwrap();
    assert_eq!((v.guess, v.right(), v.attempt), (Guess::Safe, true, 1));
    assert_eq!(v.right_guesses, [Guess::Safe]);
    w.apply(WbAction::Predict(Guess::Safe));
    let fx = w.apply(WbAction::Check);
    assert!(fx.milestones.is_empty(), "only once");
    assert_eq!(w.tries, 2);
    // The same pattern with an email: still broken, and the second milestone.
    w.apply(WbAction::SetEffect(Effect::Email));
    w.apply(WbAction::Predict(Guess::Safe));
    let fx = w.apply(WbAction::Check);
    assert_eq!(fx.milestones, [Milestone::EmailUnsafe]);
    assert_eq!(w.hint(), Some(Hint::Email));
}

#[test]
fn edits_out_of_range_and_past_the_limit_change_nothing() {
    let mut w = wb();
    let before = w.program.clone();
    w.apply(WbAction::Remove(9));
    w.apply(WbAction::Move { from: 0, to: 7 });
    w.apply(WbAction::Preset("nope"));
    assert_eq!(w.program, before);
    for _ in 0..20 {
        w.apply(WbAction::Add(Step::Ack));
    }
    assert_eq!(w.program.steps.len(), MAX_STEPS);
    w.apply(WbAction::Clear);
    w.apply(WbAction::Predict(Guess::Lost));
    w.apply(WbAction::Check);
    assert!(w.checked.is_none(), "nothing to check");
}

#[test]
fn the_run_is_stepped_within_its_length() {
    let mut w = wb();
    w.apply(WbAction::Predict(Guess::DoubleEffect));
    w.apply(WbAction::Check);
    let n = w.run().unwrap().len();
    w.apply(WbAction::ShowMoves(99));
    assert_eq!(w.shown, n);
    w.apply(WbAction::ShowFailure(5));
    assert_eq!(w.failure, 0);
}

#[test]
fn a_bad_link_falls_back_to_the_naive_consumer_with_a_notice() {
    let w = Workbench::new(Lang::Es, Program::parse("begin,jump", "add", "unique"));
    assert_eq!(w.program, naive());
    assert!(matches!(w.notice, Some(ProgramError::UnknownStep(_))));
}

#[test]
fn hints_point_at_what_lets_each_preset_fail() {
    let hint = |id: &str| {
        let mut w = wb();
        w.apply(WbAction::Preset(Preset::by_id(id).unwrap().id));
        w.apply(WbAction::Predict(Guess::Safe));
        w.apply(WbAction::Check);
        w.hint()
    };
    assert_eq!(hint("naive"), Some(Hint::NoMark));
    assert_eq!(hint("check_then_insert"), Some(Hint::NoUnique));
    assert_eq!(hint("mark_first"), Some(Hint::MarkApart));
    assert_eq!(hint("effect_first"), Some(Hint::EffectApart));
    assert_eq!(hint("ack_first"), Some(Hint::AckEarly));
    assert_eq!(hint("insert_first"), None);
}

#[test]
fn focus_follows_the_moved_block_and_never_falls_to_the_page() {
    let mut w = wb();
    w.apply(WbAction::Preset("insert_first"));
    // Moved up twice, the same block goes up twice (it does not swap back).
    let fx = w.apply(WbAction::Move { from: 3, to: 2 });
    assert_eq!(fx.focus, Some(Focus::Block(2)));
    w.apply(WbAction::Move { from: 2, to: 1 });
    assert_eq!(w.program.steps_text(), "begin,commit,insert,apply,ack");
    // A removed block's place goes to the one after it, or before it at the end.
    assert_eq!(w.apply(WbAction::Remove(1)).focus, Some(Focus::Block(1)));
    assert_eq!(w.apply(WbAction::Remove(3)).focus, Some(Focus::Block(2)));
    // Emptied, by the last block removed or by «Vaciar»: the palette.
    assert_eq!(w.apply(WbAction::Clear).focus, Some(Focus::Palette));
    w.apply(WbAction::Add(Step::Ack));
    assert_eq!(w.apply(WbAction::Remove(0)).focus, Some(Focus::Palette));
    // Nothing moved, nothing to follow.
    assert_eq!(w.apply(WbAction::Move { from: 0, to: 0 }).focus, None);
}

#[test]
fn each_move_shown_is_brought_into_view_and_the_last_takes_the_focus() {
    let mut w = wb();
    w.apply(WbAction::Preset("mark_first"));
    w.apply(WbAction::Predict(Guess::Lost));
    w.apply(WbAction::Check);
    let total = w.run().unwrap().len();
    assert!(total > 2);
    assert_eq!(w.shown, 1);
    for n in 2..total {
        let fx = w.apply(WbAction::ShowMoves(n));
        assert_eq!(fx.reveal, Some(Reveal::Move(n - 1)));
        assert_eq!(fx.focus, None);
    }
    let fx = w.apply(WbAction::ShowMoves(total));
    assert_eq!(
        (fx.reveal, fx.focus),
        (Some(Reveal::Move(total - 1)), Some(Focus::LastMove))
    );
    // Stepping back shows nothing new.
    assert_eq!(w.apply(WbAction::ShowMoves(1)), WbEffects::default());
}

#[test]
fn a_changed_guess_clears_the_feedback_not_the_verdict() {
    let mut w = wb();
    w.apply(WbAction::Predict(Guess::DoubleEffect));
    assert_eq!(w.feedback(), None, "nothing checked yet");
    w.apply(WbAction::Check);
    assert_eq!(w.feedback(), Some(true));
    w.apply(WbAction::Predict(Guess::Safe));
    assert_eq!(w.feedback(), None);
    assert!(w.checked.is_some(), "the evidence stays");
    w.apply(WbAction::Predict(Guess::DoubleEffect));
    assert_eq!(w.feedback(), Some(true));
    w.apply(WbAction::Predict(Guess::Lost));
    w.apply(WbAction::Check);
    assert_eq!(w.feedback(), Some(false));
}

#[test]
fn the_loaded_preset_is_named_until_the_program_differs() {
    let mut w = wb();
    assert_eq!(w.preset().map(|p| p.id), Some("naive"));
    w.apply(WbAction::Preset("mark_first"));
    assert_eq!(w.preset().map(|p| p.id), Some("mark_first"));
    // Another effect is the same pattern.
    w.apply(WbAction::SetEffect(Effect::Email));
    assert_eq!(w.preset().map(|p| p.id), Some("mark_first"));
    w.apply(WbAction::Add(Step::Ack));
    assert_eq!(w.preset(), None);
    // Built by hand, it is the preset it matches.
    w.apply(WbAction::Clear);
    w.apply(WbAction::Add(Step::Apply));
    w.apply(WbAction::Add(Step::Ack));
    assert_eq!(w.preset().map(|p| p.id), Some("naive"));
}

#[test]
fn check_then_insert_breaks_without_the_constraint_and_names_its_check_redundant_with_it() {
    let mut w = wb();
    w.apply(WbAction::Preset("check_then_insert"));
    assert_eq!(w.program.constraint, Constraint::Absent);
    assert_eq!(
        w.fragment(),
        "steps=begin,check,insert,apply,commit,ack&effect=add&constraint=none"
    );
    w.apply(WbAction::Predict(Guess::Safe));
    let fx = w.apply(WbAction::Check);
    let v = fx.verdict.unwrap();
    assert!(!v.right());
    assert_eq!(v.right_guesses, [Guess::DoubleEffect]);
    let c = w.checked.as_ref().unwrap();
    assert!(c.redundant.is_empty() && c.redundant_because.is_none());
    assert_eq!(w.hint(), Some(Hint::NoUnique));
    // The same steps with the constraint: safe, and the check (step 2) is what adds nothing.
    w.apply(WbAction::SetConstraint(Constraint::Unique));
    assert!(w.checked.is_none() && w.guess.is_none(), "a new question");
    assert_eq!(w.preset(), None, "the pattern includes its table");
    w.apply(WbAction::Predict(Guess::Safe));
    let fx = w.apply(WbAction::Check);
    assert!(fx.verdict.unwrap().right());
    assert_eq!(fx.milestones, [Milestone::BalanceSafe]);
    let c = w.checked.as_ref().unwrap();
    assert_eq!(c.redundant, [1]);
    assert_eq!(c.redundant_because, Some(Guard::Constraint));
    assert_eq!(w.hint(), None);
    // For a state, what makes a needless check needless is the effect itself.
    w.apply(WbAction::SetEffect(Effect::Set));
    w.apply(WbAction::Predict(Guess::Safe));
    w.apply(WbAction::Check);
    let c = w.checked.as_ref().unwrap();
    assert_eq!(
        (c.report.safe(), c.redundant.as_slice(), c.redundant_because),
        (true, &[1][..], Some(Guard::Idempotent))
    );
}

#[test]
fn a_safe_verdict_shows_its_example_run_stepped_like_a_failure() {
    let mut w = wb();
    w.apply(WbAction::Preset("insert_first"));
    w.apply(WbAction::Predict(Guess::Safe));
    w.apply(WbAction::Check);
    let c = w.checked.as_ref().unwrap();
    assert!(c.report.safe());
    let total = w.run().expect("an example run").len();
    assert_eq!(total, c.report.example.len());
    assert_eq!(w.shown, 1, "it opens on its first move");
    let fx = w.apply(WbAction::ShowMoves(total));
    assert_eq!(
        (fx.reveal, fx.focus),
        (Some(Reveal::Move(total - 1)), Some(Focus::LastMove))
    );
    // There is no failure to switch to.
    assert_eq!(w.apply(WbAction::ShowFailure(0)), WbEffects::default());
}

#[test]
fn each_change_to_the_steps_is_told_and_can_be_undone() {
    let mut w = wb();
    let naive = w.program.clone();
    // A pattern in place of the learner's consumer, then taken back, table and all.
    w.apply(WbAction::Preset("check_then_insert"));
    assert_eq!(
        w.status.map(|s| s.edit),
        Some(Edit::Preset {
            id: "check_then_insert",
            replaced: true,
            constraint: Some(Constraint::Absent),
        })
    );
    // Loading the pattern already loaded changes nothing and tells nothing new.
    let before = w.clone();
    w.apply(WbAction::Preset("check_then_insert"));
    assert_eq!(w, before);
    let fx = w.apply(WbAction::Undo);
    assert_eq!(w.program, naive);
    assert_eq!(w.status.map(|s| s.undone), Some(true));
    assert_eq!(fx.focus, Some(Focus::Block(0)), "nothing left to undo");
    assert_eq!(w.can_undo(), None);
    // «Vaciar», then «+ añadir», each told; undone in turn.
    w.apply(WbAction::Clear);
    assert_eq!(w.status.map(|s| s.edit), Some(Edit::Cleared));
    w.apply(WbAction::Add(Step::Begin));
    assert_eq!(
        w.status.map(|s| s.edit),
        Some(Edit::Added {
            step: Step::Begin,
            at: 0,
            n: 1
        })
    );
    let fx = w.apply(WbAction::Undo);
    assert!(w.program.steps.is_empty());
    assert_eq!(fx.focus, Some(Focus::Undo), "one more change to take back");
    w.apply(WbAction::Undo);
    assert_eq!(w.program, naive);
    // Two blocks removed by two quick taps: both come back, in place.
    w.apply(WbAction::Preset("insert_first"));
    w.apply(WbAction::Remove(2));
    w.apply(WbAction::Remove(2));
    assert_eq!(w.program.steps_text(), "begin,insert,ack");
    assert_eq!(
        w.status.map(|s| s.edit),
        Some(Edit::Removed {
            step: Step::Commit,
            at: 2
        })
    );
    w.apply(WbAction::Undo);
    let fx = w.apply(WbAction::Undo);
    assert_eq!(w.program.steps_text(), "begin,insert,apply,commit,ack");
    assert_eq!(fx.focus, Some(Focus::Undo));
    // A move is a change too; an effect or table changed is not one «Deshacer» takes back.
    w.apply(WbAction::Move { from: 4, to: 0 });
    w.apply(WbAction::SetEffect(Effect::Email));
    w.apply(WbAction::Undo);
    assert_eq!(w.program.steps_text(), "begin,insert,apply,commit,ack");
    assert_eq!(w.program.effect, Effect::Email);
    // At most UNDO_DEPTH changes are kept.
    let mut w = wb();
    for _ in 0..UNDO_DEPTH + 5 {
        w.apply(WbAction::Move { from: 0, to: 1 });
    }
    let mut undone = 0;
    while w.can_undo().is_some() {
        w.apply(WbAction::Undo);
        undone += 1;
    }
    assert_eq!(undone, UNDO_DEPTH);
}

#[test]
fn an_undo_or_a_change_to_the_table_is_a_new_question() {
    let mut w = wb();
    w.apply(WbAction::Remove(0));
    w.apply(WbAction::Predict(Guess::Stuck));
    w.apply(WbAction::Check);
    assert!(w.checked.is_some());
    w.apply(WbAction::Undo);
    assert!(w.checked.is_none() && w.guess.is_none() && w.tries == 0);
    w.apply(WbAction::Predict(Guess::DoubleEffect));
    w.apply(WbAction::Check);
    // The table set to what it already is changes nothing, and keeps the verdict.
    w.apply(WbAction::SetConstraint(Constraint::Unique));
    assert!(w.checked.is_some());
    w.apply(WbAction::SetConstraint(Constraint::Absent));
    assert!(w.checked.is_none());
}

#[test]
fn a_change_to_the_table_or_the_effect_takes_the_last_edits_line_with_it() {
    let mut w = wb();
    w.apply(WbAction::Remove(0));
    assert!(w.status.is_some(), "the removal is told, with its undo");
    w.apply(WbAction::SetConstraint(Constraint::Unique));
    assert!(w.status.is_some(), "the same table: nothing changed");
    w.apply(WbAction::SetConstraint(Constraint::Absent));
    assert!(w.status.is_none(), "it would name a table no longer shown");
    w.apply(WbAction::Remove(0));
    w.apply(WbAction::SetEffect(Effect::Email));
    assert!(w.status.is_none());
}

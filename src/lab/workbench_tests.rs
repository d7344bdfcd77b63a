//! The workbench's reducer: checks, edits, the run stepped, its effects and its hints.
use super::*;

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
    let w = Workbench::new(Lang::Es, Program::parse("begin,jump", "add"));
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
    assert_eq!(hint("check_then_insert"), Some(Hint::EffectApart));
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

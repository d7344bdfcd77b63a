//! Language, share link, host counts, notices, both demonstrations and polling.
use super::*;

#[test]
fn language_share_link_host_counts_and_notices() {
    let mut l = lab();
    l.apply(Action::SetLang(Lang::En));
    assert_eq!(l.lang, Lang::En);
    // English that could not be loaded: back in Spanish, saying so.
    l.apply(Action::NoEnglish);
    assert_eq!((l.lang, l.no_english), (Lang::Es, true));
    l.apply(Action::DismissBoundary);
    assert!(!l.no_english);
    l.apply(Action::NoEnglish);
    l.apply(Action::SetLang(Lang::En));
    assert!(!l.no_english, "English came after all");
    l.apply(Action::ShareLink);
    assert!(l.share_shown);
    l.apply(Action::HostMessage(true));
    l.apply(Action::HostMessage(false));
    l.apply(Action::HostMessage(false));
    assert_eq!(
        l.host,
        HostCounts {
            accepted: 1,
            ignored: 2,
            shown: false,
        }
    );
    l.boundary_notices.push(notice());
    l.apply(Action::DismissBoundary);
    assert!(l.boundary_notices.is_empty());
}

#[test]
fn demonstrations_step_to_their_end_and_restart_on_choice() {
    let mut l = lab();
    let n = l.race.steps.len();
    let reached: Vec<Challenge> = (0..n + 3)
        .flat_map(|_| l.apply(Action::Race(StepperAction::Next)).challenges)
        .collect();
    assert_eq!(l.race.shown, n, "never past the last step");
    assert!(l.race.finished());
    assert_eq!(reached, [Challenge::Race], "reached once, by the last step");
    l.apply(Action::Race(StepperAction::Choose(
        RaceGuard::CheckThenInsert,
    )));
    assert_eq!(l.race.shown, 0);
    assert!(
        l.challenges.contains(&Challenge::Race),
        "reached stays reached"
    );

    l.apply(Action::Tx(StepperAction::Choose(TxBoundary::EffectFirst)));
    l.apply(Action::Tx(StepperAction::Next));
    assert_eq!((l.tx.variant, l.tx.shown), (TxBoundary::EffectFirst, 1));
    assert_eq!(l.tx.visible().len(), 1);
}

#[test]
fn polling_appends_reads_crashes_and_loses_its_cursor() {
    let mut l = lab();
    for _ in 0..4 {
        l.apply(Action::Poll(PollAction::Append));
    }
    assert_eq!(l.polling.log.len(), 4);
    l.apply(Action::Poll(PollAction::Poll { crash: false }));
    assert_eq!(l.polling.cursor, 3);
    l.apply(Action::Poll(PollAction::LoseCursor));
    assert_eq!(l.polling.cursor, 0);
    let fx = l.apply(Action::Poll(PollAction::Poll { crash: false }));
    assert!(l.polling.naive.effects.applications > l.polling.idempotent.effects.applications);
    assert_eq!(fx.challenges, [Challenge::LostCursor]);
    l.apply(Action::Poll(PollAction::Policy(
        CursorPolicy::BeforeProcessing,
    )));
    assert!(l.polling.log.is_empty());
    for _ in 0..3 {
        l.apply(Action::Poll(PollAction::Append));
    }
    l.apply(Action::Poll(PollAction::Poll { crash: true }));
    l.apply(Action::Poll(PollAction::Poll { crash: false }));
    assert!(
        !l.polling.skipped().is_empty(),
        "cursor saved before processing skips"
    );
}

#[test]
fn the_polling_demo_draws_from_its_own_stream() {
    // Publishing in the hub does not shift the polling log's producer ids, and the two never
    // share an id: they are different streams of the one generator.
    let mut a = lab();
    let mut b = lab();
    b.apply(Action::Run(RunAction::PublishTwice));
    a.apply(Action::Poll(PollAction::Append));
    b.apply(Action::Poll(PollAction::Append));
    assert_eq!(a.polling.log[0].event_id, b.polling.log[0].event_id);
    assert_ne!(a.polling.log[0].event_id, b.run.sim.events()[0].id);
}

//! Native tests of the reducer: every action, what it changes, and which revisions it bumps.
use super::clock::{ClockAction, DEFAULT_SPEED};
use super::polling::PollAction;
use super::run::RunAction;
use super::settings::{Field, SettingsAction};
use super::stepper::StepperAction;
use super::*;
use crate::sim::demos::{RaceGuard, TxBoundary};
use crate::sim::outcome::RootCause;
use crate::sim::polling::CursorPolicy;
use crate::sim::{DedupOn, EventState, Fault, Reason};

fn notice() -> crate::embed::BoundaryNotice {
    crate::embed::BoundaryNotice {
        source: crate::embed::Source::Link,
        problem: crate::embed::Problem {
            field: "p".into(),
            why: crate::embed::Why::NotProbability("x".into()),
        },
    }
}

fn lab() -> Lab {
    Lab::new(Config::default(), Lang::Es)
}

/// A lab whose every attempt fails, so events wait on the schedule.
fn failing() -> Lab {
    Lab::new(
        Config {
            failure_probability: 1.0,
            ack_lost_share: 0.0,
            ..Config::default()
        },
        Lang::Es,
    )
}

/// One name per action variant; the match has no wildcard, so a new variant without a test
/// here does not compile.
fn variant(a: &Action) -> &'static str {
    match a {
        Action::Clock(ClockAction::TogglePlay) => "toggle",
        Action::Clock(ClockAction::Pause) => "pause",
        Action::Clock(ClockAction::SetSpeed(_)) => "speed",
        Action::Tick(_) => "tick",
        Action::Settings(SettingsAction::SetSeed(_)) => "seed",
        Action::Settings(SettingsAction::NewSeed(_)) => "new_seed",
        Action::Settings(SettingsAction::SetFailure(_)) => "failure",
        Action::Settings(SettingsAction::SetAckLost(_)) => "ack",
        Action::Settings(SettingsAction::SetBase(_)) => "base",
        Action::Settings(SettingsAction::SetRetries(_)) => "retries",
        Action::Settings(SettingsAction::SetDedup(_)) => "dedup",
        Action::Settings(SettingsAction::Settle) => "settle",
        Action::Run(RunAction::Step) => "step",
        Action::Run(RunAction::PublishOne) => "publish_one",
        Action::Run(RunAction::PublishTwice) => "publish_twice",
        Action::Run(RunAction::SetOutage(_)) => "outage",
        Action::Run(RunAction::SetCause(_)) => "cause",
        Action::Run(RunAction::Inject(_)) => "inject",
        Action::Run(RunAction::Select(_)) => "select",
        Action::Run(RunAction::Replay(_)) => "replay",
        Action::Run(RunAction::ReplayAll) => "replay_all",
        Action::Reset => "reset",
        Action::SetLang(_) => "lang",
        Action::Race(StepperAction::Choose(_)) => "race_choose",
        Action::Race(StepperAction::Next) => "race_next",
        Action::Tx(StepperAction::Choose(_)) => "tx_choose",
        Action::Tx(StepperAction::Next) => "tx_next",
        Action::Poll(PollAction::Policy(_)) => "poll_policy",
        Action::Poll(PollAction::Append) => "poll_append",
        Action::Poll(PollAction::Poll { .. }) => "poll",
        Action::Poll(PollAction::LoseCursor) => "lose_cursor",
        Action::DismissNotice => "dismiss_notice",
        Action::DismissBoundary => "dismiss_boundary",
        Action::ShareLink => "share",
        Action::HostMessage(_) => "host",
    }
}

/// Every action a test below sends, recorded so the coverage test can check them all.
fn send(lab: &mut Lab, a: Action, seen: &mut std::collections::BTreeSet<&'static str>) {
    seen.insert(variant(&a));
    lab.apply(a);
}

#[test]
fn every_action_is_exercised_and_none_panics_on_odd_input() {
    let mut seen = std::collections::BTreeSet::new();
    let mut l = failing();
    let odd = [
        Action::Clock(ClockAction::TogglePlay),
        Action::Clock(ClockAction::Pause),
        Action::Clock(ClockAction::SetSpeed(7)),
        Action::Tick(f64::NAN),
        Action::Tick(-5.0),
        Action::Tick(f64::INFINITY),
        Action::Settings(SettingsAction::SetSeed("-1".into())),
        Action::Settings(SettingsAction::NewSeed(u64::MAX)),
        Action::Settings(SettingsAction::SetFailure(f64::NAN)),
        Action::Settings(SettingsAction::SetAckLost(2.0)),
        Action::Settings(SettingsAction::SetBase("0".into())),
        Action::Settings(SettingsAction::SetRetries("99999999999".into())),
        Action::Settings(SettingsAction::SetDedup(DedupOn::Producer)),
        Action::Settings(SettingsAction::Settle),
        Action::Run(RunAction::Step),
        Action::Run(RunAction::PublishOne),
        Action::Run(RunAction::PublishTwice),
        Action::Run(RunAction::SetOutage(true)),
        Action::Run(RunAction::SetCause(RootCause::UrlChanged)),
        Action::Run(RunAction::Inject(Fault::Rebalance)),
        Action::Run(RunAction::Select(u32::MAX)),
        Action::Run(RunAction::Replay(u32::MAX)),
        Action::Run(RunAction::ReplayAll),
        Action::Reset,
        Action::SetLang(Lang::En),
        Action::Race(StepperAction::Choose(RaceGuard::UniqueConstraint)),
        Action::Race(StepperAction::Next),
        Action::Tx(StepperAction::Choose(TxBoundary::MarkFirst)),
        Action::Tx(StepperAction::Next),
        Action::Poll(PollAction::Policy(CursorPolicy::BeforeProcessing)),
        Action::Poll(PollAction::Append),
        Action::Poll(PollAction::Poll { crash: true }),
        Action::Poll(PollAction::LoseCursor),
        Action::DismissNotice,
        Action::DismissBoundary,
        Action::ShareLink,
        Action::HostMessage(false),
    ];
    for a in odd {
        send(&mut l, a, &mut seen);
        l.update_challenges();
    }
    // Every variant of `variant` is in the list above.
    assert_eq!(seen.len(), 35, "{seen:?}");
}

#[test]
fn clock_plays_pauses_and_takes_only_offered_speeds() {
    let mut l = lab();
    let r0 = l.revs;
    l.apply(Action::Clock(ClockAction::TogglePlay));
    assert!(l.clock.playing);
    assert_ne!(l.revs.clock, r0.clock);
    l.apply(Action::Clock(ClockAction::Pause));
    assert!(!l.clock.playing);
    let r1 = l.revs;
    l.apply(Action::Clock(ClockAction::Pause));
    assert_eq!(l.revs, r1, "pausing a paused clock changes nothing");
    l.apply(Action::Clock(ClockAction::SetSpeed(3600)));
    assert_eq!(l.clock.speed, 3600);
    l.apply(Action::Clock(ClockAction::SetSpeed(5)));
    assert_eq!(l.clock.speed, 3600, "5x is not offered");
}

#[test]
fn ticks_advance_simulated_time_only_while_playing() {
    let mut l = lab();
    l.apply(Action::Tick(500.0));
    assert_eq!(l.run.sim.now_ms(), 0, "paused");
    l.apply(Action::Clock(ClockAction::TogglePlay));
    l.apply(Action::Tick(500.0));
    assert_eq!(l.run.sim.now_ms(), 500 * u64::from(DEFAULT_SPEED));
    // One tick stands for at most a second of real time (a background tab).
    l.apply(Action::Tick(60_000.0));
    assert_eq!(l.run.sim.now_ms(), 1500 * u64::from(DEFAULT_SPEED));
    // Fractions carry over: at 1x, ten ticks of 0.5 ms make 5 ms.
    l.apply(Action::Clock(ClockAction::SetSpeed(1)));
    let before = l.run.sim.now_ms();
    for _ in 0..10 {
        l.apply(Action::Tick(0.5));
    }
    assert_eq!(l.run.sim.now_ms() - before, 5);
}

#[test]
fn an_idle_tick_moves_time_but_not_what_the_simulation_shows() {
    let mut l = lab();
    l.apply(Action::Clock(ClockAction::TogglePlay));
    let r = l.revs;
    l.apply(Action::Tick(100.0));
    assert_ne!(l.revs.time, r.time);
    assert_eq!(l.revs.sim, r.sim, "nothing happened");
    l.apply(Action::Settings(SettingsAction::SetFailure(0.0)));
    l.apply(Action::Run(RunAction::PublishOne));
    assert!(l.clock.playing, "publishing does not stop the clock");
    let r = l.revs;
    l.apply(Action::Tick(100.0));
    assert_ne!(l.revs.sim, r.sim, "the initial delivery ran");
    let r = l.revs;
    l.apply(Action::Tick(1000.0));
    assert_eq!(l.revs.sim, r.sim, "delivered: nothing more to do");
    assert_eq!(
        l.revs.masked(dep::DEMOS | dep::POLLING | dep::FIGURES),
        r.masked(dep::DEMOS | dep::POLLING | dep::FIGURES),
        "panels that do not show time are left alone by a tick"
    );
}

#[test]
fn seed_and_retry_settings_restart_and_bad_input_keeps_the_old_value() {
    let mut l = failing();
    l.apply(Action::Run(RunAction::PublishOne));
    l.apply(Action::Settings(SettingsAction::SetSeed(" 99 ".into())));
    assert_eq!(l.cfg.seed, 99);
    assert!(l.run.sim.events().is_empty(), "a new seed is a new run");
    l.apply(Action::Settings(SettingsAction::SetSeed("abc".into())));
    assert_eq!(l.cfg.seed, 99);
    assert_eq!(
        l.notice,
        Some(Notice::BadNumber {
            field: Field::Seed,
            input: "abc".into()
        })
    );
    l.apply(Action::Settings(SettingsAction::NewSeed(7)));
    assert_eq!((l.cfg.seed, l.notice.clone()), (7, None));
    l.apply(Action::Settings(SettingsAction::SetBase("10".into())));
    assert_eq!(l.run.sim.config().base_seconds, 10);
    l.apply(Action::Settings(SettingsAction::SetBase("0".into())));
    assert_eq!(l.cfg.base_seconds, 10);
    assert!(matches!(
        l.notice,
        Some(Notice::BadNumber {
            field: Field::Base,
            ..
        })
    ));
    l.apply(Action::Settings(SettingsAction::SetRetries("3".into())));
    assert_eq!(l.run.sim.config().max_retries, 3);
    l.apply(Action::Settings(SettingsAction::SetRetries("13".into())));
    assert_eq!(l.cfg.max_retries, 3);
    let long = "9".repeat(100);
    l.apply(Action::Settings(SettingsAction::SetRetries(long)));
    match &l.notice {
        Some(Notice::BadNumber { field, input }) => {
            assert_eq!(
                (*field, input.len()),
                (Field::Retries, 40),
                "typed text is cut"
            )
        }
        other => panic!("{other:?}"),
    }
    l.apply(Action::Settings(SettingsAction::SetDedup(
        DedupOn::Producer,
    )));
    assert_eq!(l.run.sim.config().dedup_on, DedupOn::Producer);
    assert_eq!(l.polling.idempotent.dedup_on, DedupOn::Producer);
}

#[test]
fn shares_apply_live_without_a_restart() {
    let mut l = lab();
    l.apply(Action::Run(RunAction::PublishOne));
    l.apply(Action::ShareLink);
    l.apply(Action::Settings(SettingsAction::SetFailure(1.0)));
    assert_eq!(l.cfg.failure_probability, 1.0);
    assert_eq!(l.run.sim.events().len(), 1, "the run goes on");
    assert_eq!(l.share_fragment, None, "a link to the old settings is gone");
    l.apply(Action::Settings(SettingsAction::SetAckLost(0.5)));
    assert_eq!(l.cfg.ack_lost_share, 0.5);
    l.apply(Action::Settings(SettingsAction::SetFailure(1.5)));
    assert_eq!(l.cfg.failure_probability, 1.0, "out of range is ignored");
    // The new share is used: every later attempt fails.
    l.apply(Action::Run(RunAction::PublishOne));
    while l.run.sim.next_time() == Some(0) {
        l.apply(Action::Run(RunAction::Step));
    }
    assert!(matches!(
        l.run.sim.event(1).map(|e| e.state),
        Some(EventState::WaitingRetry { retry: 1, .. })
    ));
}

#[test]
fn a_slider_logs_the_value_it_settles_on_once() {
    let mut l = lab();
    let settings_lines = |l: &Lab| {
        l.run
            .sim
            .log()
            .iter()
            .filter(|e| e.kind == crate::sim::log::Kind::SettingChanged)
            .filter_map(|e| e.detail.clone())
            .collect::<Vec<_>>()
    };
    for p in [0.31, 0.32, 0.4, 0.5] {
        l.apply(Action::Settings(SettingsAction::SetFailure(p)));
    }
    assert!(settings_lines(&l).is_empty(), "moving is not settling");
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(settings_lines(&l), ["failure_probability: 0.3 -> 0.5"]);
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(settings_lines(&l).len(), 1, "nothing new to log");
    l.apply(Action::Settings(SettingsAction::SetAckLost(0.1)));
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(settings_lines(&l)[1], "ack_lost_share: 0.25 -> 0.1");
}

#[test]
fn run_actions_publish_step_select_replay_and_inject() {
    let mut l = failing();
    l.apply(Action::Clock(ClockAction::TogglePlay));
    l.apply(Action::Run(RunAction::PublishOne));
    assert_eq!((l.run.sim.events().len(), l.run.selected), (1, Some(0)));
    l.apply(Action::Run(RunAction::PublishTwice));
    assert_eq!(l.run.last_double, Some((1, 2)));
    assert_eq!(
        l.run.sim.events()[1].fact,
        l.run.sim.events()[2].fact,
        "the same pass twice"
    );
    l.apply(Action::Run(RunAction::Select(0)));
    assert_eq!(l.run.focus(), Some(0));
    l.apply(Action::Run(RunAction::Select(9)));
    assert_eq!(l.run.selected, Some(0), "no such event");
    l.apply(Action::Run(RunAction::Step));
    assert!(!l.clock.playing, "stepping pauses");
    while l.run.sim.now_ms() == 0 {
        l.apply(Action::Run(RunAction::Step));
    }
    assert_eq!(
        l.run.sim.now_ms(),
        30_000,
        "after the initial deliveries, intento 1"
    );
    l.apply(Action::Run(RunAction::Inject(Fault::CrashAfterCommit)));
    assert_eq!(l.run.sim.armed_fault(), Some(Fault::CrashAfterCommit));
    l.apply(Action::Run(RunAction::SetOutage(true)));
    assert_eq!(l.run.sim.outage(), Some(RootCause::Down));
    while l.run.sim.dead_letters().count() < 3 {
        l.apply(Action::Run(RunAction::Step));
    }
    l.apply(Action::Run(RunAction::SetOutage(false)));
    l.apply(Action::Run(RunAction::Replay(2)));
    assert_eq!(l.run.selected, Some(2));
    assert_eq!(l.run.sim.dead_letters().count(), 2);
    l.apply(Action::Run(RunAction::ReplayAll));
    assert_eq!(l.run.sim.dead_letters().count(), 0);
}

#[test]
fn the_root_cause_is_the_dead_letter_reason_and_fixing_it_is_the_way_out() {
    let mut l = lab();
    l.apply(Action::Run(RunAction::SetCause(RootCause::Bug)));
    assert_eq!(l.run.sim.outage(), None, "choosing a cause starts nothing");
    l.apply(Action::Run(RunAction::SetOutage(true)));
    l.apply(Action::Run(RunAction::SetCause(RootCause::UrlChanged)));
    assert_eq!(
        l.run.sim.outage(),
        Some(RootCause::UrlChanged),
        "applies at once"
    );
    l.apply(Action::Run(RunAction::PublishOne));
    while l.run.sim.dead_letters().count() == 0 {
        l.apply(Action::Run(RunAction::Step));
    }
    assert!(matches!(
        l.run.sim.event(0).map(|e| e.state),
        Some(EventState::DeadLettered {
            reason: Reason::UrlChanged,
            ..
        })
    ));
    // A manual retry before the fix fails again; after it, it is delivered.
    l.apply(Action::Run(RunAction::Replay(0)));
    l.apply(Action::Run(RunAction::Step));
    assert_eq!(
        l.run
            .sim
            .event(0)
            .map(|e| e.attempts.last().map(|a| a.reason)),
        Some(Some(Some(Reason::UrlChanged)))
    );
    l.apply(Action::Run(RunAction::SetOutage(false)));
    l.apply(Action::Settings(SettingsAction::SetFailure(0.0)));
    while l.run.sim.next_time().is_some() {
        l.apply(Action::Run(RunAction::Step));
    }
    assert!(matches!(
        l.run.sim.event(0).map(|e| e.state),
        Some(EventState::Delivered { .. })
    ));
}

#[test]
fn a_full_hub_says_so_instead_of_failing() {
    let mut l = lab();
    let mut refused = false;
    for _ in 0..=crate::sim::hub::MAX_EVENTS {
        l.apply(Action::Run(RunAction::PublishOne));
        if l.notice == Some(Notice::TooManyEvents) {
            refused = true;
            break;
        }
    }
    assert!(refused);
    l.apply(Action::DismissNotice);
    assert_eq!(l.notice, None);
}

#[test]
fn reset_replaces_exactly_the_run_and_keeps_the_rest() {
    let mut l = failing();
    l.boundary_notices.push(notice());
    l.apply(Action::Clock(ClockAction::SetSpeed(3600)));
    l.apply(Action::Clock(ClockAction::TogglePlay));
    l.apply(Action::Run(RunAction::PublishTwice));
    l.apply(Action::Race(StepperAction::Choose(
        RaceGuard::UniqueConstraint,
    )));
    l.apply(Action::Race(StepperAction::Next));
    l.apply(Action::Tx(StepperAction::Next));
    l.apply(Action::Poll(PollAction::Policy(
        CursorPolicy::BeforeProcessing,
    )));
    l.apply(Action::Poll(PollAction::Append));
    l.apply(Action::Settings(SettingsAction::SetSeed("x".into())));
    l.apply(Action::ShareLink);
    l.apply(Action::HostMessage(true));
    l.apply(Action::SetLang(Lang::En));
    l.challenges.insert(Challenge::Race);
    l.refresh_figures();
    let figures = l.figures.clone();

    l.apply(Action::Reset);

    assert!(l.run.sim.events().is_empty());
    assert_eq!((l.run.selected, l.run.last_double), (None, None));
    assert!(!l.clock.playing);
    assert_eq!((l.race.shown, l.tx.shown), (0, 0));
    assert_eq!(
        l.race.variant,
        RaceGuard::UniqueConstraint,
        "the chosen variant stays"
    );
    assert!(l.polling.log.is_empty());
    assert_eq!(l.polling.policy, CursorPolicy::BeforeProcessing);
    assert_eq!((l.notice.clone(), l.share_fragment.clone()), (None, None));
    // Kept:
    assert_eq!((l.clock.speed, l.lang), (3600, Lang::En));
    assert_eq!(l.cfg.failure_probability, 1.0);
    assert!(l.challenges.contains(&Challenge::Race));
    assert_eq!(l.boundary_notices.len(), 1);
    assert_eq!(l.host.accepted, 1);
    assert!(std::rc::Rc::ptr_eq(
        l.figures.as_ref().unwrap(),
        figures.as_ref().unwrap()
    ));
}

#[test]
fn language_share_link_host_counts_and_notices() {
    let mut l = lab();
    l.apply(Action::SetLang(Lang::En));
    assert_eq!(l.lang, Lang::En);
    l.apply(Action::ShareLink);
    let link = l.share_fragment.clone().unwrap();
    assert!(link.contains("seed=") && link.contains("lang=en"), "{link}");
    l.apply(Action::HostMessage(true));
    l.apply(Action::HostMessage(false));
    l.apply(Action::HostMessage(false));
    assert_eq!(
        l.host,
        HostCounts {
            accepted: 1,
            ignored: 2
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
    for _ in 0..n + 3 {
        l.apply(Action::Race(StepperAction::Next));
    }
    assert_eq!(l.race.shown, n, "never past the last step");
    assert!(l.race.finished());
    assert!(l.update_challenges().contains(&Challenge::Race));
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
    l.apply(Action::Poll(PollAction::Poll { crash: false }));
    assert!(l.polling.naive.effects.applications > l.polling.idempotent.effects.applications);
    assert!(l.update_challenges().contains(&Challenge::LostCursor));
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

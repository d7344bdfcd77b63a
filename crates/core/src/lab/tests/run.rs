//! The run: publishing, stepping, selecting, manual retries, causes, a full hub, reset.
use super::*;
use crate::sim::config::Setting;

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
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::FailureProbability,
        "0.0".into(),
    )));
    // The slider let go: the run takes the new share (until then it keeps the old one).
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(l.run.sim.config().failure_probability, 0.0);
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
    // Filled directly (the reducer scans every event for challenges after each action, so
    // ten thousand publications through it take minutes natively).
    let mut k = 0;
    while l.run.sim.can_publish(2) {
        l.run.sim.publish(super::super::run::fact(k), 0, 1).unwrap();
        k += 1;
    }
    l.apply(Action::Run(RunAction::PublishTwice));
    assert_eq!(l.notice, Some(Notice::TooManyEvents));
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
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::Seed,
        "x".into(),
    )));
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
    assert_eq!((l.notice.clone(), l.share_shown), (None, false));
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
fn extra_effects_are_counted_per_fact_and_named_by_their_cause() {
    use crate::lab::run::extra_effects;
    // A second publication with v4 dedup: both consumers apply the pass twice, and neither
    // extra effect is a redelivery.
    let mut l = Lab::new(
        Config {
            failure_probability: 0.0,
            ack_lost_share: 0.0,
            dedup_on: DedupOn::Producer,
            ..Config::default()
        },
        Lang::Es,
    );
    l.apply(Action::Run(RunAction::PublishTwice));
    l.apply(Action::Run(RunAction::Step));
    let (idem, naive) = extra_effects(&l.run.sim);
    assert_eq!((idem.republished, idem.redelivered), (1, 0));
    assert_eq!((naive.republished, naive.redelivered), (1, 0));
    // A lost ack: a redelivery, which only the naive consumer applies.
    l.apply(Action::Run(RunAction::Inject(Fault::AckLost)));
    l.apply(Action::Run(RunAction::PublishOne));
    while l.run.sim.next_time().is_some() {
        l.apply(Action::Run(RunAction::Step));
    }
    let (idem, naive) = extra_effects(&l.run.sim);
    assert_eq!(
        (idem.total(), naive.redelivered, naive.republished),
        (1, 1, 1)
    );
    // Each consumer's extra effects are its applications beyond one per fact.
    let facts = 2;
    assert_eq!(
        l.run.sim.naive().effects.applications,
        facts + naive.total()
    );
    assert_eq!(
        l.run.sim.idempotent().effects.applications,
        facts + idem.total()
    );
}

#[test]
fn extra_effects_add_up_to_each_consumers_applications_on_many_seeds() {
    use crate::lab::run::extra_effects;
    for seed in 0..40u64 {
        let dedup_on = if seed % 2 == 0 {
            DedupOn::Derived
        } else {
            DedupOn::Producer
        };
        let mut l = Lab::new(
            Config {
                seed,
                failure_probability: 0.5,
                ack_lost_share: 0.5,
                dedup_on,
                ..Config::default()
            },
            Lang::Es,
        );
        for k in 0..6 {
            let twice = (seed + k) % 3 == 0;
            l.apply(Action::Run(if twice {
                RunAction::PublishTwice
            } else {
                RunAction::PublishOne
            }));
            l.apply(Action::Run(RunAction::Step));
        }
        while l.run.sim.next_time().is_some() {
            l.apply(Action::Run(RunAction::Step));
        }
        let sim = &l.run.sim;
        let facts: std::collections::BTreeSet<_> = sim
            .events()
            .iter()
            .filter(|e| e.attempts.iter().any(|a| a.outcome.processed()))
            .map(|e| e.derived_id)
            .collect();
        let (idem, naive) = extra_effects(sim);
        let facts = facts.len() as u64;
        assert_eq!(
            sim.naive().effects.applications,
            facts + naive.total(),
            "seed {seed}"
        );
        assert_eq!(
            sim.idempotent().effects.applications,
            facts + idem.total(),
            "seed {seed}"
        );
    }
}

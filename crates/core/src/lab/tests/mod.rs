//! Native tests of the reducer: every action, what it changes, and which revisions it bumps.
//! Here the shared helpers, the every-action check and the clock; by topic in the files below.
use crate::sim::config::Setting;
mod other;
mod path;
mod run;
mod settings;

use super::clock::{ClockAction, DEFAULT_SPEED};
use super::polling::PollAction;
use super::run::RunAction;
use super::settings::SettingsAction;
use super::stepper::StepperAction;
use super::*;
use crate::sim::demos::{RaceGuard, TxBoundary};
use crate::sim::outcome::RootCause;
use crate::sim::polling::CursorPolicy;
use crate::sim::{DedupOn, EventState, Fault, Reason};

fn notice() -> crate::problem::BoundaryNotice {
    crate::problem::BoundaryNotice {
        source: crate::problem::Source::Link,
        problem: crate::problem::Problem {
            field: "p".into(),
            why: crate::problem::Why::NotProbability("x".into()),
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

/// `variant`, one name per action variant, and `VARIANTS`, the same names as a list, from one
/// list of arms: the match has no wildcard, so a new variant without a name here does not
/// compile, and the coverage test counts the arms themselves, so a named variant that no test
/// sends fails it by name.
macro_rules! variants {
    ($($pattern:pat => $name:literal,)*) => {
        fn variant(a: &Action) -> &'static str {
            match a {
                $($pattern => $name,)*
            }
        }
        const VARIANTS: &[&str] = &[$($name,)*];
    };
}

variants! {
    Action::Clock(ClockAction::TogglePlay) => "toggle",
    Action::Clock(ClockAction::Pause) => "pause",
    Action::Clock(ClockAction::SetSpeed(_)) => "speed",
    Action::Tick(_) => "tick",
    Action::Settings(SettingsAction::Set(..)) => "set",
    Action::Settings(SettingsAction::NewSeed(_)) => "new_seed",
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
    Action::Run(RunAction::TravelTo(_)) => "travel",
    Action::Run(RunAction::StepBack) => "step_back",
    Action::LoadScenario(..) => "load_scenario",
    Action::BadScenario(_) => "bad_scenario",
    Action::NoEnglish => "no_english",
    Action::TextsArrived => "texts_arrived",
    Action::WorkbenchOpened => "workbench_opened",
    Action::Reset => "reset",
    Action::SetLang(_) => "lang",
    Action::Race(StepperAction::Choose(_)) => "race_choose",
    Action::Race(StepperAction::Next) => "race_next",
    Action::Race(StepperAction::ToEnd) => "race_to_end",
    Action::Tx(StepperAction::Choose(_)) => "tx_choose",
    Action::Tx(StepperAction::Next) => "tx_next",
    Action::Tx(StepperAction::ToEnd) => "tx_to_end",
    Action::Poll(PollAction::Policy(_)) => "poll_policy",
    Action::Poll(PollAction::Append) => "poll_append",
    Action::Poll(PollAction::Poll { .. }) => "poll",
    Action::Poll(PollAction::LoseCursor) => "lose_cursor",
    Action::Poll(PollAction::Restart) => "restart_consumer",
    Action::DismissNotice => "dismiss_notice",
    Action::DismissBoundary => "dismiss_boundary",
    Action::ShareLink => "share",
    Action::HostMessage(_) => "host",
    Action::Path(PathAction::Go(_)) => "path_go",
    Action::Path(PathAction::Predict(_)) => "path_predict",
    Action::Path(PathAction::Do) => "path_do",
    Action::Path(PathAction::Explore) => "path_explore",
    Action::Path(PathAction::Compared) => "path_compared",
    Action::Path(PathAction::ToTheEnd) => "path_to_the_end",
    Action::Restart(_) => "restart",
    Action::WantFigures => "want_figures",
    Action::StartOver => "start_over",
    Action::KeepGoing => "keep_going",
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
        Action::Settings(SettingsAction::Set(Setting::Seed, "-1".into())),
        Action::Settings(SettingsAction::NewSeed(u64::MAX)),
        Action::Settings(SettingsAction::Set(
            Setting::FailureProbability,
            "NaN".into(),
        )),
        Action::Settings(SettingsAction::Set(Setting::AckLostShare, "2.0".into())),
        Action::Settings(SettingsAction::Set(Setting::BaseSeconds, "0".into())),
        Action::Settings(SettingsAction::Set(
            Setting::MaxRetries,
            "99999999999".into(),
        )),
        Action::Settings(SettingsAction::Set(
            Setting::DedupOn,
            DedupOn::Producer.as_str().into(),
        )),
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
        Action::Run(RunAction::TravelTo(u64::MAX)),
        Action::Run(RunAction::StepBack),
        Action::Run(RunAction::TravelTo(0)),
        Action::Run(RunAction::StepBack),
        Action::LoadScenario(
            std::rc::Rc::new(crate::sim::scenario::Scenario::empty(&Config::default())),
            None,
        ),
        Action::BadScenario(crate::problem::Problem {
            field: "scenario".into(),
            why: crate::problem::Why::Missing,
        }),
        Action::Reset,
        Action::SetLang(Lang::En),
        Action::NoEnglish,
        Action::TextsArrived,
        Action::WorkbenchOpened,
        Action::WorkbenchOpened,
        Action::Race(StepperAction::Choose(RaceGuard::UniqueConstraint)),
        Action::Race(StepperAction::Next),
        Action::Race(StepperAction::ToEnd),
        Action::Tx(StepperAction::Choose(TxBoundary::MarkFirst)),
        Action::Tx(StepperAction::Next),
        Action::Tx(StepperAction::ToEnd),
        Action::Poll(PollAction::Policy(CursorPolicy::BeforeProcessing)),
        Action::Poll(PollAction::Append),
        Action::Poll(PollAction::Poll { crash: true }),
        Action::Poll(PollAction::LoseCursor),
        Action::Poll(PollAction::Restart),
        Action::DismissNotice,
        Action::DismissBoundary,
        Action::ShareLink,
        Action::HostMessage(false),
        // A choice the current stop does not offer, before and after going somewhere.
        Action::Path(PathAction::Predict(crate::lab::path::Choice::NoCursor)),
        Action::Path(PathAction::Do),
        Action::Path(PathAction::Go(
            crate::lab::path::Stop::ALL[crate::lab::path::Stop::COUNT - 1],
        )),
        Action::Path(PathAction::Predict(crate::lab::path::Choice::WaitsAddUp)),
        Action::Path(PathAction::Do),
        Action::Path(PathAction::Explore),
        Action::Path(PathAction::Compared),
        Action::Path(PathAction::ToTheEnd),
        Action::Restart(Config {
            max_retries: 0,
            ..Config::default()
        }),
        Action::WantFigures,
        Action::KeepGoing,
        Action::StartOver,
    ];
    for a in odd {
        send(&mut l, a, &mut seen);
    }
    assert!(l.figures.is_some(), "wanted, so computed");
    // Every setting, a new one too, from text that is none of its values, and from another
    // lab's value of it: refused, then taken.
    // (The dedup choice is the default's: the list above set it to the other one.)
    let other = Config {
        seed: 5,
        failure_probability: 0.75,
        ack_lost_share: 0.5,
        base_seconds: 12,
        max_retries: 4,
        ..Config::default()
    };
    for &s in Setting::ALL {
        let before = l.cfg.clone();
        send(
            &mut l,
            Action::Settings(SettingsAction::Set(s, "x".into())),
            &mut seen,
        );
        assert_eq!(l.cfg, before, "{}: «x» is refused", s.as_str());
        let text = s.write(&other); // as links write it: plain numbers and names
        send(
            &mut l,
            Action::Settings(SettingsAction::Set(s, text.clone())),
            &mut seen,
        );
        assert!(
            !l.cfg.differs(&other, s),
            "{}: «{text}» is taken",
            s.as_str()
        );
    }
    // Every arm of `variants!` is sent by the list above, each name once.
    let names: std::collections::BTreeSet<_> = VARIANTS.iter().copied().collect();
    assert_eq!(names.len(), VARIANTS.len(), "a name given to two arms");
    let unsent: Vec<_> = names.difference(&seen).collect();
    assert!(
        unsent.is_empty(),
        "actions no test sends: {unsent:?} (add each to `odd` in crates/core/src/lab/tests/mod.rs)"
    );
}

#[test]
fn clock_plays_pauses_and_takes_only_offered_speeds() {
    let mut l = lab();
    let r0 = l.revs;
    l.apply(Action::Clock(ClockAction::TogglePlay));
    assert!(l.clock.playing);
    assert_ne!(l.revs.get(Concern::Clock), r0.get(Concern::Clock));
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
    assert_ne!(l.revs.get(Concern::Time), r.get(Concern::Time));
    assert_eq!(
        l.revs.get(Concern::Sim),
        r.get(Concern::Sim),
        "nothing happened"
    );
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::FailureProbability,
        "0.0".into(),
    )));
    l.apply(Action::Settings(SettingsAction::Settle));
    l.apply(Action::Run(RunAction::PublishOne));
    assert!(l.clock.playing, "publishing does not stop the clock");
    assert!(
        matches!(l.run.sim.events()[0].state, EventState::Delivered { .. }),
        "the initial delivery runs at once"
    );
    let r = l.revs;
    l.apply(Action::Tick(1000.0));
    assert_eq!(
        l.revs.get(Concern::Sim),
        r.get(Concern::Sim),
        "delivered: nothing more to do"
    );
    assert_eq!(
        l.revs.masked(Concerns::of(&[
            Concern::Demos,
            Concern::Polling,
            Concern::Figures
        ])),
        r.masked(Concerns::of(&[
            Concern::Demos,
            Concern::Polling,
            Concern::Figures
        ])),
        "panels that do not show time are left alone by a tick"
    );
}

//! The run as a scenario: a session saved and run natively gives the page's log byte for byte;
//! a loaded file played in the page gives the runner's; going back in time and forward again
//! finds the same state; acting from the past drops the later actions, and says so. (Here,
//! above the lab, because the files are read at the boundary.)
use crate::embed::scenario::parse;
use crate::lab::clock::ClockAction;
use crate::lab::run::RunAction;
use crate::lab::settings::SettingsAction;
use crate::lab::{Action, Lab, Notice};
use crate::lang::Lang;
use crate::sim::config::Setting;
use crate::sim::log::to_jsonl;
use crate::sim::outcome::RootCause;
use crate::sim::scenario::Scenario;
use crate::sim::{Config, Fault};
use std::rc::Rc;

fn lab() -> Lab {
    Lab::new(Config::default(), Lang::Es)
}

fn play(l: &mut Lab, real_ms: f64) {
    if !l.clock.playing {
        l.apply(Action::Clock(ClockAction::TogglePlay));
    }
    let mut left = real_ms;
    while left > 0.0 {
        l.apply(Action::Tick(left.min(50.0)));
        left -= 50.0;
    }
    l.apply(Action::Clock(ClockAction::Pause));
}

fn log(l: &Lab) -> String {
    to_jsonl(l.run.sim.log())
}

/// A learner's session touching every kind of action, at several speeds and with steps.
fn session() -> Lab {
    let mut l = Lab::new(
        Config {
            failure_probability: 0.5,
            ..Config::default()
        },
        Lang::Es,
    );
    l.apply(Action::Run(RunAction::PublishTwice));
    play(&mut l, 700.0);
    l.apply(Action::Run(RunAction::SetCause(RootCause::UrlChanged)));
    l.apply(Action::Run(RunAction::SetOutage(true)));
    l.apply(Action::Run(RunAction::PublishOne));
    l.apply(Action::Run(RunAction::Step));
    l.apply(Action::Run(RunAction::SetCause(RootCause::Bug)));
    l.apply(Action::Clock(ClockAction::SetSpeed(3600)));
    play(&mut l, 1500.0);
    l.apply(Action::Run(RunAction::SetOutage(false)));
    l.apply(Action::Run(RunAction::Inject(Fault::AckLost)));
    l.apply(Action::Run(RunAction::ReplayAll));
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::FailureProbability,
        "0.2".into(),
    )));
    l.apply(Action::Settings(SettingsAction::Settle));
    l.apply(Action::Run(RunAction::Inject(Fault::VisibilityTimeout)));
    l.apply(Action::Run(RunAction::PublishOne));
    for _ in 0..3 {
        l.apply(Action::Run(RunAction::Step));
    }
    play(&mut l, 900.0);
    l
}

#[test]
fn a_saved_session_runs_natively_to_the_same_log() {
    let l = session();
    let page = log(&l);
    assert!(
        page.contains("\"kind\":\"dead_lettered\""),
        "the session has a dead letter"
    );
    let text = l.run.to_scenario().to_json();
    let sc = parse(text.as_bytes()).unwrap();
    assert_eq!(to_jsonl(sc.run().log()), page, "byte for byte");
}

#[test]
fn a_loaded_scenario_plays_in_the_page_to_the_runner_s_log() {
    let sc = parse(include_bytes!(
        "../../../../tests/fixtures/determinism.json"
    ))
    .unwrap();
    let mut l = lab();
    l.apply(Action::Path(crate::lab::path::PathAction::Go(
        crate::lab::path::Stop::Backoff,
    )));
    assert!(l.path.guided());
    l.apply(Action::LoadScenario(Rc::new(sc.clone()), None));
    assert_eq!(l.cfg, sc.config);
    assert!(!l.path.guided(), "the scenario sets the scene");
    assert!(l.run.has_future());
    l.apply(Action::Clock(ClockAction::SetSpeed(3600)));
    play(&mut l, 4000.0);
    while l.run.sim.next_time().is_some() || l.run.has_future() {
        l.apply(Action::Run(RunAction::Step));
    }
    assert_eq!(log(&l), to_jsonl(sc.run().log()));
}

#[test]
fn going_back_before_a_dead_letter_and_forward_again_finds_the_same_state() {
    let mut l = session();
    let (now, before) = (l.run.sim.now_ms(), log(&l));
    let dead_at = l
        .run
        .sim
        .log()
        .iter()
        .find(|e| e.kind == crate::sim::log::Kind::DeadLettered)
        .unwrap()
        .t_ms;
    l.apply(Action::Run(RunAction::TravelTo(dead_at - 1)));
    assert_eq!(l.run.sim.now_ms(), dead_at - 1);
    assert!(l.run.in_past());
    assert!(!log(&l).contains("dead_lettered"), "before the move");
    assert_eq!(
        to_jsonl(l.run.whole_log().iter()),
        before,
        "the export still holds the whole run"
    );
    assert!(l.run.has_future());
    l.apply(Action::Run(RunAction::StepBack));
    assert!(l.run.sim.now_ms() < dead_at - 1);
    l.apply(Action::Run(RunAction::TravelTo(u64::MAX)));
    assert_eq!(
        l.run.sim.now_ms(),
        now,
        "forward only as far as the run went"
    );
    assert_eq!(log(&l), before);
    assert!(!l.run.has_future());
}

#[test]
fn acting_from_the_past_drops_the_later_actions_and_says_so() {
    let mut l = session();
    let actions = l.run.to_scenario().actions.len();
    l.apply(Action::Run(RunAction::TravelTo(1000)));
    assert_eq!(l.notice, None);
    l.apply(Action::Run(RunAction::Inject(Fault::Rebalance)));
    assert_eq!(l.notice, Some(Notice::FutureDropped));
    assert!(!l.run.has_future());
    let saved = l.run.to_scenario();
    assert!(saved.actions.len() < actions);
    assert_eq!(saved.actions.last().map(|a| a.at_ms), Some(1000));
    assert!(
        !l.run.in_past(),
        "a new future: nothing later to go back to"
    );
    assert_eq!(l.run.reached_ms, 1000);
    assert_eq!(to_jsonl(saved.run().log()), log(&l));
    // Each time, not only the first.
    l.apply(Action::DismissNotice);
    l.apply(Action::Run(RunAction::Step));
    l.apply(Action::Run(RunAction::Inject(Fault::VisibilityTimeout)));
    assert_eq!(l.notice, None, "acting in the present drops nothing");
    l.apply(Action::Run(RunAction::TravelTo(1000)));
    l.apply(Action::Run(RunAction::Inject(Fault::AckLost)));
    assert_eq!(l.notice, Some(Notice::FutureDropped));
}

#[test]
fn a_bad_scenario_keeps_the_current_run() {
    let mut l = session();
    let before = log(&l);
    let p = parse(br#"{"events":[{"norad_id":0,"pass_start_utc":"x"}]}"#).unwrap_err();
    l.apply(Action::BadScenario(p.clone()));
    assert_eq!(l.notice, Some(Notice::BadScenario(p)));
    assert_eq!(log(&l), before);
    let _ = Scenario::empty(&Config::default());
}

#[test]
fn a_scenario_s_end_pauses_the_clock_once() {
    let mut sc = parse(include_bytes!(
        "../../../../tests/fixtures/determinism.json"
    ))
    .unwrap();
    sc.run_until_ms = Some(120_000);
    let mut l = lab();
    l.apply(Action::LoadScenario(Rc::new(sc), None));
    l.apply(Action::Clock(ClockAction::SetSpeed(600)));
    play(&mut l, 1000.0);
    assert_eq!(l.run.sim.now_ms(), 120_000, "stopped at the file's end");
    assert!(!l.clock.playing);
    play(&mut l, 100.0);
    assert!(
        l.run.sim.now_ms() > 120_000,
        "and goes on when played again"
    );
}

//! The settings: restart, live shares, bad input, a slider that settles.
use super::*;
use crate::sim::config::Setting;

#[test]
fn seed_and_retry_settings_restart_and_bad_input_keeps_the_old_value() {
    let mut l = failing();
    l.apply(Action::Run(RunAction::PublishOne));
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::Seed,
        " 99 ".into(),
    )));
    assert_eq!(l.cfg.seed, 99);
    assert!(l.run.sim.events().is_empty(), "a new seed is a new run");
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::Seed,
        "abc".into(),
    )));
    assert_eq!(l.cfg.seed, 99);
    assert_eq!(
        l.notice,
        Some(Notice::BadNumber {
            field: Setting::Seed,
            input: "abc".into()
        })
    );
    l.apply(Action::Settings(SettingsAction::NewSeed(7)));
    assert_eq!((l.cfg.seed, l.notice.clone()), (7, None));
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::BaseSeconds,
        "10".into(),
    )));
    assert_eq!(l.run.sim.config().base_seconds, 10);
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::BaseSeconds,
        "0".into(),
    )));
    assert_eq!(l.cfg.base_seconds, 10);
    assert!(matches!(
        l.notice,
        Some(Notice::BadNumber {
            field: Setting::BaseSeconds,
            ..
        })
    ));
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::MaxRetries,
        "3".into(),
    )));
    assert_eq!(l.run.sim.config().max_retries, 3);
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::MaxRetries,
        "13".into(),
    )));
    assert_eq!(l.cfg.max_retries, 3);
    let long = "9".repeat(100);
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::MaxRetries,
        long,
    )));
    match &l.notice {
        Some(Notice::BadNumber { field, input }) => {
            assert_eq!(
                (*field, input.len()),
                (Setting::MaxRetries, 40),
                "typed text is cut"
            )
        }
        other => panic!("{other:?}"),
    }
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::DedupOn,
        DedupOn::Producer.as_str().into(),
    )));
    assert_eq!(l.run.sim.config().dedup_on, DedupOn::Producer);
    assert_eq!(l.polling.idempotent.dedup_on, DedupOn::Producer);
}

#[test]
fn shares_apply_when_the_slider_is_released_without_a_restart() {
    let mut l = lab();
    l.apply(Action::Run(RunAction::PublishOne));
    l.apply(Action::ShareLink);
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::FailureProbability,
        "1.0".into(),
    )));
    assert_eq!(l.cfg.failure_probability, 1.0);
    assert_eq!(l.run.sim.events().len(), 1, "the run goes on");
    assert!(!l.share_shown, "a link to the old settings is gone");
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::AckLostShare,
        "0.5".into(),
    )));
    assert_eq!(l.cfg.ack_lost_share, 0.5);
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::FailureProbability,
        "1.5".into(),
    )));
    assert_eq!(l.cfg.failure_probability, 1.0, "out of range is refused");
    assert_eq!(
        l.notice,
        Some(Notice::BadNumber {
            field: Setting::FailureProbability,
            input: "1.5".into()
        })
    );
    assert_eq!(
        l.run.sim.config().failure_probability,
        0.3,
        "not while the slider moves"
    );
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(l.run.sim.config().failure_probability, 1.0);
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
        l.apply(Action::Settings(SettingsAction::Set(
            Setting::FailureProbability,
            p.to_string(),
        )));
    }
    assert!(settings_lines(&l).is_empty(), "moving is not settling");
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(settings_lines(&l), ["failure_probability: 0.3 -> 0.5"]);
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(settings_lines(&l).len(), 1, "nothing new to log");
    l.apply(Action::Settings(SettingsAction::Set(
        Setting::AckLostShare,
        "0.1".into(),
    )));
    l.apply(Action::Settings(SettingsAction::Settle));
    assert_eq!(settings_lines(&l)[1], "ack_lost_share: 0.25 -> 0.1");
}

//! Reading scenario files: every field checked, every refusal named; and (`play`) a scenario
//! played in the lab gives the native runner's log.
mod play;

use super::*;

#[test]
fn only_files_next_to_the_page_can_be_named() {
    for ok in [
        "outage.json",
        "scenarios/outage-and-replay.json",
        "a_b.c.json",
    ] {
        assert!(valid_name(ok), "{ok}");
    }
    for bad in [
        "",
        "outage",
        "/etc/x.json",
        "https://evil.example/x.json",
        "//evil.example/x.json",
        "../x.json",
        "a/../../x.json",
        "a b.json",
        "x.json?y",
        "%2e%2e/x.json",
    ] {
        assert!(!valid_name(bad), "{bad}");
    }
}

/// A scenario file may set every setting by its name: the reader's keys come from `Setting`, so
/// a new setting is never refused as unknown (crates/core/src/embed/settings.rs reads its value).
#[test]
fn every_setting_is_read_from_a_scenario_by_its_own_name() {
    for &s in Setting::ALL {
        let text = s.write(&Config::default());
        let value = if text.parse::<f64>().is_ok() {
            text
        } else {
            format!("\"{text}\"")
        };
        let publish = r#"{"at_ms":0,"do":"publish","norad_id":25544,"pass_start_utc":"2026-07-29T14:00:00Z"}"#;
        let file = format!(r#"{{"{}":{value},"actions":[{publish}]}}"#, s.as_str());
        if let Err(e) = parse(file.as_bytes()) {
            panic!("{file} refused: {e:?} (a setting's value is read in crates/core/src/embed/settings.rs)");
        }
    }
}

#[test]
fn a_session_scenario_runs_like_the_file_says() {
    let sc = parse(
        br#"{"failure_probability":1,"ack_lost_share":0,"actions":[
        {"at_ms":0,"do":"publish","norad_id":25544,"pass_start_utc":"2026-07-29T14:00:00Z"},
        {"at_ms":5000,"do":"shares","failure_probability":0,"ack_lost_share":0}]}"#,
    )
    .unwrap();
    let sim = sc.run();
    let e = &sim.events()[0];
    assert_eq!(
        e.attempts.len(),
        2,
        "failed at 0, delivered on intento 1 at 30 s"
    );
    assert!(sim
        .log()
        .iter()
        .any(|l| l.detail.as_deref() == Some("failure_probability: 1 -> 0")));
}

/// `n` entries of `events`, each published `count` times, one a second.
fn many_events(n: usize, count: u32) -> String {
    let e: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"norad_id":{},"pass_start_utc":"2026-07-29T14:00:00Z","publish_at_ms":{},"publish_count":{count}}}"#,
                i + 1,
                i * 1000
            )
        })
        .collect();
    e.join(",")
}

#[test]
fn a_run_that_would_hold_the_page_too_long_is_refused_with_its_bound() {
    use crate::sim::scenario::MAX_ATTEMPTS;
    // The issue's link: 200 000 events that all fail, 12 retries (2 600 000 attempts, 14 s).
    let text = format!(
        r#"{{"failure_probability":1,"max_retries":12,"events":[{}]}}"#,
        many_events(2000, 100)
    );
    let p = parse(text.as_bytes()).unwrap_err();
    assert_eq!(p.field, WHOLE);
    assert_eq!(p.why, Why::TooMuchWork(2_600_000, MAX_ATTEMPTS));
    assert!(p.to_string().contains("the limit is 100000"), "{p}");
    // Replays multiply: 100 events at 6 retries are 700 attempts; replayed 200 times, too many.
    let replays: Vec<String> = (0..200).map(|i| (i * 10_000_000).to_string()).collect();
    let text = format!(
        r#"{{"failure_probability":1,"events":[{}],"replay_all_at_ms":[{}]}}"#,
        many_events(1, 100),
        replays.join(",")
    );
    assert_eq!(
        parse(text.as_bytes()).unwrap_err().why,
        Why::TooMuchWork(100 * 201 * 7, MAX_ATTEMPTS)
    );
    // At the bound: played to its end, it makes exactly the attempts it was allowed.
    let n = MAX_ATTEMPTS / 13;
    let text = format!(
        r#"{{"failure_probability":1,"max_retries":12,"events":[{}]}}"#,
        many_events(n as usize / 4, 4)
    );
    let sc = parse(text.as_bytes()).unwrap();
    assert_eq!(sc.attempt_bound(), n / 4 * 4 * 13);
    assert_eq!(sc.run().counts().attempts, sc.attempt_bound());
}

#[test]
fn no_run_makes_more_attempts_than_its_bound() {
    // Small random runs of every action: whatever the dice, the bound holds.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    for _ in 0..300 {
        let mut acts = Vec::new();
        for _ in 0..next(12) {
            let at = next(4_000_000);
            acts.push(match next(5) {
                0 => format!(r#"{{"at_ms":{at},"do":"publish","norad_id":1,"pass_start_utc":"2026-07-29T14:00:00Z","count":{}}}"#, 1 + next(3)),
                1 => format!(r#"{{"at_ms":{at},"do":"replay","event_index":{}}}"#, next(6)),
                2 => format!(r#"{{"at_ms":{at},"do":"replay_all"}}"#),
                3 => format!(r#"{{"at_ms":{at},"do":"outage","cause":"consumer_bug"}}"#),
                _ => format!(r#"{{"at_ms":{at},"do":"outage_end"}}"#),
            });
        }
        let text = format!(
            r#"{{"seed":{},"failure_probability":0.{},"max_retries":{},"base_seconds":1,"events":[{}],"actions":[{}]}}"#,
            next(1000),
            next(10),
            1 + next(12),
            many_events(1 + next(3) as usize, 1 + next(3) as u32),
            acts.join(",")
        );
        let sc = parse(text.as_bytes()).unwrap_or_else(|p| panic!("{p}: {text}"));
        let attempts = sc.run().counts().attempts;
        assert!(attempts <= sc.attempt_bound(), "{attempts}: {text}");
    }
}

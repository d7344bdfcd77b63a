//! Native fuzzing of every input that crosses the lab's boundary: share-link fragments, saved
//! state, host messages and mount options (query string and JSON). Each parser must return
//! (a value or a reason), never panic, and what it accepts must be within bounds.
//! FUZZ_CASES sets the count per input (default 20 000; `scripts/fuzz` runs a million).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestRunner};
use retry_lab::embed::link::{parse_fragment, to_fragment};
use retry_lab::embed::protocol::{parse_incoming, MountOptions, PANELS};
use retry_lab::embed::saved;
use retry_lab::lang::Lang;

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000)
}

fn run<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let n = cases();
    let mut runner = TestRunner::new(RunnerConfig {
        cases: n,
        failure_persistence: None,
        ..RunnerConfig::default()
    });
    runner.run(&strategy, test).unwrap();
    eprintln!("{name}: {n} inputs");
}

/// Text that is mostly made of the pieces these formats use, plus anything at all.
fn texty() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("seed=".to_string()),
        Just("p=".into()),
        Just("ack=".into()),
        Just("base=".into()),
        Just("retries=".into()),
        Just("dedup=".into()),
        Just("lang=".into()),
        Just("origin=".into()),
        Just("panels=".into()),
        Just("&".into()),
        Just("=".into()),
        Just("#".into()),
        Just("%".into()),
        Just("v5".into()),
        Just("en".into()),
        Just("NaN".into()),
        Just("1e308".into()),
        Just("-0".into()),
        Just("https://a.b".into()),
        Just("timeline,dlq".into()),
        Just("%E2%82".into()),
        "[0-9.]{0,12}",
        ".{0,8}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// JSON-ish text: a real JSON value with our field names, or broken JSON.
fn jsonish() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_string()),
        Just("true".into()),
        Just("1".into()),
        Just("-1".into()),
        Just("1.5".into()),
        Just("18446744073709551616".into()),
        Just("\"es\"".into()),
        Just("\"en\"".into()),
        Just("\"reset\"".into()),
        Just("\"set_language\"".into()),
        Just("\"https://x.y\"".into()),
        Just("\"*\"".into()),
        Just("[\"timeline\"]".into()),
        "\"[a-z_]{0,10}\"",
    ];
    let key = prop_oneof![
        Just("type"),
        Just("version"),
        Just("lang"),
        Just("config"),
        Just("panels"),
        Just("target_origin"),
        Just("seed"),
        Just("max_retries"),
        Just("base_seconds"),
        Just("failure_probability"),
        Just("ack_lost_share"),
        Just("dedup_on"),
        Just("challenges"),
        Just("x"),
    ];
    let object = prop::collection::vec((key, leaf.clone()), 0..7).prop_map(|kv| {
        format!(
            "{{{}}}",
            kv.iter()
                .map(|(k, v)| format!("\"{k}\":{v}"))
                .collect::<Vec<_>>()
                .join(",")
        )
    });
    let nested = object.clone().prop_map(|o| {
        format!("{{\"config\":{o},\"version\":1,\"lang\":\"es\",\"challenges\":[]}}")
    });
    prop_oneof![
        object,
        nested,
        leaf,
        ".{0,64}",
        (object_cut(), 0usize..64).prop_map(|(s, n)| s.chars().take(n).collect())
    ]
}

fn object_cut() -> impl Strategy<Value = String> {
    Just(r#"{"version":1,"lang":"en","config":{"seed":3},"challenges":["race"]}"#.to_string())
}

#[test]
fn fragments_never_panic_and_always_give_a_valid_config() {
    run("fragment", texty(), |s| {
        let (shared, _) = parse_fragment(&s);
        prop_assert!(shared.config.problems().is_empty());
        // Whatever was accepted round-trips through a share link unchanged.
        let (again, problems) = parse_fragment(&to_fragment(
            &shared.config,
            shared.lang.unwrap_or(Lang::Es),
        ));
        prop_assert!(problems.is_empty());
        prop_assert_eq!(again.config, shared.config);
        Ok(())
    });
}

#[test]
fn saved_state_never_panics_and_accepts_only_valid_state() {
    run("saved state", jsonish(), |s| {
        if let Ok(st) = saved::parse(&s) {
            prop_assert_eq!(st.version, saved::VERSION);
            prop_assert!(st.config.problems().is_empty());
        }
        Ok(())
    });
}

#[test]
fn host_messages_never_panic() {
    run("host message", jsonish(), |s| {
        let _ = parse_incoming(&s);
        Ok(())
    });
}

#[test]
fn mount_options_never_panic_and_are_sanitized() {
    run("mount options (query)", texty(), |s| {
        let (o, _) = MountOptions::from_query(&s);
        prop_assert!(o
            .panels
            .iter()
            .flatten()
            .all(|p| PANELS.contains(&p.as_str())));
        prop_assert!(o
            .target_origin
            .iter()
            .all(|t| retry_lab::embed::protocol::valid_origin(t)));
        Ok(())
    });
    run("mount options (json)", jsonish(), |s| {
        let (o, _) = MountOptions::from_json(&s);
        prop_assert!(o.config.iter().all(|c| c.problems().is_empty()));
        prop_assert!(o
            .target_origin
            .iter()
            .all(|t| retry_lab::embed::protocol::valid_origin(t)));
        Ok(())
    });
}

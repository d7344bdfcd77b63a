//! Native tests of the scenario format: defaults, errors that name the field, the native
//! runner's output and exit codes, and the parser on arbitrary input (FUZZ_CASES of them;
//! `scripts/fuzz` runs a million).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab_core::embed::scenario::parse;
use retry_lab_core::sim::log::to_jsonl;
use retry_lab_core::sim::Config;

const FIXTURE: &str = include_str!("../../core/tests/fixtures/determinism.json");

fn parse_err(s: &str) -> String {
    match parse(s.as_bytes()) {
        Ok(_) => format!("accepted: {}", &s[..s.len().min(120)]),
        Err(e) => e.to_string(),
    }
}

#[test]
fn scenario_defaults_and_errors_name_the_field() {
    let ok =
        parse(br#"{"events":[{"norad_id":1,"pass_start_utc":"2026-07-29T14:00:00Z"}]}"#).unwrap();
    assert_eq!(ok.config, Config::default());
    assert_eq!(ok.events[0].publish_count, 1);
    let ev = r#""events":[{"norad_id":1,"pass_start_utc":"2026-07-29T14:00:00Z"}]"#;
    let cases = [
        (format!(r#"{{"seed":"x",{ev}}}"#), "seed: must be a whole number, not a string"),
        (format!(r#"{{"colour":1,{ev}}}"#), "colour: unknown"),
        (format!(r#"{{"failure_probability":1.5,{ev}}}"#), "failure_probability: «1.5» is not a probability"),
        (format!(r#"{{"ack_lost_share":-0.1,{ev}}}"#), "ack_lost_share: «-0.1» is not a probability"),
        (format!(r#"{{"max_retries":0,{ev}}}"#), "max_retries: 0 is outside 1..=12"),
        (format!(r#"{{"max_retries":4000000000,{ev}}}"#), "max_retries: 4000000000 is outside"),
        (format!(r#"{{"base_seconds":-3,{ev}}}"#), "base_seconds: must be a whole number, not a number"),
        (r#"{"events":[{"norad_id":1,"pass_start_utc":"2026-02-30T14:00:00Z"}]}"#.into(), "events[0].pass_start_utc: «2026-02-30T14:00:00Z» is not a UTC time"),
        (r#"{"events":[{"norad_id":1,"pass_start_utc":"yesterday"}]}"#.into(), "events[0].pass_start_utc: «yesterday» is not"),
        (r#"{"events":[{"norad_id":1,"pass_start_utc":"2026-07-29T14:00:00Z","publish_count":0}]}"#.into(), "events[0].publish_count: «0» is not a whole number in 1..=100"),
        (r#"{"events":[{"norad_id":"x","pass_start_utc":"2026-07-29T14:00:00Z"}]}"#.into(), "events[0].norad_id: must be a whole number, not a string"),
        (r#"{"events":[{"norad_id":0,"pass_start_utc":"2026-07-29T14:00:00Z"}]}"#.into(), "events[0].norad_id: «0» is not a whole number in 1..="),
        (r#"{"events":[{"norad_id":1.5,"pass_start_utc":"2026-07-29T14:00:00Z"}]}"#.into(), "events[0].norad_id: must be a whole number, not a number"),
        (r#"{"events":[]}"#.into(), "events: publishes nothing"),
        (r#"{"seed":1}"#.into(), "events: publishes nothing"),
        (r#"{"events":[{"norad_id":1,"pass_start_utc":"2026-"#.into(), "scenario: not a JSON file (line 1, column 48)"),
        (format!(r#"{{"faults":[{{"at_ms":1,"fault":"meteor"}}],{ev}}}"#), "faults[0].fault: must be one of: crash_after_commit"),
        (format!(r#"{{"outages":[{{"from_ms":5,"to_ms":1}}],{ev}}}"#), "outages[0]: from_ms 5 is after to_ms 1"),
        (format!(r#"{{"outages":[{{"from_ms":5}}],{ev}}}"#), "outages[0].to_ms: missing"),
        (format!(r#"{{"actions":[{{"at_ms":5,"do":"dance"}}],{ev}}}"#), "actions[0].do: must be one of: publish"),
        (format!(r#"{{"actions":[{{"at_ms":5,"do":"outage_end","fault":"ack_lost"}}],{ev}}}"#), "actions[0].fault: unknown"),
        (format!(r#"{{"actions":[{{"at_ms":1e13,"do":"replay_all"}}],{ev}}}"#), "actions[0].at_ms: 10000000000000 is later than"),
        (format!(r#"{{"actions":[{{"at_ms":1,"do":"shares","failure_probability":2,"ack_lost_share":0}}],{ev}}}"#), "actions[0].failure_probability: «2» is not a probability"),
        ("[]".into(), "scenario: must be an object, not a list"),
        (format!("{}1{}", "[".repeat(1000), "]".repeat(1000)), "scenario: not a JSON file"),
    ];
    for (input, want) in cases {
        let got = parse_err(&input);
        assert!(
            got.contains(want),
            "input {}\n  got:  {got}\n  want: {want}",
            &input[..input.len().min(120)]
        );
    }
    let bad_utf8 = parse(b"{\"events\":[\xff]}").unwrap_err();
    assert_eq!(
        bad_utf8.to_string(),
        "scenario: not UTF-8 text (invalid byte at offset 11)"
    );
    // A session saved from the page: only actions, read back to the same plan.
    let session = parse(
        br#"{"seed":5,"actions":[{"at_ms":0,"do":"publish","norad_id":25544,"pass_start_utc":"2026-07-29T14:00:00Z","count":2},
        {"at_ms":10,"do":"outage","cause":"url_changed"},{"at_ms":20,"do":"fault","fault":"rebalance"},
        {"at_ms":30,"do":"outage_end"},{"at_ms":40,"do":"replay","event_index":1},{"at_ms":40,"do":"replay_all"},
        {"at_ms":50,"do":"shares","failure_probability":0.5,"ack_lost_share":0.1}]}"#,
    )
    .unwrap();
    assert_eq!(session.actions.len(), 7);
    assert_eq!(
        parse(session.to_json().as_bytes()),
        Ok(session.clone()),
        "written and read back"
    );
}

#[test]
fn runner_prints_jsonl_and_refuses_bad_input_with_exit_code() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |input: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_simulate"))
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    let out = run(FIXTURE.as_bytes());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let sc = parse(FIXTURE.as_bytes()).unwrap();
    assert_eq!(
        text,
        to_jsonl(sc.run().log()),
        "the runner prints the same log the page exports"
    );
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["t_ms"].is_u64() && v["kind"].is_string());
    }
    let bad = run(br#"{"events":[{"norad_id":1,"pass_start_utc":"2026-07-29T14:00:00"}]}"#);
    assert_eq!(bad.status.code(), Some(1));
    let msg = String::from_utf8_lossy(&bad.stderr);
    assert!(msg.contains("events[0].pass_start_utc"), "{msg}");
    assert!(!msg.contains("panicked"));
}

fn json_leaf() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{json, Value};
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u64..100).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        (-0.5f64..1.5).prop_map(|f| json!(f)),
        "[a-z_]{0,12}".prop_map(Value::from),
        (2020u32..2030, 0u32..14, 0u32..33, 0u32..26)
            .prop_map(|(y, m, d, h)| Value::from(format!("{y}-{m:02}-{d:02}T{h:02}:00:00Z"))),
    ]
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    json_leaf().prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Objects with the scenario's own field names (and some others) holding anything.
fn scenario_json() -> impl Strategy<Value = serde_json::Value> {
    const KEYS: [&str; 12] = [
        "seed",
        "base_seconds",
        "max_retries",
        "failure_probability",
        "ack_lost_share",
        "dedup_on",
        "outages",
        "faults",
        "replay_all_at_ms",
        "run_until_ms",
        "colour",
        "events",
    ];
    const EVENT_KEYS: [&str; 5] = [
        "norad_id",
        "pass_start_utc",
        "publish_at_ms",
        "publish_count",
        "extra",
    ];
    let event =
        prop::collection::btree_map(prop::sample::select(&EVENT_KEYS[..]), json_leaf(), 0..5)
            .prop_map(|m| {
                serde_json::Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            });
    let events = prop::collection::vec(event, 0..4).prop_map(serde_json::Value::from);
    (
        prop::collection::btree_map(prop::sample::select(&KEYS[..]), json_value(), 0..8),
        prop::option::of(events),
    )
        .prop_map(|(m, ev)| {
            let mut o: serde_json::Map<String, serde_json::Value> =
                m.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            if let Some(ev) = ev {
                o.insert("events".into(), ev);
            }
            serde_json::Value::Object(o)
        })
}

/// Arbitrary bytes and mutated valid scenarios: the parser returns, never panics. The count is
/// FUZZ_CASES (default 20 000 here; `scripts/fuzz` runs a million).
#[test]
fn scenario_parser_survives_arbitrary_input() {
    let cases: u32 = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let seed = FIXTURE.as_bytes().to_vec();
    let strategy = prop_oneof![
        // Raw bytes.
        prop::collection::vec(any::<u8>(), 0..256),
        // Byte-level damage to a valid file: edits, and sometimes truncation.
        (
            prop::collection::vec((0usize..4096, any::<u8>()), 0..6),
            prop::option::weighted(0.3, 0usize..4096)
        )
            .prop_map(move |(edits, cut)| {
                let mut b = seed.clone();
                for (i, v) in edits {
                    let i = i % b.len();
                    b[i] = v;
                }
                if let Some(cut) = cut {
                    b.truncate(cut % (b.len() + 1));
                }
                b
            }),
        // Well-formed JSON with plausible and implausible values in every field.
        scenario_json().prop_map(|v| v.to_string().into_bytes()),
    ];
    let (ran, parsed) = (std::cell::Cell::new(0u64), std::cell::Cell::new(0u64));
    runner
        .run(&strategy, |bytes| {
            ran.set(ran.get() + 1);
            if let Ok(sc) = parse(&bytes) {
                parsed.set(parsed.get() + 1);
                // Whatever parses must also run within its validated bounds.
                let sim = sc.run();
                prop_assert_eq!(sim.check_invariants(), Ok(()));
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "scenario fuzz: {} inputs, {} parsed and ran",
        ran.get(),
        parsed.get()
    );
    assert!(ran.get() >= u64::from(cases));
}

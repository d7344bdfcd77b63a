//! Native fuzzing of every input that crosses the lab's boundary: share-link fragments, saved
//! state, host messages and mount options (query string, and the object a host passes, both
//! written as JSON-ish text and generated as arbitrary value trees). Each parser must return
//! (a value or a reason), never panic, and what it accepts must be within bounds.
//! FUZZ_CASES sets the count per input (default 20 000; `scripts/fuzz` runs a million).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestRunner};
use retry_lab_core::embed::link::{parse_fragment, share_fragment, to_fragment};
use retry_lab_core::embed::protocol::{parse_incoming, MountOptions};
use retry_lab_core::embed::saved;
use retry_lab_core::embed::value::Value;
use retry_lab_core::lang::Lang;

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
        Just("v=2&".into()),
        Just("done=".into()),
        Just("race,dead_letter".into()),
        Just("&".into()),
        Just("=".into()),
        Just("#".into()),
        Just("%".into()),
        Just("v5".into()),
        Just("derived".into()),
        Just("run=".into()),
        Just("eyJzZWVkIjo3fQ".into()),
        Just("scenario=".into()),
        Just("scenarios/outage-and-replay.json".into()),
        Just("at=".into()),
        Just("en".into()),
        Just("NaN".into()),
        Just("1e308".into()),
        Just("-0".into()),
        Just("https://a.b".into()),
        Just("timeline,dlq".into()),
        Just("keep=host&".into()),
        Just("saved=".into()),
        Just("guide=1&".into()),
        Just("passed=step_backoff,step_crash".into()),
        Just("right=ask_natural".into()),
        Just("tries=step_crash:65535".into()),
        Just("at=step_cursor".into()),
        Just("stop=".into()),
        Just("step_race".into()),
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

/// Arbitrary value trees, as a host page could pass them: our keys and values, odd numbers,
/// wrong types, nesting.
fn arb_value() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        Just("type".to_string()),
        Just("version".into()),
        Just("lang".into()),
        Just("config".into()),
        Just("panels".into()),
        Just("target_origin".into()),
        Just("source".into()),
        Just("seed".into()),
        Just("max_retries".into()),
        Just("base_seconds".into()),
        Just("failure_probability".into()),
        Just("ack_lost_share".into()),
        Just("dedup_on".into()),
        Just("events".into()),
        Just("actions".into()),
        Just("outages".into()),
        Just("faults".into()),
        Just("at_ms".into()),
        Just("do".into()),
        Just("norad_id".into()),
        Just("pass_start_utc".into()),
        Just("count".into()),
        Just("event_index".into()),
        Just("from_ms".into()),
        Just("to_ms".into()),
        Just("cause".into()),
        Just("fault".into()),
        Just("run_until_ms".into()),
        ".{0,6}",
    ];
    let leaf = prop_oneof![
        Just(Value::Absent),
        Just(Value::Null),
        Just(Value::Other),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>().prop_map(Value::Num),
        prop_oneof![
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(-0.0),
            Just(1.0),
            Just(0.5),
            Just(9_007_199_254_740_993.0)
        ]
        .prop_map(Value::Num),
        prop_oneof![
            Just("es".to_string()),
            Just("en".into()),
            Just("reset".into()),
            Just("set_language".into()),
            Just("retry-lab".into()),
            Just("derived".into()),
            Just("https://x.y".into()),
            Just("*".into()),
            Just("timeline".into()),
            Just("publish".into()),
            Just("replay".into()),
            Just("replay_all".into()),
            Just("outage".into()),
            Just("shares".into()),
            Just("ack_lost".into()),
            Just("2026-07-29T14:00:00Z".into()),
            "[0-9]{0,22}",
            ".{0,12}",
        ]
        .prop_map(Value::Str),
    ];
    leaf.prop_recursive(4, 48, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::List),
            prop::collection::vec((key.clone(), inner), 0..8).prop_map(Value::Obj),
        ]
    })
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
        // And so does a run a link carries, at its moment.
        if let Some(run) = &shared.run {
            let link = share_fragment(
                &retry_lab_core::sim::Config::default(),
                Lang::Es,
                Some(run),
                shared.at.unwrap_or(0),
            );
            let (again, problems) = parse_fragment(&link);
            prop_assert!(problems.is_empty(), "{:?}", problems);
            prop_assert_eq!(again.run.as_ref(), Some(run));
        }
        Ok(())
    });
}

#[test]
fn saved_state_never_panics_and_accepts_only_valid_state() {
    run("saved state", prop_oneof![texty(), jsonish()], |s| {
        if let Ok(st) = saved::parse(&s) {
            prop_assert_eq!(st.version, saved::VERSION);
            prop_assert!(st.config.problems().is_empty());
        }
        Ok(())
    });
}

#[test]
fn progress_a_host_hands_over_never_panics_the_lab() {
    use retry_lab_core::embed::boot::{boot, Outside};
    use retry_lab_core::embed::protocol::Keep;
    use retry_lab_core::problem::Source;
    // Booting builds the lab and sets a stop's scene: a tenth of the cases of the parsers.
    let n = (cases() / 10).max(1);
    let mut runner = TestRunner::new(RunnerConfig {
        cases: n,
        failure_persistence: None,
        ..RunnerConfig::default()
    });
    let query = prop_oneof![
        texty(),
        texty().prop_map(|s| format!("keep=host&saved={s}"))
    ];
    runner
        .run(&query, |q| {
            let (options, _) = MountOptions::from_query(&q);
            let saved = options.saved.as_deref().map(saved::parse);
            let refused = matches!(saved, Some(Err(_)));
            let host = options.keep == Keep::Host;
            let lab = boot(Outside {
                options,
                saved,
                ..Outside::default()
            })
            .lab;
            // What the host handed over and the lab could not read is said, as the host's.
            if refused && host {
                prop_assert!(lab
                    .boundary_notices
                    .iter()
                    .any(|n| n.source == Source::Host));
            }
            Ok(())
        })
        .unwrap();
    eprintln!("progress handed over by a host: {n} inputs booted");
}

#[test]
fn host_messages_never_panic() {
    run("host message (json)", jsonish(), |s| {
        let _ = parse_incoming(&Value::from_json(&s));
        Ok(())
    });
    run("host message (value)", arb_value(), |v| {
        let _ = parse_incoming(&v);
        Ok(())
    });
}

#[test]
fn taps_handed_over_never_panic_and_are_what_the_copy_takes() {
    use retry_lab_core::embed::taps::{read, Tap};
    // Names the copy hands over, mixed into lists with anything else.
    let names = prop::sample::select(vec![
        "waits-add-up",
        "next-wait",
        "path-next",
        "path-explore",
        "path-back",
    ]);
    let listed = prop::collection::vec(
        prop_oneof![names.prop_map(|n| Value::Str(n.into())), arb_value()],
        0..8,
    )
    .prop_map(Value::List);
    run("first-view taps", prop_oneof![listed, arb_value()], |v| {
        let taps = read(&v);
        let choices = taps.iter().filter(|t| matches!(t, Tap::Choice(_))).count();
        let button = taps.iter().position(|t| !matches!(t, Tap::Choice(_)));
        prop_assert!(taps.len() <= 2 && choices <= 1, "{taps:?}");
        prop_assert!(button.is_none_or(|i| i == taps.len() - 1), "{taps:?}");
        if taps.is_empty() {
            return Ok(());
        }
        let mut lab =
            retry_lab_core::lab::Lab::new(retry_lab_core::sim::Config::default(), Lang::Es);
        for tap in taps {
            if let Some(a) = tap.action(lab.path.stop()) {
                lab.apply(a);
            }
        }
        Ok(())
    });
}

fn obj(fields: Vec<(&str, Value)>) -> Value {
    Value::Obj(
        fields
            .into_iter()
            .filter(|(_, v)| *v != Value::Absent)
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// Scenario files as the page would read them: mostly plausible fields, sometimes wrong ones.
fn scenario_value() -> impl Strategy<Value = Value> {
    let n = |x: u64| Value::Num(x as f64);
    let maybe = |v: BoxedStrategy<Value>| prop_oneof![4 => v, 1 => Just(Value::Absent)].boxed();
    let time =
        prop_oneof![38 => 0u64..4_000_000, 1 => Just(1_000_000_000_000u64), 1 => any::<u64>()]
            .prop_map(n)
            .boxed();
    let utc = prop_oneof![
        18 => Just("2026-07-29T14:00:00Z".to_string()),
        1 => Just("2026-02-30T14:00:00Z".to_string()),
        1 => ".{0,4}"
    ]
    .prop_map(Value::Str)
    .boxed();
    let small = prop_oneof![18 => 1u64..4, 1 => Just(0u64), 1 => Just(101u64)]
        .prop_map(n)
        .boxed();
    let share = prop_oneof![18 => 0.0..=1.0f64, 1 => Just(1.5), 1 => Just(f64::NAN)]
        .prop_map(Value::Num)
        .boxed();
    let name = |names: &'static [&'static str]| {
        prop_oneof![39 => prop::sample::select(names), 1 => Just("x")]
            .prop_map(|s| Value::Str(s.to_string()))
            .boxed()
    };
    let event = (
        1u64..50_000,
        utc.clone(),
        maybe(time.clone()),
        maybe(small.clone()),
    )
        .prop_map(move |(id, utc, t, c)| {
            obj(vec![
                ("norad_id", n(id)),
                ("pass_start_utc", utc),
                ("publish_at_ms", t),
                ("publish_count", c),
            ])
        });
    let dos = &[
        "publish",
        "outage",
        "outage_end",
        "fault",
        "replay",
        "replay_all",
        "shares",
    ];
    let causes = &["consumer_down", "consumer_bug", "url_changed"];
    let faults = &[
        "crash_after_commit",
        "ack_lost",
        "rebalance",
        "visibility_timeout",
    ];
    let action = (
        time.clone(),
        name(dos),
        (1u64..50_000, utc, maybe(small.clone())),
        (maybe(name(causes)), name(faults), 0u64..6),
        (share.clone(), share.clone()),
    )
        .prop_map(
            move |(t, what, (id, utc, count), (cause, fault, i), (p, a))| {
                let mut f = vec![("at_ms", t), ("do", what.clone())];
                match what.as_str() {
                    Some("publish") => f.extend([
                        ("norad_id", n(id)),
                        ("pass_start_utc", utc),
                        ("count", count),
                    ]),
                    Some("outage") => f.push(("cause", cause)),
                    Some("fault") => f.push(("fault", fault)),
                    Some("replay") => f.push(("event_index", n(i))),
                    Some("shares") => f.extend([("failure_probability", p), ("ack_lost_share", a)]),
                    _ => {}
                }
                obj(f)
            },
        );
    let outage = (time.clone(), time.clone(), maybe(name(causes)))
        .prop_map(|(a, b, c)| obj(vec![("from_ms", a), ("to_ms", b), ("cause", c)]));
    (
        maybe((0u64..1000).prop_map(n).boxed()),
        maybe(share.clone()),
        prop::collection::vec(event, 0..4),
        prop::collection::vec(action, 0..12),
        prop::collection::vec(outage, 0..2),
        maybe(time),
    )
        .prop_map(|(seed, p, events, actions, outages, until)| {
            obj(vec![
                ("seed", seed),
                ("failure_probability", p),
                ("events", Value::List(events)),
                ("actions", Value::List(actions)),
                ("outages", Value::List(outages)),
                ("run_until_ms", until),
            ])
        })
}

/// The page's path for a scenario file: a JS value copied into a tree, then read; whatever is
/// accepted also runs (briefly) in the page's own run, script and time travel included.
#[test]
fn scenario_values_never_panic_and_what_is_read_runs() {
    use retry_lab_core::embed::scenario::read;
    use retry_lab_core::lab::{run::RunAction, Action, Lab};
    let accepted = std::cell::Cell::new(0u64);
    run("scenario (any value)", arb_value(), |v| {
        let _ = read(&v);
        Ok(())
    });
    run("scenario (value)", scenario_value(), |v| {
        if let Ok(sc) = read(&v) {
            accepted.set(accepted.get() + 1);
            let mut lab = Lab::new(sc.config.clone(), Lang::Es);
            lab.apply(Action::LoadScenario(std::rc::Rc::new(sc), None));
            for _ in 0..20 {
                lab.apply(Action::Run(RunAction::Step));
            }
            lab.apply(Action::Run(RunAction::StepBack));
            lab.apply(Action::Run(RunAction::TravelTo(u64::MAX)));
            prop_assert_eq!(lab.run.sim.check_invariants(), Ok(()));
        }
        Ok(())
    });
    eprintln!(
        "scenario (value): {} of the inputs accepted and ran",
        accepted.get()
    );
}

#[test]
fn mount_options_never_panic_and_are_sanitized() {
    run("mount options (query)", texty(), |s| {
        let (o, _) = MountOptions::from_query(&s);
        // Panels are read into their enum; a flood of names is cut short.
        prop_assert!(o.panels.as_ref().is_none_or(|p| p.len() <= 32));
        prop_assert!(o
            .target_origin
            .iter()
            .all(|t| retry_lab_core::embed::protocol::valid_origin(t)));
        Ok(())
    });
    let sane = |o: MountOptions| {
        prop_assert!(o.config.iter().all(|c| c.problems().is_empty()));
        // A stop is one of the path's, or none.
        prop_assert!(o
            .stop
            .is_none_or(|s| retry_lab_core::lab::path::Stop::from_name(s.as_str()) == Some(s)));
        // Panels are read into their enum; a flood of names is cut short.
        prop_assert!(o.panels.as_ref().is_none_or(|p| p.len() <= 32));
        prop_assert!(o
            .target_origin
            .iter()
            .all(|t| retry_lab_core::embed::protocol::valid_origin(t)));
        Ok(())
    };
    run("mount options (json)", jsonish(), |s| {
        sane(MountOptions::from_value(&Value::from_json(&s)).0)
    });
    run("mount options (value)", arb_value(), |v| {
        sane(MountOptions::from_value(&v).0)
    });
}

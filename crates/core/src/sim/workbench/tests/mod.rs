//! The checker against the spec's counts (with the dedup table's unique constraint and without
//! it), the lesson's patterns, its own counterexamples and example runs, the needless checks it
//! names, and a second enumerator written apart from it.
use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::sim::outcome::Instance;

mod brute;

/// `who`'s step from `s`, if it moves.
fn step(p: &Program, s: &State, who: Instance) -> Option<(State, Move)> {
    match next_step(p, s, who) {
        Next::Moves(n, m) => Some((n, m)),
        Next::Waits | Next::Finished => None,
    }
}

fn prog(steps: &[Step], effect: Effect) -> Program {
    Program {
        steps: steps.to_vec(),
        effect,
        constraint: Constraint::Unique,
    }
}

/// The same on a table without the unique constraint.
fn plain(steps: &[Step], effect: Effect) -> Program {
    prog(steps, effect).with_constraint(Constraint::Absent)
}

fn verdict(steps: &[Step], effect: Effect) -> Vec<&'static str> {
    check(&prog(steps, effect)).verdict()
}

/// Every ordering of `k` distinct steps out of the six, for k = 1..=6.
fn orderings() -> Vec<Vec<Step>> {
    fn go(acc: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        if !acc.is_empty() {
            out.push(acc.clone());
        }
        for &s in Step::ALL {
            if !acc.contains(&s) {
                acc.push(s);
                go(acc, out);
                acc.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), &mut out);
    out
}

#[test]
fn presets_give_the_lessons_verdicts() {
    let expect = [
        ("naive", vec!["double_effect"]),
        ("check_then_insert", vec!["double_effect"]),
        ("mark_first", vec!["lost"]),
        ("effect_first", vec!["double_effect"]),
        ("ack_first", vec!["lost"]),
        ("insert_first", vec!["safe"]),
    ];
    for (id, want) in expect {
        let p = Preset::by_id(id).unwrap();
        let program = prog(p.steps, Effect::Add).with_constraint(p.constraint);
        assert_eq!(check(&program).verdict(), want, "{id}");
    }
    // Only the lesson's check-then-insert runs on a table without the unique constraint; with
    // it, the same steps are safe, and the check is what adds nothing.
    let cti = Preset::by_id("check_then_insert").unwrap();
    assert_eq!(cti.constraint, Constraint::Absent);
    assert!(PRESETS
        .iter()
        .filter(|p| p.id != cti.id)
        .all(|p| p.constraint == Constraint::Unique));
    assert_eq!(verdict(cti.steps, Effect::Add), ["safe"]);
    // Natural idempotency: the naive consumer is safe when the effect sets a state.
    assert_eq!(verdict(&[Step::Apply, Step::Ack], Effect::Set), ["safe"]);
    // And no program without an ack ever is.
    assert_eq!(verdict(&[Step::Apply], Effect::Set), ["stuck"]);
}

#[test]
fn of_the_1956_orderings_11_are_safe_for_a_balance_and_none_for_an_email() {
    let all = orderings();
    assert_eq!(all.len(), 1956);
    let safe: Vec<String> = all
        .iter()
        .filter(|s| check(&prog(s, Effect::Add)).safe())
        .map(|s| prog(s, Effect::Add).steps_text())
        .collect();
    assert_eq!(safe.len(), 11, "{safe:#?}");
    assert!(safe.contains(&"begin,insert,apply,commit,ack".to_string()));
    assert!(!all.iter().any(|s| check(&prog(s, Effect::Email)).safe()));
    // Setting a state forgives a double effect, so more are safe than for a balance.
    let set = all
        .iter()
        .filter(|s| check(&prog(s, Effect::Set)).safe())
        .count();
    assert!(set > 11, "{set}");
}

/// Every ordering, for an effect, on either table: how many are safe.
fn safe_count(effect: Effect, constraint: Constraint) -> usize {
    orderings()
        .iter()
        .filter(|s| check(&prog(s, effect).with_constraint(constraint)).safe())
        .count()
}

#[test]
fn without_the_unique_constraint_no_ordering_is_safe_for_a_balance_or_an_email() {
    // Nothing makes the second instance wait or fail: run in lockstep, it sees what the first
    // saw and does what it did, so a balance is added to twice (or never).
    assert_eq!(safe_count(Effect::Add, Constraint::Absent), 0);
    assert_eq!(safe_count(Effect::Email, Constraint::Absent), 0);
    // A state is set by both copies and that is no failure: these stay safe.
    let set_plain = safe_count(Effect::Set, Constraint::Absent);
    let set_unique = safe_count(Effect::Set, Constraint::Unique);
    assert_eq!((set_plain, set_unique), (SET_SAFE_PLAIN, SET_SAFE_UNIQUE));
    // For a state the constraint can even break a program: a mark committed apart from the
    // effect makes a redelivery's insert a violation that skips the effect (lost), where a
    // plain insert goes on and sets the state again.
    let p = [Step::Insert, Step::Apply, Step::Ack];
    assert!(check(&plain(&p, Effect::Set)).safe());
    assert_eq!(check(&prog(&p, Effect::Set)).failures, [Failure::Lost]);
}

/// For a state, how many of the 1 956 orderings are safe without and with the unique constraint.
const SET_SAFE_PLAIN: usize = 515;
const SET_SAFE_UNIQUE: usize = 432;

#[test]
fn the_lessons_check_then_insert_breaks_without_the_constraint_and_its_check_adds_nothing_with_it()
{
    let cti = [
        Step::Begin,
        Step::Check,
        Step::Insert,
        Step::Apply,
        Step::Commit,
        Step::Ack,
    ];
    let r = check(&plain(&cti, Effect::Add));
    assert_eq!(r.failures, [Failure::DoubleEffect]);
    // Its shortest run: neither check sees the other's uncommitted mark, and the second
    // insert is a duplicate nothing refuses.
    let run = &r.runs[0];
    let did: Vec<Did> = run.iter().map(|m| m.result).collect();
    assert_eq!(
        did.iter().filter(|d| **d == Did::Clear).count(),
        2,
        "{did:?}"
    );
    assert!(did.contains(&Did::Duplicate), "{did:?}");
    assert!(!did.contains(&Did::Violation) && !did.contains(&Did::Seen));
    assert_eq!(run.last().unwrap().applied, 2);
    // With the constraint the same steps are safe, and the check is the step that adds nothing.
    assert!(check(&prog(&cti, Effect::Add)).safe());
    assert_eq!(redundant_checks(&prog(&cti, Effect::Add)), [1]);
    assert!(
        redundant_checks(&plain(&cti, Effect::Add)).is_empty(),
        "not safe"
    );
    // A check the program needs is not named: without the check, this one applies twice.
    let needs = [Step::Check, Step::Apply, Step::Insert, Step::Ack];
    assert!(redundant_checks(&prog(&needs, Effect::Add)).is_empty());
}

#[test]
fn of_the_11_safe_orderings_for_a_balance_those_with_a_check_have_it_redundant() {
    let safe: Vec<Vec<Step>> = orderings()
        .into_iter()
        .filter(|s| check(&prog(s, Effect::Add)).safe())
        .collect();
    assert_eq!(safe.len(), 11);
    let with_check: Vec<&Vec<Step>> = safe.iter().filter(|s| s.contains(&Step::Check)).collect();
    let redundant = with_check
        .iter()
        .filter(|s| !redundant_checks(&prog(s, Effect::Add)).is_empty())
        .count();
    assert_eq!(
        (with_check.len(), redundant),
        (CHECKED_SAFE, CHECKED_REDUNDANT)
    );
}

/// Of the 11 orderings safe for a balance: how many have a check, and how many of those a
/// check that adds nothing.
const CHECKED_SAFE: usize = 9;
const CHECKED_REDUNDANT: usize = 9;

#[test]
fn a_safe_verdict_carries_an_example_run_that_meets_a_race_and_a_crash() {
    for s in orderings() {
        for effect in Effect::ALL.iter().copied() {
            for constraint in Constraint::ALL.iter().copied() {
                let p = prog(&s, effect).with_constraint(constraint);
                let r = check(&p);
                if !r.safe() {
                    assert!(r.example.is_empty());
                    continue;
                }
                let run = &r.example;
                let end = replay(&p, run).unwrap_or_else(|i| panic!("{p:?} move {i}"));
                // To the end: both copies finished, acked, nothing wrong.
                assert!(finished(&p, &end), "{p:?}");
                assert!(failures_at(&p, &end).is_empty(), "{p:?}");
                // Both instances took part, and A crashed, right after applying the effect.
                assert!(run.iter().any(|m| m.instance == Instance::B));
                let crash = run.iter().position(|m| m.step.is_none()).expect("a crash");
                assert_eq!(run[crash].instance, Instance::A);
                let before = &run[crash - 1];
                assert_eq!(before.instance, Instance::A);
                assert_eq!(before.step, Some(Step::Apply), "{p:?}");
            }
        }
    }
    // The lesson's pattern: B waits on A's mark, A crashes, B does the work, A's redelivery is
    // refused by the constraint.
    let p = prog(Preset::by_id("insert_first").unwrap().steps, Effect::Add);
    let did: Vec<(Instance, Did)> = check(&p)
        .example
        .iter()
        .map(|m| (m.instance, m.result))
        .collect();
    use Instance::{A, B};
    assert_eq!(
        did,
        [
            (A, Did::Opened),
            (B, Did::Opened),
            (A, Did::Marked),
            (A, Did::Pending),
            (A, Did::Crashed),
            (B, Did::Marked),
            (A, Did::Opened),
            (B, Did::Pending),
            (B, Did::Committed),
            (A, Did::Violation),
            (B, Did::Acked),
            (A, Did::Acked),
        ]
    );
}

#[test]
fn every_counterexample_replays_to_its_failure_and_is_the_shortest() {
    for s in orderings() {
        for effect in Effect::ALL.iter().copied() {
            let p = prog(&s, effect);
            let r = check(&p);
            assert_eq!(r.failures.len(), r.runs.len());
            for (f, run) in r.failures.iter().zip(&r.runs) {
                let end = replay(&p, run).unwrap_or_else(|i| panic!("{:?} move {i}", p));
                assert!(failures_at(&p, &end).contains(f), "{:?} {f:?}", p.steps);
                // One move shorter shows nothing yet: the run is no longer than it must be.
                if let Some(shorter) = run.get(..run.len().saturating_sub(1)) {
                    let before = replay(&p, shorter).unwrap();
                    assert!(!run.is_empty() && !failures_at(&p, &before).contains(f));
                }
            }
        }
    }
}

#[test]
fn a_replay_refuses_a_move_the_rules_do_not_allow() {
    let p = prog(
        &[
            Step::Begin,
            Step::Insert,
            Step::Apply,
            Step::Commit,
            Step::Ack,
        ],
        Effect::Add,
    );
    let r = check(&prog(&[Step::Apply, Step::Ack], Effect::Add));
    // The naive consumer's run does not fit the lesson's pattern.
    assert_eq!(replay(&p, &r.runs[0]), Err(0));
}

#[test]
fn the_insert_first_race_has_one_winner() {
    // a opens and inserts; b's insert waits on a's uncommitted mark until a commits, then is a
    // unique violation and acks.
    let p = Preset::by_id("insert_first").unwrap();
    let p = prog(p.steps, Effect::Add);
    let s0 = State::default();
    let (s1, _) = step(&p, &s0, Instance::A).unwrap();
    let (s2, _) = step(&p, &s1, Instance::A).unwrap();
    let (s3, _) = step(&p, &s2, Instance::B).unwrap();
    assert!(
        step(&p, &s3, Instance::B).is_none(),
        "b must wait for a's mark"
    );
    let (s4, _) = step(&p, &s3, Instance::A).unwrap();
    let (s5, m) = step(&p, &s4, Instance::A).unwrap();
    assert_eq!(m.result, Did::Committed);
    let (_, m) = step(&p, &s5, Instance::B).unwrap();
    assert_eq!(m.result, Did::Violation);
}

#[test]
fn parse_takes_names_and_refuses_the_rest() {
    let p = Program::parse("begin, insert,apply,commit,ack", "add", "unique").unwrap();
    assert_eq!(p.steps.len(), 5);
    assert_eq!(p.steps_text(), "begin,insert,apply,commit,ack");
    assert!(
        matches!(Program::parse("begin,jump", "add", "unique"), Err(ProgramError::UnknownStep(s)) if s == "jump")
    );
    assert!(matches!(
        Program::parse("ack", "sms", "unique"),
        Err(ProgramError::UnknownEffect(_))
    ));
    assert_eq!(
        Program::parse("", "add", "unique"),
        Err(ProgramError::Empty)
    );
    assert!(matches!(
        Program::parse("ack", "add", "maybe"),
        Err(ProgramError::UnknownConstraint(s)) if s == "maybe"
    ));
    assert_eq!(
        Program::parse("ack", "add", " none ").map(|p| p.constraint),
        Ok(Constraint::Absent)
    );
    let long = ["ack"; 13].join(",");
    assert_eq!(
        Program::parse(&long, "add", "unique"),
        Err(ProgramError::TooLong(13))
    );
    assert!(Program::parse(&["ack"; 12].join(","), "add", "unique").is_ok());
    // A message never echoes more than a little of the input.
    let e = Program::parse(&"x".repeat(10_000), "add", "unique")
        .unwrap_err()
        .to_string();
    assert!(e.len() < 200, "{e}");
}

#[test]
fn the_json_names_every_failure_with_its_run() {
    let r = check(&prog(&[Step::Apply, Step::Ack], Effect::Add));
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(v["verdict"], serde_json::json!(["double_effect"]));
    assert_eq!(v["states"], r.states);
    let run = v["counterexamples"]["double_effect"].as_array().unwrap();
    assert!(run
        .iter()
        .all(|m| m["instance"] == "a" || m["instance"] == "b"));
    assert_eq!(run.len(), r.runs[0].len());
    let safe = check(&prog(
        Preset::by_id("insert_first").unwrap().steps,
        Effect::Add,
    ));
    let v: serde_json::Value = serde_json::from_str(&safe.to_json()).unwrap();
    assert_eq!(v["verdict"], serde_json::json!(["safe"]));
    assert_eq!(v["counterexamples"], serde_json::json!({}));
    assert_eq!(v["example"].as_array().unwrap().len(), safe.example.len());
    assert!(serde_json::from_str::<serde_json::Value>(&r.to_json()).unwrap()["example"].is_null());
}

// proptest is a native dev-dependency (the browser tests build this crate's tests for wasm too).
#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn any_step() -> impl Strategy<Value = Step> {
        proptest::sample::select(Step::ALL.to_vec())
    }
    fn any_effect() -> impl Strategy<Value = Effect> {
        proptest::sample::select(Effect::ALL.to_vec())
    }
    fn any_constraint() -> impl Strategy<Value = Constraint> {
        proptest::sample::select(Constraint::ALL.to_vec())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Programs with repeated steps, which the orderings above never have.
        #[test]
        fn checker_and_brute_force_agree(steps in proptest::collection::vec(any_step(), 1..=8), effect in any_effect(), constraint in any_constraint()) {
            let p = prog(&steps, effect).with_constraint(constraint);
            let r = check(&p);
            prop_assert_eq!(&r.failures, &brute::failures(&steps, effect, constraint));
            for run in r.runs.iter().chain([&r.example]) {
                prop_assert!(replay(&p, run).is_ok());
            }
            // Whatever the steps, without the constraint a balance is never safe.
            if constraint == Constraint::Absent && effect == Effect::Add {
                prop_assert!(!r.safe());
            }
        }
    }
}

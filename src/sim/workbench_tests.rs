//! The checker against the spec's counts, the lesson's patterns, its own counterexamples, and a
//! second enumerator written apart from it.
use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::sim::outcome::Instance;

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
    }
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
        assert_eq!(verdict(p.steps, Effect::Add), want, "{id}");
    }
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
    let p = Program::parse("begin, insert,apply,commit,ack", "add").unwrap();
    assert_eq!(p.steps.len(), 5);
    assert_eq!(p.steps_text(), "begin,insert,apply,commit,ack");
    assert!(
        matches!(Program::parse("begin,jump", "add"), Err(ProgramError::UnknownStep(s)) if s == "jump")
    );
    assert!(matches!(
        Program::parse("ack", "sms"),
        Err(ProgramError::UnknownEffect(_))
    ));
    assert_eq!(Program::parse("", "add"), Err(ProgramError::Empty));
    let long = ["ack"; 13].join(",");
    assert_eq!(Program::parse(&long, "add"), Err(ProgramError::TooLong(13)));
    assert!(Program::parse(&["ack"; 12].join(","), "add").is_ok());
    // A message never echoes more than a little of the input.
    let e = Program::parse(&"x".repeat(10_000), "add")
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
}

/// A second enumerator, written apart from the checker from the spec's rules: depth first over
/// every schedule, the database as who holds the mark's row and unsaturated counters.
mod brute {
    use super::*;

    #[derive(Clone, PartialEq, Eq, Hash)]
    enum Mark {
        None,
        Committed,
        HeldBy(usize),
    }

    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Handler {
        at: usize,
        in_tx: bool,
        tx_effects: u32,
        acked: bool,
        may_crash: bool,
    }

    #[derive(Clone, PartialEq, Eq, Hash)]
    struct World {
        mark: Mark,
        effects: u32,
        h: [Handler; 2],
    }

    fn abort(w: &mut World, i: usize) {
        if w.mark == Mark::HeldBy(i) {
            w.mark = Mark::None;
        }
        w.h[i].in_tx = false;
        w.h[i].tx_effects = 0;
    }

    fn done(steps: &[Step], h: &Handler) -> bool {
        h.at >= steps.len()
    }

    /// Leaves for the ack after a refused insert or a seen id.
    fn to_ack(steps: &[Step], w: &mut World, i: usize) {
        abort(w, i);
        let from = w.h[i].at + 1;
        w.h[i].at = steps[from..]
            .iter()
            .position(|s| *s == Step::Ack)
            .map_or(steps.len(), |k| from + k);
    }

    fn run_step(steps: &[Step], effect: Effect, w: &World, i: usize) -> Option<World> {
        let mut w = w.clone();
        let step = *steps.get(w.h[i].at)?;
        match step {
            Step::Begin => w.h[i].in_tx = true,
            Step::Check => {
                let mine = w.h[i].in_tx && w.mark == Mark::HeldBy(i);
                if w.mark == Mark::Committed || mine {
                    to_ack(steps, &mut w, i);
                    return Some(finish(steps, w, i));
                }
            }
            Step::Insert => match w.mark {
                Mark::Committed => {
                    to_ack(steps, &mut w, i);
                    return Some(finish(steps, w, i));
                }
                Mark::HeldBy(j) if j == i => {
                    to_ack(steps, &mut w, i);
                    return Some(finish(steps, w, i));
                }
                Mark::HeldBy(_) => return None,
                Mark::None => {
                    w.mark = if w.h[i].in_tx {
                        Mark::HeldBy(i)
                    } else {
                        Mark::Committed
                    }
                }
            },
            Step::Apply => {
                if w.h[i].in_tx && effect != Effect::Email {
                    w.h[i].tx_effects += 1;
                } else {
                    w.effects += 1;
                }
            }
            Step::Commit => {
                if w.h[i].in_tx {
                    if w.mark == Mark::HeldBy(i) {
                        w.mark = Mark::Committed;
                    }
                    w.effects += w.h[i].tx_effects;
                    w.h[i].tx_effects = 0;
                    w.h[i].in_tx = false;
                }
            }
            Step::Ack => {
                abort(&mut w, i);
                w.h[i].acked = true;
                w.h[i].at = steps.len();
                return Some(w);
            }
        }
        w.h[i].at += 1;
        Some(finish(steps, w, i))
    }

    /// A handler that ran off its end returns, and its connection rolls back.
    fn finish(steps: &[Step], mut w: World, i: usize) -> World {
        if done(steps, &w.h[i]) && !w.h[i].acked {
            abort(&mut w, i);
        }
        w
    }

    fn explore(
        steps: &[Step],
        effect: Effect,
        w: World,
        seen: &mut HashSet<World>,
        out: &mut BTreeSet<Failure>,
    ) {
        if !seen.insert(w.clone()) {
            return;
        }
        if effect != Effect::Set && w.effects > 1 {
            out.insert(Failure::DoubleEffect);
        }
        if w.h.iter().any(|h| done(steps, h) && !h.acked) {
            out.insert(Failure::Stuck);
        }
        if w.h.iter().all(|h| done(steps, h)) && w.effects == 0 && w.h.iter().any(|h| h.acked) {
            out.insert(Failure::Lost);
        }
        for i in 0..2 {
            if let Some(n) = run_step(steps, effect, &w, i) {
                explore(steps, effect, n, seen, out);
            }
            let h = &w.h[i];
            if h.may_crash && h.at > 0 && !done(steps, h) {
                let mut n = w.clone();
                abort(&mut n, i);
                n.h[i].at = 0;
                n.h[i].may_crash = false;
                explore(steps, effect, n, seen, out);
            }
        }
    }

    pub fn failures(steps: &[Step], effect: Effect) -> Vec<Failure> {
        let h = Handler {
            at: 0,
            in_tx: false,
            tx_effects: 0,
            acked: false,
            may_crash: true,
        };
        let w = World {
            mark: Mark::None,
            effects: 0,
            h: [h.clone(), h],
        };
        let mut out = BTreeSet::new();
        explore(steps, effect, w, &mut HashSet::new(), &mut out);
        out.into_iter().collect()
    }
}

#[test]
fn the_brute_force_enumerator_agrees_on_every_ordering() {
    for s in orderings() {
        for effect in Effect::ALL.iter().copied() {
            assert_eq!(
                check(&prog(&s, effect)).failures,
                brute::failures(&s, effect),
                "{:?} {effect:?}",
                s
            );
        }
    }
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Programs with repeated steps, which the orderings above never have.
        #[test]
        fn checker_and_brute_force_agree(steps in proptest::collection::vec(any_step(), 1..=8), effect in any_effect()) {
            let p = prog(&steps, effect);
            let r = check(&p);
            prop_assert_eq!(&r.failures, &brute::failures(&steps, effect));
            for run in &r.runs {
                prop_assert!(replay(&p, run).is_ok());
            }
        }
    }
}

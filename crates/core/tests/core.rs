//! Native tests of the simulation core: schedule, conservation, determinism, statistics,
//! faults and replay. Runs in seconds with `cargo test` (the scenario format: `scenario.rs`).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab_core::embed::scenario::parse;
use retry_lab_core::sim::hub::MAX_EVENTS;
use retry_lab_core::sim::ids::Fact;
use retry_lab_core::sim::log::{fnv1a64, to_jsonl, Kind};
use retry_lab_core::sim::outcome::Instance;
use retry_lab_core::sim::outcome::RootCause;
use retry_lab_core::sim::Reason;
use retry_lab_core::sim::{Config, DedupOn, EventState, Fault, Outcome, Simulation};

const FIXTURE: &str = include_str!("fixtures/determinism.json");
/// FNV-1a 64 of the fixture's JSON Lines log; the browser test asserts the same value.
const FIXTURE_LOG_HASH: u64 = 0x6d3e_4edb_df99_0f28;

fn iss() -> Fact {
    Fact {
        norad_id: 25544,
        pass_start_utc: "2026-07-29T14:00:00Z".into(),
    }
}

fn always_failing(base_seconds: u32, max_retries: u32) -> Config {
    Config {
        base_seconds,
        max_retries,
        failure_probability: 1.0,
        ack_lost_share: 0.0,
        ..Config::default()
    }
}

fn attempt_times(sim: &Simulation, index: u32) -> Vec<u64> {
    sim.event(index)
        .map(|e| e.attempts.iter().map(|a| a.t_ms).collect())
        .unwrap_or_default()
}

#[test]
fn failing_event_follows_the_lessons_schedule_to_the_millisecond() {
    let mut sim = Simulation::new(always_failing(30, 6));
    sim.publish(iss(), 0, 1).unwrap();
    sim.run_to_end(1_000);
    assert_eq!(
        attempt_times(&sim, 0),
        [0, 30_000, 90_000, 210_000, 450_000, 930_000, 1_890_000]
    );
    let ev = sim.event(0).unwrap();
    assert_eq!(
        ev.state,
        EventState::DeadLettered {
            at_ms: 1_890_000,
            reason: Reason::ConsumerError
        }
    );
    let dl: Vec<_> = sim
        .log()
        .iter()
        .filter(|e| e.kind == Kind::DeadLettered)
        .collect();
    assert_eq!(dl.len(), 1);
    assert_eq!((dl[0].t_ms, dl[0].attempt), (1_890_000, Some(6)));
    let waits: Vec<u64> = sim.log().iter().filter_map(|e| e.wait_ms).collect();
    assert_eq!(waits, [30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
}

#[test]
fn schedule_is_offset_by_publication_time() {
    let mut sim = Simulation::new(always_failing(30, 6));
    sim.publish(iss(), 12_345, 1).unwrap();
    sim.run_to_end(1_000);
    let want: Vec<u64> = [0, 30_000, 90_000, 210_000, 450_000, 930_000, 1_890_000]
        .iter()
        .map(|t| t + 12_345)
        .collect();
    assert_eq!(attempt_times(&sim, 0), want);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn same_shape_for_any_base_and_retry_count(base in 1u32..=3600, retries in 1u32..=12, at in 0u64..10_000_000) {
        let mut sim = Simulation::new(always_failing(base, retries));
        sim.publish(iss(), at, 1).unwrap();
        sim.run_to_end(1_000);
        let times = attempt_times(&sim, 0);
        prop_assert_eq!(times.len() as u32, retries + 1);
        for n in 1..=retries as usize {
            prop_assert_eq!(times[n] - times[n - 1], u64::from(base) * 1000 * (1u64 << (n - 1)));
        }
        let dead_at = at + u64::from(base) * 1000 * ((1u64 << retries) - 1);
        prop_assert_eq!(times[retries as usize], dead_at);
        let dead = matches!(sim.event(0).unwrap().state, EventState::DeadLettered { at_ms, .. } if at_ms == dead_at);
        prop_assert!(dead);
    }
}

/// What a learner might do between steps.
#[derive(Clone, Debug)]
enum Act {
    Publish(u8, u8),
    Outage(bool),
    Inject(u8),
    Replay(u8),
    ReplayAll,
    Probabilities(f64, f64),
    Step(u8),
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        3 => (0u8..8, 1u8..4).prop_map(|(f, n)| Act::Publish(f, n)),
        1 => any::<bool>().prop_map(Act::Outage),
        1 => (0u8..4).prop_map(Act::Inject),
        1 => any::<u8>().prop_map(Act::Replay),
        1 => Just(Act::ReplayAll),
        1 => (0.0f64..=1.0, 0.0f64..=1.0).prop_map(|(p, a)| Act::Probabilities(p, a)),
        6 => (1u8..40).prop_map(Act::Step),
    ]
}

// A setting added later takes its default (the update is needless until then).
#[allow(clippy::needless_update)]
fn config() -> impl Strategy<Value = Config> {
    (
        any::<u64>(),
        1u32..=120,
        1u32..=8,
        0.0f64..=1.0,
        0.0f64..=1.0,
        any::<bool>(),
    )
        .prop_map(|(seed, b, r, p, a, v5)| Config {
            seed,
            base_seconds: b,
            max_retries: r,
            failure_probability: p,
            ack_lost_share: a,
            dedup_on: if v5 {
                DedupOn::Derived
            } else {
                DedupOn::Producer
            },
            ..Config::default()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Every published event is delivered, dead-lettered or in flight, exactly one of them;
    /// consumers' effects match their distinct keys (idempotent) and processings (naive).
    #[test]
    fn conservation_after_every_step(cfg in config(), acts in prop::collection::vec(act(), 1..40)) {
        let mut sim = Simulation::new(cfg);
        for a in acts {
            match a {
                Act::Publish(f, n) => {
                    let fact = Fact { norad_id: 25000 + u32::from(f), pass_start_utc: "2026-07-29T14:00:00Z".into() };
                    let at = sim.now_ms();
                    sim.publish(fact, at, u32::from(n)).unwrap();
                }
                Act::Outage(on) => sim.set_outage(on.then_some(RootCause::Bug)),
                Act::Inject(f) => sim.inject(Fault::ALL[f as usize]),
                Act::Replay(i) => { let _ = sim.replay(u32::from(i)); }
                Act::ReplayAll => { sim.replay_all(); }
                Act::Probabilities(p, a) => sim.set_probabilities(p, a),
                Act::Step(n) => for _ in 0..n {
                    if sim.step().is_none() { break; }
                    prop_assert_eq!(sim.check_invariants(), Ok(()));
                },
            }
            prop_assert_eq!(sim.check_invariants(), Ok(()));
            let c = sim.counts();
            prop_assert_eq!(c.published, c.in_flight + c.delivered + c.dead_lettered);
        }
        sim.set_outage(None);
        sim.run_to_end(1_000_000);
        prop_assert_eq!(sim.check_invariants(), Ok(()));
        prop_assert_eq!(sim.counts().in_flight, 0);
    }
}

#[test]
fn same_seed_same_bytes_and_the_fixture_hash_is_pinned() {
    let sc = parse(FIXTURE.as_bytes()).unwrap();
    let a = to_jsonl(sc.run().log());
    let b = to_jsonl(sc.run().log());
    assert_eq!(a, b);
    let mut other = sc.clone();
    other.config.seed += 1;
    assert_ne!(a, to_jsonl(other.run().log()));
    assert_eq!(
        fnv1a64(a.as_bytes()),
        FIXTURE_LOG_HASH,
        "log hash changed; log starts:\n{}",
        &a[..a.len().min(600)]
    );
}

#[test]
fn observed_dead_letter_rate_is_within_bounds_of_p_to_the_seventh() {
    for (p, seed) in [(0.6, 1u64), (0.8, 2), (0.45, 3)] {
        let cfg = Config {
            seed,
            failure_probability: p,
            ..Config::default()
        };
        let mut sim = Simulation::new(cfg.clone());
        let n = 30_000u32;
        for i in 0..n {
            let fact = Fact {
                norad_id: 1 + i,
                pass_start_utc: "2026-07-29T14:00:00Z".into(),
            };
            sim.publish(fact, u64::from(i) * 7, 1).unwrap();
        }
        sim.run_to_end(u64::MAX);
        let observed = sim.counts().dead_lettered as f64 / f64::from(n);
        let want = cfg.analytic_dead_letter_rate();
        let sd = (want * (1.0 - want) / f64::from(n)).sqrt();
        assert!(
            (observed - want).abs() < 5.0 * sd,
            "p={p}: observed {observed}, p^7 {want}, sd {sd}"
        );
    }
}

fn quiet() -> Config {
    Config {
        failure_probability: 0.0,
        ..Config::default()
    }
}

#[test]
fn each_redelivery_cause_behaves_as_the_lesson_tells() {
    for &fault in Fault::ALL {
        let mut sim = Simulation::new(quiet());
        sim.inject(fault);
        sim.publish(iss(), 0, 1).unwrap();
        sim.run_to_end(100);
        let ev = sim.event(0).unwrap();
        // Event 0 is on the partition instance A owns.
        assert_eq!(ev.attempts[0].instance, Instance::A, "{fault:?}");
        assert_eq!(ev.attempts[0].fault, Some(fault));
        // Every cause processes the same event twice: the naive consumer applies it twice,
        // the idempotent one (dedup row and effect in one transaction) once.
        assert_eq!(
            sim.naive().effects.applications,
            2,
            "{fault:?}: naive applies twice"
        );
        assert_eq!(sim.idempotent().effects.applications, 1, "{fault:?}");
        assert_eq!(sim.idempotent().discarded, 1, "{fault:?}");
        let named = sim.log().iter().filter(|e| e.fault == Some(fault)).count();
        // No answer reached the hub (in time): it retries on the schedule.
        assert_eq!(
            ev.attempts.len(),
            2,
            "{fault:?}: one faulty attempt, one retry"
        );
        assert_eq!(ev.attempts[0].outcome, Outcome::AckLost);
        assert_eq!(ev.attempts[0].reason, Some(Reason::from(fault)));
        assert_eq!(ev.attempts[1].t_ms, 30_000, "redelivered on the schedule");
        assert_eq!(ev.state, EventState::Delivered { at_ms: 30_000 });
        // The crashed instance comes back and gets it; a lost ack goes back to the same
        // owner; a rebalance hands the partition, and the retry, to the other; an expired
        // visibility timeout makes the message visible again, and the other instance takes it.
        let second = match fault {
            Fault::Rebalance | Fault::VisibilityTimeout => Instance::B,
            Fault::CrashAfterCommit | Fault::AckLost => Instance::A,
        };
        assert_eq!(ev.attempts[1].instance, second, "{fault:?}");
        assert_eq!(named, 2, "named when injected and on the attempt");
    }
}

/// The visibility timeout moves one message, not the partition: the next event goes to its
/// usual owner.
#[test]
fn an_expired_visibility_timeout_moves_only_that_message() {
    let mut sim = Simulation::new(quiet());
    sim.inject(Fault::VisibilityTimeout);
    sim.publish(iss(), 0, 1).unwrap();
    sim.run_to_end(100);
    sim.publish(iss(), sim.now_ms(), 2).unwrap();
    sim.run_to_end(100);
    let owners: Vec<_> = sim
        .events()
        .iter()
        .map(|e| e.attempts[0].instance)
        .collect();
    // Events alternate between the two partitions, as before the timeout.
    assert_eq!(owners, [Instance::A, Instance::B, Instance::A]);
    assert_eq!(sim.event(0).unwrap().attempts[1].instance, Instance::B);
}

#[test]
fn fault_waits_for_a_running_consumer() {
    let mut sim = Simulation::new(quiet());
    sim.set_outage(Some(RootCause::Down));
    sim.inject(Fault::CrashAfterCommit);
    sim.publish(iss(), 0, 1).unwrap();
    sim.step();
    sim.step();
    assert_eq!(
        sim.event(0).unwrap().attempts[0].reason,
        Some(Reason::ConsumerDown)
    );
    assert_eq!(sim.armed_fault(), Some(Fault::CrashAfterCommit));
    sim.set_outage(None);
    sim.run_to_end(100);
    assert_eq!(
        sim.event(0).unwrap().attempts[1].fault,
        Some(Fault::CrashAfterCommit)
    );
    assert_eq!(sim.naive().effects.applications, 2);
}

#[test]
fn outage_dead_letters_then_replay_delivers_the_same_id() {
    let mut sim = Simulation::new(quiet());
    sim.set_outage(Some(RootCause::Down));
    sim.publish(iss(), 0, 1).unwrap();
    sim.run_to_end(100);
    let ev = sim.event(0).unwrap().clone();
    assert_eq!(
        ev.state,
        EventState::DeadLettered {
            at_ms: 1_890_000,
            reason: Reason::ConsumerDown
        }
    );
    sim.set_outage(None);
    sim.run_until(2_000_000);
    assert_eq!(sim.replay_all(), 1);
    sim.run_to_end(100);
    let after = sim.event(0).unwrap();
    assert_eq!(after.id, ev.id, "a replay keeps the event id");
    assert_eq!(after.series, 1);
    assert_eq!(after.state, EventState::Delivered { at_ms: 2_000_000 });
    assert_eq!(
        after.attempts.len(),
        8,
        "history kept: 7 failed + 1 replayed"
    );
    let replayed = sim.log().iter().find(|e| e.kind == Kind::Replayed).unwrap();
    assert_eq!((replayed.t_ms, replayed.event_id), (2_000_000, Some(ev.id)));
    assert_eq!(
        sim.replay(0),
        Err(retry_lab_core::sim::hub::Refused::NotDeadLettered(0)),
        "only dead-lettered events can be replayed"
    );
    assert!(sim.replay(99).is_err());
}

#[test]
fn double_publication_v4_twice_v5_once() {
    for (dedup, want) in [(DedupOn::Producer, 2), (DedupOn::Derived, 1)] {
        let mut sim = Simulation::new(Config {
            dedup_on: dedup,
            ..quiet()
        });
        sim.publish(iss(), 0, 2).unwrap();
        sim.run_to_end(100);
        let (a, b) = (sim.event(0).unwrap(), sim.event(1).unwrap());
        assert_ne!(a.id, b.id, "each publication has its own v4 id");
        assert_eq!(a.derived_id, b.derived_id, "and the same v5 id");
        assert_eq!(sim.idempotent().effects.applications, want, "{dedup:?}");
        assert_eq!(sim.naive().effects.applications, 2);
    }
}

#[test]
fn ack_lost_gives_naive_a_duplicate_effect() {
    // Every failure happens after processing (ack lost), and often enough that some events
    // use up all their intentos: those were processed too, so the idempotent consumer still
    // applies every fact exactly once, dead-lettered or not.
    let cfg = Config {
        failure_probability: 0.9,
        ack_lost_share: 1.0,
        seed: 5,
        ..Config::default()
    };
    let mut sim = Simulation::new(cfg);
    for i in 0..50 {
        sim.publish(
            Fact {
                norad_id: 100 + i,
                pass_start_utc: "2026-07-29T14:00:00Z".into(),
            },
            0,
            1,
        )
        .unwrap();
    }
    sim.run_to_end(10_000);
    let lost = sim
        .log()
        .iter()
        .filter(|e| e.outcome == Some(Outcome::AckLost))
        .count() as u64;
    assert!(
        sim.counts().dead_lettered > 5,
        "the case this test is about"
    );
    assert_eq!(
        sim.naive().effects.applications,
        sim.counts().delivered + lost,
        "the naive consumer applies every processed attempt"
    );
    assert_eq!(sim.idempotent().effects.applications, 50);
}

#[test]
fn publishing_is_bounded() {
    let mut sim = Simulation::new(quiet());
    assert!(sim.publish(iss(), 0, MAX_EVENTS as u32 + 1).is_err());
    assert_eq!(sim.counts().published, 0);
}

//! The checkpoints a host hears of: the stops of the guided path, and the challenges,
//! detected from the simulation's state (never from which buttons were
//! pressed), so a learner completes one by making the thing happen.
use std::collections::BTreeMap;

use crate::named::Set;

use crate::sim::config::DedupOn;
use crate::sim::polling::Polling;
use crate::sim::Outcome;
use crate::sim::{EventState, Simulation};

named_enum! {
    /// The lab's challenges; the names are the checkpoint ids of host messages and saved state.
    pub enum Challenge {
        /// An event exhausted its retries and moved to the dead-letter queue.
        DeadLetter = "dead_letter",
        /// A dead-lettered event was replayed and then delivered.
        ReplayDelivered = "replay_delivered",
        /// A lost ack made the naive consumer apply one event's effect twice.
        AckLostDouble = "ack_lost_double",
        /// Deduplicating on the v5 id, a double publication was processed once.
        V5AbsorbsDouble = "v5_absorbs_double",
        /// After the cursor was lost, the naive consumer repeated effects the idempotent one
        /// discarded.
        LostCursor = "lost_cursor",
        /// The race of two instances was run to its end.
        Race = "race",
    }
}

/// The path's stops are checkpoints too; they are described with the path.
pub use super::path::Stop;

/// Which challenges the current state shows as done.
pub fn detect(sim: &Simulation, polling: &Polling, race_finished: bool) -> Set<Challenge> {
    let mut done = Set::new();
    let mut processed_by_fact: BTreeMap<uuid::Uuid, u32> = BTreeMap::new();
    for ev in sim.events() {
        if ev.series > 0 || matches!(ev.state, EventState::DeadLettered { .. }) {
            done.insert(Challenge::DeadLetter);
        }
        if ev.series > 0 && ev.state.delivered() {
            done.insert(Challenge::ReplayDelivered);
        }
        let processed = ev.attempts.iter().filter(|a| a.outcome.processed()).count();
        if processed >= 2 && ev.attempts.iter().any(|a| a.outcome == Outcome::AckLost) {
            done.insert(Challenge::AckLostDouble);
        }
        if processed > 0 {
            *processed_by_fact.entry(ev.derived_id).or_default() += 1;
        }
    }
    if sim.config().dedup_on == DedupOn::Derived && processed_by_fact.values().any(|&n| n >= 2) {
        done.insert(Challenge::V5AbsorbsDouble);
    }
    if polling.cursor_losses > 0
        && polling.idempotent.discarded > 0
        && polling.naive.effects.applications > polling.idempotent.effects.applications
    {
        done.insert(Challenge::LostCursor);
    }
    if race_finished {
        done.insert(Challenge::Race);
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::ids::Fact;
    use crate::sim::polling::CursorPolicy;
    use crate::sim::{Config, Fault};

    fn fact(n: u32) -> Fact {
        Fact {
            norad_id: n,
            pass_start_utc: "2026-07-29T14:00:00Z".into(),
        }
    }

    #[test]
    fn each_challenge_is_detected_from_what_happened() {
        let quiet = Config {
            failure_probability: 0.0,
            ..Config::default()
        };
        let poll = Polling::new(1, CursorPolicy::AfterCommit, DedupOn::Derived);
        let mut sim = Simulation::new(quiet.clone());
        assert!(detect(&sim, &poll, false).is_empty());

        sim.set_outage(Some(crate::sim::outcome::RootCause::Down));
        sim.publish(fact(1), 0, 1).unwrap();
        sim.run_to_end(100);
        assert_eq!(
            detect(&sim, &poll, false),
            Set::from([Challenge::DeadLetter])
        );
        sim.set_outage(None);
        sim.replay_all();
        sim.run_to_end(100);
        assert!(detect(&sim, &poll, false).contains(&Challenge::ReplayDelivered));

        sim.inject(Fault::AckLost);
        sim.publish(fact(2), sim.now_ms(), 1).unwrap();
        sim.run_to_end(100);
        assert!(detect(&sim, &poll, false).contains(&Challenge::AckLostDouble));

        assert!(!detect(&sim, &poll, false).contains(&Challenge::V5AbsorbsDouble));
        sim.publish(fact(3), sim.now_ms(), 2).unwrap();
        sim.run_to_end(100);
        assert!(detect(&sim, &poll, false).contains(&Challenge::V5AbsorbsDouble));
        let mut v4 = Simulation::new(Config {
            dedup_on: DedupOn::Producer,
            ..quiet
        });
        v4.publish(fact(3), 0, 2).unwrap();
        v4.run_to_end(100);
        assert!(
            !detect(&v4, &poll, false).contains(&Challenge::V5AbsorbsDouble),
            "v4 does not absorb it"
        );

        let mut p = Polling::new(1, CursorPolicy::AfterCommit, DedupOn::Derived);
        p.append(&fact(1));
        p.poll(5, None);
        p.lose_cursor();
        assert!(
            !detect(&sim, &p, false).contains(&Challenge::LostCursor),
            "not until it re-reads"
        );
        p.poll(5, None);
        let both = detect(&sim, &p, true);
        assert!(both.contains(&Challenge::LostCursor) && both.contains(&Challenge::Race));
        assert_eq!(detect(&sim, &p, true).len(), Challenge::ALL.len());
    }
}

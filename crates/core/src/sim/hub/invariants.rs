//! The hub's self-check: its bookkeeping (counts, queue, dead letters, consumers) recomputed
//! from first principles. Property tests call it after every step.
use std::collections::BTreeMap;

use super::{Scheduled, Simulation};
use crate::sim::event::{Counts, EventState};
use crate::sim::outcome::Outcome;

impl Simulation {
    /// Checks the hub's bookkeeping against first principles; used after every step in tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut c = Counts {
            attempts: self.counts.attempts,
            replays: self.counts.replays,
            ..Default::default()
        };
        c.published = self.events.len() as u64;
        let mut queued: BTreeMap<u32, u32> = BTreeMap::new();
        let mut publications = 0;
        for a in self.queue.values() {
            match a {
                Scheduled::Attempt { event, .. } => *queued.entry(*event).or_default() += 1,
                Scheduled::Publish(_) => publications += 1,
            }
        }
        if publications != self.pending_publications {
            return Err(format!(
                "{publications} publications queued, {} counted",
                self.pending_publications
            ));
        }
        for ev in &self.events {
            match ev.state {
                EventState::Delivered { .. } => c.delivered += 1,
                EventState::DeadLettered { .. } => c.dead_lettered += 1,
                _ => c.in_flight += 1,
            }
            let want = u32::from(ev.state.in_flight());
            let have = queued.get(&ev.index).copied().unwrap_or(0);
            if want != have {
                return Err(format!(
                    "event {} is {:?} with {have} queued attempts",
                    ev.index, ev.state
                ));
            }
            if let EventState::DeadLettered { .. } = ev.state {
                let n = ev.current_series().count() as u32;
                if n != self.cfg.max_retries + 1
                    || ev.current_series().any(|a| a.outcome == Outcome::Delivered)
                {
                    return Err(format!(
                        "event {} dead-lettered after {n} attempts",
                        ev.index
                    ));
                }
            }
        }
        if c != self.counts {
            return Err(format!("counts {:?} but events say {:?}", self.counts, c));
        }
        let (i, n) = (&self.idempotent, &self.naive);
        if i.effects.applications != i.table.len() as u64 {
            return Err("idempotent effects differ from its distinct keys".into());
        }
        if n.effects.applications != n.deliveries || i.deliveries != n.deliveries {
            return Err("naive effects differ from its deliveries".into());
        }
        if i.deliveries != i.effects.applications + i.discarded {
            return Err("idempotent deliveries are not applied + discarded".into());
        }
        Ok(())
    }
}

//! What a screen reader hears: the one most salient thing the simulation just did (an event
//! dead-lettered, a duplicate, a delivery after retries), not every log line.
use crate::sim::consumer::Action as Did;
use crate::sim::log::{Entry, Kind};
use crate::sim::Outcome;

/// Something worth telling a learner who does not see the timeline; the first variants matter
/// most.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Salient {
    DeadLettered {
        fact: String,
    },
    /// The naive consumer applied an effect again; the idempotent one discarded it.
    AppliedTwice {
        fact: String,
    },
    /// Delivered on intento `attempt` (not the initial delivery).
    Delivered {
        fact: String,
        attempt: u32,
    },
}

impl Salient {
    fn rank(&self) -> u8 {
        match self {
            Salient::DeadLettered { .. } => 0,
            Salient::AppliedTwice { .. } => 1,
            Salient::Delivered { .. } => 2,
        }
    }

    /// The more salient of two, the earlier one on a tie.
    pub fn max(a: Option<Salient>, b: Option<Salient>) -> Option<Salient> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.rank() < a.rank() { b } else { a }),
            (a, b) => a.or(b),
        }
    }
}

/// The most salient thing among `entries` (new log lines), if any.
pub fn most_salient(entries: &[Entry]) -> Option<Salient> {
    entries.iter().fold(None, |best, e| {
        let fact = || e.fact_key.clone().unwrap_or_default();
        let this = match e.kind {
            Kind::DeadLettered => Some(Salient::DeadLettered { fact: fact() }),
            Kind::Attempt
                if e.idempotent == Some(Did::Discarded) && e.naive == Some(Did::Applied) =>
            {
                Some(Salient::AppliedTwice { fact: fact() })
            }
            Kind::Attempt if e.outcome == Some(Outcome::Delivered) => match e.attempt {
                Some(n) if n > 0 => Some(Salient::Delivered {
                    fact: fact(),
                    attempt: n,
                }),
                _ => None,
            },
            _ => None,
        };
        Salient::max(best, this)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Config, Fault, Simulation};

    fn pass(n: u32) -> crate::sim::ids::Fact {
        crate::sim::ids::Fact {
            norad_id: 25544 + n,
            pass_start_utc: "2026-07-29T14:00:00Z".into(),
        }
    }

    #[test]
    fn a_dead_letter_outranks_a_duplicate_which_outranks_a_late_delivery() {
        let mut sim = Simulation::new(Config {
            failure_probability: 1.0,
            ack_lost_share: 0.0,
            ..Config::default()
        });
        sim.publish(pass(0), 0, 1).unwrap();
        sim.run_to_end(100);
        assert!(matches!(
            most_salient(sim.log()),
            Some(Salient::DeadLettered { .. })
        ));

        let mut sim = Simulation::new(Config {
            failure_probability: 0.0,
            ..Config::default()
        });
        sim.inject(Fault::AckLost);
        sim.publish(pass(1), 0, 1).unwrap();
        sim.run_to_end(100);
        // The retry at 30 s is both a duplicate and a late delivery: the duplicate wins.
        assert_eq!(
            most_salient(sim.log()),
            Some(Salient::AppliedTwice {
                fact: pass(1).key()
            })
        );
        let retry: Vec<Entry> = sim
            .log()
            .iter()
            .filter(|e| e.t_ms == 30_000)
            .cloned()
            .collect();
        assert!(matches!(
            most_salient(&retry),
            Some(Salient::AppliedTwice { .. })
        ));
        // Nothing salient in a plain first-time delivery.
        let mut sim = Simulation::new(Config {
            failure_probability: 0.0,
            ..Config::default()
        });
        sim.publish(pass(2), 0, 1).unwrap();
        sim.run_to_end(100);
        assert_eq!(most_salient(sim.log()), None);
    }
}

//! Scenarios: a run written down. Settings, publications at their times, and every action
//! (outages with their cause, faults, replays, share changes) at its simulated time; the plan
//! that orders them, and the run that turns a plan into a log. The same plan drives the native
//! runner and the page, so a scenario gives the same log in both. Reading a file, with its
//! field-named errors, is the boundary's job (`crate::embed::scenario`).
use serde::Serialize;

use super::config::{Config, Setting};
use super::hub::Simulation;
use super::ids::Fact;
use super::outcome::{Fault, RootCause};

/// Largest scenario file accepted, so a huge input is refused before it is parsed.
pub const MAX_BYTES: usize = 16 << 20;
/// Most entries of `events`, and of `actions`.
pub const MAX_EVENT_ENTRIES: usize = 10_000;
pub const MAX_PUBLISH_COUNT: u32 = 100;
/// Most entries of `outages`, `faults` and `replay_all_at_ms`.
pub const MAX_ACTIONS: usize = 1_000;
/// About 31 years: any later time is surely a mistake.
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// Most delivery attempts a scenario (a file, a share link's run, a host's option) may ask
/// for, counted by [`Scenario::attempt_bound`]: the page plays a loaded run in one go, at
/// about 5 µs an attempt in the release build, so this keeps a link from holding a learner's
/// tab for more than about half a second (docs/performance.md). A run a learner makes by hand
/// is far below it: 100 publications at 12 retries, replayed 70 times, still fit.
pub const MAX_ATTEMPTS: u64 = 100_000;

/// A publication scheduled when the run starts (the format's first list).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventSpec {
    pub norad_id: u32,
    pub pass_start_utc: String,
    pub publish_at_ms: u64,
    pub publish_count: u32,
}

/// A consumer outage: every attempt in [from_ms, to_ms) fails, for its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Window {
    pub from_ms: u64,
    pub to_ms: u64,
    pub cause: RootCause,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FaultAt {
    pub at_ms: u64,
    pub fault: Fault,
}

/// One thing done to the run at a simulated time: what a learner does in the page, in the
/// order they did it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Act {
    pub at_ms: u64,
    #[serde(flatten)]
    pub what: Do,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Do {
    /// The pass published `count` times (each copy with its own producer id).
    Publish {
        norad_id: u32,
        pass_start_utc: String,
        count: u32,
    },
    /// The consumer goes down for `cause` (or the cause changes).
    Outage {
        cause: RootCause,
    },
    /// The outage ends: its cause is fixed.
    OutageEnd,
    Fault {
        fault: Fault,
    },
    /// The manual replay of one dead-lettered event (its index, from 0).
    Replay {
        event_index: u32,
    },
    ReplayAll,
    /// The live shares change (a slider released), and the log says so.
    Shares {
        failure_probability: f64,
        ack_lost_share: f64,
    },
}

impl Do {
    /// Applies this to `sim` at its current time. A publication the hub refuses (too many
    /// events) and a replay of an event that is not dead-lettered change nothing.
    pub fn apply(&self, sim: &mut Simulation) {
        match self {
            Do::Publish {
                norad_id,
                pass_start_utc,
                count,
            } => {
                let fact = Fact {
                    norad_id: *norad_id,
                    pass_start_utc: pass_start_utc.clone(),
                };
                let _ = sim.publish(fact, sim.now_ms(), *count);
            }
            Do::Outage { cause } => sim.set_outage(Some(*cause)),
            Do::OutageEnd => sim.set_outage(None),
            Do::Fault { fault } => sim.inject(*fault),
            Do::Replay { event_index } => {
                let _ = sim.replay(*event_index);
            }
            Do::ReplayAll => {
                sim.replay_all();
            }
            Do::Shares {
                failure_probability,
                ack_lost_share,
            } => {
                let old = sim.config().clone();
                sim.set_probabilities(*failure_probability, *ack_lost_share);
                let new = sim.config().clone();
                let changed = [
                    (
                        Setting::FailureProbability,
                        old.failure_probability,
                        new.failure_probability,
                    ),
                    (
                        Setting::AckLostShare,
                        old.ack_lost_share,
                        new.ack_lost_share,
                    ),
                ];
                for (field, was, is) in changed {
                    if was != is {
                        sim.log_setting(field, was, is);
                    }
                }
            }
        }
    }
}

/// A scenario as its file says it (see `crate::embed::scenario` for reading one).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    /// Its settings, written as the file's first fields.
    #[serde(flatten)]
    pub config: Config,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventSpec>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub outages: Vec<Window>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<FaultAt>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub replay_all_at_ms: Vec<u64>,
    /// Everything done during the run, in order (a learner's session saved from the page).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Act>,
    /// Stop the clock here; without it the run goes on until nothing is scheduled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_until_ms: Option<u64>,
}

impl Scenario {
    /// A scenario with these settings and nothing in it yet.
    pub fn empty(cfg: &Config) -> Scenario {
        Scenario {
            config: cfg.clone(),
            events: Vec::new(),
            outages: Vec::new(),
            faults: Vec::new(),
            replay_all_at_ms: Vec::new(),
            actions: Vec::new(),
            run_until_ms: None,
        }
    }

    /// The most delivery attempts running this scenario can make, whatever the dice and however
    /// far it is played: every publication (its events' and its actions', at most the hub's
    /// [`MAX_EVENTS`](super::hub::MAX_EVENTS)) is a series of at most `max_retries + 1`
    /// attempts, and so is each replay: one event for a replay, every event for a replay-all
    /// (it can only replay what was published). Saturates, never overflows.
    pub fn attempt_bound(&self) -> u64 {
        let count = |n: usize| n as u64;
        let from_events: u64 = self.events.iter().map(|e| u64::from(e.publish_count)).sum();
        let (mut from_actions, mut replays, mut replay_alls) = (0u64, 0u64, 0u64);
        for a in &self.actions {
            match a.what {
                Do::Publish { count, .. } => from_actions += u64::from(count),
                Do::Replay { .. } => replays += 1,
                Do::ReplayAll => replay_alls += 1,
                _ => {}
            }
        }
        replay_alls += count(self.replay_all_at_ms.len());
        let published = (from_events + from_actions).min(count(super::hub::MAX_EVENTS));
        let series = published
            .saturating_mul(replay_alls.saturating_add(1))
            .saturating_add(replays);
        series.saturating_mul(u64::from(self.config.max_retries) + 1)
    }

    /// The simulation at its start: the settings, and the `events` scheduled.
    pub fn start(&self) -> Simulation {
        let mut sim = Simulation::new(self.config.clone());
        for e in &self.events {
            let fact = Fact {
                norad_id: e.norad_id,
                pass_start_utc: e.pass_start_utc.clone(),
            };
            // Reading bounds the total below MAX_EVENTS, so this cannot be refused.
            let _ = sim.publish(fact, e.publish_at_ms, e.publish_count);
        }
        sim
    }

    /// Every action in the order the run applies them: by time; at one time, outages (each
    /// window's start, then its end), faults, replays, then `actions` in their own order.
    pub fn plan(&self) -> Vec<Act> {
        let mut plan: Vec<Act> = Vec::new();
        for w in &self.outages {
            let cause = w.cause;
            plan.push(Act {
                at_ms: w.from_ms,
                what: Do::Outage { cause },
            });
            plan.push(Act {
                at_ms: w.to_ms,
                what: Do::OutageEnd,
            });
        }
        for f in &self.faults {
            plan.push(Act {
                at_ms: f.at_ms,
                what: Do::Fault { fault: f.fault },
            });
        }
        for &at_ms in &self.replay_all_at_ms {
            plan.push(Act {
                at_ms,
                what: Do::ReplayAll,
            });
        }
        plan.extend(self.actions.iter().cloned());
        // Stable: equal times keep the order above.
        plan.sort_by_key(|a| a.at_ms);
        plan
    }

    /// Runs the scenario. An action at time t happens after everything the hub had scheduled
    /// up to and including t.
    pub fn run(&self) -> Simulation {
        let mut sim = self.start();
        for act in self.plan() {
            sim.run_until(act.at_ms);
            act.what.apply(&mut sim);
        }
        match self.run_until_ms {
            Some(t) => sim.run_until(t),
            None => {
                sim.run_to_end(u64::MAX);
            }
        }
        sim
    }

    /// The file's text: pretty JSON, the fields a reader takes.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

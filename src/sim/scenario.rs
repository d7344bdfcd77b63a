//! Scenario files for the native runner and course authors: JSON in, a validated plan out,
//! and the run that turns a plan into a log. Every error names the field and the problem.
use serde::Deserialize;

use super::config::{Config, DedupOn, FieldError};
use super::hub::Simulation;
use super::ids::Fact;
use super::outcome::{Fault, RootCause};
use super::utc::{truncate, validate_rfc3339_seconds};

/// Largest scenario file accepted, so a huge input is refused before it is parsed.
pub const MAX_BYTES: usize = 16 << 20;
pub const MAX_EVENT_ENTRIES: usize = 10_000;
pub const MAX_PUBLISH_COUNT: u32 = 100;
pub const MAX_ACTIONS: usize = 1_000;
/// About 31 years: any later time is surely a mistake.
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;

fn default_count() -> u32 {
    1
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSpec {
    pub norad_id: u32,
    pub pass_start_utc: String,
    #[serde(default)]
    pub publish_at_ms: u64,
    #[serde(default = "default_count")]
    pub publish_count: u32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Window {
    pub from_ms: u64,
    pub to_ms: u64,
    /// Why the consumer fails meanwhile: consumer_down (default), consumer_bug, url_changed.
    #[serde(default)]
    pub cause: RootCause,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaultAt {
    pub at_ms: u64,
    pub fault: Fault,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default = "d_seed")]
    pub seed: u64,
    #[serde(default = "d_base")]
    pub base_seconds: u32,
    #[serde(default = "d_retries")]
    pub max_retries: u32,
    #[serde(default = "d_p")]
    pub failure_probability: f64,
    #[serde(default = "d_ack")]
    pub ack_lost_share: f64,
    #[serde(default)]
    pub dedup_on: DedupOn,
    pub events: Vec<EventSpec>,
    /// Consumer outages: every attempt in [from_ms, to_ms) fails, for the window's cause.
    #[serde(default)]
    pub outages: Vec<Window>,
    /// One-shot faults armed at the given times.
    #[serde(default)]
    pub faults: Vec<FaultAt>,
    /// Times at which every dead-lettered event is replayed.
    #[serde(default)]
    pub replay_all_at_ms: Vec<u64>,
    /// Stop the clock here; without it the run goes on until nothing is scheduled.
    #[serde(default)]
    pub run_until_ms: Option<u64>,
}

fn d_seed() -> u64 {
    Config::default().seed
}
fn d_base() -> u32 {
    Config::default().base_seconds
}
fn d_retries() -> u32 {
    Config::default().max_retries
}
fn d_p() -> f64 {
    Config::default().failure_probability
}
fn d_ack() -> f64 {
    Config::default().ack_lost_share
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// Path of the offending field, e.g. `events[2].pass_start_utc`; empty for the whole file.
    pub path: String,
    pub problem: String,
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "{}: {}", self.path, self.problem)
        }
    }
}

fn err(path: impl Into<String>, problem: impl Into<String>) -> ScenarioError {
    ScenarioError {
        path: path.into(),
        problem: problem.into(),
    }
}

impl Scenario {
    pub fn config(&self) -> Config {
        Config {
            seed: self.seed,
            base_seconds: self.base_seconds,
            max_retries: self.max_retries,
            failure_probability: self.failure_probability,
            ack_lost_share: self.ack_lost_share,
            dedup_on: self.dedup_on,
        }
    }

    /// Parses and validates a scenario from raw bytes (which may be anything at all).
    pub fn parse(bytes: &[u8]) -> Result<Scenario, ScenarioError> {
        if bytes.len() > MAX_BYTES {
            return Err(err(
                "",
                format!("file is {} bytes; the limit is {MAX_BYTES}", bytes.len()),
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            err(
                "",
                format!(
                    "not UTF-8 text (invalid byte at offset {})",
                    e.valid_up_to()
                ),
            )
        })?;
        let de = &mut serde_json::Deserializer::from_str(text);
        let sc: Scenario = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let path = if path == "." { String::new() } else { path };
            err(path, inner.to_string())
        })?;
        sc.validate()?;
        Ok(sc)
    }

    fn validate(&self) -> Result<(), ScenarioError> {
        if let Some(FieldError { field, problem, .. }) = self.config().problems().into_iter().next()
        {
            return Err(err(field, problem));
        }
        if self.events.is_empty() {
            return Err(err("events", "must list at least one event"));
        }
        if self.events.len() > MAX_EVENT_ENTRIES {
            return Err(err(
                "events",
                format!(
                    "{} entries; the limit is {MAX_EVENT_ENTRIES}",
                    self.events.len()
                ),
            ));
        }
        for (i, e) in self.events.iter().enumerate() {
            if e.norad_id == 0 {
                return Err(err(
                    format!("events[{i}].norad_id"),
                    "must be a positive catalogue number",
                ));
            }
            validate_rfc3339_seconds(&e.pass_start_utc)
                .map_err(|p| err(format!("events[{i}].pass_start_utc"), p))?;
            if e.publish_at_ms > MAX_TIME_MS {
                return Err(err(
                    format!("events[{i}].publish_at_ms"),
                    format!("{} is later than {MAX_TIME_MS}", e.publish_at_ms),
                ));
            }
            if !(1..=MAX_PUBLISH_COUNT).contains(&e.publish_count) {
                return Err(err(
                    format!("events[{i}].publish_count"),
                    format!("{} is outside 1..={MAX_PUBLISH_COUNT}", e.publish_count),
                ));
            }
        }
        let lists = [
            ("outages", self.outages.len()),
            ("faults", self.faults.len()),
            ("replay_all_at_ms", self.replay_all_at_ms.len()),
        ];
        for (name, n) in lists {
            if n > MAX_ACTIONS {
                return Err(err(
                    name,
                    format!("{n} entries; the limit is {MAX_ACTIONS}"),
                ));
            }
        }
        for (i, w) in self.outages.iter().enumerate() {
            if w.from_ms > w.to_ms || w.to_ms > MAX_TIME_MS {
                return Err(err(
                    format!("outages[{i}]"),
                    format!(
                        "from_ms {} to_ms {} is not a window within 0..={MAX_TIME_MS}",
                        w.from_ms, w.to_ms
                    ),
                ));
            }
        }
        for (i, f) in self.faults.iter().enumerate() {
            if f.at_ms > MAX_TIME_MS {
                return Err(err(
                    format!("faults[{i}].at_ms"),
                    format!("{} is later than {MAX_TIME_MS}", f.at_ms),
                ));
            }
        }
        for (i, &t) in self.replay_all_at_ms.iter().enumerate() {
            if t > MAX_TIME_MS {
                return Err(err(
                    format!("replay_all_at_ms[{i}]"),
                    format!("{t} is later than {MAX_TIME_MS}"),
                ));
            }
        }
        if self.run_until_ms.is_some_and(|t| t > MAX_TIME_MS) {
            return Err(err("run_until_ms", format!("later than {MAX_TIME_MS}")));
        }
        Ok(())
    }

    /// Runs the scenario. Actions given at time t happen after everything the hub had
    /// scheduled for t, in the order outages, faults, replays.
    pub fn run(&self) -> Simulation {
        let mut sim = Simulation::new(self.config());
        for e in &self.events {
            let fact = Fact {
                norad_id: e.norad_id,
                pass_start_utc: e.pass_start_utc.clone(),
            };
            // Validation bounds the total below MAX_EVENTS, so this cannot be refused.
            let _ = sim.publish(fact, e.publish_at_ms, e.publish_count);
        }
        #[derive(PartialEq, Eq, PartialOrd, Ord)]
        enum Do {
            OutageOn(RootCause),
            OutageOff,
            Inject(Fault),
            ReplayAll,
        }
        let mut plan: Vec<(u64, usize, Do)> = Vec::new();
        for w in &self.outages {
            plan.push((w.from_ms, plan.len(), Do::OutageOn(w.cause)));
            plan.push((w.to_ms, plan.len(), Do::OutageOff));
        }
        for f in &self.faults {
            plan.push((f.at_ms, plan.len(), Do::Inject(f.fault)));
        }
        for &t in &self.replay_all_at_ms {
            plan.push((t, plan.len(), Do::ReplayAll));
        }
        plan.sort();
        for (t, _, what) in plan {
            sim.run_until(t);
            match what {
                Do::OutageOn(cause) => sim.set_outage(Some(cause)),
                Do::OutageOff => sim.set_outage(None),
                Do::Inject(f) => sim.inject(f),
                Do::ReplayAll => {
                    sim.replay_all();
                }
            }
        }
        match self.run_until_ms {
            Some(t) => sim.run_until(t),
            None => {
                sim.run_to_end(u64::MAX);
            }
        }
        sim
    }
}

/// Explains a refused scenario in one line, never echoing more than a little of the input.
pub fn describe(e: &ScenarioError) -> String {
    truncate(&e.to_string(), 300)
}

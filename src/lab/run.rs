//! The running simulation as the page shows it: the hub, which event is selected, how many
//! distinct passes were published, and the last double publication.
use crate::sim::ids::Fact;
use crate::sim::outcome::RootCause;
use crate::sim::utc::format_utc;
use crate::sim::{Config, Fault, Simulation};

/// Satellites the "publish a pass" button cycles through (NORAD id, name).
pub const SATELLITES: [(u32, &str); 6] = [
    (25544, "ISS"),
    (33591, "NOAA 19"),
    (43013, "NOAA 20"),
    (25338, "NOAA 15"),
    (28654, "NOAA 18"),
    (40069, "METEOR-M2"),
];
/// 2026-07-29T14:00:00Z, the lesson's example pass.
const FIRST_PASS_EPOCH_S: u64 = 1_785_333_600;
/// Passes of the k-th and (k+1)-th publication are this far apart.
const PASS_SPACING_S: u64 = 97 * 60;
/// The page keeps this many log entries in memory; the count of older ones is shown.
pub const PAGE_LOG_CAP: usize = 5_000;

/// The k-th distinct pass: satellites in turn, passes 97 minutes apart.
pub fn fact(k: u32) -> Fact {
    let (norad_id, _) = SATELLITES[k as usize % SATELLITES.len()];
    Fact {
        norad_id,
        pass_start_utc: format_utc(FIRST_PASS_EPOCH_S + u64::from(k) * PASS_SPACING_S),
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunAction {
    /// Run the next scheduled thing (pauses the clock).
    Step,
    PublishOne,
    PublishTwice,
    /// Start (with the chosen root cause) or end the consumer outage; ending it is how the
    /// learner fixes the cause.
    SetOutage(bool),
    /// Choose the outage's root cause (applies at once if an outage is on).
    SetCause(RootCause),
    Inject(Fault),
    Select(u32),
    Replay(u32),
    ReplayAll,
}

pub struct Run {
    pub sim: Simulation,
    pub selected: Option<u32>,
    pub published_facts: u32,
    /// Event indices of the last double publication.
    pub last_double: Option<(u32, u32)>,
    /// The root cause the next outage has.
    pub cause: RootCause,
}

/// The hub refused a publication: the simulation holds as many events as it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyEvents;

impl Run {
    pub fn new(cfg: &Config) -> Self {
        Run {
            sim: Simulation::new(cfg.clone()).with_log_cap(PAGE_LOG_CAP),
            selected: None,
            published_facts: 0,
            last_double: None,
            cause: RootCause::default(),
        }
    }

    pub fn apply(&mut self, a: RunAction) -> Result<(), TooManyEvents> {
        match a {
            RunAction::Step => {
                self.sim.step();
            }
            RunAction::PublishOne => self.publish(1)?,
            RunAction::PublishTwice => self.publish(2)?,
            RunAction::SetOutage(on) => self.sim.set_outage(on.then_some(self.cause)),
            RunAction::SetCause(c) => {
                self.cause = c;
                if self.sim.outage().is_some() {
                    self.sim.set_outage(Some(c));
                }
            }
            RunAction::Inject(f) => self.sim.inject(f),
            RunAction::Select(i) => {
                if self.sim.event(i).is_some() {
                    self.selected = Some(i);
                }
            }
            RunAction::Replay(i) => {
                if self.sim.replay(i).is_ok() {
                    self.selected = Some(i);
                }
            }
            RunAction::ReplayAll => {
                self.sim.replay_all();
            }
        }
        Ok(())
    }

    fn publish(&mut self, count: u32) -> Result<(), TooManyEvents> {
        let fact = fact(self.published_facts);
        let now = self.sim.now_ms();
        let first = self.sim.events().len() as u32;
        self.sim
            .publish(fact, now, count)
            .map_err(|_| TooManyEvents)?;
        self.published_facts += 1;
        // Run the publications (due now) so the new events exist for the views; this also runs
        // anything else due at this same instant, as the clock would.
        while (self.sim.events().len() as u32) < first + count && self.sim.next_time() == Some(now)
        {
            self.sim.step();
        }
        self.selected = Some(first);
        if count == 2 {
            self.last_double = Some((first, first + 1));
        }
        Ok(())
    }

    /// Grows with everything the simulation does (its log's length counts the entries it has
    /// dropped too), so a clock tick that leaves it unchanged cannot have reached a challenge.
    pub fn progress(&self) -> u64 {
        self.sim.log().len() as u64 + self.sim.log_dropped()
    }

    /// The event the timeline shows: the selected one, else the newest.
    pub fn focus(&self) -> Option<u32> {
        self.selected
            .or_else(|| self.sim.events().last().map(|e| e.index))
    }
}

//! The running simulation as the page shows it (the hub, which event is selected, how many
//! distinct passes were published, the last double publication) and the run written down as
//! a scenario, which plays loaded files, saves sessions and goes back in time.
use super::{Notice, Part, Reply};
use crate::sim::ids::Fact;
use crate::sim::outcome::RootCause;
use crate::sim::scenario::{Act, Do, Scenario};
use crate::sim::utc::format_utc;
use crate::sim::{Config, EventState, Fault, Simulation};

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

/// Effects one consumer applied beyond the one each fact should have, by their cause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extra {
    /// The hub delivered an event again (a lost ack, a crash, a replay): at-least-once.
    pub redelivered: u64,
    /// The producer published the same fact again, as a new event.
    pub republished: u64,
}

impl Extra {
    pub fn total(self) -> u64 {
        self.redelivered + self.republished
    }
}

/// The extra effects of the idempotent and of the naive consumer: every processed attempt of
/// an event after its first is a redelivery (the naive consumer applies it; the idempotent one
/// discards it); the first processed attempt of a fact's second event is a second publication
/// (applied by the naive consumer, and by the idempotent one when it deduplicates on the
/// producer's v4 id).
pub fn extra_effects(sim: &Simulation) -> (Extra, Extra) {
    let by_producer = sim.config().dedup_on == crate::sim::DedupOn::Producer;
    let (mut idem, mut naive) = (Extra::default(), Extra::default());
    let mut first_event = std::collections::BTreeMap::new();
    for ev in sim.events() {
        let processed = ev.attempts.iter().filter(|a| a.outcome.processed()).count() as u64;
        if processed == 0 {
            continue;
        }
        let again = processed - 1;
        naive.redelivered += again;
        if *first_event.entry(ev.derived_id).or_insert(ev.index) != ev.index {
            naive.republished += 1;
            if by_producer {
                idem.republished += 1;
            }
        }
    }
    (idem, naive)
}

impl Part for Run {
    type Action = RunAction;
    type Context = ();

    fn apply(&mut self, a: RunAction, _: ()) -> Reply {
        match self.apply_run(a) {
            Ok(()) => Reply::Changed,
            Err(TooManyEvents) => Reply::Refused(Notice::TooManyEvents),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunAction {
    /// Run the next instant at which anything is scheduled (pauses the clock).
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
    /// Go back (or forward, up to the latest time reached) to this simulated time: the run is
    /// recomputed from its start.
    TravelTo(u64),
    /// Back to the previous instant at which something happened.
    StepBack,
}

/// The running simulation, and the run written down as a scenario: its start (settings, the
/// publications a loaded file schedules at start) and every action with its simulated time.
/// Playing applies the script's actions at their times; the learner's actions are appended
/// to it. Going back in time recomputes the run from its start; acting from the past drops
/// the script's later actions.
pub struct Run {
    pub sim: Simulation,
    pub selected: Option<u32>,
    pub published_facts: u32,
    /// Event indices of the last double publication.
    pub last_double: Option<(u32, u32)>,
    /// The root cause the next outage has.
    pub cause: RootCause,
    start: Scenario,
    script: Vec<Act>,
    /// How many of the script's actions have happened.
    applied: usize,
    /// The latest simulated time this run has reached: how far forward one can go back to.
    pub reached_ms: u64,
    /// Where a loaded scenario stops the clock.
    pub stop_at: Option<u64>,
    /// Actions from a later time were dropped because the learner acted from the past (since
    /// the lab last took this to tell the learner).
    pub dropped_future: bool,
}

/// The hub refused a publication: the simulation holds as many events as it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyEvents;

impl Run {
    pub fn new(cfg: &Config) -> Self {
        Run::from_scenario(Scenario::empty(cfg))
    }

    /// A run that plays `sc`: its publications scheduled, its actions waiting for their times.
    pub fn from_scenario(sc: Scenario) -> Self {
        let script = sc.plan();
        let stop_at = sc.run_until_ms;
        let start = Scenario {
            outages: Vec::new(),
            faults: Vec::new(),
            replay_all_at_ms: Vec::new(),
            actions: Vec::new(),
            run_until_ms: None,
            ..sc
        };
        Run {
            sim: start.start().with_log_cap(PAGE_LOG_CAP),
            selected: None,
            published_facts: 0,
            last_double: None,
            cause: RootCause::default(),
            start,
            script,
            applied: 0,
            reached_ms: 0,
            stop_at,
            dropped_future: false,
        }
    }

    /// The run so far as a scenario: running it natively gives this page's log, byte for byte.
    pub fn to_scenario(&self) -> Scenario {
        Scenario {
            actions: self.script[..self.applied].to_vec(),
            run_until_ms: Some(self.sim.now_ms()),
            ..self.start.clone()
        }
    }

    /// Whether actions are waiting at later times (a loaded scenario, or a run gone back).
    pub fn has_future(&self) -> bool {
        self.applied < self.script.len()
    }

    /// The run's log up to the latest moment it reached, whatever moment is on screen (going
    /// back in time recomputes the run up to the scrubber; here the rest is computed again).
    pub fn whole_log(&self) -> std::borrow::Cow<'_, [crate::sim::log::Entry]> {
        if !self.in_past() {
            return std::borrow::Cow::Borrowed(self.sim.log());
        }
        let mut whole = Run::from_scenario(Scenario {
            actions: self.script.clone(),
            ..self.start.clone()
        });
        whole.advance_to(self.reached_ms);
        std::borrow::Cow::Owned(whole.sim.log().to_vec())
    }

    /// How many actions the run holds (its file's and the learner's).
    pub fn script_len(&self) -> usize {
        self.script.len()
    }

    /// Whether the run has gone back in time from the latest moment it reached.
    pub fn in_past(&self) -> bool {
        self.sim.now_ms() < self.reached_ms
    }

    fn apply_run(&mut self, a: RunAction) -> Result<(), TooManyEvents> {
        let now = self.sim.now_ms();
        match a {
            RunAction::Step => {
                let next_act = self.script.get(self.applied).map(|a| a.at_ms);
                let next = match (self.sim.next_time(), next_act) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if let Some(t) = next {
                    self.advance_to(t);
                }
            }
            RunAction::PublishOne | RunAction::PublishTwice => {
                let count = if a == RunAction::PublishOne { 1 } else { 2 };
                let fact = fact(self.published_facts);
                if !self.sim.can_publish(count) {
                    return Err(TooManyEvents);
                }
                self.act(Do::Publish {
                    norad_id: fact.norad_id,
                    pass_start_utc: fact.pass_start_utc,
                    count,
                });
            }
            RunAction::SetOutage(true) => self.act(Do::Outage { cause: self.cause }),
            RunAction::SetOutage(false) => self.act(Do::OutageEnd),
            RunAction::SetCause(c) => {
                self.cause = c;
                if self.sim.outage().is_some() {
                    self.act(Do::Outage { cause: c });
                }
            }
            RunAction::Inject(fault) => self.act(Do::Fault { fault }),
            RunAction::Select(i) => {
                if self.sim.event(i).is_some() {
                    self.selected = Some(i);
                }
            }
            RunAction::Replay(i) => {
                let dead = self
                    .sim
                    .event(i)
                    .is_some_and(|e| matches!(e.state, EventState::DeadLettered { .. }));
                if dead {
                    self.act(Do::Replay { event_index: i });
                }
            }
            RunAction::ReplayAll => self.act(Do::ReplayAll),
            RunAction::TravelTo(t) => self.travel_to(t.min(self.reached_ms.max(now))),
            RunAction::StepBack => {
                let before = self
                    .sim
                    .log()
                    .iter()
                    .rev()
                    .map(|e| e.t_ms)
                    .find(|&t| t < now);
                self.travel_to(before.unwrap_or(0));
            }
        }
        Ok(())
    }

    /// The learner does `what` now: it joins the script (whose later actions, if the run went
    /// back in time, are dropped) and happens.
    pub fn act(&mut self, what: Do) {
        if self.has_future() {
            self.script.truncate(self.applied);
            self.dropped_future = true;
            self.stop_at = None;
        }
        // Acting from the past starts a new future: the old one can no longer be gone back to.
        if self.in_past() {
            self.reached_ms = self.sim.now_ms();
        }
        self.script.push(Act {
            at_ms: self.sim.now_ms(),
            what: what.clone(),
        });
        self.applied += 1;
        self.happen(&what);
    }

    /// Applies an action to the simulation at its current time and runs what it made due now
    /// (a publication's initial delivery, a replay's first attempt), as a scenario run does
    /// before its next action; then keeps the page's account of it (selection, publications,
    /// the last double one).
    fn happen(&mut self, what: &Do) {
        let now = self.sim.now_ms();
        let first = self.sim.events().len() as u32;
        what.apply(&mut self.sim);
        self.sim.run_until(now);
        match *what {
            Do::Publish { count, .. } => {
                self.published_facts += 1;
                self.selected = Some(first);
                if count == 2 {
                    self.last_double = Some((first, first + 1));
                }
            }
            Do::Replay { event_index } => self.selected = Some(event_index),
            _ => {}
        }
    }

    /// Runs to `t`: each scripted action at its time, after everything scheduled up to it.
    pub fn advance_to(&mut self, t: u64) {
        while let Some(act) = self.script.get(self.applied).filter(|a| a.at_ms <= t) {
            let act = act.clone();
            self.sim.run_until(act.at_ms);
            self.applied += 1;
            self.happen(&act.what);
        }
        self.sim.run_until(t);
        self.reached_ms = self.reached_ms.max(self.sim.now_ms());
    }

    /// Recomputes the run from its start up to `t`; the script is kept, so going forward
    /// again meets the same actions at the same times.
    fn travel_to(&mut self, t: u64) {
        let selected = self.selected;
        let reached = self.reached_ms;
        self.sim = self.start.start().with_log_cap(PAGE_LOG_CAP);
        self.applied = 0;
        self.published_facts = 0;
        self.last_double = None;
        self.advance_to(t);
        self.reached_ms = reached;
        self.selected = selected.filter(|&i| self.sim.event(i).is_some());
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

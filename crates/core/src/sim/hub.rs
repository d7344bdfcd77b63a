//! The webhook hub: publishes events, delivers them, retries on the exponential schedule,
//! dead-letters after the last retry, replays on request, and feeds both consumers.
use std::collections::BTreeMap;

use super::config::{Config, Setting};
use super::consumer::{Delivery, IdempotentConsumer, NaiveConsumer};
use super::event::{AttemptRecord, Counts, Event, EventState};
use super::ids::{producer_id, Fact};
use super::log::{Entry, Kind};
use super::outcome::{Fault, Instance, Outcome, Reason, RootCause};
use super::rng::{threshold, SimRng};

// A child module, so it sees the hub's private bookkeeping.
mod invariants;

#[derive(Clone, Debug, PartialEq)]
enum Scheduled {
    Publish(Fact),
    Attempt {
        event: u32,
        series: u32,
        attempt: u32,
    },
}

pub struct Simulation {
    cfg: Config,
    rng: SimRng,
    now_ms: u64,
    next_seq: u64,
    queue: BTreeMap<(u64, u64), Scheduled>,
    events: Vec<Event>,
    idempotent: IdempotentConsumer,
    naive: NaiveConsumer,
    /// The consumer outage and its root cause, while it lasts.
    outage: Option<RootCause>,
    armed: Option<Fault>,
    log: Vec<Entry>,
    log_cap: usize,
    log_dropped: u64,
    counts: Counts,
    /// Publications in the queue, kept so the event limit is checked without a scan.
    pending_publications: usize,
    /// Events are spread over two partitions (by index parity); A owns the even one and B the
    /// odd one until a rebalance swaps them.
    rebalanced: bool,
    /// The event whose visibility timeout expired after its work was done: its next attempt
    /// goes to the other instance (the message became visible again, and whoever polls first
    /// takes it), its partition does not move.
    visible_again: Option<u32>,
    fail_threshold: u64,
    ack_lost_threshold: u64,
}

/// Why a request to the hub was refused (the UI shows it; nothing panics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    NoSuchEvent(u32),
    NotDeadLettered(u32),
    TooManyEvents,
}

/// Upper bound on events one simulation holds, so no input can exhaust memory.
pub const MAX_EVENTS: usize = 200_000;

impl Simulation {
    /// A new run. `cfg` is used as given after clamping anything out of range to its default.
    pub fn new(cfg: Config) -> Self {
        let (cfg, _) = cfg.repaired();
        let mut sim = Simulation {
            rng: SimRng::new(cfg.seed),
            now_ms: 0,
            next_seq: 0,
            queue: BTreeMap::new(),
            events: Vec::new(),
            idempotent: IdempotentConsumer::new(cfg.dedup_on),
            naive: NaiveConsumer::default(),
            outage: None,
            armed: None,
            log: Vec::new(),
            log_cap: usize::MAX,
            log_dropped: 0,
            counts: Counts::default(),
            pending_publications: 0,
            rebalanced: false,
            visible_again: None,
            fail_threshold: 0,
            ack_lost_threshold: 0,
            cfg,
        };
        sim.refresh_thresholds();
        sim
    }

    /// Keep only the newest `cap` log entries in memory (the page does; the runner does not).
    pub fn with_log_cap(mut self, cap: usize) -> Self {
        self.log_cap = cap.max(1);
        self
    }

    fn refresh_thresholds(&mut self) {
        self.fail_threshold = threshold(self.cfg.failure_probability);
        self.ack_lost_threshold = threshold(self.cfg.ack_lost_share);
    }

    // ---- read-only view -------------------------------------------------------------------

    pub fn config(&self) -> &Config {
        &self.cfg
    }
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn event(&self, index: u32) -> Option<&Event> {
        self.events.get(index as usize)
    }
    pub fn idempotent(&self) -> &IdempotentConsumer {
        &self.idempotent
    }
    pub fn naive(&self) -> &NaiveConsumer {
        &self.naive
    }
    pub fn outage(&self) -> Option<RootCause> {
        self.outage
    }
    pub fn armed_fault(&self) -> Option<Fault> {
        self.armed
    }
    pub fn log(&self) -> &[Entry] {
        &self.log
    }
    /// Entries dropped from the front of the in-memory log because of the cap.
    pub fn log_dropped(&self) -> u64 {
        self.log_dropped
    }
    pub fn counts(&self) -> Counts {
        self.counts
    }
    pub fn dead_letters(&self) -> impl Iterator<Item = &Event> {
        self.events
            .iter()
            .filter(|e| matches!(e.state, EventState::DeadLettered { .. }))
    }
    /// Time of the next thing that will happen, if anything is scheduled.
    pub fn next_time(&self) -> Option<u64> {
        self.queue.keys().next().map(|&(t, _)| t)
    }

    // ---- learner's actions ----------------------------------------------------------------

    /// Publish `fact` `count` times (each copy gets its own producer id) at `at_ms`, or now if
    /// that is in the past.
    /// Whether `count` more publications fit under [`MAX_EVENTS`].
    pub fn can_publish(&self, count: u32) -> bool {
        self.events.len() + self.pending_publications + count as usize <= MAX_EVENTS
    }

    pub fn publish(&mut self, fact: Fact, at_ms: u64, count: u32) -> Result<(), Refused> {
        if !self.can_publish(count) {
            return Err(Refused::TooManyEvents);
        }
        let at = at_ms.max(self.now_ms);
        for _ in 0..count {
            self.schedule(at, Scheduled::Publish(fact.clone()));
        }
        self.pending_publications += count as usize;
        Ok(())
    }

    /// Starts an outage with its root cause (or changes the cause), or ends it with `None`.
    pub fn set_outage(&mut self, cause: Option<RootCause>) {
        if cause != self.outage {
            self.outage = cause;
            let mut e = Entry::new(
                self.now_ms,
                if cause.is_some() {
                    Kind::OutageOn
                } else {
                    Kind::OutageOff
                },
            );
            e.reason = cause.map(Reason::from);
            self.push_log(e);
        }
    }

    /// Arms `fault` for the next attempt that reaches a running consumer.
    pub fn inject(&mut self, fault: Fault) {
        self.armed = Some(fault);
        let mut e = Entry::new(self.now_ms, Kind::FaultInjected);
        e.fault = Some(fault);
        self.push_log(e);
    }

    /// Live settings: the failure probability and ack-lost share change the next draws only.
    /// They apply from now on. Not logged here: a slider moves through many values,
    /// and [`Simulation::log_setting`] records the one it settles on.
    pub fn set_probabilities(&mut self, failure_probability: f64, ack_lost_share: f64) {
        let cfg = Config {
            failure_probability,
            ack_lost_share,
            ..self.cfg.clone()
        };
        let (cfg, _) = cfg.repaired();
        if cfg != self.cfg {
            self.cfg = cfg;
            self.refresh_thresholds();
        }
    }

    /// Logs that `field` went from `old` to `new` (decimals as the share link writes them).
    pub fn log_setting(&mut self, field: Setting, old: f64, new: f64) {
        let mut e = Entry::new(self.now_ms, Kind::SettingChanged);
        e.detail = Some(format!(
            "{}: {} -> {}",
            field.as_str(),
            crate::num::short(old),
            crate::num::short(new)
        ));
        self.push_log(e);
    }

    /// Replays one dead-lettered event: the same id, a fresh series of attempts starting now.
    pub fn replay(&mut self, index: u32) -> Result<(), Refused> {
        let now = self.now_ms;
        let ev = self
            .events
            .get_mut(index as usize)
            .ok_or(Refused::NoSuchEvent(index))?;
        if !matches!(ev.state, EventState::DeadLettered { .. }) {
            return Err(Refused::NotDeadLettered(index));
        }
        ev.series += 1;
        ev.series_started_ms = now;
        ev.state = EventState::Delivering { since_ms: now };
        let series = ev.series;
        let mut e = event_entry(now, Kind::Replayed, ev);
        e.series = Some(series);
        e.detail = Some("manual replay".into());
        self.counts.dead_lettered -= 1;
        self.counts.in_flight += 1;
        self.counts.replays += 1;
        self.push_log(e);
        self.schedule(
            now,
            Scheduled::Attempt {
                event: index,
                series,
                attempt: 0,
            },
        );
        Ok(())
    }

    /// Replays every dead-lettered event, oldest first; returns how many.
    pub fn replay_all(&mut self) -> usize {
        let dead: Vec<u32> = self.dead_letters().map(|e| e.index).collect();
        dead.iter().filter(|&&i| self.replay(i).is_ok()).count()
    }

    // ---- time -----------------------------------------------------------------------------

    /// Runs the next scheduled thing; returns its time, or None when nothing is scheduled.
    pub fn step(&mut self) -> Option<u64> {
        let ((t, _), action) = self.queue.pop_first()?;
        self.now_ms = self.now_ms.max(t);
        match action {
            Scheduled::Publish(fact) => {
                self.pending_publications -= 1;
                self.do_publish(fact)
            }
            Scheduled::Attempt {
                event,
                series,
                attempt,
            } => self.do_attempt(event, series, attempt),
        }
        Some(t)
    }

    /// Runs everything due up to and including `t_ms`, then sets the clock to `t_ms`.
    pub fn run_until(&mut self, t_ms: u64) {
        while self.next_time().is_some_and(|t| t <= t_ms) {
            self.step();
        }
        self.now_ms = self.now_ms.max(t_ms);
    }

    /// Runs until nothing is scheduled or `max_steps` steps have run; returns the steps run.
    pub fn run_to_end(&mut self, max_steps: u64) -> u64 {
        let mut n = 0;
        while n < max_steps && self.step().is_some() {
            n += 1;
        }
        n
    }

    // ---- internals ------------------------------------------------------------------------

    fn schedule(&mut self, t: u64, action: Scheduled) {
        self.queue.insert((t, self.next_seq), action);
        self.next_seq += 1;
    }

    fn push_log(&mut self, e: Entry) {
        if self.log.len() >= self.log_cap {
            // Drop the oldest half at once so trimming is amortised O(1) per entry.
            let drop = (self.log_cap / 2).max(1);
            self.log.drain(..drop);
            self.log_dropped += drop as u64;
        }
        self.log.push(e);
    }

    fn do_publish(&mut self, fact: Fact) {
        let now = self.now_ms;
        let index = self.events.len() as u32;
        let ev = Event {
            index,
            id: producer_id(&mut self.rng),
            derived_id: fact.derived_id(),
            fact,
            state: EventState::Delivering { since_ms: now },
            series: 0,
            series_started_ms: now,
            attempts: Vec::new(),
        };
        self.push_log(event_entry(now, Kind::Published, &ev));
        self.events.push(ev);
        self.counts.published += 1;
        self.counts.in_flight += 1;
        self.schedule(
            now,
            Scheduled::Attempt {
                event: index,
                series: 0,
                attempt: 0,
            },
        );
    }

    /// Decides what happens to one attempt: outage first, then an armed fault, then the dice.
    /// The instance that owns `index`'s partition now.
    pub fn owner(&self, index: u32) -> Instance {
        if (index % 2 == 1) != self.rebalanced {
            Instance::B
        } else {
            Instance::A
        }
    }

    fn draw_outcome(&mut self) -> (Outcome, Option<Reason>, Option<Fault>) {
        if let Some(cause) = self.outage {
            return (Outcome::ConsumerError, Some(Reason::from(cause)), None);
        }
        // Processed and committed, and no answer reached the hub in time: it retries.
        if let Some(f) = self.armed.take() {
            return (Outcome::AckLost, Some(Reason::from(f)), Some(f));
        }
        if !self.rng.chance(self.fail_threshold) {
            return (Outcome::Delivered, None, None);
        }
        if self.rng.chance(self.ack_lost_threshold) {
            (Outcome::AckLost, Some(Reason::AckLost), None)
        } else {
            (Outcome::ConsumerError, Some(Reason::ConsumerError), None)
        }
    }

    fn do_attempt(&mut self, index: u32, series: u32, attempt: u32) {
        let now = self.now_ms;
        match self.events.get(index as usize) {
            Some(ev) if ev.series == series && ev.state.in_flight() => {}
            _ => return, // stale: cannot happen with the hub's own scheduling; ignored, not fatal
        }
        let (outcome, reason, fault) = self.draw_outcome();
        let instance = match self.visible_again.take_if(|i| *i == index) {
            Some(_) => self.owner(index).other(),
            None => self.owner(index),
        };
        self.counts.attempts += 1;
        let ev = &self.events[index as usize];
        let mut entry = event_entry(now, Kind::Attempt, ev);
        entry.attempt = Some(attempt);
        entry.series = Some(series);
        entry.instance = Some(instance);
        entry.outcome = Some(outcome);
        entry.reason = reason;
        entry.fault = fault;
        if outcome.processed() {
            let d = Delivery {
                t_ms: now,
                event_id: ev.id,
                derived_id: ev.derived_id,
                fact_key: &ev.fact.key(),
            };
            entry.idempotent = Some(self.idempotent.process(&d));
            entry.naive = Some(self.naive.process(&d));
        }
        self.push_log(entry);
        if fault == Some(Fault::VisibilityTimeout) {
            self.visible_again = Some(index);
        }
        // A rebalance moves the partitions before the owner confirmed: the retry goes to the
        // other instance (and so does everything after it, until the next rebalance).
        if fault == Some(Fault::Rebalance) {
            self.rebalanced = !self.rebalanced;
        }

        let max = self.cfg.max_retries;
        let ev = &mut self.events[index as usize];
        ev.attempts.push(AttemptRecord {
            series,
            attempt,
            t_ms: now,
            outcome,
            reason,
            fault,
            instance,
        });
        let next = match (outcome, reason) {
            (Outcome::Delivered, _) => {
                ev.state = EventState::Delivered { at_ms: now };
                self.counts.in_flight -= 1;
                self.counts.delivered += 1;
                None
            }
            (_, reason) if attempt >= max => {
                let reason = reason.unwrap_or(Reason::ConsumerError);
                ev.state = EventState::DeadLettered { at_ms: now, reason };
                let mut e = event_entry(now, Kind::DeadLettered, ev);
                e.attempt = Some(attempt);
                e.series = Some(series);
                e.reason = Some(reason);
                e.detail = Some(format!("{} attempts in this series", attempt + 1));
                self.counts.in_flight -= 1;
                self.counts.dead_lettered += 1;
                self.push_log(e);
                None
            }
            _ => {
                let retry = attempt + 1;
                let wait = self.cfg.wait_ms(retry);
                let at = now.saturating_add(wait);
                ev.state = EventState::WaitingRetry {
                    retry,
                    since_ms: now,
                    next_at_ms: at,
                };
                let mut e = event_entry(now, Kind::RetryScheduled, ev);
                e.attempt = Some(retry);
                e.series = Some(series);
                e.wait_ms = Some(wait);
                e.next_attempt_at_ms = Some(at);
                self.push_log(e);
                Some((at, retry))
            }
        };
        if let Some((at, retry)) = next {
            self.schedule(
                at,
                Scheduled::Attempt {
                    event: index,
                    series,
                    attempt: retry,
                },
            );
        }
    }
}

fn event_entry(t_ms: u64, kind: Kind, ev: &Event) -> Entry {
    let mut e = Entry::new(t_ms, kind);
    e.event_id = Some(ev.id);
    e.derived_id = Some(ev.derived_id);
    e.fact_key = Some(ev.fact.key());
    e
}

//! Polling mode: the hub keeps an ordered log (seq) and each consumer owns its cursor. Shows
//! what losing the cursor does (redelivery of everything) and what persisting it before
//! processing does (events skipped: at-most-once).
use std::collections::BTreeSet;

use uuid::Uuid;

use super::config::DedupOn;
use super::consumer::{Action, Delivery, IdempotentConsumer, NaiveConsumer};
use super::ids::{producer_id, Fact};
use super::rng::{SimRng, Stream};

named_enum! {
    pub enum CursorPolicy {
        /// Process, commit, then persist the cursor: a crash repeats work (at-least-once).
        AfterCommit = "after",
        /// Persist the cursor, then process: a crash skips work (at-most-once).
        BeforeProcessing = "before",
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRecord {
    pub seq: u64,
    pub event_id: Uuid,
    pub derived_id: Uuid,
    pub fact_key: String,
}

/// What happened to one record in one poll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PollStep {
    pub poll: u32,
    pub seq: u64,
    pub idempotent: Option<Action>,
    pub naive: Option<Action>,
    /// The consumer crashed at this record's vulnerable point.
    pub crashed: bool,
    pub cursor_after: u64,
}

pub struct Polling {
    seed: u64,
    rng: SimRng,
    pub policy: CursorPolicy,
    pub log: Vec<LogRecord>,
    /// Highest seq the consumer has recorded as done (0 = nothing); survives restarts.
    pub cursor: u64,
    pub idempotent: IdempotentConsumer,
    pub naive: NaiveConsumer,
    pub steps: Vec<PollStep>,
    /// Times the stored cursor was lost.
    pub cursor_losses: u32,
    /// Records handled before the consumer's latest restart (`steps` index of the first read
    /// after it), if it restarted.
    pub restarted_at: Option<usize>,
    polls: u32,
    processed: BTreeSet<u64>,
}

impl Polling {
    /// A fresh log with the same seed and dedup choice and this cursor policy.
    pub fn restarted(&self, policy: CursorPolicy) -> Polling {
        Polling::new(self.seed, policy, self.idempotent.dedup_on)
    }

    pub fn new(seed: u64, policy: CursorPolicy, dedup_on: DedupOn) -> Self {
        Polling {
            seed,
            // Its own stream of the run's one generator, not a second generator with the same seed.
            rng: SimRng::stream(seed, Stream::Polling),
            policy,
            log: Vec::new(),
            cursor: 0,
            idempotent: IdempotentConsumer::new(dedup_on),
            naive: NaiveConsumer::default(),
            steps: Vec::new(),
            cursor_losses: 0,
            restarted_at: None,
            polls: 0,
            processed: BTreeSet::new(),
        }
    }

    /// The hub appends a new event to its log.
    pub fn append(&mut self, fact: &Fact) -> u64 {
        let seq = self.log.len() as u64 + 1;
        let event_id = producer_id(&mut self.rng);
        self.log.push(LogRecord {
            seq,
            event_id,
            derived_id: fact.derived_id(),
            fact_key: fact.key(),
        });
        seq
    }

    /// Reads up to `batch` records after the cursor and handles them in order. With
    /// `crash_at = Some(k)`, the consumer crashes at the k-th record (0-based) of the batch,
    /// between its processing and its cursor write, in whichever order the policy puts them.
    pub fn poll(&mut self, batch: usize, crash_at: Option<usize>) {
        self.polls += 1;
        let start = self.cursor as usize;
        let end = start.saturating_add(batch).min(self.log.len());
        for (k, i) in (start..end).enumerate() {
            let rec = self.log[i].clone();
            let crash = crash_at == Some(k);
            let mut step = PollStep {
                poll: self.polls,
                seq: rec.seq,
                idempotent: None,
                naive: None,
                crashed: crash,
                cursor_after: 0,
            };
            match self.policy {
                CursorPolicy::AfterCommit => {
                    self.process(&rec, &mut step);
                    if !crash {
                        self.cursor = rec.seq;
                    }
                }
                CursorPolicy::BeforeProcessing => {
                    self.cursor = rec.seq;
                    if !crash {
                        self.process(&rec, &mut step);
                    }
                }
            }
            step.cursor_after = self.cursor;
            self.steps.push(step);
            if crash {
                return;
            }
        }
    }

    fn process(&mut self, rec: &LogRecord, step: &mut PollStep) {
        let d = Delivery {
            t_ms: u64::from(self.polls),
            event_id: rec.event_id,
            derived_id: rec.derived_id,
            fact_key: &rec.fact_key,
        };
        step.idempotent = Some(self.idempotent.process(&d));
        step.naive = Some(self.naive.process(&d));
        self.processed.insert(rec.seq);
    }

    /// The consumer's stored cursor is lost: it starts again from the beginning of the log.
    pub fn lose_cursor(&mut self) {
        self.cursor = 0;
        self.cursor_losses += 1;
    }

    /// The consumer restarts: what it held in memory is gone, the cursor it stored is not.
    pub fn restart(&mut self) {
        self.restarted_at = Some(self.steps.len());
    }

    /// Records at or before the cursor that no consumer ever processed.
    pub fn skipped(&self) -> Vec<u64> {
        (1..=self.cursor)
            .filter(|s| !self.processed.contains(s))
            .collect()
    }

    /// The skipped records as a reader of the log can tell them: after a crash, only once the
    /// consumer restarted and read on (until then its saved cursor is all there is).
    pub fn skipped_seen(&self) -> Vec<u64> {
        let crashed = self.steps.iter().rposition(|s| s.crashed);
        let read_on = match (crashed, self.restarted_at) {
            (None, _) => true,
            (Some(c), Some(r)) => r > c && r < self.steps.len(),
            (Some(_), None) => false,
        };
        if read_on {
            self.skipped()
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skipped_record_shows_once_the_consumer_read_on_after_its_crash() {
        let mut p = Polling::new(7, CursorPolicy::BeforeProcessing, DedupOn::Derived);
        for f in facts(3) {
            p.append(&f);
        }
        p.poll(3, Some(1));
        assert_eq!(p.skipped(), [2], "the saved cursor is past it already");
        assert!(p.skipped_seen().is_empty(), "crashed, not restarted");
        p.restart();
        assert!(p.skipped_seen().is_empty(), "restarted, nothing read yet");
        p.poll(3, None);
        assert_eq!(p.skipped_seen(), [2]);
        // Without a crash, what was skipped is seen at once (a lost cursor's stop).
        let mut q = Polling::new(7, CursorPolicy::AfterCommit, DedupOn::Derived);
        q.append(&facts(1)[0]);
        q.poll(3, None);
        assert_eq!(q.skipped_seen(), q.skipped());
    }

    fn facts(n: u32) -> Vec<Fact> {
        (0..n)
            .map(|i| Fact {
                norad_id: 25544 + i,
                pass_start_utc: "2026-07-29T14:00:00Z".into(),
            })
            .collect()
    }

    #[test]
    fn losing_the_cursor_repeats_every_effect_only_for_the_naive_consumer() {
        let mut p = Polling::new(1, CursorPolicy::AfterCommit, DedupOn::Producer);
        for f in facts(5) {
            p.append(&f);
        }
        p.poll(10, None);
        assert_eq!(
            (
                p.cursor,
                p.naive.effects.applications,
                p.idempotent.effects.applications
            ),
            (5, 5, 5)
        );
        p.lose_cursor();
        p.poll(10, None);
        assert_eq!(
            p.naive.effects.applications, 10,
            "naive repeats every effect"
        );
        assert_eq!(p.idempotent.effects.applications, 5);
        assert_eq!(
            p.idempotent.discarded, 5,
            "idempotent discards everything it has seen"
        );
        assert!(p.skipped().is_empty());
    }

    #[test]
    fn crash_after_commit_redelivers_crash_after_early_cursor_skips() {
        let mut p = Polling::new(1, CursorPolicy::AfterCommit, DedupOn::Derived);
        for f in facts(3) {
            p.append(&f);
        }
        p.poll(10, Some(1));
        p.poll(10, None);
        assert_eq!(p.naive.effects.applications, 4, "seq 2 processed twice");
        assert_eq!(p.idempotent.effects.applications, 3);
        assert!(p.skipped().is_empty());

        let mut q = Polling::new(1, CursorPolicy::BeforeProcessing, DedupOn::Derived);
        for f in facts(3) {
            q.append(&f);
        }
        q.poll(10, Some(1));
        q.poll(10, None);
        assert_eq!(
            q.skipped(),
            vec![2],
            "at-most-once: seq 2 is never processed"
        );
        assert_eq!(q.naive.effects.applications, 2);
        assert_eq!(q.idempotent.effects.applications, 2);
    }
}

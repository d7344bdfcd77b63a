//! The two consumers fed the same delivery stream: one idempotent (dedup table under a unique
//! rule, written in the same transaction as the effect) and one naive (applies every delivery).
use std::collections::BTreeMap;

use uuid::Uuid;

use super::config::DedupOn;

/// What one delivery carries to a consumer.
#[derive(Clone, Debug)]
pub struct Delivery<'a> {
    pub t_ms: u64,
    pub event_id: Uuid,
    pub derived_id: Uuid,
    pub fact_key: &'a str,
}

/// The business effects of processing a pass. All but `status` add something each time they
/// run; setting a status to a constant is the naturally idempotent one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Times the effect transaction ran.
    pub applications: u64,
    pub pass_rows: u64,
    pub notifications: u64,
    pub reservations: u64,
    pub emails: u64,
    /// `passes_seen = passes_seen + 1`.
    pub counter: u64,
    pub log_lines: u64,
    /// `UPDATE passes SET status = 'scheduled'`: one entry per fact however often it runs.
    pub status: BTreeMap<String, &'static str>,
}

impl Effects {
    fn apply(&mut self, d: &Delivery) {
        self.applications += 1;
        self.pass_rows += 1;
        self.notifications += 1;
        self.reservations += 1;
        self.emails += 1;
        self.counter += 1;
        self.log_lines += 1;
        self.status.insert(d.fact_key.to_string(), "scheduled");
    }
}

named_enum! {
    /// What a consumer did with one delivery.
    pub enum Action {
        Applied = "applied",
        Discarded = "discarded",
    }
}

/// One row of the dedup table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DedupRow {
    pub key: Uuid,
    pub event_id: Uuid,
    pub fact_key: String,
    pub t_ms: u64,
}

#[derive(Clone, Debug, Default)]
pub struct IdempotentConsumer {
    pub dedup_on: DedupOn,
    /// Primary key = dedup id: the uniqueness rule is the map's key.
    pub table: BTreeMap<Uuid, DedupRow>,
    pub effects: Effects,
    pub deliveries: u64,
    pub discarded: u64,
}

impl IdempotentConsumer {
    pub fn new(dedup_on: DedupOn) -> Self {
        IdempotentConsumer {
            dedup_on,
            ..Default::default()
        }
    }

    pub fn key_of(&self, d: &Delivery) -> Uuid {
        match self.dedup_on {
            DedupOn::Producer => d.event_id,
            DedupOn::Derived => d.derived_id,
        }
    }

    /// One transaction: insert the dedup row, then apply the effect; a duplicate key fails the
    /// insert and the whole transaction rolls back with no effect.
    pub fn process(&mut self, d: &Delivery) -> Action {
        self.deliveries += 1;
        let key = self.key_of(d);
        if self.table.contains_key(&key) {
            self.discarded += 1;
            return Action::Discarded;
        }
        self.table.insert(
            key,
            DedupRow {
                key,
                event_id: d.event_id,
                fact_key: d.fact_key.to_string(),
                t_ms: d.t_ms,
            },
        );
        self.effects.apply(d);
        Action::Applied
    }
}

#[derive(Clone, Debug, Default)]
pub struct NaiveConsumer {
    pub effects: Effects,
    pub deliveries: u64,
}

impl NaiveConsumer {
    pub fn process(&mut self, d: &Delivery) -> Action {
        self.deliveries += 1;
        self.effects.apply(d);
        Action::Applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedup_discards_same_key_and_status_is_naturally_idempotent() {
        let a = Uuid::from_u128(1);
        let b = Uuid::from_u128(2);
        let v5 = Uuid::from_u128(5);
        let first = Delivery {
            t_ms: 0,
            event_id: a,
            derived_id: v5,
            fact_key: "1|x",
        };
        let again = Delivery {
            t_ms: 1,
            ..first.clone()
        };
        let republished = Delivery {
            t_ms: 2,
            event_id: b,
            ..first.clone()
        };
        for (on, want) in [(DedupOn::Producer, 2), (DedupOn::Derived, 1)] {
            let mut c = IdempotentConsumer::new(on);
            let mut n = NaiveConsumer::default();
            for d in [&first, &again, &republished] {
                c.process(d);
                n.process(d);
            }
            assert_eq!(c.effects.applications, want);
            assert_eq!(c.discarded, 3 - want);
            assert_eq!(n.effects.applications, 3);
            assert_eq!(n.effects.status.len(), 1, "status is set, not added");
        }
    }
}

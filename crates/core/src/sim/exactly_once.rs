//! What a broker's own "exactly-once" covers: Kafka's transactions with exactly-once switched
//! on, run step by step beside the same consumer with it off. The exactly-once stop's
//! evidence.
//!
//! The model, as the page states it: instance A reads a record at offset 41, writes a row to
//! the shared database (its own commit, outside Kafka), produces a record to an output topic,
//! and crashes before its consumer offset is committed. The group rebalances and B reads the
//! same record from the last committed offset and does the same work. With exactly-once on,
//! A's produced record and its offset belong to one Kafka transaction, which the crash aborts:
//! readers of the output topic (`read_committed`) never see A's record. The database commit is
//! not in that transaction, so it stays.

named_enum! {
    /// One step of the run.
    pub enum Op {
        /// The instance reads the record at offset 41.
        Read = "read",
        /// Its row in the shared database, committed there (the idempotent consumer's
        /// dedup mark and row in one transaction; the naive one's row alone).
        WriteDb = "write_db",
        /// Its record produced to the output topic.
        Produce = "produce",
        /// A crashes before its offset is committed.
        Crash = "crash",
        /// Kafka aborts A's open transaction: its produced record is discarded (exactly-once).
        Abort = "abort",
        /// B's offset (and, with exactly-once, its produced record) committed.
        Commit = "commit",
    }
}

/// One step: who, what, and what stands after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// 'A', 'B', or 'K' for Kafka itself.
    pub actor: char,
    pub op: Op,
    /// Rows in the database for the idempotent and the naive consumer, and records the
    /// output topic's readers see, after the step.
    pub rows_idempotent: u32,
    pub rows_naive: u32,
    pub topic: u32,
}

/// The whole run, with exactly-once on or off.
pub fn run(exactly_once: bool) -> Vec<Step> {
    let (mut idem, mut naive, mut topic, mut pending) = (0u32, 0u32, 0u32, 0u32);
    let mut steps = Vec::new();
    let mut push = |actor, op, idem: u32, naive: u32, topic: u32| {
        steps.push(Step {
            actor,
            op,
            rows_idempotent: idem,
            rows_naive: naive,
            topic,
        })
    };
    for actor in ['A', 'B'] {
        push(actor, Op::Read, idem, naive, topic);
        // The idempotent consumer's mark is in the database: B's insert violates it.
        idem = idem.max(1);
        naive += 1;
        push(actor, Op::WriteDb, idem, naive, topic);
        // Inside a Kafka transaction the record waits for the commit; outside, it is written.
        if exactly_once {
            pending += 1;
        } else {
            topic += 1;
        }
        push(actor, Op::Produce, idem, naive, topic);
        if actor == 'A' {
            push('A', Op::Crash, idem, naive, topic);
            if exactly_once {
                pending = 0;
                push('K', Op::Abort, idem, naive, topic);
            }
        }
    }
    topic += pending;
    push('B', Op::Commit, idem, naive, topic);
    steps
}

/// What stands at the end: (rows of the idempotent consumer, of the naive one, records in the
/// output topic).
pub fn outcome(exactly_once: bool) -> (u32, u32, u32) {
    run(exactly_once)
        .last()
        .map_or((0, 0, 0), |s| (s.rows_idempotent, s.rows_naive, s.topic))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_once_keeps_the_topic_whole_but_not_a_database_outside_kafka() {
        // Off: the record is in the topic twice and the naive consumer's row in the database
        // twice; the idempotent consumer's dedup mark keeps one row.
        assert_eq!(outcome(false), (1, 2, 2));
        // On: Kafka aborts A's transaction, the topic has B's record alone; the database
        // commit was not Kafka's to abort.
        assert_eq!(outcome(true), (1, 2, 1));
        let on = run(true);
        let abort = on.iter().position(|s| s.op == Op::Abort).unwrap();
        assert_eq!(on[abort - 1].op, Op::Crash);
        assert_eq!(
            on.iter().filter(|s| s.op == Op::Read).count(),
            2,
            "B reads it again"
        );
        assert!(!run(false).iter().any(|s| s.op == Op::Abort));
    }
}

//! What can happen to one delivery attempt: its outcome, why it failed, and the injectable
//! redelivery causes. Below both the hub (which decides them) and the log (which writes them).

named_enum! {
    /// Outcome of one delivery attempt: delivered, or failed before or after processing.
    pub enum Outcome {
        /// Processed, and the ack reached the hub.
        Delivered = "delivered",
        /// Consumer down or answered with an error: nothing was processed.
        ConsumerError = "consumer_error",
        /// Processed and committed, but the hub never heard so: it will retry.
        AckLost = "ack_lost",
    }
}

impl Outcome {
    pub fn processed(self) -> bool {
        self != Outcome::ConsumerError
    }
}

named_enum! {
    /// Why an attempt counted as failed.
    pub enum Reason {
        /// The outage switch was on.
        ConsumerDown = "consumer_down",
        /// A random failure before processing (HTTP 5xx).
        ConsumerError = "consumer_error",
        /// A random failure after processing: the response was lost.
        AckLost = "ack_lost",
        /// Injected: the consumer crashed after committing.
        CrashAfterCommit = "crash_after_commit",
        /// Injected: a rebalance gave the offset to another instance.
        Rebalance = "rebalance",
        /// Injected: the visibility timeout expired on a slow consumer, its work already done.
        VisibilityTimeout = "visibility_timeout",
        /// The outage switch was on, and the consumer had a bug (it answers with an error).
        ConsumerBug = "consumer_bug",
        /// The outage switch was on, and the consumer's URL changed without notice.
        UrlChanged = "url_changed",
    }
}

named_enum! {
    /// Why a consumer fails for good until someone fixes it, as the lesson lists the reasons
    /// an event ends in the dead-letter queue.
    #[derive(Default)]
    pub enum RootCause {
        /// It is down.
        #[default]
        Down = "consumer_down",
        /// It has a bug and answers every delivery with an error.
        Bug = "consumer_bug",
        /// It moved to another URL without telling the hub.
        UrlChanged = "url_changed",
    }
}

impl From<RootCause> for Reason {
    fn from(c: RootCause) -> Reason {
        match c {
            RootCause::Down => Reason::ConsumerDown,
            RootCause::Bug => Reason::ConsumerBug,
            RootCause::UrlChanged => Reason::UrlChanged,
        }
    }
}

impl From<Fault> for Reason {
    fn from(f: Fault) -> Reason {
        match f {
            Fault::CrashAfterCommit => Reason::CrashAfterCommit,
            Fault::AckLost => Reason::AckLost,
            Fault::Rebalance => Reason::Rebalance,
            Fault::VisibilityTimeout => Reason::VisibilityTimeout,
        }
    }
}

named_enum! {
    /// The two instances of the consumer group. The idempotent and the naive consumer are
    /// each such a group; both instances of one share its database (dedup table, effects).
    pub enum Instance {
        A = "a",
        B = "b",
    }
}

impl Instance {
    pub fn other(self) -> Instance {
        match self {
            Instance::A => Instance::B,
            Instance::B => Instance::A,
        }
    }
}

named_enum! {
    /// The four redelivery causes of the lesson, each injectable once for the next attempt that
    /// reaches a running consumer. Each ends in a second processing of the same event, each
    /// its own way (see the hub's `do_attempt`).
    pub enum Fault {
        /// The consumer commits, then crashes before it can acknowledge.
        CrashAfterCommit = "crash_after_commit",
        /// The acknowledgement is lost on the network.
        AckLost = "ack_lost",
        /// The partition moves to the other instance before the first one confirmed; the
        /// retry goes to the other instance.
        Rebalance = "rebalance",
        /// The first instance is slow: it finishes and commits, but the timeout expired first,
        /// so its delete comes too late; the message is visible again and the other instance
        /// takes it on the retry (SQS).
        VisibilityTimeout = "visibility_timeout",
    }
}

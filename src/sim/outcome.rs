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
        /// Injected: the visibility timeout expired on a slow consumer.
        VisibilityTimeout = "visibility_timeout",
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
    /// The four redelivery causes of the lesson, each injectable once. All of them leave the
    /// effect committed while the hub records a failure, so the same event comes back.
    pub enum Fault {
        /// The consumer commits, then crashes before it can acknowledge.
        CrashAfterCommit = "crash_after_commit",
        /// The acknowledgement is lost on the network.
        AckLost = "ack_lost",
        /// A consumer-group rebalance hands the same offset to another instance mid-batch.
        Rebalance = "rebalance",
        /// The visibility timeout expires on a slow consumer whose work had already finished.
        VisibilityTimeout = "visibility_timeout",
    }
}

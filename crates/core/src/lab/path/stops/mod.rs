//! The guided path's table: every stop in the lesson's order and every choice it offers,
//! named, and each stop described by its own file in this folder ([`StopSpec`]: its offers,
//! the lesson's answer, its scene, what its run shows, its own action, its evidence). A new
//! stop is a file here, its name in [`Stop`], its beliefs in [`Choice`] and its line in
//! [`describe`]; the compiler then names its texts in `retry_lab_text::es` and `retry_lab_text::en` and its
//! choices' beliefs in `retry_lab_text::teacher_es` and `teacher_en` (matches over every `Choice`).
//! (The stops' files name their choices from here and this file lists them: one loop, kept on
//! purpose, so that a stop is these six files.)
use super::act::Stepped;
use super::spec::{Answer, Kind, Offer, StopSpec};
use crate::lab::panels::Panel;

pub use failure_rate::{FAILURE_RATE_P, SHARES};

mod prelude;

mod ack_first;
mod ack_lost;
mod ask_at_least_once;
mod ask_natural;
mod ask_redelivery;
mod ask_same_transaction;
mod backoff;
mod boundary;
mod crash;
mod cursor;
mod cursor_resume;
mod dead_letter;
mod double_v4;
mod double_v5;
mod effect_first;
mod exactly_once;
mod failure_rate;
mod insert_first;
mod jitter_herd;
mod natural;
mod no_immediate_retry;
mod no_jitter;
mod race;
mod rebalance;
mod transaction;
mod visibility_timeout;

named_enum! {
    /// One stop of the guided path, in the lesson's order. `step_*` are run in the lab with a
    /// prediction first (`step_no_jitter` replays one outage on two hubs and shows their logs, `step_boundary` opens the
    /// workbench after the answer); `ask_*` are the lesson's questions. The names are checkpoint ids, the stop's part of its xAPI activity id, and
    /// what saved progress records: never a position.
    pub enum Stop {
        Backoff = "step_backoff",
        NoImmediateRetry = "step_no_immediate_retry",
        JitterHerd = "step_jitter_herd",
        NoJitter = "step_no_jitter",
        DeadLetter = "step_dead_letter",
        FailureRate = "step_failure_rate",
        DoubleV4 = "step_double_v4",
        DoubleV5 = "step_double_v5",
        Crash = "step_crash",
        AskRedelivery = "ask_redelivery",
        AckLost = "step_ack_lost",
        Rebalance = "step_rebalance",
        ExactlyOnce = "step_exactly_once",
        VisibilityTimeout = "step_visibility_timeout",
        Transaction = "step_transaction",
        EffectFirst = "step_transaction_effect_first",
        AskSameTransaction = "ask_same_transaction",
        Race = "step_race",
        InsertFirst = "step_insert_first",
        Natural = "step_natural_idempotency",
        AskNatural = "ask_natural",
        Boundary = "step_boundary",
        Cursor = "step_cursor",
        CursorResume = "step_cursor_resume",
        AckFirst = "step_ack_first",
        AskAtLeastOnce = "ask_at_least_once",
    }
}

named_enum! {
    /// Every choice a stop offers, named by what choosing it says the learner believes: a
    /// wrong one is a misconception, the right one the lesson's point. The ids are stable and
    /// readable (a report on a class counts them); one belief offered at two stops (counting
    /// the initial delivery as an intento) is one choice, shown there as different numbers.
    pub enum Choice {
        // When an attempt comes: the backoff stop.
        CountsInitialDelivery = "counts-initial-delivery",
        OnlyItsOwnWait = "only-its-own-wait",
        WaitsAddUp = "waits-add-up",
        NextWait = "next-wait",
        // What becomes of an event once its sixth intento fails.
        DeadLetterDiscards = "dead-letter-discards-it",
        RetriedForEver = "retried-for-ever",
        DeadLetterKeepsIt = "dead-letter-keeps-it",
        BackToProducer = "back-to-producer",
        // Retrying at once or on the schedule.
        ImmediateFirst = "retry-at-once-catches-up",
        BothSameTime = "same-events-same-time",
        ScheduleFirst = "spaced-retries-let-it-recover",
        // A late attempt, in a log on the fixed schedule and in one with jitter.
        VisibleInBoth = "delay-visible-in-both",
        OnlyOnTheSchedule = "only-exact-schedule-shows-it",
        JitterRevealsIt = "jitter-reveals-delays",
        TooSmallToSee = "small-delays-invisible",
        // Many deliveries failed in one outage, retried on the fixed table or with jitter.
        FixedTableInOrder = "fixed-table-keeps-order",
        JitterSpreadsRetries = "jitter-spreads-retries",
        SameRetriesSameResult = "same-retries-same-result",
        // The dead-letter share at 50 %.
        RetriesAlwaysGetThrough = "retries-always-get-through",
        AllSevenFail = "all-seven-deliveries-fail",
        ForgetsInitialDelivery = "forgets-initial-delivery",
        EventFailsLikeOneDelivery = "event-fails-like-one-delivery",
        // A double publication, deduplicated on v4 or on v5.
        NaiveDeduplicates = "naive-deduplicates",
        V4CatchesRepublication = "v4-catches-republication",
        V4MissesRepublication = "v4-misses-republication",
        V5CatchesRepublication = "v5-catches-republication",
        V5MissesRepublication = "v5-misses-republication",
        // The causes of redelivery.
        DeadLettered = "one-failure-dead-letters",
        Redelivered = "hub-redelivers",
        DeliveredOnce = "processed-means-delivered",
        DropsIt = "broker-drops-processed",
        Redelivers = "broker-redelivers",
        WaitsForInstance = "waits-for-same-instance",
        DeadLettersAtOnce = "dead-letters-at-once",
        IdempotentDiscardsRedelivery = "idempotent-discards-redelivery",
        IdempotentAppliesAgain = "idempotent-applies-again",
        OtherApplies = "dedup-per-instance",
        OffsetSkipped = "kafka-knows-it-was-read",
        OtherDiscards = "dedup-table-is-shared",
        KafkaExactlyOnce = "kafka-exactly-once-covers-it",
        // Kafka's exactly-once switched on: what a crash after the database commit repeats.
        NothingRepeats = "exactly-once-covers-everything",
        OnlyTopicRepeats = "only-the-topic-repeats",
        DatabaseRepeats = "database-outside-kafka-repeats",
        OtherInstanceGetsIt = "visible-again",
        SqsDropsIt = "sqs-sees-work-done",
        SameInstanceKeepsIt = "reserved-for-first-instance",
        // The transaction's boundary.
        EffectLost = "mark-without-effect",
        EffectTwice = "effect-applied-twice",
        EffectOnce = "two-transactions-suffice",
        LessSql = "less-sql",
        InParallel = "faster-in-parallel",
        SqlStandard = "sql-standard-requires-it",
        AllOrNothing = "all-or-nothing",
        // Two instances racing: the application's check, then the insert first.
        CheckStopsBoth = "check-stops-both",
        AppCheckIsEnough = "app-check-is-enough",
        BothInstancesApply = "both-instances-apply",
        ViolationUndoesBoth = "violation-undoes-both",
        OneInstanceWins = "one-instance-wins",
        ConstraintLetsBothApply = "constraint-lets-both-apply",
        // Natural idempotency.
        BothEffectsChange = "setting-state-repeats-too",
        NeitherChanges = "naive-remembers",
        OnlyCounter = "only-counter-grows",
        AppendLine = "append-is-idempotent",
        AddToBalance = "add-is-idempotent",
        SetStatus = "set-state",
        SendEmail = "email-is-idempotent",
        // Where the protection goes for an email.
        DedupTableCoversEmail = "dedup-table-covers-email",
        ProtectAtProvider = "protect-at-provider",
        FewerRetries = "fewer-retries",
        InstanceMemory = "instance-memory",
        // The consumer's cursor.
        IdempotentRepeats = "idempotent-repeats",
        NaiveRepeats = "naive-repeats",
        BothRepeat = "both-repeat",
        NeitherRepeats = "cursor-loss-harmless",
        ResumeFromSaved = "resumes-from-saved-cursor",
        ReadsFromStart = "restart-forgets-cursor",
        HubResends = "hub-keeps-cursor",
        // Confirming before the work is done.
        AckFirstRereads = "ack-first-rereads",
        AckFirstLosesIt = "ack-first-loses-it",
        HubNoticesTheCrash = "hub-notices-the-crash",
        LostGoesToDeadLetter = "lost-goes-to-dead-letter",
        // Why at-least-once.
        TooSlow = "exactly-once-too-slow",
        AckUnknown = "lost-answer-forces-retry",
        V4Collide = "v4-ids-collide",
        NoCursor = "consumers-lose-cursors",
    }
}

impl Default for Stop {
    fn default() -> Stop {
        Stop::ALL[0]
    }
}

impl Stop {
    /// The stop after this one, if any.
    pub fn next(self) -> Option<Stop> {
        Stop::ALL.get(self as usize + 1).copied()
    }

    /// The stop before this one, if any.
    pub fn previous(self) -> Option<Stop> {
        (self as usize).checked_sub(1).map(|k| Stop::ALL[k])
    }

    /// Its place on the path, counted from 1, as the card says it («paso 3 de …»).
    pub fn number(self) -> usize {
        self as usize + 1
    }
}

/// Every stop's description, worked out by the compiler: a table in the module's data rather
/// than a match in its code (a lookup here is an index, however many places ask).
static SPECS: [StopSpec; Stop::COUNT] = {
    let mut specs = [describe(Stop::Backoff); Stop::COUNT];
    let mut i = 0;
    while i < Stop::COUNT {
        specs[i] = describe(Stop::ALL[i]);
        i += 1;
    }
    specs
};

/// Each stop's own description: exhaustive, so a new stop is described or does not compile.
const fn describe(stop: Stop) -> StopSpec {
    match stop {
        Stop::Backoff => backoff::SPEC,
        Stop::NoImmediateRetry => no_immediate_retry::SPEC,
        Stop::JitterHerd => jitter_herd::SPEC,
        Stop::NoJitter => no_jitter::SPEC,
        Stop::DeadLetter => dead_letter::SPEC,
        Stop::FailureRate => failure_rate::SPEC,
        Stop::DoubleV4 => double_v4::SPEC,
        Stop::DoubleV5 => double_v5::SPEC,
        Stop::Crash => crash::SPEC,
        Stop::AskRedelivery => ask_redelivery::SPEC,
        Stop::AckLost => ack_lost::SPEC,
        Stop::Rebalance => rebalance::SPEC,
        Stop::ExactlyOnce => exactly_once::SPEC,
        Stop::VisibilityTimeout => visibility_timeout::SPEC,
        Stop::Transaction => transaction::SPEC,
        Stop::EffectFirst => effect_first::SPEC,
        Stop::AskSameTransaction => ask_same_transaction::SPEC,
        Stop::Race => race::SPEC,
        Stop::InsertFirst => insert_first::SPEC,
        Stop::Natural => natural::SPEC,
        Stop::AskNatural => ask_natural::SPEC,
        Stop::Boundary => boundary::SPEC,
        Stop::Cursor => cursor::SPEC,
        Stop::CursorResume => cursor_resume::SPEC,
        Stop::AckFirst => ack_first::SPEC,
        Stop::AskAtLeastOnce => ask_at_least_once::SPEC,
    }
}

impl Stop {
    /// The stop, described.
    pub fn spec(self) -> &'static StopSpec {
        &SPECS[self as usize]
    }

    pub fn offers(self) -> &'static [Offer] {
        self.spec().offers
    }

    /// `choice` as this stop offers it, if it does.
    pub fn offer(self, choice: Choice) -> Option<Offer> {
        self.offers().iter().copied().find(|o| o.choice == choice)
    }

    /// The offer that shows `answer` (what a run showed), if one does.
    pub fn offering(self, answer: Answer) -> Option<Offer> {
        self.offers().iter().copied().find(|o| o.shows == answer)
    }

    /// The lesson's answer, as the stop's button shows it.
    pub fn lesson_answer(self) -> Answer {
        let right = self.spec().right;
        self.offer(right).map_or(Answer::Choice(right), |o| o.shows)
    }

    pub fn is_question(self) -> bool {
        self.spec().kind == Kind::Question
    }

    /// The demonstration this stop steps through, if it steps one.
    pub fn stepped(self) -> Option<Stepped> {
        match self.spec().kind {
            Kind::Stepped(d) => Some(d),
            _ => None,
        }
    }

    pub fn panels(self) -> &'static [Panel] {
        self.spec().panels
    }
}

//! The names on the guided path: every stop in the lesson's order and every choice it offers,
//! each with the stable, readable id that saved progress, the buttons and xAPI statements carry.
//! What each stop is and does is its own file under `stops/`.

named_enum! {
    /// One stop of the guided path, in the lesson's order. `step_*` are run in the lab with a
    /// prediction first (`step_no_jitter` compares two logs, `step_boundary` opens the
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
        // When an attempt comes: the backoff and dead-letter stops.
        CountsInitialDelivery = "counts-initial-delivery",
        OnlyItsOwnWait = "only-its-own-wait",
        WaitsAddUp = "waits-add-up",
        NextWait = "next-wait",
        SeventhIntento = "a-seventh-intento",
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

    /// Its place on the path, counted from 1, as the card says it («paso 3 de 23»).
    pub fn number(self) -> usize {
        self as usize + 1
    }
}

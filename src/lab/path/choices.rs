//! Every choice the path offers, named by the belief it stands for, with the stable, readable
//! id that saved progress, the buttons and xAPI statements carry.
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

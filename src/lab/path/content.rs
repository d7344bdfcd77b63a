//! The lesson's content on the guided path: its stops in the lesson's order, each described
//! once and exhaustively (what it offers to choose, the lesson's answer, the panels it is
//! about, whether it asks, runs or steps a demonstration), and every choice named by the
//! belief it stands for, with a stable id that saved progress and xAPI statements carry.
pub use super::choices::Choice;
use super::scenes::Stepped;
use crate::lab::panels::Panel;

named_enum! {
    /// One stop of the guided path, in the lesson's order. `step_*` are run in the lab with a
    /// prediction first (`step_no_jitter` compares two logs, `step_boundary` opens the
    /// workbench after the answer); `ask_*` are the lesson's questions. The names are checkpoint ids, the stop's part of its xAPI activity id, and
    /// what saved progress records: never a position.
    pub enum Stop {
        Backoff = "step_backoff",
        NoImmediateRetry = "step_no_immediate_retry",
        NoJitter = "step_no_jitter",
        JitterHerd = "step_jitter_herd",
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

/// What a choice's button shows, and what a run can show: a moment in seconds after
/// publication, rows in `passes` for the idempotent and the naive consumer, a count, a share
/// in tenths of a percent, or the choice's own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Secs(u64),
    Rows(u64, u64),
    Count(u64),
    Permille(u32),
    Choice(Choice),
}

/// A choice as a stop offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub choice: Choice,
    pub shows: Answer,
}

/// How a stop gets its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A lesson question: answered at once, no run.
    Question,
    /// Its scene is run in the lab (published, played, compared or polled).
    Run,
    /// A demonstration stepped one operation at a time.
    Stepped(Stepped),
}

/// Everything the path knows of one stop (its texts are keyed by the stop itself).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StopSpec {
    /// In the order the buttons show them; the right ones sit at different places.
    pub offers: &'static [Offer],
    /// The lesson's answer. A run stop's scene is fixed, so what it shows is known in advance;
    /// the path still reads it from the run, and the tests check that the two agree.
    pub right: Choice,
    /// The panels that matter here (the others are dimmed); none dims nothing.
    pub panels: &'static [Panel],
    pub kind: Kind,
}

/// The failure probability the failure-rate stop asks the learner to set.
pub const FAILURE_RATE_P: f64 = 0.5;

use Answer::{Choice as Words, Count, Permille, Rows, Secs};
use Choice::*;

/// A choice shown in its own words.
const fn w(choice: Choice) -> Offer {
    Offer {
        choice,
        shows: Words(choice),
    }
}

/// A choice shown as `shows`.
const fn at(choice: Choice, shows: Answer) -> Offer {
    Offer { choice, shows }
}

/// The dead-letter shares offered at the failure-rate stop, in tenths of a percent: none
/// (retries always get through), the truth (every one of the seven deliveries fails: 0.5^7),
/// one failure fewer (the initial delivery not counted), and the failure probability itself.
pub const SHARES: [Offer; 4] = [
    at(RetriesAlwaysGetThrough, Permille(0)),
    at(AllSevenFail, Permille(8)),
    at(ForgetsInitialDelivery, Permille(16)),
    at(EventFailsLikeOneDelivery, Permille(500)),
];

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

/// One stop, described: exhaustive, so a new stop is described or does not compile.
const fn describe(stop: Stop) -> StopSpec {
    {
        use Panel::*;
        let (offers, right, panels, kind): (&'static [Offer], _, &'static [Panel], _) = match stop {
            Stop::Backoff => (
                const {
                    &[
                        at(CountsInitialDelivery, Secs(90)),
                        at(OnlyItsOwnWait, Secs(120)),
                        at(WaitsAddUp, Secs(210)),
                        at(NextWait, Secs(240)),
                    ]
                },
                WaitsAddUp,
                &[Timeline],
                Kind::Run,
            ),
            // The comparison is drawn in the card itself.
            Stop::NoImmediateRetry => (
                const { &[w(ImmediateFirst), w(BothSameTime), w(ScheduleFirst)] },
                ScheduleFirst,
                &[],
                Kind::Run,
            ),
            Stop::NoJitter => (
                const {
                    &[
                        w(VisibleInBoth),
                        w(OnlyOnTheSchedule),
                        w(JitterRevealsIt),
                        w(TooSmallToSee),
                    ]
                },
                OnlyOnTheSchedule,
                // The two logs are drawn in the card itself.
                &[],
                Kind::Question,
            ),
            // The comparison is drawn in the card itself.
            Stop::JitterHerd => (
                const {
                    &[
                        w(FixedTableInOrder),
                        w(JitterSpreadsRetries),
                        w(SameRetriesSameResult),
                    ]
                },
                JitterSpreadsRetries,
                &[],
                Kind::Run,
            ),
            Stop::DeadLetter => (
                const {
                    &[
                        at(CountsInitialDelivery, Secs(930)),
                        at(OnlyItsOwnWait, Secs(960)),
                        at(WaitsAddUp, Secs(1890)),
                        at(SeventhIntento, Secs(1920)),
                    ]
                },
                WaitsAddUp,
                &[Timeline, Events, Dlq],
                Kind::Run,
            ),
            Stop::FailureRate => (&SHARES, AllSevenFail, &[Figures], Kind::Run),
            Stop::DoubleV4 => (
                const {
                    &[
                        at(NaiveDeduplicates, Rows(1, 1)),
                        at(V4CatchesRepublication, Rows(1, 2)),
                        at(V4MissesRepublication, Rows(2, 2)),
                    ]
                },
                V4MissesRepublication,
                &[Consumers, Duplicates],
                Kind::Run,
            ),
            Stop::DoubleV5 => (
                const {
                    &[
                        at(NaiveDeduplicates, Rows(1, 1)),
                        at(V5CatchesRepublication, Rows(1, 2)),
                        at(V5MissesRepublication, Rows(2, 2)),
                    ]
                },
                V5CatchesRepublication,
                &[Consumers, Duplicates],
                Kind::Run,
            ),
            Stop::Crash => (
                const { &[w(DeadLettered), w(Redelivered), w(DeliveredOnce)] },
                Redelivered,
                &[Timeline, Consumers],
                Kind::Run,
            ),
            Stop::AskRedelivery => (
                const {
                    &[
                        w(DropsIt),
                        w(Redelivers),
                        w(WaitsForInstance),
                        w(DeadLettersAtOnce),
                    ]
                },
                Redelivers,
                &[Timeline, Consumers],
                Kind::Question,
            ),
            Stop::AckLost => (
                const {
                    &[
                        at(DeliveredOnce, Rows(1, 1)),
                        at(IdempotentDiscardsRedelivery, Rows(1, 2)),
                        at(IdempotentAppliesAgain, Rows(2, 2)),
                    ]
                },
                IdempotentDiscardsRedelivery,
                &[Timeline, Consumers],
                Kind::Run,
            ),
            Stop::Rebalance => (
                const {
                    &[
                        w(OtherApplies),
                        w(OffsetSkipped),
                        w(OtherDiscards),
                        w(KafkaExactlyOnce),
                    ]
                },
                OtherDiscards,
                &[Timeline, Consumers],
                Kind::Run,
            ),
            // The two runs, exactly-once off and on, are drawn in the card itself.
            Stop::ExactlyOnce => (
                const { &[w(NothingRepeats), w(DatabaseRepeats), w(OnlyTopicRepeats)] },
                DatabaseRepeats,
                &[],
                Kind::Run,
            ),
            Stop::VisibilityTimeout => (
                const {
                    &[
                        w(OtherInstanceGetsIt),
                        w(SqsDropsIt),
                        w(SameInstanceKeepsIt),
                    ]
                },
                OtherInstanceGetsIt,
                &[Timeline, Consumers],
                Kind::Run,
            ),
            Stop::Transaction => (
                const { &[w(EffectLost), w(EffectTwice), w(EffectOnce)] },
                EffectLost,
                &[Demos],
                Kind::Stepped(Stepped::Tx),
            ),
            Stop::AskSameTransaction => (
                const { &[w(LessSql), w(InParallel), w(SqlStandard), w(AllOrNothing)] },
                AllOrNothing,
                &[Demos],
                Kind::Question,
            ),
            Stop::Race => (
                const {
                    &[
                        at(CheckStopsBoth, Count(0)),
                        at(AppCheckIsEnough, Count(1)),
                        at(BothInstancesApply, Count(2)),
                    ]
                },
                BothInstancesApply,
                &[Demos],
                Kind::Stepped(Stepped::Race),
            ),
            Stop::InsertFirst => (
                const {
                    &[
                        at(ViolationUndoesBoth, Count(0)),
                        at(OneInstanceWins, Count(1)),
                        at(ConstraintLetsBothApply, Count(2)),
                    ]
                },
                OneInstanceWins,
                &[Demos],
                Kind::Stepped(Stepped::Race),
            ),
            Stop::Natural => (
                const { &[w(BothEffectsChange), w(NeitherChanges), w(OnlyCounter)] },
                OnlyCounter,
                &[Timeline, Consumers],
                Kind::Run,
            ),
            Stop::AskNatural => (
                const { &[w(AppendLine), w(AddToBalance), w(SetStatus), w(SendEmail)] },
                SetStatus,
                &[Timeline, Consumers],
                Kind::Question,
            ),
            // Answered at once; the workbench then shows it, every order of the steps tried.
            Stop::Boundary => (
                const {
                    &[
                        w(DedupTableCoversEmail),
                        w(ProtectAtProvider),
                        w(FewerRetries),
                        w(InstanceMemory),
                    ]
                },
                ProtectAtProvider,
                // The workbench is far down the page: its own action opens it and brings it up.
                &[],
                Kind::Question,
            ),
            Stop::Cursor => (
                const {
                    &[
                        w(IdempotentRepeats),
                        w(NaiveRepeats),
                        w(BothRepeat),
                        w(NeitherRepeats),
                    ]
                },
                NaiveRepeats,
                &[Polling],
                Kind::Run,
            ),
            Stop::CursorResume => (
                const { &[w(ResumeFromSaved), w(ReadsFromStart), w(HubResends)] },
                ResumeFromSaved,
                &[Polling],
                Kind::Run,
            ),
            Stop::AckFirst => (
                const {
                    &[
                        w(AckFirstRereads),
                        w(AckFirstLosesIt),
                        w(HubNoticesTheCrash),
                        w(LostGoesToDeadLetter),
                    ]
                },
                AckFirstLosesIt,
                &[Polling],
                Kind::Run,
            ),
            Stop::AskAtLeastOnce => (
                const { &[w(TooSlow), w(AckUnknown), w(V4Collide), w(NoCursor)] },
                AckUnknown,
                &[],
                Kind::Question,
            ),
        };
        StopSpec {
            offers,
            right,
            panels,
            kind,
        }
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
        self.offer(right).map_or(Words(right), |o| o.shows)
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

named_enum! {
    /// What the page shows that would answer a stop's question before the learner predicts:
    /// while veiled, its place shows «?».
    pub enum Veil {
        /// The cumulative wait up to intento 3 and after it (the backoff stop's answer: the
        /// rows after it give it away by a subtraction).
        ThirdCumulative = "third_cumulative",
        /// When an event moves to the dead-letter queue: the schedule's last cumulative and
        /// the bar's end (the dead-letter stop's answer).
        DeadLetterTotal = "dead_letter_total",
        /// Whether two publications of one pass get the same derived (v5) id (the v5 stop's).
        DerivedIds = "derived_ids",
        /// Why setting a status is idempotent by nature (the natural-idempotency question's).
        NaturalNote = "natural_note",
        /// The dead-letter share the figures observe (the failure-rate stop's answer).
        DeadLetterShare = "dead_letter_share",
    }
}

impl Veil {
    /// The stop whose answer it is.
    pub fn answers(self) -> Stop {
        match self {
            Veil::ThirdCumulative => Stop::Backoff,
            Veil::DeadLetterTotal => Stop::DeadLetter,
            Veil::DerivedIds => Stop::DoubleV5,
            Veil::NaturalNote => Stop::AskNatural,
            Veil::DeadLetterShare => Stop::FailureRate,
        }
    }
}

//! The guided path through the lesson: its stops in the lesson's order, the scene each one
//! sets, the learner's prediction, what the run then showed, and which stops are passed.
//! What happened is always read from the simulation, never assumed from the buttons pressed.
use std::collections::BTreeSet;

pub use super::checkpoints::Stop;
use super::clock::ClockAction;
use super::panels::Panel;
use super::polling::PollAction;
use super::run::RunAction;
use super::stepper::StepperAction;
use super::{Action, Lab, Part, Reply};
use crate::sim::demos::{RaceGuard, TxBoundary};
use crate::sim::outcome::RootCause;
use crate::sim::polling::CursorPolicy;
use crate::sim::recovery::{self, Retries};
use crate::sim::{Config, DedupOn, EventState, Fault};

named_enum! {
    /// The worded choices of the stops, each named by what it says: a stop's right answer and
    /// its words are keyed by these, never by their place in a list.
    pub enum Choice {
        DeadLettered = "dead_lettered",
        Redelivered = "redelivered",
        DeliveredOnce = "delivered_once",
        DropsIt = "drops_it",
        Redelivers = "redelivers",
        WaitsForInstance = "waits_for_instance",
        DeadLettersAtOnce = "dead_letters_at_once",
        EffectLost = "effect_lost",
        EffectTwice = "effect_twice",
        EffectOnce = "effect_once",
        LessSql = "less_sql",
        InParallel = "in_parallel",
        SqlStandard = "sql_standard",
        AllOrNothing = "all_or_nothing",
        AppendLine = "append_line",
        AddToBalance = "add_to_balance",
        SetStatus = "set_status",
        SendEmail = "send_email",
        IdempotentRepeats = "idempotent_repeats",
        NaiveRepeats = "naive_repeats",
        BothRepeat = "both_repeat",
        NeitherRepeats = "neither_repeats",
        TooSlow = "too_slow",
        AckUnknown = "ack_unknown",
        V4Collide = "v4_collide",
        NoCursor = "no_cursor",
        ImmediateFirst = "immediate_first",
        ScheduleFirst = "schedule_first",
        BothSameTime = "both_same_time",
        JitterNoise = "jitter_noise",
        RealDelay = "real_delay",
        ClockRounding = "clock_rounding",
        OtherApplies = "other_applies",
        OtherDiscards = "other_discards",
        OffsetSkipped = "offset_skipped",
        SqsDropsIt = "sqs_drops_it",
        OtherInstanceGetsIt = "other_instance_gets_it",
        SameInstanceKeepsIt = "same_instance_keeps_it",
        OnlyCounter = "only_counter",
        BothEffectsChange = "both_effects_change",
        NeitherChanges = "neither_changes",
        ResumeFromSaved = "resume_from_saved",
        ReadsFromStart = "reads_from_start",
        HubResends = "hub_resends",
    }
}

/// A possible answer: a moment in seconds after publication, rows in `passes` for the
/// idempotent and the naive consumer, a count, a share in tenths of a percent, or a worded
/// choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Secs(u64),
    Rows(u64, u64),
    Count(u64),
    Permille(u32),
    Choice(Choice),
}

// `W(c)`: the worded answer `c`.
use Answer::{Choice as W, Count, Permille, Rows, Secs};
use Choice::*;

const ROWS: [Answer; 3] = [Rows(1, 1), Rows(1, 2), Rows(2, 2)];
/// The failure probability the failure-rate stop asks the learner to set.
pub const FAILURE_RATE_P: f64 = 0.5;
/// The dead-letter shares offered there, in tenths of a percent: none (retries always get
/// through), the truth (every one of the seven deliveries fails: 0.5^7), one failure fewer
/// (the initial delivery not counted), and the failure probability itself.
const SHARES: [Answer; 4] = [Permille(0), Permille(8), Permille(16), Permille(500)];

named_enum! {
    /// The action a stop's own button takes, by what the scene is waiting for.
    pub enum Act {
        Publish = "publish",
        PublishTwice = "publish_twice",
        CrashAndPublish = "crash_and_publish",
        LoseAckAndPublish = "lose_ack_and_publish",
        RebalanceAndPublish = "rebalance_and_publish",
        ExpireAndPublish = "expire_and_publish",
        Compare = "compare",
        Restart = "restart",
        FixAndReplay = "fix_and_replay",
        NextStep = "next_step",
        LoseCursor = "lose_cursor",
        Poll = "poll",
    }
}

/// A demonstration the path steps through one operation at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// Two instances racing on one delivery (`Lab::race`).
    Race,
    /// Where the transaction's boundary goes (`Lab::tx`).
    Tx,
}

impl Stepped {
    /// Operations shown so far, and of how many.
    pub fn progress(self, lab: &Lab) -> (usize, usize) {
        let (shown, total) = match self {
            Stepped::Race => (lab.race.shown, lab.race.steps.len()),
            Stepped::Tx => (lab.tx.shown, lab.tx.steps.len()),
        };
        (shown.min(total), total)
    }

    fn finished(self, lab: &Lab) -> bool {
        let (shown, total) = self.progress(lab);
        shown >= total
    }

    fn next(self) -> Action {
        match self {
            Stepped::Race => Action::Race(StepperAction::Next),
            Stepped::Tx => Action::Tx(StepperAction::Next),
        }
    }
}

/// What each stop asks and shows (the enum itself is with the other checkpoints, at the
/// boundary with the host).
impl Stop {
    /// The demonstration this stop steps through, if it steps one.
    pub fn stepped(self) -> Option<Stepped> {
        match self {
            Stop::Transaction => Some(Stepped::Tx),
            Stop::Race | Stop::InsertFirst => Some(Stepped::Race),
            _ => None,
        }
    }

    /// A lesson question: answered at once, no run needed.
    pub fn is_question(self) -> bool {
        matches!(
            self,
            Stop::NoJitter
                | Stop::AskRedelivery
                | Stop::AskSameTransaction
                | Stop::AskNatural
                | Stop::AskAtLeastOnce
        )
    }

    pub fn choices(self) -> &'static [Answer] {
        match self {
            Stop::Backoff => &[Secs(90), Secs(120), Secs(210), Secs(240)],
            // The right answers sit at different places from stop to stop.
            Stop::NoImmediateRetry => &[W(ImmediateFirst), W(BothSameTime), W(ScheduleFirst)],
            Stop::NoJitter => &[W(RealDelay), W(JitterNoise), W(ClockRounding)],
            Stop::FailureRate => &SHARES,
            Stop::AckLost => &ROWS,
            Stop::Rebalance => &[W(OtherApplies), W(OffsetSkipped), W(OtherDiscards)],
            Stop::VisibilityTimeout => &[
                W(OtherInstanceGetsIt),
                W(SqsDropsIt),
                W(SameInstanceKeepsIt),
            ],
            Stop::InsertFirst => &[Count(0), Count(1), Count(2)],
            Stop::Natural => &[W(BothEffectsChange), W(NeitherChanges), W(OnlyCounter)],
            Stop::CursorResume => &[W(ResumeFromSaved), W(ReadsFromStart), W(HubResends)],
            Stop::DeadLetter => &[Secs(930), Secs(960), Secs(1890), Secs(1920)],
            Stop::DoubleV4 | Stop::DoubleV5 => &ROWS,
            Stop::Crash => &[W(DeadLettered), W(Redelivered), W(DeliveredOnce)],
            Stop::AskRedelivery => &[
                W(DropsIt),
                W(Redelivers),
                W(WaitsForInstance),
                W(DeadLettersAtOnce),
            ],
            Stop::Transaction => &[W(EffectLost), W(EffectTwice), W(EffectOnce)],
            Stop::AskSameTransaction => {
                &[W(LessSql), W(InParallel), W(SqlStandard), W(AllOrNothing)]
            }
            Stop::Race => &[Count(0), Count(1), Count(2)],
            Stop::AskNatural => &[W(AppendLine), W(AddToBalance), W(SetStatus), W(SendEmail)],
            Stop::Cursor => &[
                W(IdempotentRepeats),
                W(NaiveRepeats),
                W(BothRepeat),
                W(NeitherRepeats),
            ],
            Stop::AskAtLeastOnce => &[W(TooSlow), W(AckUnknown), W(V4Collide), W(NoCursor)],
        }
    }

    /// The panels that matter at this stop (the others are dimmed); none dims nothing.
    pub fn panels(self) -> &'static [Panel] {
        use Panel::*;
        match self {
            Stop::Backoff | Stop::NoJitter => &[Timeline],
            // The comparison is drawn in the card itself.
            Stop::NoImmediateRetry => &[],
            Stop::DeadLetter => &[Timeline, Events, Dlq],
            Stop::FailureRate => &[Figures],
            Stop::DoubleV4 | Stop::DoubleV5 => &[Consumers, Duplicates],
            Stop::Crash
            | Stop::AskRedelivery
            | Stop::AckLost
            | Stop::Rebalance
            | Stop::VisibilityTimeout
            | Stop::Natural
            | Stop::AskNatural => &[Timeline, Consumers],
            Stop::Transaction | Stop::AskSameTransaction | Stop::Race | Stop::InsertFirst => {
                &[Demos]
            }
            Stop::Cursor | Stop::CursorResume => &[Polling],
            Stop::AskAtLeastOnce => &[],
        }
    }

    /// What the lesson says this stop shows or answers. A run stop's scene is fixed, so its
    /// outcome is known in advance; the path still reads it from the run, and the tests check
    /// that the two agree.
    pub fn lesson_answer(self) -> Answer {
        match self {
            Stop::Backoff => Secs(210),
            Stop::NoImmediateRetry => W(ScheduleFirst),
            Stop::DeadLetter => Secs(1890),
            Stop::FailureRate => Permille(8),
            Stop::AckLost => Rows(1, 2),
            Stop::Rebalance => W(OtherDiscards),
            Stop::VisibilityTimeout => W(OtherInstanceGetsIt),
            Stop::InsertFirst => Count(1),
            Stop::Natural => W(OnlyCounter),
            Stop::CursorResume => W(ResumeFromSaved),
            Stop::DoubleV4 => Rows(2, 2),
            Stop::DoubleV5 => Rows(1, 2),
            Stop::Crash => W(Redelivered),
            Stop::Transaction => W(EffectLost),
            Stop::Race => Count(2),
            Stop::Cursor => W(NaiveRepeats),
            question => question.correct().unwrap_or(Count(0)),
        }
    }

    /// The right answer of a lesson question.
    fn correct(self) -> Option<Answer> {
        match self {
            Stop::NoJitter => Some(W(RealDelay)),
            Stop::AskRedelivery => Some(W(Redelivers)),
            Stop::AskSameTransaction => Some(W(AllOrNothing)),
            Stop::AskNatural => Some(W(SetStatus)),
            Stop::AskAtLeastOnce => Some(W(AckUnknown)),
            _ => None,
        }
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
    fn answers(self) -> Stop {
        match self {
            Veil::ThirdCumulative => Stop::Backoff,
            Veil::DeadLetterTotal => Stop::DeadLetter,
            Veil::DerivedIds => Stop::DoubleV5,
            Veil::NaturalNote => Stop::AskNatural,
            Veil::DeadLetterShare => Stop::FailureRate,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathAction {
    /// Go to the k-th stop (back, next, or resume) and set its scene.
    Go(u8),
    /// The learner's prediction or answer: the k-th choice of the current stop.
    Predict(u8),
    /// The current stop's own action (see [`Path::act`]).
    Do,
    /// Leave the path for free exploration; nothing is locked or reset.
    Explore,
    /// The no-immediate-retry comparison was run.
    Compared,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    /// On the path (true) or exploring freely.
    pub guided: bool,
    /// Index of the current stop in [`Stop::ALL`].
    pub at: usize,
    /// The learner's choice at the current stop.
    pub said: Option<u8>,
    /// What the run showed at the current stop, once it did.
    pub saw: Option<Answer>,
    /// Stops passed (predicted and seen through), kept across visits.
    pub passed: BTreeSet<Stop>,
    /// Stops whose prediction or answer was right.
    pub right: BTreeSet<Stop>,
    /// The no-immediate-retry stop's comparison was run (it is computed, not played).
    pub compared: bool,
}

impl Path {
    pub fn stop(&self) -> Stop {
        Stop::ALL[self.at.min(Stop::COUNT - 1)]
    }

    /// The prediction and what happened, once both are known.
    pub fn result(&self) -> Option<(Answer, Answer)> {
        let said = *self.stop().choices().get(usize::from(self.said?))?;
        Some((said, self.saw?))
    }

    pub fn finished(&self) -> bool {
        self.passed.len() == Stop::COUNT
    }

    /// Whether `v` is veiled: on the path, until the stop it answers is predicted (at that stop)
    /// or passed; a later stop's answer stays veiled at the stops before it. Free exploration
    /// shows everything.
    pub fn veils(&self, v: Veil) -> bool {
        let (here, answers) = (self.stop(), v.answers());
        self.guided
            && !self.passed.contains(&answers)
            && (here < answers || (here == answers && self.said.is_none()))
    }
}

/// The actions that set the scene of `stop`: settings, outage, demonstration variant,
/// polling log.
fn scene(stop: Stop) -> Vec<Action> {
    let quiet = Config {
        failure_probability: 0.0,
        ack_lost_share: 0.0,
        ..Config::default()
    };
    match stop {
        Stop::Backoff => vec![Action::Restart(Config {
            failure_probability: 1.0,
            ..quiet
        })],
        // The learner sets the probability there.
        Stop::FailureRate => vec![Action::Restart(quiet)],
        Stop::DeadLetter => vec![
            Action::Restart(quiet),
            Action::Run(RunAction::SetCause(RootCause::Down)),
            Action::Run(RunAction::SetOutage(true)),
            // The 960 s wait takes 16 s instead of 32.
            Action::Clock(ClockAction::SetSpeed(60)),
        ],
        Stop::DoubleV4
        | Stop::DoubleV5
        | Stop::Crash
        | Stop::AckLost
        | Stop::Rebalance
        | Stop::VisibilityTimeout
        | Stop::Natural => vec![Action::Restart(Config {
            dedup_on: if stop == Stop::DoubleV4 {
                DedupOn::Producer
            } else {
                DedupOn::Derived
            },
            ..quiet
        })],
        Stop::Transaction => vec![Action::Tx(StepperAction::Choose(TxBoundary::MarkFirst))],
        Stop::Race | Stop::InsertFirst => {
            vec![Action::Race(StepperAction::Choose(race_guard(stop)))]
        }
        // Three events read and the cursor saved after them.
        Stop::Cursor => {
            let mut v = vec![Action::Poll(PollAction::Policy(CursorPolicy::AfterCommit))];
            v.extend((0..3).map(|_| Action::Poll(PollAction::Append)));
            v.push(Action::Poll(PollAction::Poll { crash: false }));
            v
        }
        // The same, and two more events wait in the log.
        Stop::CursorResume => {
            let mut v = scene(Stop::Cursor);
            v.extend((0..2).map(|_| Action::Poll(PollAction::Append)));
            v
        }
        // The comparison is computed; the jitter question reads the schedule already shown.
        Stop::NoImmediateRetry
        | Stop::NoJitter
        | Stop::AskRedelivery
        | Stop::AskSameTransaction
        | Stop::AskNatural
        | Stop::AskAtLeastOnce => Vec::new(),
    }
}

/// The guard a race stop runs: the application-level check, then the lesson's insert first.
fn race_guard(stop: Stop) -> RaceGuard {
    if stop == Stop::InsertFirst {
        RaceGuard::UniqueConstraint
    } else {
        RaceGuard::CheckThenInsert
    }
}

/// The offered share nearest to `rate` on a log scale (the figures observe a rate with
/// sampling noise; the offered shares are a factor of two or more apart).
fn nearest_share(rate: f64) -> Answer {
    let log = |r: f64| (r + 1e-4).log10();
    let off = |a: &Answer| match a {
        Permille(m) => (log(f64::from(*m) / 1000.0) - log(rate)).abs(),
        _ => f64::INFINITY,
    };
    SHARES
        .iter()
        .copied()
        .min_by(|a, b| off(a).total_cmp(&off(b)))
        .unwrap_or(Permille(0))
}

/// What the run has shown at `stop`, if it has shown it yet.
fn observe(lab: &Lab, stop: Stop, said: Option<u8>) -> Option<Answer> {
    let sim = &lab.run.sim;
    let first = sim.events().first();
    // Seconds from the first event's publication (its initial delivery) to `t_ms`.
    let since =
        |t_ms: u64| Secs(t_ms.saturating_sub(first.map_or(0, |e| e.series_started_ms)) / 1000);
    match stop {
        Stop::Backoff => first?
            .attempts
            .iter()
            .find(|a| a.series == 0 && a.attempt == 3)
            .map(|a| since(a.t_ms)),
        Stop::DeadLetter => match first?.state {
            EventState::DeadLettered { at_ms, .. } if first?.series == 0 => Some(since(at_ms)),
            _ => None,
        },
        Stop::DoubleV4 | Stop::DoubleV5 => {
            let (a, b) = lab.run.last_double?;
            let delivered = |i| sim.event(i).is_some_and(|e| e.state.delivered());
            (delivered(a) && delivered(b)).then(|| {
                Rows(
                    sim.idempotent().effects.pass_rows,
                    sim.naive().effects.pass_rows,
                )
            })
        }
        Stop::Crash => match first?.state {
            EventState::DeadLettered { .. } => Some(W(DeadLettered)),
            EventState::Delivered { .. } if first?.attempts.len() > 1 => Some(W(Redelivered)),
            EventState::Delivered { .. } => Some(W(DeliveredOnce)),
            _ => None,
        },
        Stop::Transaction => {
            let tx = &lab.tx;
            let effects = tx.steps.last()?.effects_after;
            (tx.variant == TxBoundary::MarkFirst && tx.finished()).then_some(match effects {
                0 => W(EffectLost),
                1 => W(EffectOnce),
                _ => W(EffectTwice),
            })
        }
        // The effects committed once the stop's own race has run to its end.
        Stop::Race | Stop::InsertFirst => {
            let race = &lab.race;
            let effects = race.steps.last()?.effects_after;
            (race.variant == race_guard(stop) && race.finished())
                .then_some(Count(u64::from(effects)))
        }
        Stop::NoImmediateRetry => lab.path.compared.then(|| {
            let [now, scheduled] =
                [Retries::Immediate, Retries::Schedule].map(|r| recovery::run(r, &lab.cfg));
            // Never caught up counts as later than any second.
            let when = |r: &recovery::Recovery| r.caught_up_s.unwrap_or(u64::MAX);
            match when(&now).cmp(&when(&scheduled)) {
                std::cmp::Ordering::Less => W(ImmediateFirst),
                std::cmp::Ordering::Greater => W(ScheduleFirst),
                std::cmp::Ordering::Equal => W(BothSameTime),
            }
        }),
        Stop::FailureRate => {
            said?;
            let f = lab.figures.as_ref()?;
            let set = (lab.cfg.failure_probability - FAILURE_RATE_P).abs() < 1e-9;
            (set && f.config == lab.cfg).then(|| nearest_share(f.current.dead_letter_rate()))
        }
        Stop::AckLost => first?.state.delivered().then(|| {
            Rows(
                sim.idempotent().effects.pass_rows,
                sim.naive().effects.pass_rows,
            )
        }),
        Stop::Rebalance | Stop::VisibilityTimeout => {
            let ev = first?;
            if !ev.state.delivered() {
                return None;
            }
            let retried = ev.attempts.len() > 1;
            let moved = retried && ev.attempts[1].instance != ev.attempts[0].instance;
            Some(match (stop, retried, moved) {
                (Stop::Rebalance, false, _) => W(OffsetSkipped),
                (Stop::Rebalance, true, _) if sim.idempotent().discarded > 0 => W(OtherDiscards),
                (Stop::Rebalance, true, _) => W(OtherApplies),
                (_, false, _) => W(SqsDropsIt),
                (_, true, true) => W(OtherInstanceGetsIt),
                (_, true, false) => W(SameInstanceKeepsIt),
            })
        }
        Stop::Natural => first?.state.delivered().then(|| {
            let e = &sim.naive().effects;
            match (e.counter > 1, e.status.len() > 1) {
                (true, false) => W(OnlyCounter),
                (true, true) => W(BothEffectsChange),
                (false, _) => W(NeitherChanges),
            }
        }),
        Stop::CursorResume => {
            let p = &lab.polling;
            let first_read = p.steps.get(p.restarted_at?)?;
            Some(if first_read.seq == 1 {
                W(ReadsFromStart)
            } else {
                W(ResumeFromSaved)
            })
        }
        Stop::Cursor => {
            let p = &lab.polling;
            let (idem, naive) = (
                p.idempotent.effects.applications,
                p.naive.effects.applications,
            );
            // Who repeated effects: whoever applied more than the other (neither if equal).
            (p.cursor_losses > 0 && p.idempotent.discarded > 0).then_some(match idem.cmp(&naive) {
                std::cmp::Ordering::Less => W(NaiveRepeats),
                std::cmp::Ordering::Greater => W(IdempotentRepeats),
                std::cmp::Ordering::Equal => W(NeitherRepeats),
            })
        }
        _ => said.and(stop.correct()),
    }
}

impl Path {
    /// The current stop's own action, once the learner has predicted: what its scene is
    /// waiting for next. None when there is nothing left to do but read.
    pub fn act(&self, lab: &Lab) -> Option<Act> {
        self.said?;
        let sim = &lab.run.sim;
        let fresh = sim.events().is_empty();
        match self.stop() {
            Stop::Backoff | Stop::DeadLetter if fresh => Some(Act::Publish),
            Stop::DeadLetter if self.saw.is_some() && sim.outage().is_some() => {
                Some(Act::FixAndReplay)
            }
            Stop::DoubleV4 | Stop::DoubleV5 if fresh => Some(Act::PublishTwice),
            Stop::Crash if fresh => Some(Act::CrashAndPublish),
            Stop::AckLost | Stop::Natural if fresh => Some(Act::LoseAckAndPublish),
            Stop::Rebalance if fresh => Some(Act::RebalanceAndPublish),
            Stop::VisibilityTimeout if fresh => Some(Act::ExpireAndPublish),
            Stop::NoImmediateRetry if !self.compared => Some(Act::Compare),
            stop if stop.stepped().is_some_and(|d| !d.finished(lab)) => Some(Act::NextStep),
            Stop::CursorResume if lab.polling.restarted_at.is_none() => Some(Act::Restart),
            Stop::CursorResume if self.saw.is_none() => Some(Act::Poll),
            Stop::Cursor if lab.polling.cursor_losses == 0 => Some(Act::LoseCursor),
            Stop::Cursor if self.saw.is_none() => Some(Act::Poll),
            _ => None,
        }
    }

    /// Whether the current stop is seen through: predicted, shown, and for the dead-letter
    /// stop also replayed and delivered once its cause was fixed.
    fn through(&self, lab: &Lab) -> bool {
        let replayed = || {
            let first = lab.run.sim.events().first();
            first.is_some_and(|e| e.series > 0 && e.state.delivered())
        };
        self.said.is_some() && self.saw.is_some() && (self.stop() != Stop::DeadLetter || replayed())
    }
}

impl Act {
    /// The actions this act takes at `stop`, with play pressed if the clock is not running.
    fn actions(self, stop: Stop, playing: bool) -> Vec<Action> {
        let run = Action::Run;
        let inject = |fault| vec![run(RunAction::Inject(fault)), run(RunAction::PublishOne)];
        let mut v = match self {
            Act::Publish => vec![run(RunAction::PublishOne)],
            Act::PublishTwice => vec![run(RunAction::PublishTwice)],
            Act::CrashAndPublish => inject(Fault::CrashAfterCommit),
            Act::LoseAckAndPublish => inject(Fault::AckLost),
            Act::RebalanceAndPublish => inject(Fault::Rebalance),
            Act::ExpireAndPublish => inject(Fault::VisibilityTimeout),
            Act::FixAndReplay => vec![run(RunAction::SetOutage(false)), run(RunAction::ReplayAll)],
            Act::NextStep => return stop.stepped().map(Stepped::next).into_iter().collect(),
            Act::Compare => return vec![Action::Path(PathAction::Compared)],
            Act::Restart => return vec![Action::Poll(PollAction::Restart)],
            Act::LoseCursor => return vec![Action::Poll(PollAction::LoseCursor)],
            Act::Poll => return vec![Action::Poll(PollAction::Poll { crash: false })],
        };
        if !playing {
            v.push(Action::Clock(ClockAction::TogglePlay));
        }
        v
    }
}

/// What the path must know of the rest of the lab: the stop's own action as the state now
/// stands ([`Path::act`]), and whether the clock runs.
pub struct Context {
    pub act: Option<Act>,
    pub playing: bool,
}

impl Part for Path {
    type Action = PathAction;
    type Context = Context;

    /// A stop's scene and its own action come back as the actions that carry them out.
    fn apply(&mut self, a: PathAction, ctx: Context) -> Reply {
        match a {
            PathAction::Go(k) => {
                self.guided = true;
                self.at = usize::from(k).min(Stop::COUNT - 1);
                self.said = None;
                self.saw = None;
                self.compared = false;
                Reply::Then(scene(self.stop()))
            }
            PathAction::Predict(k) => {
                if self.said.is_none() && usize::from(k) < self.stop().choices().len() {
                    self.said = Some(k);
                }
                Reply::Changed
            }
            PathAction::Do => Reply::Then(
                ctx.act
                    .map(|act| act.actions(self.stop(), ctx.playing))
                    .unwrap_or_default(),
            ),
            PathAction::Explore => {
                self.guided = false;
                Reply::Changed
            }
            PathAction::Compared => {
                self.compared = true;
                Reply::Changed
            }
        }
    }
}

/// Records what the run now shows at the current stop; returns the stop if this passed it.
pub fn update(lab: &mut Lab) -> Option<Stop> {
    let stop = lab.path.stop();
    if lab.path.saw.is_none() {
        lab.path.saw = observe(lab, stop, lab.path.said);
    }
    let through = lab.path.through(lab);
    let p = &mut lab.path;
    if !p.guided || p.passed.contains(&stop) || !through {
        return None;
    }
    if p.result().is_some_and(|(said, saw)| said == saw) {
        p.right.insert(stop);
    }
    p.passed.insert(stop);
    Some(stop)
}

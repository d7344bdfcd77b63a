//! What describes one stop ([`StopSpec`]): what it offers to choose and how each choice shows,
//! the lesson's answer, the panels it is about, how it gets its answer, what the card draws as
//! its evidence, and the functions that set its scene, read its run and pick its own action.
//! Each stop fills one in its own file under `stops/`.
use super::act::{Act, Stepped};
use super::stops::{Choice, Stop};
use crate::lab::panels::Panel;
use crate::lab::{Action, Lab};

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

/// A choice shown in its own words.
pub const fn w(choice: Choice) -> Offer {
    Offer {
        choice,
        shows: Answer::Choice(choice),
    }
}

/// A choice shown as `shows`.
pub const fn at(choice: Choice, shows: Answer) -> Offer {
    Offer { choice, shows }
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

/// What the card draws of the stop's run, beside its prediction, so the learner reads the
/// values its feedback names where they predicted (the page draws each kind once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// Nothing beyond the choices and the result.
    None,
    /// The first event's attempts: each one's second and outcome, then what comes next.
    Attempts,
    /// The attempts with the instance that received each, and what each consumer did.
    Redelivery,
    /// The attempts, and what a redelivery did to the naive consumer's two effects.
    TwoEffects,
    /// The two publications, their ids and each consumer's rows.
    Doubled,
    /// The polling log's reads so far.
    Reads,
    /// The stepped demonstration's operations so far.
    Operations,
    /// The failure-probability slider and the observed dead-letter rate.
    Rate,
    /// Two logs of one outage, on the fixed schedule and with jitter (shown once replayed).
    JitterLogs,
    /// A recovering consumer's attempts per second, retried at once and on the schedule.
    Recovery,
    /// Many deliveries' retries after one outage, on the exact table and with jitter.
    Herd,
    /// One crash after the database commit, with Kafka's exactly-once off and on.
    ExactlyOnce,
}

/// Where the current stop stands, as its functions read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Here {
    pub stop: Stop,
    /// The learner has predicted (or answered).
    pub predicted: bool,
    /// A computed comparison was run (the stops whose action is «compare»).
    pub compared: bool,
    /// The run has shown the stop's answer.
    pub shown: bool,
    /// The lesson's answer, as the stop's button shows it (a question's, once answered).
    pub lesson_answer: Answer,
}

/// Everything the path knows of one stop (its texts are keyed by the stop itself, in
/// `retry_lab_text`). Each stop's own file under `stops/` fills it in.
#[derive(Clone, Copy, Debug)]
pub struct StopSpec {
    /// In the order the buttons show them; the right ones sit at different places.
    pub offers: &'static [Offer],
    /// The lesson's answer. A run stop's scene is fixed, so what it shows is known in advance;
    /// the path still reads it from the run, and the tests check that the two agree.
    pub right: Choice,
    /// The panels that matter here (the others are dimmed); none dims nothing.
    pub panels: &'static [Panel],
    pub kind: Kind,
    pub evidence: Evidence,
    /// The actions that set its scene when the learner arrives: settings, outage,
    /// demonstration variant, polling log.
    pub scene: fn() -> Vec<Action>,
    /// What the run has shown, once it has shown the stop's answer (read from the state, never
    /// assumed from the buttons pressed).
    pub observe: fn(&Lab, Here) -> Option<Answer>,
    /// Its own action once the learner has predicted, as the state now stands; None when
    /// there is nothing left to do but read.
    pub next: fn(&Lab, Here) -> Option<Act>,
    /// Whether the stop, its answer shown, is seen through (most are at once).
    pub through: fn(&Lab) -> bool,
    /// What a learner does with the free controls to change the scene so that the run shows
    /// what none of the choices offers (before predicting, and after), where they can: how
    /// the tests and the class generator try a run that is not the lesson's.
    pub changed: Option<fn() -> SceneChange>,
}

/// A learner's change to a stop's scene with the free controls (see [`StopSpec::changed`]).
pub struct SceneChange {
    /// Done before predicting.
    pub before: Vec<Action>,
    /// Done after predicting, if anything.
    pub after: Option<Action>,
}

/// A scene with nothing to set.
pub fn no_scene() -> Vec<Action> {
    Vec::new()
}

/// Nothing to do but read.
pub fn no_act(_: &Lab, _: Here) -> Option<Act> {
    None
}

/// Seen through as soon as its answer is shown.
pub fn at_once(_: &Lab) -> bool {
    true
}

/// A question shows its answer once answered.
pub fn once_answered(_: &Lab, here: Here) -> Option<Answer> {
    here.predicted.then_some(here.lesson_answer)
}

/// A lesson question: answered at once, no run, nothing to set.
pub const fn question(
    offers: &'static [Offer],
    right: Choice,
    panels: &'static [Panel],
) -> StopSpec {
    StopSpec {
        offers,
        right,
        panels,
        kind: Kind::Question,
        evidence: Evidence::None,
        scene: no_scene,
        observe: once_answered,
        next: no_act,
        through: at_once,
        changed: None,
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

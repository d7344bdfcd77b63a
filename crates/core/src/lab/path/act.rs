//! The actions on the path: the learner's (`PathAction`) and a stop's own (the button the card
//! offers once the learner has predicted, `Act`) with the lab's actions that carry it out; the
//! stepped demonstrations and their progress; the quiet settings a run stop's scene starts from.
use super::stops::{Choice, Stop};
use crate::lab::clock::ClockAction;
use crate::lab::polling::PollAction;
use crate::lab::run::RunAction;
use crate::lab::settings::SettingsAction;
use crate::lab::stepper::StepperAction;
use crate::lab::{Action, Lab};
use crate::sim::config::Setting;
use crate::sim::demos::{DemoStep, RaceGuard};
use crate::sim::{Config, DedupOn, Fault};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathAction {
    /// Go to this stop (back, next, or resume) and set its scene.
    Go(Stop),
    /// The learner's prediction or answer at the current stop (another stop's choice is
    /// ignored).
    Predict(Choice),
    /// The current stop's own action (see [`Path::act`]).
    Do,
    /// Leave the path for free exploration; nothing is locked or reset.
    Explore,
    /// A computed comparison was run (two hubs, two logs, exactly-once off and on).
    Compared,
    /// Run the current stop's stepped demonstration to its end (offered once the learner has
    /// stepped through its first operations; see [`Stepped::offers_the_rest`]).
    ToTheEnd,
}

/// A demonstration the path steps through one operation at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// Two instances racing on one delivery (`Lab::race`).
    Race,
    /// Where the transaction's boundary goes (`Lab::tx`).
    Tx,
}

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
        CompareExactlyOnce = "compare_exactly_once",
        ReplayLogs = "replay_logs",
        Restart = "restart",
        FixAndReplay = "fix_and_replay",
        NextStep = "next_step",
        LoseCursor = "lose_cursor",
        Poll = "poll",
        PollAndCrash = "poll_and_crash",
        OpenWorkbench = "open_workbench",
    }
}

/// The lesson's schedule with nothing failing by chance: where a run stop's scene starts, so
/// that only what the stop injects happens (and a base the learner set before is undone).
pub fn quiet() -> Config {
    Config {
        failure_probability: 0.0,
        ack_lost_share: 0.0,
        ..Config::default()
    }
}

/// A quiet run whose idempotent consumer deduplicates on `dedup_on`: the redelivery stops'
/// scene (the consumer then discards what the hub repeats).
pub fn quiet_run(dedup_on: DedupOn) -> Vec<Action> {
    vec![Action::Restart(Config {
        dedup_on,
        ..quiet()
    })]
}

/// The race demonstration with `guard`, from its first operation.
pub fn race(guard: RaceGuard) -> Vec<Action> {
    vec![Action::Race(StepperAction::Choose(guard))]
}

/// A 10 s base for the schedule, as a learner types it: how the tests move a schedule stop's
/// run off every choice it offers.
pub fn ten_second_base() -> Action {
    Action::Settings(SettingsAction::Set(Setting::BaseSeconds, "10".into()))
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

    /// The operations shown so far, in order.
    pub fn visible(self, lab: &Lab) -> &[DemoStep] {
        match self {
            Stepped::Race => lab.race.visible(),
            Stepped::Tx => lab.tx.visible(),
        }
    }

    /// The operation shown last, if any: what the learner's last step did.
    pub fn last(self, lab: &Lab) -> Option<&DemoStep> {
        self.visible(lab).last()
    }

    pub fn finished(self, lab: &Lab) -> bool {
        let (shown, total) = self.progress(lab);
        shown >= total
    }

    fn next(self) -> Action {
        match self {
            Stepped::Race => Action::Race(StepperAction::Next),
            Stepped::Tx => Action::Tx(StepperAction::Next),
        }
    }

    /// The operations a learner steps through one by one before the rest is offered at once:
    /// enough to see how the two sides start, and no more taps on the same button after that.
    pub const STEPPED_FIRST: usize = 3;

    /// Whether the rest of the demonstration is offered at once: the first operations shown,
    /// and some left.
    pub fn offers_the_rest(self, lab: &Lab) -> bool {
        let (shown, total) = self.progress(lab);
        shown >= Self::STEPPED_FIRST && shown < total
    }

    /// The action that shows every operation left.
    pub fn to_end(self) -> Action {
        match self {
            Stepped::Race => Action::Race(StepperAction::ToEnd),
            Stepped::Tx => Action::Tx(StepperAction::ToEnd),
        }
    }
}

impl Act {
    /// The actions this act takes at a stop that steps `stepped` (if any), with play pressed
    /// if the clock is not running.
    pub fn actions(self, stepped: Option<Stepped>, playing: bool) -> Vec<Action> {
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
            Act::NextStep => return stepped.map(Stepped::next).into_iter().collect(),
            Act::Compare | Act::CompareExactlyOnce | Act::ReplayLogs => {
                return vec![Action::Path(PathAction::Compared)]
            }
            Act::Restart => return vec![Action::Poll(PollAction::Restart)],
            Act::LoseCursor => return vec![Action::Poll(PollAction::LoseCursor)],
            Act::Poll => return vec![Action::Poll(PollAction::Poll { crash: false })],
            Act::PollAndCrash => return vec![Action::Poll(PollAction::Poll { crash: true })],
            // The page opens the workbench (its own module): nothing for the lab to do.
            Act::OpenWorkbench => return Vec::new(),
        };
        if !playing {
            v.push(Action::Clock(ClockAction::TogglePlay));
        }
        v
    }
}

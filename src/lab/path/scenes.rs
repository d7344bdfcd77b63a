//! What each stop sets up and does: its scene (the settings, outage, demonstration variant or
//! polling log it opens on), the demonstration it steps through, and its own action once the
//! learner has predicted, as the lab's actions that carry them out.
use super::content::Stop;
use crate::lab::clock::ClockAction;
use crate::lab::polling::PollAction;
use crate::lab::run::RunAction;
use crate::lab::stepper::StepperAction;
use crate::lab::{Action, Lab};
use crate::sim::demos::{DemoStep, RaceGuard, TxBoundary};
use crate::sim::outcome::RootCause;
use crate::sim::polling::CursorPolicy;
use crate::sim::{Config, DedupOn, Fault};

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
        PollAndCrash = "poll_and_crash",
        OpenWorkbench = "open_workbench",
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
}

/// The actions that set the scene of `stop`: settings, outage, demonstration variant,
/// polling log.
pub fn scene(stop: Stop) -> Vec<Action> {
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
        // Three events wait; this consumer saves its cursor before it processes each one.
        Stop::AckFirst => {
            let mut v = vec![Action::Poll(PollAction::Policy(
                CursorPolicy::BeforeProcessing,
            ))];
            v.extend((0..3).map(|_| Action::Poll(PollAction::Append)));
            v
        }
        // The same, and two more events wait in the log.
        Stop::CursorResume => {
            let mut v = scene(Stop::Cursor);
            v.extend((0..2).map(|_| Action::Poll(PollAction::Append)));
            v
        }
        // Both comparisons are computed from the schedule: the lesson's, whatever the learner
        // set before (a 10 s base would plant the delay where it no longer shows).
        Stop::NoImmediateRetry | Stop::NoJitter | Stop::JitterHerd => {
            vec![Action::Restart(quiet)]
        }
        // Computed from its own model: nothing of the run to set.
        Stop::ExactlyOnce => Vec::new(),
        Stop::AskRedelivery
        | Stop::AskSameTransaction
        | Stop::AskNatural
        | Stop::Boundary
        | Stop::AskAtLeastOnce => Vec::new(),
    }
}

/// The guard a race stop runs: the application-level check, then the lesson's insert first.
pub fn race_guard(stop: Stop) -> RaceGuard {
    if stop == Stop::InsertFirst {
        RaceGuard::UniqueConstraint
    } else {
        RaceGuard::CheckThenInsert
    }
}

impl Act {
    /// The actions this act takes at `stop`, with play pressed if the clock is not running.
    pub fn actions(self, stop: Stop, playing: bool) -> Vec<Action> {
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
            Act::Compare => return vec![Action::Path(super::PathAction::Compared)],
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

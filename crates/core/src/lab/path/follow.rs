//! A learner who follows the card, in plain Rust: once they have predicted, they press the
//! stop's own action while it offers one, set the failure-rate stop's slider to its value, and
//! otherwise let the clock play, until the stop's result has come. What the native tests, the
//! class generator (`simulate learners`) and the record's round trip walk the path with.
use super::{Act, PathAction, Stop, Verdict, FAILURE_RATE_P};
use crate::lab::clock::ClockAction;
use crate::lab::settings::SettingsAction;
use crate::lab::{Action, Effects, Lab};
use crate::sim::config::Setting;

/// The most actions a stop takes before the follower gives up (the longest, the dead-letter
/// stop, takes about thirty at 3 600×).
const MAX_ACTIONS: usize = 400;

/// Applies `a`, handing its effects to `each` (what the page would carry out).
pub fn apply(lab: &mut Lab, a: Action, each: &mut dyn FnMut(&Lab, &Effects)) -> Effects {
    let fx = lab.apply(a);
    each(lab, &fx);
    fx
}

/// Goes to `stop`, predicts `choice` and follows the card to the result (see [`follow`]).
pub fn answer(
    lab: &mut Lab,
    stop: Stop,
    choice: super::Choice,
    each: &mut dyn FnMut(&Lab, &Effects),
) -> Option<Verdict> {
    apply(lab, Action::Path(PathAction::Go(stop)), each);
    apply(lab, Action::Path(PathAction::Predict(choice)), each);
    follow(lab, each)
}

/// Goes to `stop` and changes its scene with the free controls before predicting `choice`, so
/// that its run shows what none of its choices offers, then follows the card: a 10 s base
/// for the schedule's stops (intento 3 at 70 s, the dead-letter queue at 1 270 s), one more
/// publication before the double one (three deliveries of the pass). None for a stop whose
/// scene these do not change.
pub fn answer_changed(
    lab: &mut Lab,
    stop: Stop,
    choice: super::Choice,
    each: &mut dyn FnMut(&Lab, &Effects),
) -> Option<Verdict> {
    let change = stop.spec().changed?();
    apply(lab, Action::Path(PathAction::Go(stop)), each);
    for a in change.before {
        apply(lab, a, each);
    }
    apply(lab, Action::Path(PathAction::Predict(choice)), each);
    if let Some(a) = change.after {
        apply(lab, a, each);
    }
    follow(lab, each)
}

/// Whether [`answer_changed`] can change `stop`'s scene.
pub fn changeable(stop: Stop) -> bool {
    stop.spec().changed.is_some()
}

/// Follows the card at the current stop, once predicted, until its verdict has come and the
/// stop is passed (at a stop passed before, until the verdict). None when the learner has not
/// predicted, or the stop shows nothing within [`MAX_ACTIONS`].
pub fn follow(lab: &mut Lab, each: &mut dyn FnMut(&Lab, &Effects)) -> Option<Verdict> {
    let stop = lab.path.stop();
    lab.path.said()?;
    for _ in 0..MAX_ACTIONS {
        let p = &lab.path;
        if p.verdict().is_some() && p.passed().contains(&stop) {
            break;
        }
        let a = match p.act() {
            // The workbench opens in the page; its answer is already in.
            Some(Act::OpenWorkbench) if p.verdict().is_some() => break,
            Some(_) => Action::Path(PathAction::Do),
            None if stop == Stop::FailureRate && p.saw().is_none() => {
                if lab.cfg.failure_probability != FAILURE_RATE_P {
                    Action::Settings(SettingsAction::Set(
                        Setting::FailureProbability,
                        FAILURE_RATE_P.to_string(),
                    ))
                } else {
                    Action::WantFigures
                }
            }
            None if !lab.clock.playing => {
                if lab.clock.speed != 3600 {
                    apply(lab, Action::Clock(ClockAction::SetSpeed(3600)), each);
                }
                Action::Clock(ClockAction::TogglePlay)
            }
            None => Action::Tick(1000.0),
        };
        apply(lab, a, each);
    }
    if lab.clock.playing {
        apply(lab, Action::Clock(ClockAction::Pause), each);
    }
    lab.path.verdict().copied()
}

//! Reading the run: what the simulation, a demonstration or the polling log has shown at a
//! stop, what the stop's scene waits for next, and whether the stop is seen through. What
//! happened is always read from the state, never assumed from the buttons pressed.
use super::content::{Answer, Offer, Stop, FAILURE_RATE_P, SHARES};
use super::scenes::{race_guard, Act};
use crate::lab::Lab;
use crate::sim::demos::TxBoundary;
use crate::sim::recovery::{self, Retries};
use crate::sim::{exactly_once, herd, jitter, EventState};
use Answer::{Choice as Words, Count, Rows, Secs};

use super::content::Choice::*;

/// The offered share nearest to `rate` on a log scale (the figures observe a rate with
/// sampling noise; the offered shares are a factor of two or more apart).
fn nearest_share(rate: f64) -> Answer {
    let log = |r: f64| (r + 1e-4).log10();
    let off = |o: &Offer| match o.shows {
        Answer::Permille(m) => (log(f64::from(m) / 1000.0) - log(rate)).abs(),
        _ => f64::INFINITY,
    };
    SHARES
        .iter()
        .min_by(|a, b| off(a).total_cmp(&off(b)))
        .map_or(Answer::Permille(0), |o| o.shows)
}

/// What the run has shown at `stop`, if it has shown it yet; `predicted` says whether the
/// learner has (a question's answer is shown once answered, the figures once predicted).
pub fn observe(lab: &Lab, stop: Stop, predicted: bool, compared: bool) -> Option<Answer> {
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
            EventState::DeadLettered { .. } => Some(Words(DeadLettered)),
            EventState::Delivered { .. } if first?.attempts.len() > 1 => Some(Words(Redelivered)),
            EventState::Delivered { .. } => Some(Words(DeliveredOnce)),
            _ => None,
        },
        Stop::Transaction => {
            let tx = &lab.tx;
            let effects = tx.steps.last()?.effects_after;
            (tx.variant == TxBoundary::MarkFirst && tx.finished()).then_some(match effects {
                0 => Words(EffectLost),
                1 => Words(EffectOnce),
                _ => Words(EffectTwice),
            })
        }
        // The effects committed once the stop's own race has run to its end.
        Stop::Race | Stop::InsertFirst => {
            let race = &lab.race;
            let effects = race.steps.last()?.effects_after;
            (race.variant == race_guard(stop) && race.finished())
                .then_some(Count(u64::from(effects)))
        }
        Stop::NoImmediateRetry => compared.then(|| {
            let [now, scheduled] =
                [Retries::Immediate, Retries::Schedule].map(|r| recovery::run(r, &lab.cfg));
            // Never caught up counts as later than any second.
            let when = |r: &recovery::Recovery| r.caught_up_s.unwrap_or(u64::MAX);
            match when(&now).cmp(&when(&scheduled)) {
                std::cmp::Ordering::Less => Words(ImmediateFirst),
                std::cmp::Ordering::Greater => Words(ScheduleFirst),
                std::cmp::Ordering::Equal => Words(BothSameTime),
            }
        }),
        Stop::FailureRate => {
            if !predicted {
                return None;
            }
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
            Some(Words(match (stop, retried, moved) {
                (Stop::Rebalance, false, _) => OffsetSkipped,
                (Stop::Rebalance, true, _) if sim.idempotent().discarded > 0 => OtherDiscards,
                (Stop::Rebalance, true, _) => OtherApplies,
                (_, false, _) => SqsDropsIt,
                (_, true, true) => OtherInstanceGetsIt,
                (_, true, false) => SameInstanceKeepsIt,
            }))
        }
        Stop::Natural => first?.state.delivered().then(|| {
            let e = &sim.naive().effects;
            Words(match (e.counter > 1, e.status.len() > 1) {
                (true, false) => OnlyCounter,
                (true, true) => BothEffectsChange,
                (false, _) => NeitherChanges,
            })
        }),
        Stop::CursorResume => {
            let p = &lab.polling;
            let first_read = p.steps.get(p.restarted_at?)?;
            Some(Words(if first_read.seq == 1 {
                ReadsFromStart
            } else {
                ResumeFromSaved
            }))
        }
        Stop::Cursor => {
            let p = &lab.polling;
            let (idem, naive) = (
                p.idempotent.effects.applications,
                p.naive.effects.applications,
            );
            // Who repeated effects: whoever applied more than the other (neither if equal).
            (p.cursor_losses > 0 && p.idempotent.discarded > 0).then_some(Words(
                match idem.cmp(&naive) {
                    std::cmp::Ordering::Less => NaiveRepeats,
                    std::cmp::Ordering::Greater => IdempotentRepeats,
                    std::cmp::Ordering::Equal => NeitherRepeats,
                },
            ))
        }
        // Many deliveries failed together: on which way of waiting were all of them delivered?
        Stop::JitterHerd => compared.then(|| {
            let [fixed, jittered] =
                [herd::Waits::Fixed, herd::Waits::Jittered].map(|w| herd::run(w, &lab.cfg));
            let all = |h: &herd::Herd| h.delivered == herd::EVENTS;
            Words(match (all(&fixed), all(&jittered)) {
                (false, true) => JitterSpreadsRetries,
                (true, false) => FixedTableInOrder,
                _ => SameRetriesSameResult,
            })
        }),
        // A crash after the database commit with exactly-once on: what is there twice?
        Stop::ExactlyOnce => compared.then(|| {
            let (_, naive_rows, topic) = exactly_once::outcome(true);
            Words(match (naive_rows > 1, topic > 1) {
                (true, false) => DatabaseRepeats,
                (false, true) => OnlyTopicRepeats,
                // Both twice is no choice's belief: nothing the stop offers, as no run shows it.
                _ => NothingRepeats,
            })
        }),
        // Two logs of one outage, the same delay planted in each: in which can a reader who
        // knows the schedule point at it?
        Stop::NoJitter => predicted.then(|| {
            let logs = jitter::logs(&lab.cfg);
            let found = [(&logs.fixed, false), (&logs.jittered, true)]
                .map(|(l, j)| jitter::late_one(l, j) == Some(jitter::DELAYED_RETRY));
            Words(match found {
                [true, true] => VisibleInBoth,
                [true, false] => OnlyOnTheSchedule,
                [false, true] => JitterRevealsIt,
                [false, false] => TooSmallToSee,
            })
        }),
        // After the crash, the restart and a read: was the record being processed read again?
        Stop::AckFirst => {
            let p = &lab.polling;
            let crashed = p.steps.iter().position(|s| s.crashed)?;
            let after = p.steps.get(p.restarted_at?..)?;
            let lost = p.steps[crashed].seq;
            (!after.is_empty()).then(|| {
                Words(if p.skipped().contains(&lost) {
                    AckFirstLosesIt
                } else {
                    AckFirstRereads
                })
            })
        }
        // A lesson question shows its answer once answered (the boundary's, proven by the
        // workbench's checker: see the tests).
        Stop::Boundary
        | Stop::AskRedelivery
        | Stop::AskSameTransaction
        | Stop::AskNatural
        | Stop::AskAtLeastOnce => predicted.then(|| stop.lesson_answer()),
    }
}

/// The stop's own action, once the learner has predicted: what its scene is waiting for
/// next. None when there is nothing left to do but read.
pub fn next_act(lab: &Lab, stop: Stop, seen: bool, compared: bool) -> Option<Act> {
    let sim = &lab.run.sim;
    let fresh = sim.events().is_empty();
    let p = &lab.polling;
    let when = |cond: bool, act: Act| cond.then_some(act);
    // One arm per stop, no catch-all: a new stop says what its scene waits for, or fails to
    // compile.
    match stop {
        Stop::Backoff => when(fresh, Act::Publish),
        Stop::DeadLetter if fresh => Some(Act::Publish),
        Stop::DeadLetter => when(seen && sim.outage().is_some(), Act::FixAndReplay),
        Stop::DoubleV4 | Stop::DoubleV5 => when(fresh, Act::PublishTwice),
        Stop::Crash => when(fresh, Act::CrashAndPublish),
        Stop::AckLost | Stop::Natural => when(fresh, Act::LoseAckAndPublish),
        Stop::Rebalance => when(fresh, Act::RebalanceAndPublish),
        Stop::VisibilityTimeout => when(fresh, Act::ExpireAndPublish),
        Stop::NoImmediateRetry | Stop::JitterHerd | Stop::ExactlyOnce => {
            when(!compared, Act::Compare)
        }
        Stop::Transaction | Stop::Race | Stop::InsertFirst => when(
            stop.stepped().is_some_and(|d| !d.finished(lab)),
            Act::NextStep,
        ),
        Stop::CursorResume if p.restarted_at.is_none() => Some(Act::Restart),
        Stop::CursorResume => when(!seen, Act::Poll),
        Stop::AckFirst if !p.steps.iter().any(|s| s.crashed) => Some(Act::PollAndCrash),
        Stop::AckFirst if p.restarted_at.is_none() => Some(Act::Restart),
        Stop::AckFirst => when(!seen, Act::Poll),
        Stop::Cursor if p.cursor_losses == 0 => Some(Act::LoseCursor),
        Stop::Cursor => when(!seen, Act::Poll),
        // After the answer: see it in the workbench, every order tried (the page opens it).
        Stop::Boundary => Some(Act::OpenWorkbench),
        // Answered at once: nothing to do but read.
        Stop::NoJitter
        | Stop::FailureRate
        | Stop::AskRedelivery
        | Stop::AskSameTransaction
        | Stop::AskNatural
        | Stop::AskAtLeastOnce => None,
    }
}

/// Whether a stop shown its answer is seen through: the dead-letter stop also wants its event
/// replayed and delivered once the cause was fixed.
pub fn seen_through(lab: &Lab, stop: Stop) -> bool {
    stop != Stop::DeadLetter
        || lab
            .run
            .sim
            .events()
            .first()
            .is_some_and(|e| e.series > 0 && e.state.delivered())
}

//! The guided path: each stop's scene makes its lesson point happen, what the run shows is
//! read from the simulation, and a learner who follows the path reaches every challenge.
use super::*;
use crate::lab::checkpoints::Challenge;
use crate::lab::path::{Act, Answer, Choice, Shown, Stop, Veil};

/// Plays the clock until `done` or ten simulated hours pass (the reducer brings the path and
/// the challenges up to date after every tick).
fn play_until(l: &mut Lab, done: impl Fn(&Lab) -> bool) {
    if !l.clock.playing {
        l.apply(Action::Clock(ClockAction::TogglePlay));
    }
    l.apply(Action::Clock(ClockAction::SetSpeed(3600)));
    for _ in 0..40 {
        if done(l) {
            break;
        }
        l.apply(Action::Tick(1000.0));
    }
    l.apply(Action::Clock(ClockAction::Pause));
}

fn act(l: &mut Lab) -> Effects {
    l.apply(Action::Path(PathAction::Do))
}

/// The choice `stop` offers as `answer`.
fn choice_of(stop: Stop, answer: Answer) -> Choice {
    stop.offering(answer).unwrap().choice
}

/// The choice offered after `c` at `stop` (wrapping): another belief, for a wrong prediction.
fn other(stop: Stop, c: Choice) -> Choice {
    let offers = stop.offers();
    let k = offers.iter().position(|o| o.choice == c).unwrap();
    offers[(k + 1) % offers.len()].choice
}

#[test]
fn following_the_path_shows_each_lesson_point_and_reaches_every_challenge() {
    use crate::lab::path::follow;
    let mut l = lab();
    for (k, &stop) in Stop::ALL.iter().enumerate() {
        l.apply(Action::Path(PathAction::Go(stop)));
        assert_eq!(l.path.stop(), stop);
        assert!(l.path.guided() && l.path.said().is_none());
        assert_eq!(
            l.path.act(),
            None,
            "{stop:?}: nothing to do before predicting"
        );
        // Wrong on even stops, right on odd ones: a wrong prediction passes the stop too.
        let right = stop.spec().right;
        let pick = if k % 2 == 1 {
            right
        } else {
            other(stop, right)
        };
        let fx = l.apply(Action::Path(PathAction::Predict(pick)));
        l.apply(Action::Path(PathAction::Predict(other(stop, pick))));
        assert_eq!(l.path.said(), Some(pick), "a prediction is final");
        assert_eq!(l.path.tries(stop), 1, "{stop:?}: one try");
        assert_eq!(fx.passed.is_some(), stop.is_question(), "{stop:?}");
        assert_eq!(fx.verdict.is_some(), stop.is_question(), "{stop:?}");
        let v = follow::follow(&mut l, &mut |_, _| {}).expect("a verdict");
        assert!(l.path.passed().contains(&stop), "{stop:?} never passed");
        assert_eq!((v.stop, v.said, v.attempt), (stop, pick, 1));
        assert_eq!(l.path.verdict(), Some(&v), "{stop:?}: one verdict, kept");
        if !stop.is_question() {
            // What the run showed, read from the simulation, a demonstration or the polling
            // log: the choice the lesson says it shows (a question has no run to read).
            assert_eq!(v.shown, Shown::Choice(right), "{stop:?}: the run");
            assert_eq!(l.path.saw(), Some(stop.lesson_answer()), "{stop:?}");
        }
        assert_eq!(v.right(), pick == right, "{stop:?}");
        assert_eq!(l.path.right().contains(&stop), pick == right, "{stop:?}");
    }
    assert!(l.path.finished());
    assert_eq!(
        l.challenges.len(),
        Challenge::ALL.len(),
        "the path reaches every challenge: {:?}",
        l.challenges
    );
}

#[test]
fn a_run_that_shows_what_no_choice_offers_is_judged_wrong_whatever_was_chosen() {
    use crate::lab::path::follow;
    // The learner publishes once with the free controls, then predicts the lesson's answer and
    // lets the stop publish its pass twice: three deliveries, 3 rows in each consumer.
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::DoubleV4)));
    l.apply(Action::Run(RunAction::PublishOne));
    l.apply(Action::Path(PathAction::Predict(
        Choice::V4MissesRepublication,
    )));
    assert_eq!(l.path.act(), None, "the scene is no longer fresh");
    l.apply(Action::Run(RunAction::PublishTwice));
    let v = follow::follow(&mut l, &mut |_, _| {}).expect("a verdict");
    assert_eq!(v.shown, Shown::Unoffered(Answer::Rows(3, 3)));
    assert!(
        !v.right(),
        "the lesson's choice, but not what this run showed"
    );
    assert_eq!(v.right_choice(), None);
    assert!(!l.path.right().contains(&Stop::DoubleV4));
    assert!(l.path.passed().contains(&Stop::DoubleV4));
    // Started again, the stop's own scene shows an offered answer.
    let v = follow::answer(
        &mut l,
        Stop::DoubleV4,
        Choice::V4MissesRepublication,
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(v.shown, Shown::Choice(Choice::V4MissesRepublication));
    assert!(v.right() && v.attempt == 2);
}

#[test]
fn a_stop_left_after_a_wrong_try_and_answered_right_later_is_no_first_try_right() {
    use crate::lab::path::follow;
    // The learner predicts wrongly at the backoff stop and leaves it before it is passed (to the
    // next stop, or the platform's page closed); back at it, they answer right: the stop is
    // passed, but its first try was wrong, so it is not among the rights the score counts.
    let mut l = lab();
    let (stop, right) = (Stop::Backoff, Stop::Backoff.spec().right);
    l.apply(Action::Path(PathAction::Go(stop)));
    l.apply(Action::Path(PathAction::Predict(other(stop, right))));
    l.apply(Action::Path(PathAction::Go(Stop::ALL[1])));
    let v = follow::answer(&mut l, stop, right, &mut |_, _| {}).expect("a verdict");
    assert!(v.right() && v.attempt == 2, "{v:?}");
    assert!(l.path.passed().contains(&stop));
    assert!(
        !l.path.right().contains(&stop),
        "a right second try counted as a first-try right"
    );
}

#[test]
fn the_dead_letter_stop_waits_for_the_fix_and_the_manual_replay() {
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::DeadLetter)));
    assert_eq!(l.run.sim.outage(), Some(RootCause::Down));
    l.apply(Action::Path(PathAction::Predict(Choice::DeadLetterKeepsIt)));
    assert_eq!(l.path.act(), Some(Act::Publish));
    act(&mut l);
    play_until(&mut l, |l| l.path.saw().is_some());
    assert_eq!(
        l.path.saw(),
        Some(Answer::Choice(Choice::DeadLetterKeepsIt))
    );
    // Kept, not dropped nor retried: in the queue at 1890 s with its seven failed deliveries,
    // and nothing more tried however long the clock runs.
    let kept = |l: &crate::lab::Lab| {
        let e = l
            .run
            .sim
            .dead_letters()
            .next()
            .expect("in the dead-letter queue");
        (e.attempts.len(), e.state)
    };
    let (tries, state) = kept(&l);
    assert_eq!(tries, 7);
    assert!(
        matches!(state, crate::sim::EventState::DeadLettered { at_ms, .. } if at_ms == 1_890_000),
        "{state:?}"
    );
    for _ in 0..10 {
        l.apply(Action::Tick(1000.0));
    }
    assert_eq!(kept(&l).0, 7, "no attempt after the sixth intento");
    assert!(
        !l.path.passed().contains(&Stop::DeadLetter),
        "seen, but not replayed yet"
    );
    assert_eq!(l.path.act(), Some(Act::FixAndReplay));
    act(&mut l);
    assert_eq!(l.run.sim.outage(), None);
    play_until(&mut l, |l| l.path.passed().contains(&Stop::DeadLetter));
    assert!(l.path.passed().contains(&Stop::DeadLetter));
    assert!(l.path.right().contains(&Stop::DeadLetter));
}

#[test]
fn exploring_keeps_the_state_and_a_question_is_answered_at_once() {
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::Backoff)));
    l.apply(Action::Run(RunAction::PublishOne));
    let events = l.run.sim.events().len();
    let fx = l.apply(Action::Path(PathAction::Explore));
    assert!(!l.path.guided());
    assert_eq!(l.run.sim.events().len(), events, "nothing is reset");
    assert_eq!(fx.passed, None, "no checkpoint while exploring");
    play_until(&mut l, |l| l.run.sim.events()[0].attempts.len() > 3);
    assert!(
        l.path.passed().is_empty(),
        "none while exploring, whatever the run shows"
    );
    let r = l.revs;
    l.apply(Action::Path(PathAction::Go(Stop::AskNatural)));
    assert_ne!(l.revs.get(Concern::Path), r.get(Concern::Path));
    // Another stop's choice is not an answer here.
    l.apply(Action::Path(PathAction::Predict(Choice::WaitsAddUp)));
    assert_eq!(l.path.said(), None);
    let fx = l.apply(Action::Path(PathAction::Predict(Choice::SetStatus)));
    assert_eq!(fx.passed, Some(Stop::AskNatural));
    assert!(fx.verdict.is_some_and(|v| v.right()) && fx.save);
    assert!(l.path.right().contains(&Stop::AskNatural));
    l.apply(Action::Path(PathAction::Go(Stop::AskNatural)));
    let fx = l.apply(Action::Path(PathAction::Predict(Choice::AppendLine)));
    assert_eq!(fx.passed, None, "passed once, checkpoint once");
    let v = fx.verdict.expect("a later try has its verdict too");
    assert_eq!(l.path.tries(Stop::AskNatural), 2);
    assert_eq!(
        (v.said, v.shown, v.attempt, v.right()),
        (
            Choice::AppendLine,
            Shown::Choice(Choice::SetStatus),
            2,
            false
        )
    );
    assert_eq!(
        v.answers(),
        (
            Answer::Choice(Choice::AppendLine),
            Answer::Choice(Choice::SetStatus)
        )
    );
}

#[test]
fn a_stops_answer_is_veiled_until_it_is_predicted_and_exploring_shows_everything() {
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::Backoff)));
    for v in Veil::ALL {
        assert!(l.path.veils(*v), "{v:?} shown at the first stop");
    }
    l.apply(Action::Path(PathAction::Predict(Choice::WaitsAddUp)));
    assert!(!l.path.veils(Veil::ThirdCumulative), "predicted: shown");
    assert!(
        l.path.veils(Veil::DeadLetterTotal),
        "the next stop's answer stays veiled"
    );
    l.apply(Action::Path(PathAction::Go(Stop::DeadLetter)));
    assert!(l.path.veils(Veil::DeadLetterTotal));
    assert!(
        !l.path.veils(Veil::ThirdCumulative),
        "an earlier stop's answer is shown"
    );
    l.apply(Action::Path(PathAction::Predict(
        Choice::DeadLetterDiscards,
    )));
    assert!(!l.path.veils(Veil::DeadLetterTotal));
    l.apply(Action::Path(PathAction::Go(Stop::FailureRate)));
    assert!(
        l.path.veils(Veil::DeadLetterShare),
        "the figures give the answer"
    );
    l.apply(Action::Path(PathAction::Predict(
        Choice::RetriesAlwaysGetThrough,
    )));
    assert!(!l.path.veils(Veil::DeadLetterShare));
    // Passed stops stay unveiled when the learner goes back; free exploration veils nothing.
    let mut progress = l.path.progress();
    progress.passed.insert(Stop::DoubleV5);
    l.path.restore(progress);
    l.apply(Action::Path(PathAction::Go(Stop::Backoff)));
    assert!(!l.path.veils(Veil::DerivedIds));
    l.apply(Action::Path(PathAction::Explore));
    assert!(Veil::ALL.iter().all(|v| !l.path.veils(*v)));
}

#[test]
fn passing_a_stop_stops_the_clock_before_the_run_shows_a_later_answer() {
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::Backoff)));
    l.apply(Action::Path(PathAction::Predict(choice_of(
        Stop::Backoff,
        Answer::Secs(210),
    ))));
    act(&mut l);
    assert!(l.clock.playing, "the stop's action plays the clock");
    l.apply(Action::Clock(ClockAction::SetSpeed(3600)));
    // Ticks as the page sends them: every 50 ms of real time (180 simulated seconds here).
    for _ in 0..40 {
        if l.path.passed().contains(&Stop::Backoff) {
            break;
        }
        l.apply(Action::Tick(50.0));
    }
    assert!(l.path.passed().contains(&Stop::Backoff));
    assert!(!l.clock.playing, "still playing after the stop was passed");
    // The dead-letter stop's answer (1890 s) has not happened on screen.
    assert!(matches!(
        l.run.sim.events()[0].state,
        EventState::WaitingRetry { .. }
    ));
}

#[test]
fn the_boundary_stop_offers_the_workbench_until_it_is_open() {
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::Boundary)));
    assert_eq!(l.path.act(), None, "nothing to do before the answer");
    l.apply(Action::Path(PathAction::Predict(Choice::ProtectAtProvider)));
    assert_eq!(l.path.act(), Some(Act::OpenWorkbench));
    assert!(
        l.path.passed().contains(&Stop::Boundary),
        "answered, so passed"
    );
    let fx = l.apply(Action::WorkbenchOpened);
    assert_eq!(
        l.path.act(),
        None,
        "open: the bar and the card offer the way on instead"
    );
    assert!(fx.changed.has(Concern::Path));
    let again = l.apply(Action::WorkbenchOpened);
    assert!(again.changed.is_empty(), "opened once");
}

#[test]
fn the_boundary_stops_answer_is_what_the_workbench_proves() {
    // The stop answers "where does an email's protection go" with "beyond the database"; the
    // workbench it opens shows why: the lesson's pattern, safe for a balance, sends the email
    // twice, and so does every other order of the same five steps.
    use crate::sim::workbench::{check, Constraint, Effect, Failure, Program, Step};
    let lesson = [
        Step::Begin,
        Step::Insert,
        Step::Apply,
        Step::Commit,
        Step::Ack,
    ];
    let with = |effect, steps: &[Step]| {
        check(&Program {
            steps: steps.to_vec(),
            effect,
            constraint: Constraint::Unique,
        })
    };
    assert!(with(Effect::Add, &lesson).safe());
    let email = with(Effect::Email, &lesson);
    assert!(
        email.failures.contains(&Failure::DoubleEffect),
        "{:?}",
        email.failures
    );
    let mut order = lesson;
    let mut any_safe = false;
    // Every permutation of the five steps (Heap's algorithm, iteratively).
    let mut c = [0usize; 5];
    let mut i = 0;
    while i < 5 {
        if c[i] < i {
            order.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
            any_safe |= with(Effect::Email, &order).safe();
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    assert!(
        !any_safe,
        "an order of the lesson's steps is safe for an email"
    );
    assert_eq!(Stop::Boundary.spec().right, Choice::ProtectAtProvider);
}

#[test]
fn acking_before_the_work_loses_the_event_silently() {
    let mut l = lab();
    l.apply(Action::Path(PathAction::Go(Stop::AckFirst)));
    l.apply(Action::Path(PathAction::Predict(Choice::AckFirstRereads)));
    assert_eq!(l.path.act(), Some(Act::PollAndCrash));
    act(&mut l);
    assert_eq!(l.path.act(), Some(Act::Restart));
    act(&mut l);
    assert_eq!(l.path.act(), Some(Act::Poll));
    let fx = act(&mut l);
    assert_eq!(fx.passed, Some(Stop::AckFirst));
    assert_eq!(l.path.saw(), Some(Answer::Choice(Choice::AckFirstLosesIt)));
    assert_eq!(
        l.polling.skipped(),
        vec![2],
        "the event being processed is never processed"
    );
    assert!(!l.path.right().contains(&Stop::AckFirst));
}

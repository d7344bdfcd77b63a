//! What the teacher sees first, for the next class: beliefs counted in answers and in learners,
//! who needs help, time spent at a stop, the period read, and other activities named.
use super::*;
use retry_lab_core::sim::utc as time;

/// A belief is counted in answers and in learners apart: one learner who holds it at three
/// stops is three answers and one learner, and the list is ordered by learners.
#[test]
fn beliefs_count_learners_and_answers_apart() {
    let r = report(&[
        // Ana believes two transactions suffice at two stops: two answers, one learner; two
        // learners believe the application's check is enough.
        a("ana", "step_transaction", "two-transactions-suffice", 1).value(),
        a(
            "ana",
            "step_transaction_effect_first",
            "two-transactions-suffice",
            2,
        )
        .value(),
        a("ana", "step_no_jitter", "jitter-reveals-delays", 3).value(),
        a("bruno", "step_race", "app-check-is-enough", 1).value(),
        a("carla", "step_race", "app-check-is-enough", 1).value(),
        // A later try is no belief held on the first try.
        a("dani", "step_backoff", "waits-add-up", 1).value(),
        a("dani", "step_backoff", "counts-initial-delivery", 9)
            .attempt(2)
            .value(),
    ]);
    let ms = r.misconceptions(&no_names);
    let got: Vec<(&str, u32, usize)> = ms
        .iter()
        .map(|m| (m.id, m.answers, m.learners.len()))
        .collect();
    assert_eq!(got[0], ("app-check-is-enough", 2, 2), "{got:?}");
    assert_eq!(got[1], ("two-transactions-suffice", 2, 1), "{got:?}");
    let ana = (0..r.learner_count() as u32)
        .find(|&i| r.learner(i).key.ends_with(" ana"))
        .unwrap();
    assert_eq!(ms[1].learners, [ana]);
    // A class of one learner who holds a belief at two stops: one learner, two answers.
    let one = report(&[
        a("eva", "step_transaction", "two-transactions-suffice", 1).value(),
        a(
            "eva",
            "step_transaction_effect_first",
            "two-transactions-suffice",
            2,
        )
        .value(),
    ]);
    let m = &one.misconceptions(&no_names)[0];
    assert_eq!((m.answers, m.learners.len()), (2, 1));
}

/// Who needs help: fewest right first tries first (a stop not answered counts as not right),
/// then fewest stops answered; each learner's furthest stop, first and last answer.
#[test]
fn learners_by_need_with_their_score_furthest_stop_and_times() {
    let r = report(&[
        a("ana", "step_backoff", "waits-add-up", 10).value(),
        a(
            "ana",
            "step_no_immediate_retry",
            "spaced-retries-let-it-recover",
            40,
        )
        .value(),
        a("ana", "step_no_jitter", "only-exact-schedule-shows-it", 100).value(),
        a("bruno", "step_backoff", "counts-initial-delivery", 10).value(),
        a(
            "bruno",
            "step_no_immediate_retry",
            "spaced-retries-let-it-recover",
            20,
        )
        .value(),
        a("bruno", "step_backoff", "waits-add-up", 3000)
            .attempt(2)
            .value(),
        a("carla", "step_backoff", "waits-add-up", 5).value(),
    ]);
    let order: Vec<String> = r
        .need_order()
        .into_iter()
        .map(|i| r.learner(i).key.to_string())
        .collect();
    assert_eq!(
        order
            .iter()
            .map(|k| k.rsplit(' ').next().unwrap())
            .collect::<Vec<_>>(),
        // By the share of the stops answered: bruno 1 of 2 first, then carla 1 of 1 (who
        // stopped early: not struggling), then ana 3 of 3.
        ["bruno", "carla", "ana"]
    );
    let bruno = r.learner(r.need_order()[0]);
    assert_eq!((bruno.first_right, bruno.answered()), (1, 2));
    assert_eq!(
        r.stop(bruno.furthest.unwrap()).id,
        "step_no_immediate_retry"
    );
    assert_eq!(
        bruno.first_at.map(time::format_utc_ms).as_deref(),
        Some("2026-12-01T00:00:10Z")
    );
    assert_eq!(
        bruno.last_at.map(time::format_utc_ms).as_deref(),
        Some("2026-12-01T00:50:00Z")
    );
    assert_eq!(bruno.class, Some(CLASS));
    // The hardest stop first: no_jitter's 1 of 1 right, backoff's 2 of 3, no_immediate 2 of 2.
    let hard: Vec<&str> = r.hardest().iter().map(|s| s.id).collect();
    assert_eq!(
        hard,
        ["step_backoff", "step_no_immediate_retry", "step_no_jitter"]
    );
    // Time to the first answer, from the learner's answer before it (none at their first stop).
    let times = r.stop_times();
    let at = |id: &str| times[usize::from(r.stops().iter().find(|s| s.id == id).unwrap().index)];
    assert_eq!(at("step_backoff"), None);
    assert_eq!(
        at("step_no_immediate_retry"),
        Some(StopTime {
            median_ms: 20_000,
            learners: 2
        })
    );
    assert_eq!(
        at("step_no_jitter"),
        Some(StopTime {
            median_ms: 60_000,
            learners: 1
        })
    );
}

/// A gap longer than a sitting says nothing of the stop.
#[test]
fn a_new_sitting_is_no_time_spent() {
    let r = report(&[
        a("ana", "step_backoff", "waits-add-up", 10).value(),
        a(
            "ana",
            "step_no_immediate_retry",
            "spaced-retries-let-it-recover",
            10 + 31 * 60,
        )
        .value(),
    ]);
    assert!(r.stop_times().iter().all(Option::is_none));
}

#[test]
fn since_and_until_keep_the_answers_of_the_period() {
    let day = time::parse_ms("2026-12-01T00:00:00Z").unwrap();
    let mut r = Report::new(Filter {
        activity: Some(ACT.into()),
        since: Some(day + 60_000),
        until: Some(day + 120_000),
        ..Filter::default()
    });
    let mut no_time = a("eva", "step_backoff", "waits-add-up", 90).value();
    no_time.as_object_mut().unwrap().remove("timestamp");
    r.feed(&[
        a("ana", "step_backoff", "waits-add-up", 59).value(),
        a("bruno", "step_backoff", "waits-add-up", 60).value(),
        a("carla", "step_backoff", "waits-add-up", 119).value(),
        a("dani", "step_backoff", "waits-add-up", 120).value(),
        no_time,
    ]);
    assert_eq!(r.counts().answers, 2);
    assert_eq!(r.counts().skipped(Skip::OutOfTime), 3);
}

/// Another activity's answers name it (all but the stop, without a trailing `/`), each once.
#[test]
fn other_activities_are_named() {
    let mut r = Report::new(Filter {
        activity: Some("https://course.example/labs/retyr/".into()),
        ..Filter::default()
    });
    r.feed(&[
        a("ana", "step_backoff", "waits-add-up", 1).value(),
        a("bruno", "step_race", "app-check-is-enough", 1).value(),
        foreign("carla", "https://other.example/quiz/q1", "x"),
    ]);
    assert_eq!(r.counts().answers, 0);
    let seen: Vec<&str> = r.counts().other_activities.iter().map(|a| &**a).collect();
    assert_eq!(seen, [ACT, "https://other.example/quiz"]);
    // A trailing slash on the activity typed is the same activity.
    let mut r = Report::new(Filter {
        activity: Some(format!("{ACT}/")),
        ..Filter::default()
    });
    r.feed(&[a("ana", "step_backoff", "waits-add-up", 1).value()]);
    assert_eq!(r.counts().answers, 1);
}

/// A class with no answers names the classes the activity's answers are of (with how many
/// each), and the one a typo most likely meant; an empty class (nothing near) meant none.
#[test]
fn other_classes_are_named_and_a_typo_is_told_from_an_empty_class() {
    const C3A: &str = "https://course.example/classes/3a";
    let mut b = a("bruno", "step_backoff", "waits-add-up", 2);
    b.class = Some(C3A);
    let statements = [
        a("ana", "step_backoff", "waits-add-up", 1).value(),
        a("ana", "step_race", "app-check-is-enough", 3).value(),
        b.value(),
    ];
    let read = |class: &str| {
        let mut r = Report::new(Filter {
            activity: Some(ACT.into()),
            class: Some(class.into()),
            ..Filter::default()
        });
        r.feed(&statements);
        r
    };
    let typo = read("https://course.example/clases/3b");
    let c = typo.counts();
    assert_eq!((c.answers, c.skipped(Skip::OtherClass)), (0, 3));
    let seen: Vec<(&str, u64)> = c.other_classes.iter().map(|(k, n)| (&**k, *n)).collect();
    assert_eq!(seen, [(CLASS, 2), (C3A, 1)]);
    assert_eq!(
        c.class_meant("https://course.example/clases/3b"),
        Some(CLASS)
    );
    assert_eq!(
        c.class_meant(" HTTPS://course.example/classes/3B/ "),
        Some(CLASS)
    );
    let empty = read("https://course.example/classes/4c-tarde");
    assert_eq!(empty.counts().other_classes.len(), 2);
    assert_eq!(
        empty
            .counts()
            .class_meant("https://course.example/classes/4c-tarde"),
        None
    );
}

/// What to do next: the belief most learners hold, at the stop where most held it.
#[test]
fn the_next_step_is_the_belief_most_hold_where_most_held_it() {
    assert_eq!(
        report(&[a("ana", "step_backoff", "waits-add-up", 1).value()]).next_step(&no_names),
        None
    );
    let r = report(&[
        a(
            "ana",
            "step_transaction_effect_first",
            "two-transactions-suffice",
            1,
        )
        .value(),
        a("bruno", "step_transaction", "two-transactions-suffice", 2).value(),
        a("carla", "step_transaction", "two-transactions-suffice", 3).value(),
        a("dani", "step_race", "app-check-is-enough", 1).value(),
        a("eva", "step_race", "app-check-is-enough", 1).value(),
    ]);
    let next = r.next_step(&no_names).unwrap();
    assert_eq!(r.stop(next.stop).id, "step_transaction");
    assert_eq!(next.learners, 3);
    assert_eq!(
        next.name.es.as_deref(),
        Some("two-transactions-suffice (es)")
    );
    // One answer at each of its stops: the path's first.
    let tie = report(&[
        a(
            "ana",
            "step_transaction_effect_first",
            "two-transactions-suffice",
            1,
        )
        .value(),
        a("bruno", "step_transaction", "two-transactions-suffice", 2).value(),
    ]);
    let next = tie.next_step(&no_names).unwrap();
    assert_eq!(tie.stop(next.stop).id, "step_transaction");
}

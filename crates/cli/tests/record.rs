//! The record holds true. Learners walk the whole guided path natively with the lab's own
//! reducer and cards (`record::class::walk`): every stop with every choice it offers, later
//! tries at stops passed before, and runs changed by hand so that they show what no choice
//! offers. The statements the lab sends for them (the page's own code, with the host's actor)
//! are read by the teacher's report, as objects and as a file's bytes; per stop and choice, the
//! report's counts, first-try rights, learners and paths must be exactly what the cards said.
use std::collections::BTreeMap;

use retry_lab_core::embed::protocol::Outgoing;
use retry_lab_core::lab::path::{follow, Choice, PathAction, Shown, Stop, Verdict};
use retry_lab_core::lab::{Action, Lab};
use retry_lab_core::lang::Lang;
use retry_lab_core::record::class::{walk, Learner, Planned};
use retry_lab_core::record::{self, contract};
use retry_lab_core::sim::Config;
use retry_lab_report::read::read_from;
use retry_lab_report::{Filter, Report};
use retry_lab_text::progress::{lab_session, LabWords};

const ACT: &str = "https://course.example/labs/retry";
const CLASS: &str = "https://course.example/classes/3b";
const START: u64 = 1_796_284_800; // 2026-12-03T08:00:00Z

fn plan(name: &str, answers: Vec<Planned>) -> Learner {
    Learner {
        name: name.into(),
        home: "https://course.example".into(),
        class: Some(CLASS.into()),
        answers,
    }
}

fn at(stop: Stop, choice: Choice) -> Planned {
    Planned {
        stop,
        choice,
        changed: false,
    }
}

/// Learner k takes the k-th choice at every stop (wrapping), so every stop and choice is some
/// learner's first try; the first of them then tries every stop again with each other choice;
/// one more changes the scene, where it can be changed, before each stop it then answers.
fn class() -> Vec<Learner> {
    let most = Stop::ALL.iter().map(|s| s.offers().len()).max().unwrap();
    let mut class: Vec<Learner> = (0..most)
        .map(|k| {
            let answers = Stop::ALL
                .iter()
                .map(|&s| at(s, s.offers()[k % s.offers().len()].choice))
                .collect();
            plan(&format!("Estudiante {k}"), answers)
        })
        .collect();
    for &s in Stop::ALL {
        for o in &s.offers()[1..] {
            class[0].answers.push(at(s, o.choice));
        }
    }
    let changed = Stop::ALL
        .iter()
        .map(|&s| Planned {
            stop: s,
            choice: s.spec().right,
            changed: follow::changeable(s),
        })
        .collect();
    class.push(plan("Cambia la escena", changed));
    // One who stopped after the first eight stops.
    let eight = Stop::ALL[..8]
        .iter()
        .map(|&s| at(s, s.spec().right))
        .collect();
    class.push(plan("Se fue pronto", eight));
    class
}

/// What the cards said, per stop: each learner's first verdict and the later ones.
#[derive(Default)]
struct Cards {
    first: BTreeMap<String, Verdict>,
    later: Vec<Verdict>,
}

#[test]
fn the_report_counts_exactly_what_the_cards_said() {
    let class = class();
    let mut statements = Vec::new();
    let mut cards: BTreeMap<Stop, Cards> = BTreeMap::new();
    for (i, l) in class.iter().enumerate() {
        let w = walk(ACT, l, Lang::Es, START + 10_000 * i as u64, &LabWords).unwrap();
        assert_eq!(w.verdicts.len(), l.answers.len(), "{}", l.name);
        for (v, a) in w.verdicts.iter().zip(&l.answers) {
            assert_eq!((v.stop, v.said), (a.stop, a.choice), "{}", l.name);
            // The lab teaches the lesson whatever came before: the lesson's answer is right,
            // unless this very stop's scene was changed by hand.
            let lesson = a.choice == a.stop.spec().right && !a.changed;
            assert_eq!(v.right(), lesson, "{} at {:?}: {v:?}", l.name, a.stop);
            let c = cards.entry(v.stop).or_default();
            if c.first.contains_key(&l.name) {
                c.later.push(*v);
            } else {
                c.first.insert(l.name.clone(), *v);
            }
        }
        statements.extend(w.statements);
    }
    // Runs changed by hand showed what no choice offers, at each stop that allows it.
    let unoffered: Vec<Stop> = cards
        .iter()
        .filter(|(_, c)| {
            c.first
                .values()
                .any(|v| matches!(v.shown, Shown::Unoffered(_)))
        })
        .map(|(&s, _)| s)
        .collect();
    assert_eq!(unoffered, [Stop::Backoff, Stop::DoubleV4, Stop::DoubleV5]);

    let filter = Filter {
        activity: Some(ACT.into()),
        class: Some(CLASS.into()),
        ..Filter::default()
    };
    let mut from_values = Report::new(filter.clone());
    from_values.feed(&statements);
    // As a file exported from a store: JSON Lines, read in chunks.
    let lines: String = statements.iter().map(|s| format!("{s}\n")).collect();
    let mut from_file = Report::new(filter);
    read_from(lines.as_bytes(), &mut |p| from_file.feed_piece(p)).unwrap();

    for r in [&from_values, &from_file] {
        let answers: usize = cards.values().map(|c| c.first.len() + c.later.len()).sum();
        assert_eq!(r.counts().answers, answers as u64);
        let stops = r.stops();
        let ids: Vec<&str> = stops.iter().map(|s| s.id).collect();
        assert_eq!(ids, Stop::NAMES, "every stop, in the path's order");
        for view in &stops {
            let stop = Stop::from_name(view.id).unwrap();
            let c = &cards[&stop];
            let firsts: Vec<&Verdict> = c.first.values().collect();
            let right = firsts.iter().filter(|v| v.right()).count() as u32;
            let odd = firsts
                .iter()
                .filter(|v| matches!(v.shown, Shown::Unoffered(_)))
                .count() as u32;
            assert_eq!(
                (view.answered, view.first_try_right, view.unoffered),
                (firsts.len() as u32, right, odd),
                "{stop:?}"
            );
            assert_eq!(view.retried, u32::from(!c.later.is_empty()), "{stop:?}");
            let offered: Vec<&str> = stop.offers().iter().map(|o| o.choice.as_str()).collect();
            let listed: Vec<&str> = view.choices.iter().map(|c| c.id).collect();
            assert_eq!(listed, offered, "{stop:?}: the lab's choices, in its order");
            for ch in &view.choices {
                let choice = Choice::from_name(ch.id).unwrap();
                let chose = |v: &&&Verdict| v.said == choice;
                let count = firsts.iter().filter(chose).count() as u32;
                let wrong = firsts
                    .iter()
                    .filter(chose)
                    .filter(|v| !v.right() && matches!(v.shown, Shown::Choice(_)))
                    .count() as u32;
                let later = c.later.iter().filter(|v| v.said == choice).count() as u32;
                assert!(count > 0, "{stop:?} {choice:?}: nobody's first try");
                assert_eq!(
                    (ch.count, ch.wrong, ch.later, ch.right),
                    (count, wrong, later, choice == stop.spec().right),
                    "{stop:?} {choice:?}"
                );
            }
        }
        // Each learner's path: their first choice at each stop, whether the card said right,
        // and how many tries.
        for i in 0..r.learner_count() as u32 {
            let l = r.learner(i);
            for step in &l.steps {
                let s = r.stop(step.stop);
                let stop = Stop::from_name(s.id).unwrap();
                let v = cards[&stop].first[l.name];
                let tries = 1 + cards[&stop].later.len() * usize::from(l.name == "Estudiante 0");
                assert_eq!(
                    (
                        s.choices[usize::from(step.choice)].id,
                        step.right,
                        step.tries as usize
                    ),
                    (v.said.as_str(), v.right(), tries),
                    "{} at {stop:?}",
                    l.name
                );
            }
        }
        assert_eq!(r.learner_count(), class.len());
    }
}

/// The statements one action sends, as JSON.
fn sent(lab: &Lab, fx: &retry_lab_core::lab::Effects) -> Vec<serde_json::Value> {
    let s = lab_session(ACT.into(), uuid::Uuid::nil(), None);
    record::messages(lab, fx, Some(&s), &LabWords, "2026-12-03T10:00:00Z")
        .into_iter()
        .map(|m| match m {
            Outgoing::Xapi { statement } => statement.to_json(),
            other => serde_json::json!({ "message": format!("{other:?}") }),
        })
        .collect()
}

fn kinds(out: &[serde_json::Value]) -> Vec<String> {
    out.iter()
        .map(|m| match m["verb"]["id"].as_str() {
            Some(v) => format!("xapi {}", v.rsplit('/').next().unwrap_or(v)),
            None => m["message"].as_str().unwrap_or("?").to_string(),
        })
        .collect()
}

#[test]
fn a_run_that_shows_what_no_choice_offers_is_sent_as_the_card_said_it() {
    // The learner publishes once with the free controls, predicts the lesson's answer, then
    // publishes the pass twice: 3 and 3 rows, which no choice says. The card says wrong; so
    // must the statement, and the report must not count a belief for it.
    let mut lab = Lab::new(Config::default(), Lang::Es);
    let mut out = Vec::new();
    let v = follow::answer_changed(
        &mut lab,
        Stop::DoubleV4,
        Choice::V4MissesRepublication,
        &mut |lab, fx| out.extend(sent(lab, fx)),
    )
    .unwrap();
    assert!(!v.right());
    let answered: Vec<&serde_json::Value> = out
        .iter()
        .filter(|s| s["verb"]["id"] == contract::ANSWERED)
        .collect();
    assert_eq!(answered.len(), 1);
    let st = answered[0];
    assert_eq!(st["result"]["success"], false, "the card said wrong");
    assert_eq!(st["result"]["response"], "v4-misses-republication");
    assert_eq!(
        st["result"]["extensions"][contract::SHOWN],
        serde_json::json!({"unoffered": {"rows": [3, 3]}})
    );
    // The activity's right answer is the lesson's, in every statement about it.
    assert_eq!(
        st["object"]["definition"]["correctResponsesPattern"],
        serde_json::json!(["v4-misses-republication"])
    );
    let mut with_actor = st.clone();
    with_actor["actor"] = serde_json::json!({"name": "Ana", "mbox": "mailto:ana@example.org"});
    let mut r = Report::new(Filter {
        activity: Some(ACT.into()),
        class: None,
        ..Filter::default()
    });
    r.feed(&[with_actor]);
    let s = &r.stops()[0];
    assert_eq!((s.answered, s.first_try_right, s.unoffered), (1, 0, 1));
    assert!(r.misconceptions(&retry_lab_report::no_names).is_empty());
}

#[test]
fn a_question_answered_is_a_checkpoint_an_answer_and_progress_and_a_later_try_an_answer() {
    let mut lab = Lab::new(Config::default(), Lang::Es);
    lab.apply(Action::Path(PathAction::Go(Stop::AskNatural)));
    let fx = lab.apply(Action::Path(PathAction::Predict(Choice::SetStatus)));
    let out = sent(&lab, &fx);
    assert_eq!(
        kinds(&out),
        [
            "Checkpoint { id: \"ask_natural\" }",
            "xapi answered",
            "xapi progressed"
        ]
    );
    let st = &out[1];
    assert_eq!(
        st["object"]["id"],
        "https://course.example/labs/retry/ask_natural"
    );
    assert_eq!(st["result"]["success"], true);
    assert_eq!(st["result"]["response"], "set-state");
    assert_eq!(st["result"]["extensions"][contract::ATTEMPT], 1);
    let ids: Vec<&str> = st["object"]["definition"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let offered: Vec<&str> = Stop::AskNatural
        .offers()
        .iter()
        .map(|o| o.choice.as_str())
        .collect();
    assert_eq!(ids, offered);
    // Named in Spanish; English is left out until the page has its texts (natively, it has).
    assert!(st["object"]["definition"]["name"]["es"].is_string());
    // A later try at the same stop is an answer too, and says it is the second.
    lab.apply(Action::Path(PathAction::Go(Stop::AskNatural)));
    let fx = lab.apply(Action::Path(PathAction::Predict(Choice::SendEmail)));
    assert!(fx.tells_host(), "a later try's verdict: {fx:?}");
    let again = sent(&lab, &fx);
    assert_eq!(
        kinds(&again),
        ["xapi answered"],
        "passed once, checkpoint once"
    );
    assert_eq!(again[0]["result"]["success"], false);
    assert_eq!(again[0]["result"]["extensions"][contract::ATTEMPT], 2);
    // Nothing reached, nothing said.
    let fx = lab.apply(Action::Tick(10.0));
    assert!(!fx.tells_host());
    assert!(sent(&lab, &fx).is_empty());
}

#[test]
fn the_last_stop_completes_the_path_with_the_score_of_its_verdicts() {
    let class = [plan(
        "Ana",
        Stop::ALL
            .iter()
            .enumerate()
            .map(|(k, &s)| {
                // Wrong at the first and the last stop.
                let right = s.spec().right;
                let other = s
                    .offers()
                    .iter()
                    .find(|o| o.choice != right)
                    .unwrap()
                    .choice;
                at(
                    s,
                    if k == 0 || k + 1 == Stop::COUNT {
                        other
                    } else {
                        right
                    },
                )
            })
            .collect(),
    )];
    let w = walk(ACT, &class[0], Lang::En, START, &LabWords).unwrap();
    let completed: Vec<&serde_json::Value> = w
        .statements
        .iter()
        .filter(|s| s["verb"]["id"] == "http://adlnet.gov/expapi/verbs/completed")
        .collect();
    let path = completed
        .iter()
        .find(|s| s["result"]["score"].is_object())
        .expect("the path's completion");
    let right = w.verdicts.iter().filter(|v| v.right()).count();
    assert_eq!(right, Stop::COUNT - 2);
    assert_eq!(path["result"]["score"]["raw"], right as u64);
    assert_eq!(path["result"]["score"]["max"], Stop::COUNT as u64);
    assert_eq!(
        w.statements[0]["verb"]["id"],
        "http://adlnet.gov/expapi/verbs/initialized"
    );
    // Every statement carries the class and the lab as the activity its parts belong to.
    for s in &w.statements {
        assert_eq!(s["actor"]["name"], "Ana");
        assert_eq!(
            s["context"]["contextActivities"]["grouping"][0]["id"],
            CLASS
        );
    }
}

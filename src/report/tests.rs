//! The report on statements as the lab sends them: every fixture is built by the lab's own
//! record (`crate::record`) from a verdict at one of its stops, so a stop or choice id the lab
//! no longer has fails here; and on statements as it sent them before (positional choice ids,
//! no attempt, no class), and of other activities, written by hand.
use serde_json::{json, Value};

use super::output::{cell, csv, CsvWords, Naming};
use super::*;
use crate::lab::path::{Answer, Choice, Shown, Stop, Verdict};
use crate::record::{self, Names as Both, Object, Session, Verb};

pub const ACT: &str = "https://course.example/labs/retry";
pub const CLASS: &str = "https://course.example/classes/3b";

/// Plain names, so a test can tell where each came from.
pub struct TestWords;

impl record::Words for TestWords {
    fn lab(&self) -> (Both, Both) {
        (Both::of(|_| "Lab".into()), Both::of(|_| "A lab".into()))
    }
    fn stop_title(&self, stop: Stop) -> Both {
        Both {
            es: format!("Parada {}", stop.as_str()),
            en: format!("Stop {}", stop.as_str()),
        }
    }
    fn stop_prompt(&self, _: Stop) -> Both {
        Both {
            es: "¿Cuándo?".into(),
            en: "When?".into(),
        }
    }
    fn answer(&self, shows: Answer) -> Both {
        let text = match shows {
            Answer::Choice(c) => c.as_str().to_string(),
            other => format!("{other:?}"),
        };
        Both {
            es: format!("{text} (es)"),
            en: text,
        }
    }
    fn challenge(&self, c: crate::lab::checkpoints::Challenge) -> Both {
        Both::of(|_| c.as_str().into())
    }
}

/// One try as the lab sends it: `who` answers `choice` at `stop` at second `at` of the day, in
/// a run that showed the lesson's answer (right when `choice` is it).
pub struct A<'a> {
    pub who: &'a str,
    pub stop: &'a str,
    pub choice: &'a str,
    pub at: u32,
    pub attempt: Option<u32>,
    pub id: Option<String>,
    pub class: Option<&'a str>,
    pub unoffered: Option<Answer>,
}

pub fn a<'a>(who: &'a str, stop: &'a str, choice: &'a str, at: u32) -> A<'a> {
    A {
        who,
        stop,
        choice,
        at,
        attempt: Some(1),
        id: None,
        class: Some(CLASS),
        unoffered: None,
    }
}

impl A<'_> {
    pub fn attempt(mut self, n: u32) -> Self {
        self.attempt = Some(n);
        self
    }
    pub fn id(mut self, id: &str) -> Self {
        self.id = Some(id.to_string());
        self
    }
    /// Judged by a run that showed `value`, which no choice of the stop offers.
    pub fn unoffered(mut self, value: Answer) -> Self {
        self.unoffered = Some(value);
        self
    }
    pub fn value(&self) -> Value {
        let stop = Stop::from_name(self.stop).unwrap_or_else(|| panic!("no stop {}", self.stop));
        let said = Choice::from_name(self.choice)
            .filter(|&c| stop.offer(c).is_some())
            .unwrap_or_else(|| panic!("{} offers no {}", self.stop, self.choice));
        let shown = self
            .unoffered
            .map_or(Shown::Choice(stop.spec().right), Shown::Unoffered);
        let v = Verdict {
            stop,
            said,
            shown,
            attempt: self.attempt.unwrap_or(1) as u16,
        };
        let session = Session {
            activity: ACT.into(),
            registration: uuid::Uuid::from_u128(0x6a1b0c2e),
            name: Both::of(|_| "Lab".into()),
            description: Both::of(|_| "A lab".into()),
            class: self.class.map(String::from),
        };
        let title = record::Words::stop_title(&TestWords, stop);
        let object = Object {
            part: Some(stop.as_str()),
            name: &title,
        };
        let answered = Verb::Answered(record::interaction(&v, &TestWords));
        let at = format!(
            "2026-12-01T{:02}:{:02}:{:02}.000Z",
            self.at / 3600,
            self.at / 60 % 60,
            self.at % 60
        );
        let mut st =
            record::statement(&session, &answered, object, crate::lang::Lang::Es, &at).to_json();
        st["actor"] = json!({"objectType": "Agent", "name": format!("{} Pérez", self.who),
            "account": {"homePage": "https://course.example", "name": self.who}});
        if let (None, Some(r)) = (self.attempt, st["result"].as_object_mut()) {
            r.remove("extensions");
        }
        if let Some(id) = &self.id {
            st["id"] = json!(id);
        }
        st
    }
}

/// A statement about a part the lab does not have: one of its own, renamed.
pub fn foreign(who: &str, id: &str, response: &str) -> Value {
    let mut v = a(who, "step_backoff", "counts-initial-delivery", 1).value();
    v["object"]["id"] = json!(id);
    v["result"]["response"] = json!(response);
    v
}

pub fn report(statements: &[Value]) -> Report {
    let mut r = Report::new(Filter {
        activity: Some(ACT.into()),
        ..Filter::default()
    });
    r.feed(statements);
    r
}

fn counts_of<'r>(r: &'r Report, stop: &str) -> Vec<(&'r str, u32, u32)> {
    let s = r.stops().into_iter().find(|s| s.id == stop).unwrap();
    s.choices.iter().map(|c| (c.id, c.count, c.later)).collect()
}

#[test]
fn counts_first_tries_apart_from_later_ones() {
    let r = report(&[
        a("ana", "step_backoff", "counts-initial-delivery", 10).value(),
        a("ana", "step_backoff", "waits-add-up", 20)
            .attempt(2)
            .value(),
        a("bruno", "step_backoff", "waits-add-up", 30).value(),
        a("carla", "step_backoff", "counts-initial-delivery", 40).value(),
    ]);
    let s = &r.stops()[0];
    assert_eq!(
        (s.answered, s.first_try_right, s.retried, s.later),
        (3, 1, 1, 1)
    );
    assert_eq!(
        counts_of(&r, "step_backoff"),
        [
            ("counts-initial-delivery", 2, 0),
            ("only-its-own-wait", 0, 0),
            ("waits-add-up", 1, 1),
            ("next-wait", 0, 0)
        ]
    );
    assert!(s.choices[2].right && !s.choices[0].right);
    assert_eq!(r.counts().answers, 4);
    let ana = (0..3)
        .map(|i| r.learner(i))
        .find(|l| l.name == "ana Pérez")
        .unwrap();
    assert_eq!(ana.steps.len(), 1);
    assert_eq!(
        (ana.steps[0].choice, ana.steps[0].right, ana.steps[0].tries),
        (0, false, 2)
    );
}

#[test]
fn the_first_try_is_the_earliest_whatever_order_pages_come_in() {
    // A store answers newest first; two browsers each call their first result attempt 1.
    let late = a("ana", "step_crash", "hub-redelivers", 500).value();
    let early = a("ana", "step_crash", "one-failure-dead-letters", 100).value();
    for order in [[&late, &early], [&early, &late]] {
        let mut r = report(&[]);
        r.feed(&[order[0].clone()]);
        r.feed(&[order[1].clone()]);
        assert_eq!(
            counts_of(&r, "step_crash"),
            [
                ("one-failure-dead-letters", 1, 0),
                ("hub-redelivers", 0, 1),
                ("processed-means-delivered", 0, 0)
            ]
        );
        let s = &r.stops()[0];
        assert_eq!((s.answered, s.first_try_right), (1, 0));
    }
    // At the same instant, the attempt decides.
    let r = report(&[
        a("ana", "step_crash", "hub-redelivers", 100)
            .attempt(2)
            .value(),
        a("ana", "step_crash", "one-failure-dead-letters", 100).value(),
    ]);
    assert_eq!(counts_of(&r, "step_crash")[0].1, 1);
}

#[test]
fn duplicates_by_statement_id_count_once_across_batches() {
    let s = a("ana", "step_backoff", "only-its-own-wait", 1)
        .id("0b7a0e4e-2f6b-4c4e-9a52-7d0c7d3f0001")
        .value();
    let other = a("ana", "step_backoff", "only-its-own-wait", 2)
        .id("not-a-uuid")
        .value();
    let mut r = report(&[s.clone(), other.clone()]);
    r.feed(&[s, other]);
    assert_eq!(r.counts().answers, 2);
    assert_eq!(r.counts().skipped(Skip::Duplicate), 2);
    assert_eq!(r.stops()[0].later, 1);
}

#[test]
fn other_verbs_activities_classes_and_the_workbench_are_counted_apart() {
    let mut progressed = a("ana", "step_backoff", "only-its-own-wait", 1).value();
    progressed["verb"]["id"] = json!("http://adlnet.gov/expapi/verbs/progressed");
    let elsewhere = foreign("ana", "https://other.example/lab/step_backoff", "next-wait");
    let workbench = foreign("ana", &format!("{ACT}/workbench/predict"), "safe");
    let mut other_class = a("bruno", "step_backoff", "only-its-own-wait", 1);
    other_class.class = Some("https://course.example/classes/other");
    let mut no_class = a("carla", "step_backoff", "only-its-own-wait", 1);
    no_class.class = None;
    let all = [
        progressed,
        elsewhere,
        workbench.clone(),
        other_class.value(),
        no_class.value(),
        a("dani", "step_backoff", "only-its-own-wait", 1).value(),
    ];
    let mut r = Report::new(Filter {
        activity: Some(format!("{ACT}/")),
        class: Some(CLASS.into()),
        ..Filter::default()
    });
    r.feed(&all);
    let c = r.counts();
    assert_eq!((c.read, c.answers), (6, 1));
    assert_eq!(c.skipped(Skip::OtherVerb), 1);
    assert_eq!(c.skipped(Skip::OtherActivity), 2);
    assert_eq!(c.skipped(Skip::OtherClass), 2);
    assert_eq!(
        c.other_activity_example.as_deref(),
        Some("https://other.example/lab/step_backoff")
    );
    // Any activity, any class: every answer but the workbench's.
    let mut any = Report::new(Filter::default());
    any.feed(&all);
    assert_eq!(any.counts().answers, 4);
    assert_eq!(any.counts().skipped(Skip::OtherActivity), 1);
}

#[test]
fn stops_come_in_the_paths_order_then_as_first_seen() {
    let r = report(&[
        foreign("ana", &format!("{ACT}/zeta_new"), "x"),
        a("ana", "ask_at_least_once", "lost-answer-forces-retry", 2).value(),
        foreign("ana", &format!("{ACT}/alpha_new"), "x"),
        a("ana", "step_backoff", "waits-add-up", 4).value(),
    ]);
    let ids: Vec<&str> = r.stops().iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        ["step_backoff", "ask_at_least_once", "zeta_new", "alpha_new"]
    );
    assert!(r.stops()[0].known && !r.stops()[2].known);
    let path: Vec<u16> = r.learner(0).steps.iter().map(|s| s.stop).collect();
    assert_eq!(path, [3, 1, 0, 2]);
}

#[test]
fn names_come_from_definitions_in_both_languages_filled_as_they_come() {
    let mut spanish_only = a("ana", "step_backoff", "only-its-own-wait", 1).value();
    spanish_only["object"]["definition"]["name"] = json!({"es": "Backoff"});
    let r = report(&[
        spanish_only,
        a("bruno", "step_backoff", "only-its-own-wait", 2).value(),
    ]);
    let s = &r.stops()[0];
    assert_eq!(s.name.get(Lang::Es), Some("Backoff"));
    assert_eq!(s.name.get(Lang::En), Some("Stop step_backoff"));
    assert_eq!(s.question.get(Lang::En), Some("When?"));
    assert_eq!(s.choices[1].text.get(Lang::Es), Some("Secs(120) (es)"));
}

#[test]
fn todays_statements_positional_ids_without_attempt_or_class() {
    let old = |who: &str, response: &str, success: bool, at: u32| {
        let mut v = a(who, "step_backoff", "waits-add-up", at);
        v.attempt = None;
        v.class = None;
        let mut v = v.value();
        v["result"] = json!({"success": success, "response": response});
        v["object"]["definition"]["correctResponsesPattern"] = json!(["2"]);
        v["object"]["definition"]["choices"] = json!([
            {"id": "0", "description": {"es": "90 s"}},
            {"id": "1", "description": {"es": "30 s"}},
            {"id": "2", "description": {"es": "210 s"}},
        ]);
        v
    };
    let r = report(&[
        old("ana", "0", false, 5),
        old("ana", "2", true, 9),
        old("bruno", "2", true, 3),
    ]);
    assert_eq!(
        counts_of(&r, "step_backoff"),
        [("0", 1, 0), ("1", 0, 0), ("2", 1, 1)]
    );
    let s = &r.stops()[0];
    assert_eq!(s.choices[0].text.get(Lang::En), Some("90 s"));
    assert!(s.choices[2].right);
}

/// A statement of the lab before it named its choices: "0", "1"… by position.
fn positional(who: &str, stop: &str) -> Value {
    let mut v = foreign(who, &format!("{ACT}/{stop}"), "0");
    v["object"]["definition"]["choices"] = json!([{"id": "0"}, {"id": "1"}]);
    v["object"]["definition"]["correctResponsesPattern"] = json!(["1"]);
    v["result"]["success"] = json!(false);
    if let Some(o) = v.as_object_mut() {
        o.remove("context");
    }
    v
}

#[test]
fn misconceptions_most_common_first_one_slug_across_stops() {
    let r = report(&[
        a("ana", "step_backoff", "counts-initial-delivery", 1).value(),
        a("bruno", "step_dead_letter", "counts-initial-delivery", 1).value(),
        a("carla", "step_dead_letter", "only-its-own-wait", 1).value(),
        a("dani", "step_dead_letter", "waits-add-up", 1).value(),
        // A run that showed what no choice offers is no one's misconception.
        a("eva", "step_dead_letter", "a-seventh-intento", 1)
            .unoffered(Answer::Secs(630))
            .value(),
        // Positional ids (the lab's statements before it named its choices) are per stop.
        positional("ana", "ask_natural"),
        positional("bruno", "ask_redelivery"),
    ]);
    let named = |stop: &str, choice: &str| {
        (stop == "step_backoff" && choice == "counts-initial-delivery")
            .then(|| Names::new("contar la entrega inicial como intento", ""))
    };
    let ms = r.misconceptions(&named);
    let got: Vec<(&str, u32, usize)> = ms.iter().map(|m| (m.id, m.answers, m.at.len())).collect();
    assert_eq!(
        got,
        [
            ("counts-initial-delivery", 2, 2),
            ("only-its-own-wait", 1, 1),
            ("0", 1, 1),
            ("0", 1, 1)
        ]
    );
    let dead = r
        .stops()
        .into_iter()
        .find(|s| s.id == "step_dead_letter")
        .unwrap();
    assert_eq!(
        (dead.answered, dead.first_try_right, dead.unoffered),
        (4, 1, 1)
    );
    // The learner's own row tells the changed run from a belief: only eva's step is unoffered.
    let marks: Vec<(String, bool, bool)> = (0..r.learner_count() as u32)
        .map(|i| r.learner(i))
        .flat_map(|l| {
            let name = l.key.to_string();
            l.steps
                .iter()
                .filter(|st| r.stop(st.stop).id == "step_dead_letter")
                .map(move |st| (name.clone(), st.right, st.unoffered))
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(marks.iter().filter(|m| m.2).count(), 1, "{marks:?}");
    assert!(
        marks.iter().any(|m| m.0.contains("eva") && !m.1 && m.2),
        "{marks:?}"
    );
    assert!(
        marks.iter().all(|m| m.0.contains("eva") || !m.2),
        "{marks:?}"
    );
    assert_eq!(
        ms[0].name.get(Lang::En),
        Some("contar la entrega inicial como intento")
    );
    // Without a catalogue, the choice's own description.
    assert_eq!(
        r.misconceptions(&no_names)[1].name.get(Lang::Es),
        Some("Secs(960) (es)")
    );
}

#[test]
fn learners_are_known_by_their_identifier_and_shown_by_name() {
    let mut mbox = a("x", "step_backoff", "only-its-own-wait", 1).value();
    mbox["actor"] = json!({"mbox": "mailto:eva@example.org"});
    let mut renamed = a("ana", "step_crash", "hub-redelivers", 2).value();
    renamed["actor"]["name"] = json!("Ana María");
    let mut group = a("x", "step_backoff", "only-its-own-wait", 1).value();
    group["actor"]["objectType"] = json!("Group");
    let mut nobody = a("x", "step_backoff", "only-its-own-wait", 1).value();
    nobody["actor"] = json!({"name": "Sin identificador"});
    let r = report(&[
        a("ana", "step_backoff", "only-its-own-wait", 1).value(),
        renamed,
        mbox,
        group,
        nobody,
    ]);
    assert_eq!(r.learner_count(), 2);
    assert_eq!(r.learner(0).steps.len(), 2, "one learner, two stops");
    assert_eq!(r.learner(0).name, "ana Pérez", "the first name given stays");
    assert_eq!(r.learner(1).name, "eva@example.org");
    assert_eq!(r.counts().skipped(Skip::NoLearner), 2);
}

#[test]
fn anonymous_numbers_do_not_depend_on_the_order_statements_came_in() {
    let s: Vec<Value> = ["ana", "bruno", "carla", "dani", "eva"]
        .iter()
        .enumerate()
        .map(|(i, w)| a(w, "step_backoff", "only-its-own-wait", i as u32).value())
        .collect();
    let forward = report(&s);
    let mut rev = s.clone();
    rev.reverse();
    let backward = report(&rev);
    let by_name = |r: &Report| {
        let numbers = r.anonymous_numbers();
        let mut v: Vec<(String, u32)> = (0..5)
            .map(|i| (r.learner(i).name.to_string(), numbers[i as usize]))
            .collect();
        v.sort();
        v
    };
    assert_eq!(by_name(&forward), by_name(&backward));
    let mut numbers: Vec<u32> = by_name(&forward).into_iter().map(|(_, n)| n).collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
}

#[test]
fn statements_of_other_shapes_are_skipped_with_a_reason() {
    let mut r = report(&[]);
    for text in [
        "not json",
        "[1, 2]",
        "42",
        r#"{"foo": 1}"#,
        r#"{"verb": {"id": 7}, "object": {}}"#,
    ] {
        r.feed_bytes(text.as_bytes());
    }
    let mut no_response = a("ana", "step_backoff", "next-wait", 1).value();
    no_response["result"] = json!({"success": true});
    r.feed(&[no_response, json!(null)]);
    let c = r.counts();
    assert_eq!(c.read, 7);
    assert_eq!(c.answers, 0);
    assert_eq!(c.skipped(Skip::NotJson), 1);
    assert_eq!(c.skipped(Skip::NotAStatement), 4);
    assert_eq!(c.skipped(Skip::Shape), 1);
    assert_eq!(c.shape_example, Some("verb.id"));
    assert_eq!(c.skipped(Skip::NoResponse), 1);
    assert_eq!(c.unreadable(), 7);
}

#[test]
fn csv_cells_cannot_start_a_formula() {
    assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    for (raw, safe) in [
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("Ana", "Ana"),
        ("a,b", "\"a,b\""),
    ] {
        assert_eq!(cell(raw), safe);
    }
    let mut evil = a("x", "step_backoff", "only-its-own-wait", 1).value();
    evil["actor"]["name"] = json!("=cmd|' /C calc'!A0");
    let r = report(&[evil]);
    let w = CsvWords {
        header: ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"],
        yes: "sí",
        no: "no",
    };
    let text = csv(&r, &no_names, Naming::Names, Lang::Es, &w);
    let row = text.lines().nth(1).unwrap();
    assert!(row.starts_with("'=cmd|"), "{row}");
    let anon = csv(
        &r,
        &no_names,
        Naming::Anonymous {
            template: "Estudiante {0}",
        },
        Lang::Es,
        &w,
    );
    assert!(anon
        .lines()
        .nth(1)
        .unwrap()
        .starts_with(&format!("Estudiante 1,{CLASS},step_backoff,")));
    assert!(!anon.contains("cmd"));
    // What the learner saw (the choice's words), the belief behind it, the time.
    let cells: Vec<&str> = anon.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(cells.len(), 11, "{cells:?}");
    assert_eq!(cells[5], "only-its-own-wait");
    assert_eq!(cells[6], "Secs(120) (es)");
    assert_eq!(cells[10], "2026-12-01T00:00:01Z");
}

/// A belief is counted in answers and in learners apart: one learner who holds it at three
/// stops is three answers and one learner, and the list is ordered by learners.
#[test]
fn beliefs_count_learners_and_answers_apart() {
    let r = report(&[
        // Ana counts the initial delivery at two stops: two answers, one learner; two learners
        // believe the application's check is enough.
        a("ana", "step_backoff", "counts-initial-delivery", 1).value(),
        a("ana", "step_dead_letter", "counts-initial-delivery", 2).value(),
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
    assert_eq!(got[1], ("counts-initial-delivery", 2, 1), "{got:?}");
    let ana = (0..r.learner_count() as u32)
        .find(|&i| r.learner(i).key.ends_with(" ana"))
        .unwrap();
    assert_eq!(ms[1].learners, [ana]);
    // A class of one learner who holds a belief at two stops: one learner, two answers.
    let one = report(&[
        a("eva", "step_backoff", "counts-initial-delivery", 1).value(),
        a("eva", "step_dead_letter", "counts-initial-delivery", 2).value(),
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
        ["carla", "bruno", "ana"]
    );
    let bruno = r.learner(r.need_order()[1]);
    assert_eq!((bruno.first_right, bruno.answered()), (1, 2));
    assert_eq!(
        r.stop(bruno.furthest.unwrap()).id,
        "step_no_immediate_retry"
    );
    assert_eq!(
        bruno.first_at.map(time::format_ms).as_deref(),
        Some("2026-12-01T00:00:10Z")
    );
    assert_eq!(
        bruno.last_at.map(time::format_ms).as_deref(),
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

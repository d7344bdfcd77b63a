//! The report on statements shaped as the lab sends them (`notes/xapi-contract.md`), and as it
//! sent them before (positional choice ids, no attempt, no class).
use serde_json::{json, Value};

use super::output::{cell, csv, CsvWords, Naming};
use super::statement::ANSWERED;
use super::*;

pub const ACT: &str = "https://course.example/labs/retry";
pub const CLASS: &str = "https://course.example/classes/3b";

/// One try as the lab sends it: `who` answers `choice` at `stop` at second `at` of the day.
pub struct A<'a> {
    pub who: &'a str,
    pub stop: &'a str,
    pub choice: &'a str,
    pub right: bool,
    pub at: u32,
    pub attempt: Option<u32>,
    pub id: Option<String>,
    pub class: Option<&'a str>,
}

pub fn a<'a>(who: &'a str, stop: &'a str, choice: &'a str, right: bool, at: u32) -> A<'a> {
    A {
        who,
        stop,
        choice,
        right,
        at,
        attempt: Some(1),
        id: None,
        class: Some(CLASS),
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
    pub fn value(&self) -> Value {
        let choices = ["counts-initial-delivery", "one-wait", "cumulative-schedule"];
        let mut v = json!({
            "actor": {"objectType": "Agent", "name": format!("{} Pérez", self.who),
                      "account": {"homePage": "https://course.example", "name": self.who}},
            "verb": {"id": ANSWERED, "display": {"en-US": "answered"}},
            "object": {"objectType": "Activity", "id": format!("{ACT}/{}", self.stop),
                "definition": {
                    "name": {"es": format!("Parada {}", self.stop), "en": format!("Stop {}", self.stop)},
                    "description": {"es": "¿Cuándo?", "en": "When?"},
                    "type": "http://adlnet.gov/expapi/activities/cmi.interaction",
                    "interactionType": "choice",
                    "correctResponsesPattern": ["cumulative-schedule"],
                    "choices": choices.iter().map(|c| json!({"id": c, "description": {"es": format!("{c} (es)"), "en": c}})).collect::<Vec<_>>()
                }},
            "result": {"success": self.right, "response": self.choice},
            "context": {"registration": "6a1b0c2e-0000-4000-8000-000000000000", "language": "es",
                "contextActivities": {"parent": [{"objectType": "Activity", "id": ACT}]}},
            "timestamp": format!("2026-12-01T{:02}:{:02}:{:02}.000Z", self.at / 3600, self.at / 60 % 60, self.at % 60),
        });
        if let Some(n) = self.attempt {
            v["result"]["extensions"] =
                json!({"https://w3id.org/xapi/retry-lab/extensions/attempt": n});
        }
        if let Some(id) = &self.id {
            v["id"] = json!(id);
        }
        if let Some(c) = self.class {
            v["context"]["contextActivities"]["grouping"] = json!([{"id": c}]);
        }
        v
    }
}

pub fn report(statements: &[Value]) -> Report {
    let mut r = Report::new(Filter {
        activity: Some(ACT.into()),
        class: None,
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
        a("ana", "step_backoff", "counts-initial-delivery", false, 10).value(),
        a("ana", "step_backoff", "cumulative-schedule", true, 20)
            .attempt(2)
            .value(),
        a("bruno", "step_backoff", "cumulative-schedule", true, 30).value(),
        a(
            "carla",
            "step_backoff",
            "counts-initial-delivery",
            false,
            40,
        )
        .value(),
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
            ("one-wait", 0, 0),
            ("cumulative-schedule", 1, 1)
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
    let late = a("ana", "step_crash", "one-wait", true, 500).value();
    let early = a("ana", "step_crash", "counts-initial-delivery", false, 100).value();
    for order in [[&late, &early], [&early, &late]] {
        let mut r = report(&[]);
        r.feed(&[order[0].clone()]);
        r.feed(&[order[1].clone()]);
        assert_eq!(
            counts_of(&r, "step_crash"),
            [
                ("counts-initial-delivery", 1, 0),
                ("one-wait", 0, 1),
                ("cumulative-schedule", 0, 0)
            ]
        );
        let s = &r.stops()[0];
        assert_eq!((s.answered, s.first_try_right), (1, 0));
    }
    // At the same instant, the attempt decides.
    let r = report(&[
        a("ana", "step_crash", "one-wait", true, 100)
            .attempt(2)
            .value(),
        a("ana", "step_crash", "counts-initial-delivery", false, 100).value(),
    ]);
    assert_eq!(counts_of(&r, "step_crash")[0].1, 1);
}

#[test]
fn duplicates_by_statement_id_count_once_across_batches() {
    let s = a("ana", "step_backoff", "one-wait", false, 1)
        .id("0b7a0e4e-2f6b-4c4e-9a52-7d0c7d3f0001")
        .value();
    let other = a("ana", "step_backoff", "one-wait", false, 2)
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
    let mut progressed = a("ana", "step_backoff", "one-wait", false, 1).value();
    progressed["verb"]["id"] = json!("http://adlnet.gov/expapi/verbs/progressed");
    let mut elsewhere = a("ana", "step_backoff", "one-wait", false, 1).value();
    elsewhere["object"]["id"] = json!("https://other.example/lab/step_backoff");
    let mut workbench = a("ana", "predict", "0", false, 1).value();
    workbench["object"]["id"] = json!(format!("{ACT}/workbench/predict"));
    let mut other_class = a("bruno", "step_backoff", "one-wait", false, 1);
    other_class.class = Some("https://course.example/classes/other");
    let mut no_class = a("carla", "step_backoff", "one-wait", false, 1);
    no_class.class = None;
    let all = [
        progressed,
        elsewhere,
        workbench.clone(),
        other_class.value(),
        no_class.value(),
        a("dani", "step_backoff", "one-wait", false, 1).value(),
    ];
    let mut r = Report::new(Filter {
        activity: Some(format!("{ACT}/")),
        class: Some(CLASS.into()),
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
        a("ana", "zeta_new", "x", true, 1).value(),
        a("ana", "ask_at_least_once", "x", true, 2).value(),
        a("ana", "alpha_new", "x", true, 3).value(),
        a("ana", "step_backoff", "x", true, 4).value(),
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
    let mut spanish_only = a("ana", "step_backoff", "one-wait", false, 1).value();
    spanish_only["object"]["definition"]["name"] = json!({"es": "Backoff"});
    let r = report(&[
        spanish_only,
        a("bruno", "step_backoff", "one-wait", false, 2).value(),
    ]);
    let s = &r.stops()[0];
    assert_eq!(s.name.get(Lang::Es), Some("Backoff"));
    assert_eq!(s.name.get(Lang::En), Some("Stop step_backoff"));
    assert_eq!(s.question.get(Lang::En), Some("When?"));
    assert_eq!(s.choices[1].text.get(Lang::Es), Some("one-wait (es)"));
}

#[test]
fn todays_statements_positional_ids_without_attempt_or_class() {
    let old = |who: &str, response: &str, success: bool, at: u32| {
        let mut v = a(who, "step_backoff", response, success, at);
        v.attempt = None;
        v.class = None;
        let mut v = v.value();
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

#[test]
fn misconceptions_most_common_first_one_slug_across_stops() {
    let r = report(&[
        a("ana", "step_backoff", "counts-initial-delivery", false, 1).value(),
        a(
            "bruno",
            "step_dead_letter",
            "counts-initial-delivery",
            false,
            1,
        )
        .value(),
        a("carla", "step_dead_letter", "one-wait", false, 1).value(),
        a("dani", "step_dead_letter", "cumulative-schedule", true, 1).value(),
        // Positional ids are per stop.
        a("ana", "ask_natural", "0", false, 1).value(),
        a("bruno", "ask_redelivery", "0", false, 1).value(),
    ]);
    let named = |stop: &str, choice: &str| {
        (stop == "step_backoff" && choice == "counts-initial-delivery")
            .then(|| Names::new("contar la entrega inicial como intento", ""))
    };
    let ms = r.misconceptions(&named);
    let got: Vec<(&str, u32, usize)> = ms.iter().map(|m| (m.id, m.count, m.at.len())).collect();
    assert_eq!(
        got,
        [
            ("counts-initial-delivery", 2, 2),
            ("one-wait", 1, 1),
            ("0", 1, 1),
            ("0", 1, 1)
        ]
    );
    assert_eq!(
        ms[0].name.get(Lang::En),
        Some("contar la entrega inicial como intento")
    );
    // Without a catalogue, the choice's own description.
    assert_eq!(
        r.misconceptions(&no_names)[1].name.get(Lang::Es),
        Some("one-wait (es)")
    );
}

#[test]
fn learners_are_known_by_their_identifier_and_shown_by_name() {
    let mut mbox = a("x", "step_backoff", "one-wait", false, 1).value();
    mbox["actor"] = json!({"mbox": "mailto:eva@example.org"});
    let mut renamed = a("ana", "step_crash", "one-wait", false, 2).value();
    renamed["actor"]["name"] = json!("Ana María");
    let mut group = a("x", "step_backoff", "one-wait", false, 1).value();
    group["actor"]["objectType"] = json!("Group");
    let mut nobody = a("x", "step_backoff", "one-wait", false, 1).value();
    nobody["actor"] = json!({"name": "Sin identificador"});
    let r = report(&[
        a("ana", "step_backoff", "one-wait", false, 1).value(),
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
        .map(|(i, w)| a(w, "step_backoff", "one-wait", false, i as u32).value())
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
    let mut no_response = a("ana", "step_backoff", "x", false, 1).value();
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
    let mut evil = a("x", "step_backoff", "one-wait", false, 1).value();
    evil["actor"]["name"] = json!("=cmd|' /C calc'!A0");
    let r = report(&[evil]);
    let w = CsvWords {
        header: ["a", "b", "c", "d", "e", "f", "g"],
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
        .starts_with("Estudiante 1,step_backoff,"));
    assert!(!anon.contains("cmd"));
}

//! The report on statements as the lab sends them: every fixture is built by the lab's own
//! record (`retry_lab_core::record`) from a verdict at one of its stops, so a stop or choice id the lab
//! no longer has fails here; and on statements as it sent them before (positional choice ids,
//! no attempt, no class), and of other activities, written by hand.
use serde_json::{json, Value};

use super::output::{cell, csv, CsvWords, Naming};
use super::*;
use retry_lab_core::lab::path::{Answer, Choice, Shown, Stop, Verdict};
use retry_lab_core::record::{self, Names as Both, Object, Session, Verb};

mod live;
mod next_class;
mod people;

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
    fn challenge(&self, c: retry_lab_core::lab::checkpoints::Challenge) -> Both {
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
        let mut st = record::statement(
            &session,
            &answered,
            object,
            retry_lab_core::lang::Lang::Es,
            &at,
        )
        .to_json();
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

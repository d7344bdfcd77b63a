//! `simulate class` as a teacher's script runs it: the report of a file of statements as JSON
//! or a table, whichever of the three shapes the file has; exit codes 1 (not statements) and
//! 2 (usage, unreadable file) with a message.
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

const ACT: &str = "https://course.example/labs/retry";
const CLASS: &str = "https://course.example/classes/3b";

fn simulate(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_simulate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run simulate");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// (learner, stop, choice, second): the tries of a small class, in the order a store returns
/// them (newest first); the right choice is `b`.
const TRIES: [(&str, &str, &str, u32); 7] = [
    ("ana", "step_backoff", "b", 50),
    ("carla", "step_dead_letter", "b", 40),
    ("bruno", "step_backoff", "b", 30),
    ("carla", "step_backoff", "c", 20),
    ("ana", "step_backoff", "a", 10),
    ("ana", "step_dead_letter", "a", 5),
    ("bruno", "step_dead_letter", "a", 1),
];

fn statement(k: usize, (who, stop, choice, at): (&str, &str, &str, u32), class: &str) -> Value {
    json!({
        "id": format!("00000000-0000-4000-8000-{k:012}"),
        "actor": {"name": who, "account": {"homePage": "https://course.example", "name": who}},
        "verb": {"id": "http://adlnet.gov/expapi/verbs/answered"},
        "object": {"id": format!("{ACT}/{stop}"), "definition": {
            "name": {"es": format!("Parada {stop}")},
            "correctResponsesPattern": ["b"],
            "choices": [{"id": "a", "description": {"es": "A"}}, {"id": "b", "description": {"es": "B"}}, {"id": "c", "description": {"es": "C"}}]}},
        "result": {"success": choice == "b", "response": choice},
        "context": {"contextActivities": {"grouping": [{"id": class}]}},
        "timestamp": format!("2026-12-01T10:00:{at:02}Z"),
    })
}

fn class_statements() -> Vec<Value> {
    let mut all: Vec<Value> = TRIES
        .iter()
        .enumerate()
        .map(|(k, t)| statement(k, *t, CLASS))
        .collect();
    // Another class's learner, and a progressed statement: not counted.
    all.push(statement(
        99,
        ("eva", "step_backoff", "a", 3),
        "https://course.example/classes/other",
    ));
    all.push(
        json!({"verb": {"id": "http://adlnet.gov/expapi/verbs/progressed"}, "object": {"id": ACT}}),
    );
    all
}

fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("retry-lab-class-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// A stop's id, answered, first_try_right and its choices' (id, count, later).
type StopCounts = (String, u64, u64, Vec<(String, u64, u64)>);

/// Per stop, from the JSON report.
fn counts(report: &Value) -> Vec<StopCounts> {
    report["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let choices = s["choices"].as_array().unwrap().iter();
            (
                s["id"].as_str().unwrap().to_string(),
                s["answered"].as_u64().unwrap(),
                s["first_try_right"].as_u64().unwrap(),
                choices
                    .map(|c| {
                        let learners = c["learners"].as_array().unwrap().len() as u64;
                        assert_eq!(learners, c["count"].as_u64().unwrap(), "{c}");
                        (
                            c["id"].as_str().unwrap().to_string(),
                            c["count"].as_u64().unwrap(),
                            c["later"].as_u64().unwrap(),
                        )
                    })
                    .collect(),
            )
        })
        .collect()
}

/// What TRIES should give, worked out from them here: each learner's earliest try per stop.
fn expected() -> Vec<StopCounts> {
    ["step_backoff", "step_dead_letter"]
        .iter()
        .map(|stop| {
            let at_stop: Vec<_> = TRIES.iter().filter(|t| t.1 == *stop).collect();
            let mut firsts: Vec<(&str, &str)> = Vec::new();
            for who in ["ana", "bruno", "carla"] {
                if let Some(t) = at_stop.iter().filter(|t| t.0 == who).min_by_key(|t| t.3) {
                    firsts.push((who, t.2));
                }
            }
            let choices = ["a", "b", "c"]
                .iter()
                .map(|c| {
                    let first = firsts.iter().filter(|f| f.1 == *c).count() as u64;
                    let all = at_stop.iter().filter(|t| t.2 == *c).count() as u64;
                    (c.to_string(), first, all - first)
                })
                .collect();
            let right = firsts.iter().filter(|f| f.1 == "b").count() as u64;
            (stop.to_string(), firsts.len() as u64, right, choices)
        })
        .collect()
}

#[test]
fn the_report_of_a_class_in_each_file_shape_is_the_same() {
    let all = class_statements();
    let array = file("array.json", &Value::Array(all.clone()).to_string());
    let lines: Vec<String> = all.iter().map(Value::to_string).collect();
    let jsonl = file("lines.jsonl", &lines.join("\n"));
    let page = file(
        "page.json",
        &json!({"statements": all, "more": ""}).to_string(),
    );
    let want = expected();
    assert_eq!(want[0].1, 3, "the worked-out expectation is itself a class");
    for path in [&array, &jsonl, &page] {
        let (code, out, err) = simulate(
            &[
                "class",
                "--statements",
                path,
                "--activity",
                ACT,
                "--class",
                CLASS,
            ],
            None,
        );
        assert_eq!(code, 0, "{err}");
        let report: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(counts(&report), want, "{path}");
        assert!(
            err.contains("1 other_class") && err.contains("1 other_verb"),
            "{err}"
        );
        let ana = &report["stops"][0]["choices"][0]["learners"];
        assert_eq!(ana, &json!(["ana"]), "ana's first try was a");
    }
    // From standard input, any class: eva counts.
    let (code, out, _) = simulate(&["class", "--statements", "-"], Some(&lines.join("\n")));
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["stops"][0]["answered"], 4);
    assert_eq!(report["learners"], 4);
}

#[test]
fn the_table_names_stops_choices_and_learners_and_can_hide_them() {
    let path = file("table.json", &Value::Array(class_statements()).to_string());
    let (code, out, _) = simulate(
        &[
            "class",
            "--statements",
            &path,
            "--class",
            CLASS,
            "--format",
            "table",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("step_backoff  Parada step_backoff"), "{out}");
    assert!(
        out.contains("answered 3, right on the first try 1 (33 %)"),
        "{out}"
    );
    assert!(out.contains("bruno"), "{out}");
    let (_, out, _) = simulate(
        &[
            "class",
            "--statements",
            &path,
            "--format",
            "table",
            "--anonymous",
        ],
        None,
    );
    assert!(
        !out.contains("bruno") && out.contains("Estudiante 1"),
        "{out}"
    );
}

#[test]
fn what_is_not_statements_and_bad_usage_get_a_message_and_an_exit_code() {
    let csv = file("class.csv", "learner,stop\nana,step_backoff\n");
    let (code, _, err) = simulate(&["class", "--statements", &csv], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("is not statements: it starts with «l»"),
        "{err}"
    );
    let cut = file("cut.json", "[{\"verb\": {");
    let (code, _, err) = simulate(&["class", "--statements", &cut], None);
    assert_eq!(
        (code, err.contains("ends in the middle")),
        (1, true),
        "{err}"
    );
    for args in [
        vec!["class"],
        vec!["class", "--statements"],
        vec!["class", "--statements", "/nonexistent/x.json"],
        vec!["class", "--statements", &csv, "--format", "xml"],
        vec!["class", "--statements", &csv, "--colour", "red"],
    ] {
        let (code, out, err) = simulate(&args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && !err.is_empty(), "{args:?}");
    }
}

//! Native fuzzing of the teacher's report's foreign inputs: a statements file in each shape
//! the page accepts (a JSON array, a statements page, JSON Lines), cut and damaged anywhere
//! and read in chunks of any size; a record store's page and the `more` it names; and names
//! and descriptions of any text. Nothing may panic, every statement read is counted (as an
//! answer or skipped for a reason), everything written out stays in bounds, and every refusal
//! is a sentence in both languages. FUZZ_CASES sets the count per input (default 2 000;
//! `scripts/fuzz` runs a million).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestRunner};
use retry_lab::teacher::load::{page_problem, MAX_DEPTH, MAX_PAGE_BYTES};
use retry_lab::teacher::query::{endpoint, Query, Walk, MAX_MORE, MAX_PAGES};
use retry_lab_core::lang::Lang;
use retry_lab_report::output::{self, CsvWords, Naming};
use retry_lab_report::split::{Format, Splitter};
use retry_lab_report::{no_names, Filter, Report};
use retry_lab_text::teacher_keys::{texts, Problem};
use serde_json::{json, Value};

const ACT: &str = "https://course.example/labs/retry";

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000)
}

fn run<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let n = cases();
    let mut runner = TestRunner::new(RunnerConfig {
        cases: n,
        failure_persistence: None,
        ..RunnerConfig::default()
    });
    runner.run(&strategy, test).unwrap();
    eprintln!("report fuzz: {name}: {n} inputs");
}

/// Text of any kind, with what breaks names: markup, formula starts, quotes, line breaks,
/// control characters, very long runs, combining marks, right-to-left.
fn texty() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("<img src=x onerror=alert(1)>".to_string()),
        Just("=HYPERLINK(\"x\")".into()),
        Just("+1".into()),
        Just("-".into()),
        Just("@".into()),
        Just("\"".into()),
        Just(",".into()),
        Just("\n".into()),
        Just("\r\n".into()),
        Just("\t".into()),
        Just("\u{0}".into()),
        Just("\u{202e}".into()),
        Just("e\u{301}".into()),
        Just("{0}".into()),
        Just("x".repeat(400)),
        Just("ñ".repeat(200)),
        ".{0,12}",
    ];
    prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
}

/// A statement as the lab sends it, its fields drawn from the lab's own ids and from noise.
fn statement() -> impl Strategy<Value = Value> {
    let stop = prop_oneof![
        Just("step_backoff".to_string()),
        Just("step_race".into()),
        Just("ask_natural".into()),
        Just("workbench/predict".into()),
        "[a-z_]{0,12}",
    ];
    let choice = prop_oneof![
        Just("waits-add-up".to_string()),
        Just("counts-initial-delivery".into()),
        Just("0".into()),
        "[a-z-]{0,10}",
    ];
    let who = prop_oneof![Just("ana".to_string()), Just("bruno".into()), texty()];
    let time = prop_oneof![
        Just("2026-12-03T10:00:00Z".to_string()),
        Just("2026-12-03T10:00:01.5+02:00".into()),
        Just("2026-02-30T10:00:00Z".into()),
        "[0-9T:.Z-]{0,26}",
    ];
    (
        stop,
        choice,
        who,
        texty(),
        texty(),
        time,
        any::<Option<bool>>(),
        any::<u8>(),
    )
        .prop_map(|(stop, choice, who, name, desc, time, success, flags)| {
            let mut v = json!({
                "actor": {"name": name, "account": {"homePage": "https://course.example", "name": who}},
                "verb": {"id": if flags & 1 == 0 { "http://adlnet.gov/expapi/verbs/answered" } else { "http://adlnet.gov/expapi/verbs/progressed" }},
                "object": {"id": format!("{ACT}/{stop}"), "definition": {
                    "name": {"es": name, "en": desc},
                    "description": {"es": desc},
                    "choices": [{"id": choice, "description": {"es": desc, "en": name}}, {"id": "x", "description": {"es": name}}],
                    "correctResponsesPattern": [choice]}},
                "result": {"response": choice, "success": success,
                    "extensions": {"https://w3id.org/xapi/retry-lab/extensions/attempt": flags % 5}},
                "context": {"contextActivities": {"grouping": [{"id": "https://course.example/classes/3b"}]}},
                "timestamp": time,
            });
            if flags & 2 != 0 {
                v["id"] = json!(format!("6a1b0c2e-0000-4000-8000-{:012x}", flags));
            }
            if flags & 4 != 0 {
                v["actor"] = json!({"mbox": format!("mailto:{who}@example.org")});
            }
            v
        })
}

/// Every count a report has is accounted for, and all it writes out stays in bounds.
fn check(r: &Report) -> Result<(), TestCaseError> {
    let c = r.counts();
    prop_assert_eq!(c.read, c.answers + c.skipped.iter().sum::<u64>());
    prop_assert!(c.other_activities.len() <= retry_lab_report::MAX_OTHER_ACTIVITIES);
    let stops = r.stops();
    for s in &stops {
        prop_assert!(s.first_try_right + s.unoffered <= s.answered);
        for n in [s.name, s.question] {
            for t in [&n.es, &n.en].into_iter().flatten() {
                prop_assert!(t.chars().count() <= 301);
            }
        }
    }
    let ms = r.misconceptions(&no_names);
    for m in &ms {
        prop_assert!(m.learners.len() as u32 <= m.answers);
    }
    let need = r.need_order();
    prop_assert_eq!(need.len(), r.learner_count());
    for i in need {
        let l = r.learner(i);
        prop_assert!(l.first_right <= l.answered());
        prop_assert!(l.first_at <= l.last_at);
    }
    let _ = r.hardest();
    let _ = r.stop_times();
    let words = CsvWords {
        header: texts(Lang::Es).csv_header,
        yes: "sí",
        no: "no",
    };
    for naming in [
        Naming::Names,
        Naming::Anonymous {
            template: "Estudiante {0}",
        },
    ] {
        let csv = output::csv(r, &no_names, naming, Lang::Es, &words);
        prop_assert!(csv.starts_with(&words.header.join(",")));
        let _ = output::json(r, &no_names, naming);
        let _ = output::table(r, &no_names, naming, Lang::En);
    }
    Ok(())
}

/// A refusal is a sentence in both languages: filled (no mark left but what the data held),
/// ended as a sentence.
fn sentence(p: &Problem) -> Result<(), TestCaseError> {
    let data = match p {
        Problem::ForeignMore(m) => m.as_str(),
        _ => "",
    };
    for lang in [Lang::Es, Lang::En] {
        let s = texts(lang).problem(p, "clase.json", "https://teacher.example");
        prop_assert!(s.len() > 12, "{s}");
        for mark in ["{0}", "{1}"] {
            prop_assert!(!s.contains(mark) || data.contains(mark), "{s}");
        }
        prop_assert!(s.trim_end().ends_with(['.', ')']), "{s}");
    }
    Ok(())
}

/// Reads `bytes` in chunks cut at `cuts` into a report; a refusal must be a sentence.
fn read(
    bytes: &[u8],
    cuts: &[usize],
    filter: Filter,
) -> Result<(Report, Option<Format>), TestCaseError> {
    let mut r = Report::new(filter);
    let mut s = Splitter::new();
    let mut at = 0;
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    points.sort_unstable();
    points.push(bytes.len());
    for p in points {
        if let Err(e) = s.push(&bytes[at..p.max(at)], &mut |piece| r.feed_piece(piece)) {
            sentence(&Problem::from(e))?;
            return Ok((r, None));
        }
        at = p.max(at);
    }
    match s.finish(&mut |piece| r.feed_piece(piece)) {
        Ok((format, _)) => Ok((r, Some(format))),
        Err(e) => {
            sentence(&Problem::from(e))?;
            Ok((r, None))
        }
    }
}

/// A file of `statements` in one of the three shapes, then damaged: a byte changed, a cut.
fn file() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec(statement(), 0..6),
        0..3u8,
        prop::option::of((any::<prop::sample::Index>(), any::<u8>())),
        prop::option::of(any::<prop::sample::Index>()),
        texty(),
    )
        .prop_map(|(st, shape, flip, cut, more)| {
            let mut text = match shape {
                0 => Value::Array(st).to_string(),
                1 => json!({"statements": st, "more": more}).to_string(),
                _ => st
                    .iter()
                    .map(Value::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            }
            .into_bytes();
            if let (Some((i, b)), false) = (flip, text.is_empty()) {
                let i = i.index(text.len());
                text[i] = b;
            }
            if let (Some(i), false) = (cut, text.is_empty()) {
                text.truncate(i.index(text.len()));
            }
            text
        })
}

#[test]
fn statements_files_of_every_shape_never_panic_and_every_refusal_is_a_sentence() {
    run(
        "statements files (array, page, JSON Lines; damaged, cut, chunked)",
        (
            file(),
            prop::collection::vec(any::<usize>(), 0..5),
            any::<bool>(),
        ),
        |(bytes, cuts, filtered)| {
            let filter = if filtered {
                Filter {
                    activity: Some(format!("{ACT}/")),
                    class: Some("https://course.example/classes/3b".into()),
                    since: Some(0),
                    until: Some(i64::MAX),
                }
            } else {
                Filter::default()
            };
            let (r, _) = read(&bytes, &cuts, filter)?;
            check(&r)
        },
    );
}

/// A store's page: statements and a `more` of any text; the page is read, and the `more`
/// either leads to the store's own origin or is refused with a sentence.
#[test]
fn a_stores_page_and_its_more_never_panic() {
    let more = prop_oneof![
        Just("/xapi/statements?more=abc".to_string()),
        Just("https://lrs.example.org:8443/xapi/statements?cursor=1".into()),
        Just("https://evil.example/x".into()),
        Just("//evil.example/x".into()),
        Just("javascript:alert(1)".into()),
        Just(
            "/xapi/statements?activity=https://course.example/labs/retry&verb=http://adlnet.gov/x"
                .into()
        ),
        "[a-z:/?&=.%@#\\\\ -]{0,40}",
        texty(),
    ];
    let q = store_query();
    run(
        "store pages and their more",
        (
            prop::collection::vec(statement(), 0..5),
            more,
            prop::collection::vec(any::<usize>(), 0..3),
        ),
        |(st, more, cuts)| {
            let page = json!({"statements": st, "more": more}).to_string();
            let (r, format) = read(
                page.as_bytes(),
                &cuts,
                Filter {
                    activity: Some(ACT.into()),
                    ..Filter::default()
                },
            )?;
            check(&r)?;
            prop_assert_eq!(format, Some(Format::Page));
            match q.next_url(&more) {
                Ok(url) => prop_assert!(url.starts_with("https://lrs.example.org:8443/"), "{url}"),
                Err(p) => {
                    prop_assert!(matches!(p, Problem::ForeignMore(_)));
                    sentence(&p)?;
                }
            }
            Ok(())
        },
    );
}

/// The store both store tests read from: its own origin, a key, the lab's activity.
fn store_query() -> Query {
    Query {
        endpoint: endpoint("https://lrs.example.org:8443/xapi").unwrap(),
        auth: "Basic eDp5".into(),
        activity: ACT.into(),
        since: None,
        until: None,
        limit: 500,
    }
}

/// A store's walk through its pages (issue 58): any run of `more`s (repeats, cycles, other
/// origins, documents for addresses) is followed at most [`MAX_PAGES`] pages, never to an
/// address already read or off the store's origin, and every stop is a sentence; and any
/// page's bytes (damaged UTF-8, deep nesting) are refused for what they are or read as a page.
#[test]
fn a_stores_walk_and_its_pages_bytes_never_panic() {
    let q = store_query();
    let more = prop_oneof![
        (0u8..4).prop_map(|n| format!("/xapi/statements?more={n}")),
        Just(String::new()),
        Just("https://evil.example/x".into()),
        Just(format!("/{}", "m".repeat(MAX_MORE))),
        "[a-z:/?&=.%@#\\\\ -]{0,20}",
    ];
    let bytes = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..64),
        (1usize..200).prop_map(|d| format!("{}{}", "[".repeat(d), "]".repeat(d)).into_bytes()),
        texty().prop_map(|t| json!({"statements": [], "more": t})
            .to_string()
            .into_bytes()),
    ];
    run(
        "store walks and page bytes",
        (prop::collection::vec(more, 0..12), bytes),
        |(mores, bytes)| {
            let mut w = Walk::new(&q);
            let mut seen = vec![w.next.clone()];
            for m in &mores {
                match w.read(&q, Some(m)) {
                    Ok(true) => {
                        prop_assert!(!seen.contains(&w.next), "{} read twice", w.next);
                        prop_assert!(w.next.starts_with("https://lrs.example.org:8443/"));
                        seen.push(w.next.clone());
                    }
                    Ok(false) => break,
                    Err(p) => {
                        sentence(&p)?;
                        break;
                    }
                }
                prop_assert!(w.pages <= MAX_PAGES);
            }
            match page_problem(&bytes) {
                None => {
                    prop_assert!(bytes.len() <= MAX_PAGE_BYTES);
                    prop_assert!(std::str::from_utf8(&bytes).is_ok());
                    let text = String::from_utf8_lossy(&bytes);
                    prop_assert!(
                        text.matches('[').count() <= MAX_DEPTH as usize || text.contains('"')
                    );
                }
                Some(p) => sentence(&p)?,
            }
            Ok(())
        },
    );
}

/// Names and descriptions of any text: kept short, written out as text, CSV cells guarded.
#[test]
fn names_and_descriptions_of_any_text_never_panic() {
    run(
        "names and descriptions",
        prop::collection::vec(statement(), 1..8),
        |st| {
            let mut r = Report::new(Filter::default());
            r.feed(&st);
            check(&r)?;
            for i in 0..r.learner_count() as u32 {
                let name = r.learner(i).name;
                prop_assert!(name.chars().count() <= 301);
                // As a CSV cell, no spreadsheet runs it.
                let cell = output::cell(name);
                let value = match cell.strip_prefix('"') {
                    Some(q) => q.strip_suffix('"').unwrap_or(q).replace("\"\"", "\""),
                    None => cell.clone(),
                };
                prop_assert!(
                    !value.starts_with(['=', '+', '-', '@', '\t', '\r']),
                    "{cell}"
                );
                // No control or bidi character passes into the file (issue 58).
                let hidden = |c: char| {
                    (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
                        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
                };
                prop_assert!(!cell.contains(hidden), "{cell:?}");
            }
            Ok(())
        },
    );
}

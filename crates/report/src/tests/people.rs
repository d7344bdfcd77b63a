//! The beliefs list, learners known by their identifier and shown by name or number, statements
//! of other shapes skipped with a reason, and CSV cells that cannot start a formula.
use super::*;

#[test]
fn misconceptions_most_common_first_one_slug_across_stops() {
    let r = report(&[
        a("ana", "step_transaction", "two-transactions-suffice", 1).value(),
        a(
            "bruno",
            "step_transaction_effect_first",
            "two-transactions-suffice",
            1,
        )
        .value(),
        a(
            "carla",
            "step_transaction_effect_first",
            "mark-without-effect",
            1,
        )
        .value(),
        a(
            "dani",
            "step_transaction_effect_first",
            "effect-applied-twice",
            1,
        )
        .value(),
        // A run that showed what no choice offers is no one's misconception.
        a(
            "eva",
            "step_transaction_effect_first",
            "mark-without-effect",
            1,
        )
        .unoffered(Answer::Count(3))
        .value(),
        // Positional ids (the lab's statements before it named its choices) are per stop.
        positional("ana", "ask_natural"),
        positional("bruno", "ask_redelivery"),
    ]);
    let named = |stop: &str, choice: &str| {
        (stop == "step_transaction" && choice == "two-transactions-suffice")
            .then(|| Names::new("dos transacciones bastan", ""))
    };
    let ms = r.misconceptions(&named);
    let got: Vec<(&str, u32, usize)> = ms.iter().map(|m| (m.id, m.answers, m.at.len())).collect();
    assert_eq!(
        got,
        [
            ("two-transactions-suffice", 2, 2),
            // The same count: in the path's order (ask_redelivery, this stop, ask_natural).
            ("0", 1, 1),
            ("mark-without-effect", 1, 1),
            ("0", 1, 1)
        ]
    );
    let dead = r
        .stops()
        .into_iter()
        .find(|s| s.id == "step_transaction_effect_first")
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
                .filter(|st| r.stop(st.stop).id == "step_transaction_effect_first")
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
    assert_eq!(ms[0].name.get(Lang::En), Some("dos transacciones bastan"));
    // Without a catalogue, the choice's own description.
    let plain = r.misconceptions(&no_names);
    let lost = plain
        .iter()
        .find(|m| m.id == "mark-without-effect")
        .unwrap();
    assert_eq!(lost.name.get(Lang::Es), Some("Count(0) (es)"));
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
        // Controls and bidi overrides are shown as U+FFFD, never passed on.
        ("Ana\u{202E}exe.txt", "Ana\u{FFFD}exe.txt"),
        (
            "a\0b\u{7}\u{2066}c\u{200F}",
            "a\u{FFFD}b\u{FFFD}\u{FFFD}c\u{FFFD}",
        ),
        ("\u{0}=1", "\u{FFFD}=1"),
        ("tab\tok", "tab\tok"),
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
    // A partial read's file says so on its first row; a whole one's starts with the header.
    let note = "Parcial: se leyeron 1 página; faltan las demás. El LRS cortó la conexión.";
    let marked = crate::output::marked(Some(note), text.clone());
    assert_eq!(marked.lines().next(), Some(note));
    assert_eq!(marked.lines().nth(1), text.lines().next());
    assert_eq!(crate::output::marked(None, text.clone()), text);
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

/// The CSV's belief column is filled wherever the page names a belief (a wrong first answer:
/// the catalogue's name, else the choice's words, as the beliefs block shows it), and its cells
/// are plain characters: a search for «dead-letter» or «30 s» finds what the page shows.
#[test]
fn csv_names_every_wrong_answers_belief_in_plain_characters() {
    assert_eq!(
        cell("Pasa a dead\u{2060}-\u{2060}letter tras 30\u{a0}s (12\u{202f}841)"),
        "Pasa a dead-letter tras 30 s (12 841)"
    );
    let r = report(&[
        a("ana", "step_crash", "one-failure-dead-letters", 1).value(),
        a("bea", "step_crash", "hub-redelivers", 2).value(),
        a("ana", "step_backoff", "counts-initial-delivery", 3).value(),
    ]);
    let w = CsvWords {
        header: ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"],
        yes: "sí",
        no: "no",
    };
    let namer = |stop: &str, choice: &str| {
        (stop, choice)
            .eq(&("step_backoff", "counts-initial-delivery"))
            .then(|| Names::new("Cuenta la entrega\u{a0}inicial", "Counts"))
    };
    let text = csv(&r, &namer, Naming::Names, Lang::Es, &w);
    assert!(!text.contains(['\u{2060}', '\u{a0}']), "{text}");
    let belief = |who: &str, stop: &str| {
        let row = text
            .lines()
            .find(|l| l.starts_with(who) && l.contains(stop))
            .unwrap_or_else(|| panic!("no row of {who} at {stop}: {text}"));
        row.split(',').nth(7).unwrap().to_string()
    };
    assert_eq!(belief("ana", "step_crash"), "one-failure-dead-letters (es)");
    assert_eq!(belief("ana", "step_backoff"), "Cuenta la entrega inicial");
    assert_eq!(
        belief("bea", "step_crash"),
        "",
        "a right answer shows no belief"
    );
}

//! Native tests of the text tables: filling, both languages complete, and the Spanish the
//! lesson speaks (tú, no stray English, its number style), notices included.
use super::*;

mod path;

#[test]
fn fill_puts_arguments_at_their_marks() {
    assert_eq!(fill("{1} de {0}", &["6", "3"]), "3 de 6");
    assert_eq!(fill("p^{7} {x} {", &["a"]), "p^{7} {x} {");
    assert_eq!(fill("", &[]), "");
}

/// A button whose name is not its visible words names them too (WCAG 2.5.3, «label in name»,
/// which axe checks in the course page): the bar's way back to the stop's card.
#[test]
fn the_bars_way_back_is_named_by_the_word_it_shows() {
    for lang in [Lang::Es, Lang::En] {
        let p = &lang.t().path;
        let word = p.to_card_word.trim().to_lowercase();
        assert!(
            !word.is_empty() && p.to_card.to_lowercase().contains(&word),
            "{lang:?}: «{}» does not contain «{word}»",
            p.to_card
        );
    }
}

/// Every string of a table, by reading the struct's fields through `Debug`-free means:
/// the arrays and the scalar texts the page shows most.
fn all_spanish() -> Vec<&'static str> {
    let t = Lang::Es.t();
    let mut all: Vec<&'static str> = vec![
        t.title,
        t.subtitle,
        t.timeline_empty,
        t.timeline_widths,
        t.duplicates_empty,
        t.too_many,
        t.crash_body,
        t.replay,
        t.replay_all,
        t.replay_naive_note,
        t.race_intro,
        t.tx_intro,
        t.polling_intro,
        t.share_hint,
        t.input_problems,
        t.fig_dlq_caption,
        t.fig_attempts_caption,
        t.fig_cdf_caption,
        t.status_note,
        t.dup_verdict_v4,
        t.dup_verdict_v5,
        t.bad_number,
        t.ack_lost_hint,
        t.speed_hint,
        t.setting(retry_lab_core::sim::config::Setting::DedupOn),
        t.state_waiting,
        t.namespace,
        t.pass_rows,
        t.unique_constraint,
        t.outage,
        t.dedup_table,
        t.setting(retry_lab_core::sim::config::Setting::MaxRetries),
        t.fault_armed,
        t.faults,
        t.check_then_insert,
        t.one_tx,
        t.mark_first,
        t.effect_first,
        t.cursor_after_commit,
        t.cursor_before,
        t.lanes_caption,
        t.at_least_once,
        t.root_cause,
        t.fix_cause,
        t.instance,
        t.attempt_n,
        t.dlq_attempts,
        t.analytic_dlq,
        t.rng_details,
        t.delivered_at,
        t.extra_causes,
        t.fig_duplicates,
    ];
    for list in [
        &t.outcomes[..],
        &t.reasons,
        &t.faults_named,
        &t.kinds,
        &t.challenge_goals,
        &t.demo_ops,
        &t.demo_results,
        &t.expected,
        &t.sources,
        &[t.verdicts.none, t.verdicts.one, t.verdicts.more],
        &t.causes,
        &t.fault_explained,
    ] {
        all.extend_from_slice(list);
    }
    all.extend(retry_lab_core::problem::every_why().iter().map(t.why));
    all.extend(
        retry_lab_core::lab::path::Choice::ALL
            .iter()
            .map(|&c| (t.choice)(c)),
    );
    let p = &t.path;
    all.extend([
        p.predict, p.answer, p.do_now, p.wrong, p.finished, p.resume, p.explore,
    ]);
    all.extend(p.acts);
    for s in &p.stops {
        all.extend([s.title, s.todo, s.prompt, s.explain]);
    }
    all
}

#[test]
fn spanish_speaks_tu_not_vos() {
    // Voseo imperatives and presents end in a stressed vowel (publicá, subí, hacé) or take
    // a clitic without the accent tú needs (reprocesalo); neutral words that also end in
    // one are listed.
    let neutral = [
        "está",
        "será",
        "podrá",
        "habrá",
        "tendrá",
        "entregará",
        "descartará",
        "acabará",
        "simulará",
        "qué",
        "sí",
        "así",
        "aquí",
        "allí",
        "ahí",
        "é",
    ];
    let voseo_forms = [
        "reprocesalo",
        "probalo",
        "miralo",
        "fijate",
        "tenés",
        "podés",
        "querés",
    ];
    for text in all_spanish() {
        for word in text.split(|c: char| !c.is_alphabetic()) {
            let w = word.to_lowercase();
            assert!(
                !voseo_forms.contains(&w.as_str()),
                "voseo «{word}» in «{text}»"
            );
            let stressed_end = w.ends_with('á') || w.ends_with('é') || w.ends_with('í');
            assert!(
                !stressed_end || w.chars().count() < 3 || neutral.contains(&w.as_str()),
                "voseo «{word}» in «{text}»"
            );
        }
    }
}

/// Words of English prose: none may appear in a Spanish text. The lesson's loanwords (ack,
/// broker, commit, rollback, dead-letter, hub, polling…) are Spanish here and not listed.
const ENGLISH: [&str; 39] = [
    "the",
    "and",
    "of",
    "to",
    "is",
    "with",
    "for",
    "not",
    "must",
    "unknown",
    "given",
    "outside",
    "version",
    "options",
    "storage",
    "link",
    "namespace",
    "passes",
    "replay",
    "retry",
    "failure",
    "consumer",
    "event",
    "attempt",
    "down",
    "field",
    "unique",
    "choose",
    "file",
    "chosen",
    "unexpected",
    "token",
    "valid",
    "position",
    "input",
    "more",
    "than",
    "less",
    "number",
];

/// Fails on an English word in `text`, outside the lesson's own terms («consumer group»).
fn assert_no_english(text: &str) {
    let text = &text.replace("consumer group", "");
    for word in text.split(|c: char| !c.is_alphabetic()) {
        assert!(
            !ENGLISH.contains(&word.to_lowercase().as_str()),
            "English «{word}» in «{text}»"
        );
    }
}

#[test]
fn spanish_has_no_stray_english() {
    // Every literal of the Spanish tables, and what the page builds from them.
    for text in spanish_literals() {
        assert_no_english(&text);
    }
    for text in all_spanish() {
        assert_no_english(text);
    }
}

#[test]
fn notices_about_outside_input_are_in_spanish() {
    use retry_lab_core::embed::link::parse_fragment;
    use retry_lab_core::embed::protocol::MountOptions;
    use retry_lab_core::embed::value::Value;
    let t = Lang::Es.t();
    let (_, mut problems) = parse_fragment("#seed=abc&p=7&retries=0&dedup=v6&zoom=1&p=1");
    problems.extend(
        MountOptions::from_value(&Value::from_json(
            r#"{"lang":"fr","config":{"seed":"x","max_retries":99},"panels":[1],"target_origin":"no"}"#,
        ))
        .1,
    );
    problems.push(retry_lab_core::embed::saved::parse("v=9").unwrap_err());
    assert!(problems.len() >= 12, "{problems:?}");
    for p in &problems {
        assert_no_english(&t.problem_why(&p.why));
    }
    assert_eq!(
        t.problem_why(&problems[0].why),
        "«abc» no es un número entero"
    );
}

#[test]
fn numbers_follow_the_language() {
    assert_eq!(Lang::Es.t().percent(0.3, 0), "30\u{a0}%");
    assert_eq!(Lang::Es.t().percent(0.0078125, 2), "0,78\u{a0}%");
    assert_eq!(Lang::En.t().percent(0.0078125, 2), "0.78%");
    assert_eq!(Lang::Es.t().count(100_000), "100\u{a0}000");
    assert_eq!(Lang::Es.t().attempt(0), "entrega inicial");
    assert_eq!(Lang::Es.t().attempt(6), "intento 6");
    assert_eq!(
        Lang::Es.t().analytic_formula(6),
        "Tasa analítica (p de la entrega inicial · p⁶ de los intentos = p⁷)"
    );
}

#[test]
fn every_text_is_filled_in_both_languages() {
    for lang in [Lang::Es, Lang::En] {
        let t = lang.t();
        for s in t.outcomes.iter().chain(&t.reasons).chain(&t.faults_named) {
            assert!(!s.is_empty(), "{lang:?}");
        }
        for op in Op::ALL {
            assert!(!t.demo_step("A", Some(*op), OpResult::Done).is_empty());
        }
        assert_eq!(t.publication_n(2).matches('2').count(), 1);
        assert!(t.state_waiting.contains("{0}"));
        // A crash names the instance it restarts as: B', not «A' or B'» (walk 9).
        let crash = t.demo_step("B", None, OpResult::CrashRollback);
        assert!(crash.contains("B'") && !crash.contains("A'"), "{crash}");
    }
}

fn literals(source: &'static str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = source.chars().peekable();
    let mut in_comment = false;
    while let Some(c) = chars.next() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        if c == '/' && chars.peek() == Some(&'/') {
            in_comment = true;
        } else if c == '"' {
            let mut s = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(e) = chars.next() {
                            s.push(if e == 'n' { '\n' } else { e });
                        }
                    }
                    '"' => break,
                    c => s.push(c),
                }
            }
            out.push(s);
        }
    }
    out
}

fn spanish_literals() -> Vec<String> {
    let mut all = literals(include_str!("../es.rs"));
    all.extend(literals(include_str!("../workbench_es.rs")));
    all.extend(literals(include_str!("../teacher_es.rs")));
    assert!(all.len() > 300, "only {} strings read", all.len());
    all
}

#[test]
fn no_spanish_string_has_a_decimal_point_in_a_time_or_a_plural_after_1() {
    for text in spanish_literals() {
        let b = text.as_bytes();
        for i in 0..b.len().saturating_sub(4) {
            // m:ss.mmm: a simulated time written with a decimal point.
            let time = b[i].is_ascii_digit()
                && b[i + 1] == b':'
                && b[i + 2].is_ascii_digit()
                && b[i + 3].is_ascii_digit()
                && b.get(i + 4) == Some(&b'.');
            assert!(!time, "a time with a decimal point in «{text}»");
        }
        assert_no_plural_after_1(&text);
    }
    // Panels show the second; the log keeps the millisecond, with the language's decimal sign.
    assert_eq!(Lang::Es.t().time(1_890_999), "31:30");
    assert_eq!(Lang::Es.t().time_left(1_890_001), "31:31");
    assert_eq!(Lang::Es.t().time_ms(1_890_000), "31:30,000");
    assert_eq!(Lang::Es.t().time_ms(3_723_004), "1:02:03,004");
    assert_eq!(Lang::En.t().time_ms(1_890_000), "31:30.000");
}

/// «1 intentos», «1 pasos»: a count of one with a plural noun after it.
fn assert_no_plural_after_1(text: &str) {
    let words: Vec<&str> = text.split([' ', '\u{a0}']).collect();
    for w in words.windows(2) {
        let one = w[0].trim_start_matches(['(', '«']) == "1";
        let noun = w[1].trim_end_matches([',', '.', ')', ':', ';', '»']);
        let plural = noun.len() > 2 && noun.ends_with('s') && noun.chars().all(char::is_alphabetic);
        assert!(!(one && plural), "«1 {noun}» in «{text}»");
    }
}

#[test]
fn counts_that_can_be_one_read_right_with_one() {
    let t = Lang::Es.t();
    let wb = Lang::Es.wb();
    for text in [
        t.analytic_formula(1),
        fill(t.dlq_attempts, &["1"]),
        fill(wb.run_heading, &["Atascado", "1"]),
        fill(wb.count, &["1", "12"]),
    ] {
        assert_no_plural_after_1(&text);
    }
}

#[test]
fn the_scanner_sees_what_is_planted() {
    let planted = literals("pub static X: T = T { a: \"Choose File\", b: \"1 intentos\", // \"the\"\n c: \"31:30.000\" };");
    assert_eq!(planted, ["Choose File", "1 intentos", "31:30.000"]);
    assert!(
        std::panic::catch_unwind(|| assert_no_plural_after_1("entrega inicial y 1 intentos"))
            .is_err()
    );
}

#[test]
fn every_reason_fills_its_sentence_in_both_languages() {
    for why in retry_lab_core::problem::every_why() {
        for lang in [Lang::Es, Lang::En] {
            let t = lang.t();
            let args = why.args(&t.expected, &t.value_kinds);
            let sentence = (t.why)(&why);
            for (i, _) in args.iter().enumerate() {
                assert!(
                    sentence.contains(&format!("{{{i}}}")),
                    "{why:?} {lang:?}: {sentence}"
                );
            }
            let worded = t.problem_why(&why);
            assert!(!worded.contains('{'), "{why:?} {lang:?}: {worded}");
        }
    }
}

#[test]
fn the_workbench_never_says_a_naturally_idempotent_effect_happens_exactly_once() {
    // «Fijar un estado» is set by both copies: "safe" means the final state is that of one
    // delivery, and what a wrong guess missed never says the effect happened once.
    use retry_lab_core::lab::workbench::Guess;
    use retry_lab_core::sim::workbench::Effect;
    let once = [
        "exactamente una vez",
        "una sola vez",
        "exactamente un efecto",
        "ocurre una vez",
        "exactly once",
        "only once",
        "exactly one effect",
        "happens once",
    ];
    for lang in [Lang::Es, Lang::En] {
        let wb = lang.wb();
        let mut said = vec![wb.safe, wb.guesses[Guess::Safe as usize], wb.set_note];
        said.extend(Guess::ALL.iter().map(|&g| wb.missed(g, Effect::Set)));
        for text in said {
            let lower = text.to_lowercase();
            for o in once {
                assert!(!lower.contains(o), "{lang:?}: «{o}» in «{text}»");
            }
        }
        // Both copies set the state: the double-effect guess is not answered "never twice".
        assert_eq!(wb.missed(Guess::DoubleEffect, Effect::Set), wb.set_twice);
        assert_ne!(wb.missed(Guess::DoubleEffect, Effect::Add), wb.set_twice);
    }
    assert!(Lang::Es.wb().safe.contains("una sola entrega"));
    assert!(Lang::En.wb().safe.contains("one delivery"));
}

#[test]
fn dead_letter_stays_whole_yet_searchable_in_spanish_sentences() {
    // Sentences keep «dead-letter» on one line with word joiners around its plain hyphen (a
    // search for «dead-letter» still matches); no no-break hyphen, which Chromium's find misses.
    let joined = "dead\u{2060}-\u{2060}letter";
    let t = Lang::Es.t();
    assert!(t
        .path
        .stop(retry_lab_core::lab::path::Stop::FailureRate)
        .prompt
        .contains(joined));
    for text in spanish_literals() {
        assert!(!text.contains('\u{2011}'), "a no-break hyphen in «{text}»");
    }
}

//! A report written out: as JSON and as a text table (`simulate class`), and as CSV (the
//! teacher's page's export), whose cells cannot start a spreadsheet formula.
use serde_json::{json, Value};

use super::{Namer, Names, Report, Skip};
use retry_lab_core::lang::{fill, Lang};
use retry_lab_core::sim::utc as time;

/// How learners are named in an output: by name, or by number (`template` with `{0}`, such as
/// «Estudiante {0}»).
#[derive(Clone, Copy, Debug)]
pub enum Naming<'a> {
    Names,
    Anonymous { template: &'a str },
}

/// Each learner's label, indexed by learner.
pub fn labels(report: &Report, naming: Naming) -> Vec<String> {
    match naming {
        Naming::Names => (0..report.learner_count() as u32)
            .map(|i| report.learner(i).name.to_string())
            .collect(),
        Naming::Anonymous { template } => report
            .anonymous_numbers()
            .into_iter()
            .map(|n| fill(template, &[&n.to_string()]))
            .collect(),
    }
}

fn names_json(n: &Names) -> Value {
    let mut m = serde_json::Map::new();
    if let Some(es) = &n.es {
        m.insert("es".into(), json!(es));
    }
    if let Some(en) = &n.en {
        m.insert("en".into(), json!(en));
    }
    Value::Object(m)
}

/// The report as one JSON object: `stops` (per stop `id`, `name`, `answered`,
/// `first_try_right`, `retried`, `later`, `choices` with `id`, `text`, `name`, `right`, `count`,
/// `learners`, `later`), `misconceptions` most common first, each learner's `path`, and what was
/// `read`, counted as `answers` and `skipped` by reason.
pub fn json(report: &Report, namer: Namer, naming: Naming) -> Value {
    let labels = labels(report, naming);
    let behind = report.all_learners_behind();
    let order = report.learner_order(matches!(naming, Naming::Anonymous { .. }));
    let rank: Vec<usize> = {
        let mut r = vec![0; order.len()];
        for (k, &i) in order.iter().enumerate() {
            r[i as usize] = k;
        }
        r
    };
    let times = report.stop_times();
    let times_of = |i: u16| -> Value {
        match times[usize::from(i)] {
            Some(t) => json!({"median": t.median_ms, "learners": t.learners}),
            None => Value::Null,
        }
    };
    let stops: Vec<Value> = report
        .stops()
        .iter()
        .map(|s| {
            let choices: Vec<Value> = s
                .choices
                .iter()
                .map(|c| {
                    let mut who = behind[usize::from(s.index)][usize::from(c.index)].clone();
                    who.sort_by_key(|&i| rank[i as usize]);
                    json!({
                        "id": c.id,
                        "text": names_json(c.text),
                        "name": names_json(&report.choice_name(namer, s.index, c.index)),
                        "right": c.right,
                        "count": c.count,
                        "learners": who.iter().map(|&i| &labels[i as usize]).collect::<Vec<_>>(),
                        "later": c.later,
                    })
                })
                .collect();
            json!({
                "id": s.id,
                "name": names_json(s.name),
                "question": names_json(s.question),
                "answered": s.answered,
                "first_try_right": s.first_try_right,
                "retried": s.retried,
                "later": s.later,
                "time_ms": times_of(s.index),
                "choices": choices,
            })
        })
        .collect();
    let stop_ids: Vec<&str> = (0..report.stops.len() as u16)
        .map(|i| &*report.stops[usize::from(i)].id)
        .collect();
    let misconceptions: Vec<Value> = report
        .misconceptions(namer)
        .iter()
        .map(|m| {
            let mut who = m.learners.clone();
            who.sort_by_key(|&i| rank[i as usize]);
            json!({
                "id": m.id,
                "name": names_json(&m.name),
                "answers": m.answers,
                "learners": who.iter().map(|&i| &labels[i as usize]).collect::<Vec<_>>(),
                "stops": m.at.iter().map(|&(s, _)| stop_ids[usize::from(s)]).collect::<Vec<_>>(),
            })
        })
        .collect();

    let paths: Vec<Value> = order
        .iter()
        .map(|&i| {
            let l = report.learner(i);
            let steps: Vec<Value> = l
                .steps
                .iter()
                .map(|st| {
                    let stop = &report.stops[usize::from(st.stop)];
                    json!({
                        "stop": stop.id,
                        "choice": stop.choices[usize::from(st.choice)].id,
                        "right": st.right,
                        "tries": st.tries,
                    })
                })
                .collect();
            json!({
                "learner": labels[i as usize],
                "class": l.class,
                "answered": l.answered(),
                "first_try_right": l.first_right,
                "first_at": l.first_at.map(time::format_utc_ms),
                "last_at": l.last_at.map(time::format_utc_ms),
                "steps": steps,
            })
        })
        .collect();
    let c = report.counts();
    let skipped: serde_json::Map<String, Value> = Skip::ALL
        .iter()
        .filter(|&&s| c.skipped(s) > 0)
        .map(|&s| (s.as_str().to_string(), json!(c.skipped(s))))
        .collect();
    json!({
        "read": c.read,
        "answers": c.answers,
        "learners": report.learner_count(),
        "skipped": skipped,
        "stops": stops,
        "misconceptions": misconceptions,
        "paths": paths,
    })
}

/// The report as a text table for a terminal (names in `lang`, else the other language).
pub fn table(report: &Report, namer: Namer, naming: Naming, lang: Lang) -> String {
    use std::fmt::Write;
    let labels = labels(report, naming);
    let behind = report.all_learners_behind();
    let name = |n: &Names, or: &str| n.get(lang).unwrap_or(or).replace(['\n', '\r', '\t'], " ");
    let mut out = String::new();
    let c = report.counts();
    let _ = writeln!(
        out,
        "{} statements read, {} answers from {} learners, {} skipped",
        c.read,
        c.answers,
        report.learner_count(),
        c.read - c.answers
    );
    for s in report.stops() {
        let pct = (s.first_try_right * 100)
            .checked_div(s.answered)
            .unwrap_or(0);
        let _ = writeln!(
            out,
            "\n{}  {}\n  answered {}, right on the first try {} ({pct} %), tried again {}, later tries {}",
            s.id,
            name(s.name, ""),
            s.answered,
            s.first_try_right,
            s.retried,
            s.later
        );
        for ch in &s.choices {
            let mut who: Vec<&str> = behind[usize::from(s.index)][usize::from(ch.index)]
                .iter()
                .map(|&i| labels[i as usize].as_str())
                .collect();
            who.sort_unstable();
            let shown = who.iter().take(8).copied().collect::<Vec<_>>().join(", ");
            let more = who.len().saturating_sub(8);
            let _ = writeln!(
                out,
                "  {} {:<28} {:>6} first, {:>4} later  {}{}",
                if ch.right { "*" } else { " " },
                format!(
                    "{} {}",
                    ch.id,
                    name(&report.choice_name(namer, s.index, ch.index), "")
                ),
                ch.count,
                ch.later,
                shown,
                if more > 0 {
                    format!(" (+{more})")
                } else {
                    String::new()
                }
            );
        }
    }
    let ms = report.misconceptions(namer);
    if !ms.is_empty() {
        let _ = writeln!(out, "\nmost common wrong first choices");
        let _ = writeln!(out, "  learners answers");
        for m in &ms {
            let at: Vec<&str> =
                m.at.iter()
                    .map(|&(s, _)| &*report.stops[usize::from(s)].id)
                    .collect();
            let _ = writeln!(
                out,
                "  {:>8} {:>7}  {}  {}  ({})",
                m.learners.len(),
                m.answers,
                m.id,
                name(&m.name, ""),
                at.join(", ")
            );
        }
    }
    out
}

/// The words of the CSV export, in the page's language.
pub struct CsvWords<'a> {
    /// learner, class, stop, stop's name, question, first choice, the choice as shown, the
    /// belief it stands for, right, tries, the first try's time.
    pub header: [&'a str; 11],
    pub yes: &'a str,
    pub no: &'a str,
}

/// One row per learner and stop: their first try (what they chose as the stop showed it, the
/// belief behind it, when) and how many tries. Every cell is quoted when it must be, and one
/// that a spreadsheet would take for a formula gets a leading `'`.
pub fn csv(report: &Report, namer: Namer, naming: Naming, lang: Lang, w: &CsvWords) -> String {
    let labels = labels(report, naming);
    let mut out = String::new();
    row(&mut out, w.header.iter().copied());
    let stops: Vec<_> = (0..report.stops.len() as u16)
        .map(|i| report.stop(i))
        .collect();
    for i in report.learner_order(matches!(naming, Naming::Anonymous { .. })) {
        let l = report.learner(i);
        let entries = &report.learners[i as usize].entries;
        for st in &l.steps {
            let s = &stops[usize::from(st.stop)];
            let c = &s.choices[usize::from(st.choice)];
            // The belief as the page names it: the catalogue's, else (a wrong first answer, a
            // misconception on the page) the choice's own words.
            let belief =
                namer(s.id, c.id).or_else(|| (!st.right && !st.unoffered).then(|| c.text.clone()));
            let tries = st.tries.to_string();
            let at = entries
                .iter()
                .find(|e| e.stop == st.stop)
                .map(|e| e.first.at)
                .filter(|&t| t != i64::MAX)
                .map(time::format_utc_ms)
                .unwrap_or_default();
            row(
                &mut out,
                [
                    labels[i as usize].as_str(),
                    l.class.unwrap_or(""),
                    s.id,
                    s.name.get(lang).unwrap_or(""),
                    s.question.get(lang).unwrap_or(""),
                    c.id,
                    c.text.get(lang).unwrap_or(""),
                    belief.as_ref().and_then(|b| b.get(lang)).unwrap_or(""),
                    if st.right { w.yes } else { w.no },
                    tries.as_str(),
                    at.as_str(),
                ],
            );
        }
    }
    out
}

/// A CSV of a partial read: its note («Parcial: …») as a row of its own before the header, so
/// the file says it wherever it goes; a whole read's CSV as it is.
pub fn marked(note: Option<&str>, csv: String) -> String {
    match note {
        Some(n) => format!("{}\r\n{csv}", cell(n)),
        None => csv,
    }
}

fn row<'a>(out: &mut String, cells: impl IntoIterator<Item = &'a str>) {
    for (k, c) in cells.into_iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str(&cell(c));
    }
    out.push_str("\r\n");
}

/// Characters a cell never passes on: controls other than tab and line breaks (NUL cuts a
/// cell short in some readers), and the bidirectional marks, embeddings, overrides and
/// isolates that make a name show as another text (`U+202E` turns `txt.exe` around).
fn hidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// What a spreadsheet's search should find as typed: the page's typography (a word joiner
/// that keeps «dead-letter» on one line, a no-break space in «30 s» or «12 841», a no-break
/// hyphen, a soft hyphen) written as the plain character it stands for, or as nothing.
fn plain(c: char) -> Option<char> {
    match c {
        '\u{2060}' | '\u{00AD}' | '\u{200B}' | '\u{FEFF}' => None,
        '\u{00A0}' | '\u{202F}' | '\u{2007}' => Some(' '),
        '\u{2011}' => Some('-'),
        c => Some(c),
    }
}

/// A CSV cell in plain characters ([`plain`]): control and bidirectional characters become
/// `U+FFFD` (seen, not acted on); a text starting with `=`, `+`, `-`, `@`, a tab or a carriage return (what spreadsheets read as
/// a formula) gets a leading `'`; then it is quoted if it holds a comma, a quote or a line
/// break.
pub fn cell(text: &str) -> String {
    let text: std::borrow::Cow<str> = if text.contains(|c| hidden(c) || plain(c) != Some(c)) {
        text.chars()
            .filter_map(|c| {
                if hidden(c) {
                    Some('\u{FFFD}')
                } else {
                    plain(c)
                }
            })
            .collect::<String>()
            .into()
    } else {
        text.into()
    };
    let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

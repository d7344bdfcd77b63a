//! The Spanish path texts beyond the first view (each stop's todo, prompt and explanation, each
//! choice's words, each wrong choice's mistake), which come as a file, `path-es.txt`, written by
//! the build from `es.rs` and read when the learner first predicts or reaches another stop. Apart
//! from `loaded.rs` because the page's Spanish table reads its choices and mistakes from here.
use std::sync::OnceLock;

use retry_lab_core::lab::path::{Answer, Choice, Stop};
use retry_lab_core::problem::Why;

/// The wrong answers, each with its mistake sentence, in the files' order: every offer but a
/// stop's right one (the native tests check each table answers exactly these).
pub(super) fn mistake_keys() -> impl Iterator<Item = (Stop, Answer)> {
    Stop::ALL.iter().flat_map(|&s| {
        let right = s.spec().right;
        s.offers()
            .iter()
            .filter(move |o| o.choice != right)
            .map(move |o| (s, o.shows))
    })
}

/// The Spanish path file's first line: this, the fingerprint of its keys (the stops, the
/// choices, every wrong answer), and how many lines follow.
const PATH_MAGIC: &str = "retry-lab path texts 1";

/// The Spanish path texts read from their file: each stop's own (todo, prompt, explanation),
/// each choice's words, each wrong answer's mistake.
struct PathStore {
    stops: Vec<[&'static str; 3]>,
    choice: Vec<&'static str>,
    mistakes: Vec<(Stop, Answer, &'static str)>,
}

static SPANISH: OnceLock<PathStore> = OnceLock::new();

fn path_header() -> (String, usize) {
    let mut print = 0;
    for &s in Stop::ALL {
        print = super::mix(print, s.as_str().as_bytes());
        for o in s.offers().iter().filter(|o| o.choice != s.spec().right) {
            print = super::mix(print, o.choice.as_str().as_bytes());
        }
    }
    for c in Choice::ALL {
        print = super::mix(print, c.as_str().as_bytes());
    }
    let n = 3 * Stop::COUNT + Choice::COUNT + mistake_keys().count();
    (format!("{PATH_MAGIC} {print:016x} {n}"), n)
}

/// The Spanish path file of `t`: the header line, each stop's todo, prompt and explanation,
/// each choice's words, each mistake; one a line.
#[cfg(not(target_arch = "wasm32"))]
pub fn path_file(t: &super::Texts) -> String {
    let mut out = path_header().0;
    out.push('\n');
    let stops = Stop::ALL.iter().flat_map(|&s| {
        let st = t.path.stop(s);
        [st.todo, st.prompt, st.explain]
    });
    let choices = Choice::ALL.iter().map(|&c| (t.choice)(c));
    let mistakes = mistake_keys().map(|(s, a)| (t.mistake)(s, a).unwrap_or_default());
    for line in stops.chain(choices).chain(mistakes) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Reads the Spanish path file; refused (`Why::Damaged`) if of another shape.
pub fn load_spanish_path(data: &str) -> Result<(), Why> {
    if SPANISH.get().is_some() {
        return Ok(());
    }
    let (header, n) = path_header();
    let mut next = super::file_lines(data, &header, n)?;
    let stops = Stop::ALL.iter().map(|_| [next(), next(), next()]).collect();
    let choice = Choice::ALL.iter().map(|_| next()).collect();
    let mistakes = mistake_keys().map(|(s, a)| (s, a, next())).collect();
    let _ = SPANISH.set(PathStore {
        stops,
        choice,
        mistakes,
    });
    Ok(())
}

pub fn spanish_ready() -> bool {
    SPANISH.get().is_some()
}

/// A stop's todo, prompt and explanation in Spanish, once its file is read.
pub fn spanish_stop(stop: Stop) -> Option<[&'static str; 3]> {
    SPANISH.get()?.stops.get(stop as usize).copied()
}

/// A choice's words in Spanish, once its file is read (the page's `ES.choice`); empty before.
pub fn spanish_choice(c: Choice) -> &'static str {
    let read = SPANISH
        .get()
        .and_then(|t| t.choice.get(c as usize).copied());
    read.unwrap_or_default()
}

/// A wrong answer's mistake in Spanish, once its file is read (the page's `ES.mistake`).
pub fn spanish_mistake(stop: Stop, said: Answer) -> Option<&'static str> {
    let found = SPANISH
        .get()?
        .mistakes
        .iter()
        .find(|m| (m.0, m.1) == (stop, said));
    found.map(|m| m.2)
}

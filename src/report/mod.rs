//! The teacher's report: what a class's `answered` statements say, stop by stop, choice by
//! choice and learner by learner. Pure Rust (no yew, web-sys or wasm-bindgen): the native
//! `simulate class` and the teacher's page (`src/bin/teacher.rs`) share it; the learner's
//! module never links it. Statements come in any number of batches ([`Report::feed`],
//! [`Report::feed_bytes`] with [`split`] for files and pages); the counts are kept up to date
//! with each one, so a page can show them while it reads. Memory grows with learners × stops,
//! not with statements: a learner's key is stored once, and of each statement only its
//! learner's first try at the stop and a count of tries remain (plus its id, for duplicates).
pub mod output;
pub mod split;
pub mod statement;
pub mod time;
mod view;

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};

use statement::{Actor, LangMap, Statement, ANSWERED};
pub use view::{no_names, ChoiceView, LearnerView, Misconception, Namer, StepView, StopView};

use crate::lang::Lang;

/// Longest name kept, in characters (a stop's title, a question, a choice, a learner).
const MAX_NAME: usize = 300;
/// Longest learner identifier taken, in bytes.
const MAX_KEY: usize = 2048;
/// Most stops, and most choices at a stop, a report keeps apart (the lab has 21 and 2 to 6):
/// beyond them, statements are skipped as [`Skip::TooMany`], so no input grows the tables
/// without bound.
pub const MAX_STOPS: usize = 512;
pub const MAX_CHOICES: usize = 512;

named_enum! {
    /// Why a statement was not counted as an answer.
    pub enum Skip {
        /// Not JSON.
        NotJson = "not_json",
        /// JSON, but no statement (not an object, or without verb or object).
        NotAStatement = "not_a_statement",
        /// A field of another type than xAPI's (the first one is kept as an example).
        Shape = "shape",
        /// Longer than any statement (`split::MAX_STATEMENT`).
        TooLarge = "too_large",
        /// Another verb than `answered`: initialized, progressed, completed…
        OtherVerb = "other_verb",
        /// About another activity than the one asked for, or the workbench's.
        OtherActivity = "other_activity",
        /// Not of the class asked for.
        OtherClass = "other_class",
        /// No learner: no actor, a group, or no identifier.
        NoLearner = "no_learner",
        /// No `result.response`.
        NoResponse = "no_response",
        /// The same statement id again.
        Duplicate = "duplicate",
        /// Past the most stops or choices a report keeps.
        TooMany = "too_many",
    }
}

/// A text in the lab's two languages, as statements name things.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    pub es: Option<Box<str>>,
    pub en: Option<Box<str>>,
}

impl Names {
    pub fn new(es: &str, en: &str) -> Names {
        let opt = |s: &str| (!s.is_empty()).then(|| cut(s));
        Names {
            es: opt(es),
            en: opt(en),
        }
    }
    /// In `lang`, else in the other language.
    pub fn get(&self, lang: Lang) -> Option<&str> {
        let (first, other) = match lang {
            Lang::Es => (&self.es, &self.en),
            Lang::En => (&self.en, &self.es),
        };
        first.as_deref().or(other.as_deref())
    }
    /// Fills what this has not got yet from a statement's language map.
    fn fill(&mut self, m: &LangMap) {
        for (slot, text) in [(&mut self.es, &m.es), (&mut self.en, &m.en)] {
            if let (None, Some(t)) = (&slot, text) {
                if !t.as_str().trim().is_empty() {
                    *slot = Some(cut(t.as_str()));
                }
            }
        }
    }
}

fn cut(s: &str) -> Box<str> {
    match s.char_indices().nth(MAX_NAME) {
        Some((i, _)) => format!("{}…", &s[..i]).into(),
        None => s.into(),
    }
}

/// Which statements count: answers about `activity` (object ids `{activity}/{stop}`; any
/// activity when None) of `class` (a `grouping` context activity; any when None).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub activity: Option<String>,
    pub class: Option<String>,
}

/// How many pieces were read, how many were answers, and why the others were not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub read: u64,
    pub answers: u64,
    pub skipped: [u64; Skip::COUNT],
    /// The first field at fault of a [`Skip::Shape`], and the first other activity's object id.
    pub shape_example: Option<&'static str>,
    pub other_activity_example: Option<Box<str>>,
}

impl Counts {
    pub fn skipped(&self, why: Skip) -> u64 {
        self.skipped[why as usize]
    }
    /// Skipped for something other than being another verb, activity or class, or a duplicate:
    /// what was not statements at all, or statements a report cannot read.
    pub fn unreadable(&self) -> u64 {
        Skip::ALL
            .iter()
            .filter(|s| {
                !matches!(
                    s,
                    Skip::OtherVerb | Skip::OtherActivity | Skip::OtherClass | Skip::Duplicate
                )
            })
            .map(|&s| self.skipped(s))
            .sum()
    }
}

/// One try: when, which attempt the lab said it was, what was chosen and whether it was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Try {
    at: i64,
    attempt: u32,
    choice: u16,
    right: bool,
}

/// A learner at a stop: their first try (the earliest) and how many tries there were.
#[derive(Clone, Copy, Debug)]
struct Entry {
    stop: u16,
    first: Try,
    tries: u32,
}

struct Learner {
    key: Box<str>,
    name: Box<str>,
    /// Whether `name` is the actor's `name`, not a fallback from the identifier.
    named: bool,
    entries: Vec<Entry>,
}

struct ChoiceAcc {
    id: Box<str>,
    name: Names,
    right: bool,
    /// Learners whose first try chose it, and of them those for whom it was wrong.
    first: u32,
    first_wrong: u32,
    /// Every try that chose it.
    all: u32,
}

struct StopAcc {
    id: Box<str>,
    /// Position in the lab's path (`Stop::NAMES`), else after them in the order first seen.
    order: (usize, usize),
    name: Names,
    question: Names,
    choices: Vec<ChoiceAcc>,
    index: HashMap<Box<str>, u16>,
    answered: u32,
    first_right: u32,
    retried: u32,
}

impl StopAcc {
    /// The choice `id`, added if new (None past [`MAX_CHOICES`]).
    fn choice(&mut self, id: &str) -> Option<u16> {
        if let Some(&i) = self.index.get(id) {
            return Some(i);
        }
        if self.choices.len() >= MAX_CHOICES || id.len() > MAX_NAME {
            return None;
        }
        let i = self.choices.len() as u16;
        self.choices.push(ChoiceAcc {
            id: id.into(),
            name: Names::default(),
            right: false,
            first: 0,
            first_wrong: 0,
            all: 0,
        });
        self.index.insert(id.into(), i);
        Some(i)
    }

    /// Whether try `a` comes before `b`: by time, then attempt, then (for a total order that
    /// does not depend on the order statements came in) choice id and rightness.
    fn earlier(&self, a: &Try, b: &Try) -> bool {
        let id = |t: &Try| &*self.choices[usize::from(t.choice)].id;
        (a.at, a.attempt, id(a), a.right) < (b.at, b.attempt, id(b), b.right)
    }

    fn count_first(&mut self, t: &Try, sign: i32) {
        let c = &mut self.choices[usize::from(t.choice)];
        let add = |n: &mut u32| *n = n.saturating_add_signed(sign);
        add(&mut c.first);
        if t.right {
            add(&mut self.first_right);
        } else {
            add(&mut c.first_wrong);
        }
    }
}

/// The report being built. Feed it statements, read it at any time.
pub struct Report {
    /// `{activity}/`, the object ids' prefix, when an activity is asked for.
    prefix: Option<String>,
    class: Option<String>,
    learners: Vec<Learner>,
    learner_index: HashMap<Box<str>, u32>,
    stops: Vec<StopAcc>,
    stop_index: HashMap<Box<str>, u16>,
    seen: HashSet<u128>,
    counts: Counts,
    scratch: String,
}

impl Report {
    pub fn new(filter: Filter) -> Report {
        let trim = |s: String| s.trim().trim_end_matches('/').to_string();
        Report {
            prefix: filter.activity.map(trim).map(|a| format!("{a}/")),
            class: filter.class.map(|c| c.trim().to_string()),
            learners: Vec::new(),
            learner_index: HashMap::new(),
            stops: Vec::new(),
            stop_index: HashMap::new(),
            seen: HashSet::new(),
            counts: Counts::default(),
            scratch: String::new(),
        }
    }

    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Statements as JSON values (a test's, a host's).
    pub fn feed(&mut self, statements: &[serde_json::Value]) {
        use serde::Deserialize;
        for v in statements {
            self.counts.read += 1;
            match Statement::deserialize(v) {
                Ok(s) => self.take(s),
                Err(_) => self.unreadable(Some(v)),
            }
        }
    }

    /// One statement's JSON text (a piece from [`split::Splitter`]).
    pub fn feed_bytes(&mut self, bytes: &[u8]) {
        self.counts.read += 1;
        match serde_json::from_slice::<Statement>(bytes) {
            Ok(s) => self.take(s),
            Err(_) => {
                let v = serde_json::from_slice::<serde_json::Value>(bytes).ok();
                self.unreadable(v.as_ref());
            }
        }
    }

    /// A piece from [`split::Splitter`].
    pub fn feed_piece(&mut self, piece: split::Piece) {
        match piece {
            split::Piece::Statement(b) => self.feed_bytes(b),
            split::Piece::TooLarge => {
                self.counts.read += 1;
                self.skip(Skip::TooLarge);
            }
        }
    }

    fn skip(&mut self, why: Skip) {
        self.counts.skipped[why as usize] += 1;
    }

    /// A piece the statement reader refused: not JSON, not an object, or a field at fault.
    fn unreadable(&mut self, v: Option<&serde_json::Value>) {
        match v {
            None => self.skip(Skip::NotJson),
            Some(v) if !v.is_object() => self.skip(Skip::NotAStatement),
            Some(v) => {
                self.counts.shape_example.get_or_insert(statement::why(v));
                self.skip(Skip::Shape);
            }
        }
    }

    /// The stop an object id is about, if it is one of the asked activity's stops: a single
    /// path segment after `{activity}/` (so the workbench's `{activity}/workbench/predict` is
    /// not one); without an activity, the last segment, unless it is under `/workbench/`.
    fn stop_of<'s>(&self, id: &'s str) -> Option<&'s str> {
        let rest = match &self.prefix {
            Some(p) => id.strip_prefix(p.as_str())?,
            None => {
                let (head, tail) = id.rsplit_once('/')?;
                if head.ends_with("/workbench") || head.ends_with(':') || head.is_empty() {
                    return None;
                }
                tail
            }
        };
        (!rest.is_empty() && !rest.contains('/') && rest.len() <= 128).then_some(rest)
    }

    fn take(&mut self, s: Statement) {
        let (Some(verb), Some(object)) = (s.verb.as_ref().and_then(|v| v.id.as_ref()), &s.object)
        else {
            return self.skip(Skip::NotAStatement);
        };
        if verb.as_str() != ANSWERED {
            return self.skip(Skip::OtherVerb);
        }
        let Some(object_id) = object.id.as_ref() else {
            return self.skip(Skip::NotAStatement);
        };
        let Some(stop) = self.stop_of(object_id.as_str()) else {
            if self.counts.other_activity_example.is_none() {
                self.counts.other_activity_example = Some(cut(object_id.as_str()));
            }
            return self.skip(Skip::OtherActivity);
        };
        if let Some(class) = &self.class {
            let grouping = s.context.as_ref().and_then(|c| c.activities.as_ref());
            let grouping = grouping.and_then(|a| a.grouping.as_ref());
            let of_class = grouping.is_some_and(|g| {
                g.0.iter()
                    .any(|r| r.id.as_ref().is_some_and(|id| id.as_str() == class))
            });
            if !of_class {
                self.skip(Skip::OtherClass);
                return;
            }
        }
        let mut key = std::mem::take(&mut self.scratch);
        let named = s.actor.as_ref().and_then(|a| learner_key(a, &mut key));
        let Some((name, named)) = named else {
            self.scratch = key;
            return self.skip(Skip::NoLearner);
        };
        let result = s.result.as_ref();
        let Some(response) = result.and_then(|r| r.response.as_ref()) else {
            self.scratch = key;
            return self.skip(Skip::NoResponse);
        };
        let Some(si) = self.intern_stop(stop) else {
            self.scratch = key;
            return self.skip(Skip::TooMany);
        };
        // The definition first, so choices keep the order the lab lists them in. A duplicate
        // carries the same definition, so reading it before the duplicate check changes nothing.
        let st = &mut self.stops[usize::from(si)];
        let mut right_by_pattern = false;
        if let Some(d) = object.definition.as_ref() {
            if let Some(m) = &d.name {
                st.name.fill(m);
            }
            if let Some(m) = &d.description {
                st.question.fill(m);
            }
            for c in d.choices.iter().flatten() {
                let Some(cid) = c.id.as_ref() else { continue };
                if let (Some(i), Some(m)) = (st.choice(cid.as_str()), &c.description) {
                    st.choices[usize::from(i)].name.fill(m);
                }
            }
            for pattern in d.correct.iter().flatten() {
                for id in pattern.as_str().split("[,]") {
                    right_by_pattern |= id == response.as_str();
                    if let Some(i) = st.choice(id) {
                        st.choices[usize::from(i)].right = true;
                    }
                }
            }
        }
        let Some(ci) = st.choice(response.as_str()) else {
            self.scratch = key;
            return self.skip(Skip::TooMany);
        };
        if let Some(id) = s.id.as_ref() {
            if !self.seen.insert(id_key(id.as_str())) {
                self.scratch = key;
                return self.skip(Skip::Duplicate);
            }
        }
        let attempt = result.and_then(|r| r.extensions.as_ref()?.attempt);
        let at = [&s.timestamp, &s.stored]
            .iter()
            .find_map(|t| time::parse_ms(t.as_ref()?.as_str()));
        let t = Try {
            at: at.unwrap_or(i64::MAX),
            attempt: attempt.unwrap_or(u32::MAX),
            choice: ci,
            right: result.and_then(|r| r.success).unwrap_or(right_by_pattern),
        };
        let li = self.intern_learner(key, name, named);
        self.record(li, si, t);
    }

    fn intern_stop(&mut self, id: &str) -> Option<u16> {
        if let Some(&i) = self.stop_index.get(id) {
            return Some(i);
        }
        if self.stops.len() >= MAX_STOPS {
            return None;
        }
        let i = self.stops.len() as u16;
        let known = crate::lab::checkpoints::Stop::NAMES
            .iter()
            .position(|n| *n == id);
        self.stops.push(StopAcc {
            id: id.into(),
            order: (known.unwrap_or(usize::MAX), self.stops.len()),
            name: Names::default(),
            question: Names::default(),
            choices: Vec::new(),
            index: HashMap::new(),
            answered: 0,
            first_right: 0,
            retried: 0,
        });
        self.stop_index.insert(id.into(), i);
        Some(i)
    }

    /// The learner whose key is in `key` (the scratch buffer, handed back after).
    fn intern_learner(&mut self, key: String, name: &str, named: bool) -> u32 {
        let i = match self.learner_index.get(key.as_str()) {
            Some(&i) => {
                let l = &mut self.learners[i as usize];
                if named && !l.named {
                    (l.name, l.named) = (cut(name), true);
                }
                i
            }
            None => {
                let i = self.learners.len() as u32;
                let k: Box<str> = key.as_str().into();
                self.learners.push(Learner {
                    key: k.clone(),
                    name: cut(name),
                    named,
                    entries: Vec::new(),
                });
                self.learner_index.insert(k, i);
                i
            }
        };
        self.scratch = key;
        i
    }

    fn record(&mut self, li: u32, si: u16, t: Try) {
        self.counts.answers += 1;
        let st = &mut self.stops[usize::from(si)];
        st.choices[usize::from(t.choice)].all += 1;
        let entries = &mut self.learners[li as usize].entries;
        match entries.iter_mut().find(|e| e.stop == si) {
            None => {
                entries.push(Entry {
                    stop: si,
                    first: t,
                    tries: 1,
                });
                st.answered += 1;
                st.count_first(&t, 1);
            }
            Some(e) => {
                e.tries += 1;
                if e.tries == 2 {
                    st.retried += 1;
                }
                if st.earlier(&t, &e.first) {
                    st.count_first(&e.first, -1);
                    st.count_first(&t, 1);
                    e.first = t;
                }
            }
        }
    }
}

/// The learner's identifier (xAPI's inverse functional identifier) written into `out`, and
/// their display name: the actor's `name`, else the account's name, else the mailbox. None
/// for a group or an actor without an identifier.
fn learner_key<'a>(a: &'a Actor, out: &mut String) -> Option<(&'a str, bool)> {
    out.clear();
    if a.object_type
        .as_ref()
        .is_some_and(|t| t.as_str() == "Group")
    {
        return None;
    }
    let account = a.account.as_ref().and_then(|acc| {
        let (home, name) = (acc.home_page.as_ref()?, acc.name.as_ref()?);
        Some((home.as_str(), name.as_str()))
    });
    let fallback = if let Some(m) = &a.mbox {
        out.push_str("mbox:");
        out.push_str(m.as_str());
        m.as_str().strip_prefix("mailto:").unwrap_or(m.as_str())
    } else if let Some(h) = &a.mbox_sha1sum {
        out.push_str("sha1:");
        out.push_str(h.as_str());
        h.as_str()
    } else if let Some(o) = &a.openid {
        out.push_str("openid:");
        out.push_str(o.as_str());
        o.as_str()
    } else if let Some((home, name)) = account {
        // An IRL has no spaces, so the first one ends the home page.
        out.push_str("account:");
        out.push_str(home);
        out.push(' ');
        out.push_str(name);
        name
    } else {
        return None;
    };
    if out.len() > MAX_KEY || out.trim().is_empty() {
        return None;
    }
    let name = a.name.as_ref().map(|n| n.as_str().trim());
    Some(match name.filter(|n| !n.is_empty()) {
        Some(n) => (n, true),
        None => (account.map_or(fallback, |(_, n)| n), false),
    })
}

/// A statement id as a set key: the UUID's 128 bits, or for another id (xAPI wants UUIDs, not
/// every file has them) a 128-bit hash of the text.
fn id_key(id: &str) -> u128 {
    if let Ok(u) = uuid::Uuid::try_parse(id) {
        return u.as_u128();
    }
    (u128::from(fnv(1, id.as_bytes())) << 64 | u128::from(fnv(2, id.as_bytes()))) ^ (1 << 127)
}

/// FNV-1a, from a seed: cheap, stable across runs and machines (the anonymised order uses it).
fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325 ^ seed, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

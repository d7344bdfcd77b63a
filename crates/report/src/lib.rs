//! The teacher's report: what a class's `answered` statements say, stop by stop, choice by
//! choice and learner by learner. Pure Rust (no yew, web-sys or wasm-bindgen): the native
//! `simulate class` and the teacher's page (`src/bin/teacher.rs`) share it; the learner's
//! module never links it. Statements come in any number of batches ([`Report::feed`],
//! [`Report::feed_bytes`] with [`split`] for files and pages); the counts are kept up to date
//! with each one, so a page can show them while it reads. Memory grows with learners × stops,
//! not with statements: a learner's key is stored once, and of each statement only its
//! learner's first try at the stop and a count of tries remain (plus its id, for duplicates).
pub mod live;
pub mod output;
pub mod read;
mod skim;
pub mod split;
pub mod statement;
mod take;
mod view;

// proptest is a native dev-dependency (the browser tests build this crate's tests for wasm too).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod props;
#[cfg(test)]
mod split_tests;
#[cfg(test)]
pub(crate) mod tests;

use retry_lab_core::named_enum;
use statement::{Defined, Definition, LangMap, Statement};
use take::{FastMap, FastSet, Learner, StopAcc, Taken};
pub use view::{
    no_names, ChoiceView, LearnerView, Misconception, Namer, NextStep, StepView, StopTime,
    StopView, SITTING_MS,
};

use retry_lab_core::lang::Lang;

/// Longest name kept, in characters (a stop's title, a question, a choice, a learner).
const MAX_NAME: usize = 300;
/// Longest learner identifier taken, in bytes.
const MAX_KEY: usize = 2048;
/// Most stops, and most choices at a stop, a report keeps apart (the lab has 23 and 3 to 4):
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
        /// Outside the period asked for (since, until), or of no time at all when one is.
        OutOfTime = "out_of_time",
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
/// activity when None) of `class` (a `grouping` context activity; any when None), timed
/// (`timestamp`, else `stored`) at or after `since` and before `until` (ms since 1970; either
/// open when None).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub activity: Option<String>,
    pub class: Option<String>,
    pub since: Option<i64>,
    pub until: Option<i64>,
}

/// Most other activities a report names (see [`Counts::other_activities`]).
pub const MAX_OTHER_ACTIVITIES: usize = 8;

/// How many pieces were read, how many were answers, and why the others were not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub read: u64,
    pub answers: u64,
    pub skipped: [u64; Skip::COUNT],
    /// The first field at fault of a [`Skip::Shape`], and the first other activity's object id.
    pub shape_example: Option<&'static str>,
    pub other_activity_example: Option<Box<str>>,
    /// The other activities seen (an object id's all but last segment, without a trailing
    /// `/`), in the order first seen, at most [`MAX_OTHER_ACTIVITIES`]: what a teacher who
    /// typed the activity wrong may have meant.
    pub other_activities: Vec<Box<str>>,
    /// The other classes the activity's answers were of (skipped as [`Skip::OtherClass`]),
    /// with how many answers each, in the order first seen, at most [`MAX_OTHER_ACTIVITIES`]:
    /// what a teacher whose class has none may have meant.
    pub other_classes: Vec<(Box<str>, u64)>,
}

impl Counts {
    pub fn skipped(&self, why: Skip) -> u64 {
        self.skipped[why as usize]
    }
    fn saw_activity(&mut self, object_id: &str) {
        let Some(a) = retry_lab_core::record::contract::activity_of(object_id) else {
            return;
        };
        let a = retry_lab_core::record::contract::activity_key(a);
        if a.is_empty() || self.other_activities.len() >= MAX_OTHER_ACTIVITIES {
            return;
        }
        if !self.other_activities.iter().any(|o| &**o == a) {
            self.other_activities.push(cut(a));
        }
    }

    fn saw_class(&mut self, class: &str) {
        let class = class.trim();
        if class.is_empty() {
            return;
        }
        if let Some(c) = self.other_classes.iter_mut().find(|c| &*c.0 == class) {
            c.1 += 1;
        } else if self.other_classes.len() < MAX_OTHER_ACTIVITIES {
            self.other_classes.push((cut(class), 1));
        }
    }

    /// Of the other classes seen, the one `typed` was most likely meant to be: the same but for
    /// case, spaces or a trailing `/`, or at most two characters apart. None when none is that
    /// near (an empty class, not a typo).
    pub fn class_meant(&self, typed: &str) -> Option<&str> {
        let norm = |s: &str| s.trim().trim_end_matches('/').to_lowercase();
        let typed = norm(typed);
        self.other_classes
            .iter()
            .map(|(c, _)| (edit_distance(&norm(c), &typed, 2), &**c))
            .filter(|(d, _)| *d <= 2)
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c)
    }

    /// Skipped for something other than being another verb, activity or class, or a duplicate:
    /// what was not statements at all, or statements a report cannot read.
    pub fn unreadable(&self) -> u64 {
        Skip::ALL
            .iter()
            .filter(|s| {
                !matches!(
                    s,
                    Skip::OtherVerb
                        | Skip::OtherActivity
                        | Skip::OtherClass
                        | Skip::OutOfTime
                        | Skip::Duplicate
                )
            })
            .map(|&s| self.skipped(s))
            .sum()
    }
}

/// Levenshtein distance between `a` and `b` in characters, or `limit + 1` once it is past
/// `limit` (so two long addresses cost little).
fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            row[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(row[j] + 1);
        }
        if row.iter().min().is_some_and(|&m| m > limit) {
            return limit + 1;
        }
        prev = row;
    }
    prev[b.len()].min(limit + 1)
}

/// The report being built. Feed it statements, read it at any time.
pub struct Report {
    /// The activity asked for, as typed (the contract reads object ids against it).
    activity: Option<String>,
    class: Option<String>,
    since: Option<i64>,
    until: Option<i64>,
    learners: Vec<Learner>,
    learner_index: FastMap<Box<str>, u32>,
    stops: Vec<StopAcc>,
    stop_index: FastMap<Box<str>, u16>,
    seen: FastSet<u128>,
    counts: Counts,
    scratch: String,
    /// A statement's text without its definitions ([`skim`]), reused.
    skimmed: Vec<u8>,
    /// The lab's own names of its stops and choices, when the reader has them.
    catalogue: Option<Catalogue>,
    /// The latest `stored` of any statement read: where a live poll goes on from.
    last_stored: Option<i64>,
}

/// What of a stop a [`Catalogue`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    Name,
    Question,
    /// A choice, by its id.
    Choice(&'a str),
}

/// The lab's own words for a stop (by its id) and its choices: what the report shows for a
/// stop the lab knows, whatever the statements say. Statements only fill what it leaves empty
/// (a stop of another version, a choice shown as a number), so one learner's statement cannot
/// rename a stop or a choice for the whole report.
pub type Catalogue = fn(&str, Part) -> Option<Names>;

impl Report {
    pub fn new(filter: Filter) -> Report {
        Report {
            activity: filter.activity,
            class: filter.class.map(|c| c.trim().to_string()),
            since: filter.since,
            until: filter.until,
            learners: Vec::new(),
            learner_index: FastMap::default(),
            stops: Vec::new(),
            stop_index: FastMap::default(),
            seen: FastSet::default(),
            counts: Counts::default(),
            scratch: String::new(),
            skimmed: Vec::new(),
            catalogue: None,
            last_stored: None,
        }
    }

    /// This report names the stops and choices `catalogue` knows by it (see [`Catalogue`]).
    pub fn with_catalogue(mut self, catalogue: Catalogue) -> Report {
        self.catalogue = Some(catalogue);
        self
    }

    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The class asked for, if any.
    pub fn class(&self) -> Option<&str> {
        self.class.as_deref()
    }

    /// Statements as JSON values (a test's, a host's).
    pub fn feed(&mut self, statements: &[serde_json::Value]) {
        use serde::Deserialize;
        for v in statements {
            self.counts.read += 1;
            match Statement::deserialize(v) {
                Ok(s) => {
                    if self.take(&s, None) == Taken::NeedDefinition {
                        let d = Defined::deserialize(v).ok();
                        self.take(&s, Some(definition(&d)));
                    }
                }
                Err(_) => self.unreadable(Some(v)),
            }
        }
    }

    /// One statement's JSON text (a piece from [`split::Splitter`]). It is read without its
    /// definitions first; the definition is read from the whole text only when needed.
    pub fn feed_bytes(&mut self, bytes: &[u8]) {
        self.counts.read += 1;
        let mut skimmed = std::mem::take(&mut self.skimmed);
        let head = if skim::without_definitions(bytes, &mut skimmed) {
            // What cannot be read without its definitions is judged as it came.
            serde_json::from_slice::<Statement>(&skimmed)
                .or_else(|_| serde_json::from_slice::<Statement>(bytes))
        } else {
            serde_json::from_slice::<Statement>(bytes)
        };
        match head {
            Ok(s) => {
                if self.take(&s, None) == Taken::NeedDefinition {
                    let d = serde_json::from_slice::<Defined>(bytes).ok();
                    self.take(&s, Some(definition(&d)));
                }
            }
            Err(_) => {
                let v = serde_json::from_slice::<serde_json::Value>(bytes).ok();
                self.unreadable(v.as_ref());
            }
        }
        self.skimmed = skimmed;
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
}

fn definition<'d>(d: &'d Option<Defined>) -> Option<&'d Definition<'d>> {
    d.as_ref()?.object.as_ref()?.definition.as_ref()
}

//! Everything that crosses the lab's boundary with its host page, as pure, panic-free code that
//! is tested natively: share links (URL fragment), saved state (localStorage), the postMessage
//! protocol, mount options, and the guided challenges the host tracks.
pub mod challenges;
pub mod json_check;
pub mod link;
pub mod protocol;
pub mod saved;
pub mod scenario;
pub mod value;
pub mod xapi;

/// One thing that was wrong with outside input, and what was used instead: the field (a
/// parameter or option name, shown as code) and why, as data the page words in the learner's
/// language. `Display` writes it in English, for the native tools and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub why: Why,
}

/// What an option expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    Object,
    WholeNumber,
    Number,
    Text,
    PanelList,
    List,
}

/// Why outside input was not used. Inputs quoted back are cut to a readable length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    NotProbability(String),
    NotWholeIn(String, u32, u32),
    NotWhole(String),
    GivenTwice,
    /// The values allowed, as code (`v4`, `v5`).
    MustBe(&'static str, &'static str),
    Unknown,
    TooLong(usize, usize),
    WrongType(Expected, value::Kind),
    NotPanel(String),
    NotOrigin(String),
    TooLarge(usize),
    EarlierVersion,
    OtherVersion(u64),
    NoVersion,
    UnknownCheckpoint(String),
    OutOfRange(String, u32, u32),
    /// The values allowed, as code (`lab | lti | none`).
    OneOf(&'static str),
    NotIri(String),
    Missing,
    NoPublication,
    TooMany(usize, usize),
    NotUtc(String),
    TooLate(u64),
    NotWindow(u64, u64),
    /// Not JSON, and where it stops being JSON is not known.
    NotJson,
    NotUtf8(usize),
    NotFileName(String),
    NotFetched,
    /// Not JSON from this line and column on (both from 1).
    NotJsonAt(u64, u64),
}

/// The English sentence of each [`Why`] (by [`Why::index`]); `{0}`… are its [`Why::args`].
pub const WHY_EN: [&str; Why::COUNT] = [
    "«{0}» is not a probability between 0 and 1",
    "«{0}» is not a whole number in {1}..={2}",
    "«{0}» is not a whole number",
    "given twice; the first is used",
    "must be {0} or {1}",
    "unknown, ignored",
    "{0} characters long; the limit is {1}",
    "must be {0}, not {1}",
    "unknown panel «{0}»",
    "«{0}» is not an origin",
    "{0} bytes is too large to be this lab's state",
    "saved by an earlier version of the lab; its settings are not kept",
    "saved by version {0} of the lab; this is version {1}",
    "not this lab's state (no version)",
    "unknown checkpoint «{0}»",
    "{0} is outside {1}..={2}",
    "must be one of: {0}",
    "«{0}» is not an absolute IRI (such as https://course.example/labs/retry)",
    "missing",
    "publishes nothing: list at least one event or publish action",
    "{0} entries; the limit is {1}",
    "«{0}» is not a UTC time such as 2026-07-29T14:00:00Z",
    "{0} is later than {1}",
    "from_ms {0} is after to_ms {1}",
    "not a JSON file",
    "not UTF-8 text (invalid byte at offset {0})",
    "«{0}» is not the name of a .json file next to the page",
    "could not be fetched from the page's own site",
    "not a JSON file (line {0}, column {1})",
];
/// English names of what was expected and of what came, for `must be {0}, not {1}`.
pub const EXPECTED_EN: [&str; 6] = [
    "an object",
    "a whole number",
    "a number",
    "a string",
    "a list of panel names",
    "a list",
];
pub const KIND_EN: [&str; value::Kind::COUNT] = [
    "undefined",
    "null",
    "a boolean",
    "a number",
    "a string",
    "a list",
    "an object",
    "an unsupported value",
];

impl Why {
    pub const COUNT: usize = 29;

    pub fn index(&self) -> usize {
        match self {
            Why::NotProbability(_) => 0,
            Why::NotWholeIn(..) => 1,
            Why::NotWhole(_) => 2,
            Why::GivenTwice => 3,
            Why::MustBe(..) => 4,
            Why::Unknown => 5,
            Why::TooLong(..) => 6,
            Why::WrongType(..) => 7,
            Why::NotPanel(_) => 8,
            Why::NotOrigin(_) => 9,
            Why::TooLarge(_) => 10,
            Why::EarlierVersion => 11,
            Why::OtherVersion(_) => 12,
            Why::NoVersion => 13,
            Why::UnknownCheckpoint(_) => 14,
            Why::OutOfRange(..) => 15,
            Why::OneOf(_) => 16,
            Why::NotIri(_) => 17,
            Why::Missing => 18,
            Why::NoPublication => 19,
            Why::TooMany(..) => 20,
            Why::NotUtc(_) => 21,
            Why::TooLate(_) => 22,
            Why::NotWindow(..) => 23,
            Why::NotJson => 24,
            Why::NotUtf8(_) => 25,
            Why::NotFileName(_) => 26,
            Why::NotFetched => 27,
            Why::NotJsonAt(..) => 28,
        }
    }

    /// The values a sentence puts at `{0}`, `{1}`, `{2}`; what was expected and what came are
    /// worded with `expected` and `kinds` (one language's names).
    pub fn args(&self, expected: &[&str; 6], kinds: &[&str; value::Kind::COUNT]) -> Vec<String> {
        match self {
            Why::NotProbability(s)
            | Why::NotWhole(s)
            | Why::NotPanel(s)
            | Why::NotOrigin(s)
            | Why::UnknownCheckpoint(s)
            | Why::NotIri(s)
            | Why::NotUtc(s)
            | Why::NotFileName(s) => vec![s.clone()],
            Why::NotJsonAt(line, column) => vec![line.to_string(), column.to_string()],
            Why::TooMany(n, limit) => vec![n.to_string(), limit.to_string()],
            Why::TooLate(t) => vec![t.to_string(), crate::sim::scenario::MAX_TIME_MS.to_string()],
            Why::NotWindow(a, b) => vec![a.to_string(), b.to_string()],
            Why::NotUtf8(at) => vec![at.to_string()],
            Why::NotWholeIn(s, lo, hi) | Why::OutOfRange(s, lo, hi) => {
                vec![s.clone(), lo.to_string(), hi.to_string()]
            }
            Why::MustBe(a, b) => vec![a.to_string(), b.to_string()],
            Why::OneOf(list) => vec![list.to_string()],
            Why::TooLong(n, limit) => vec![n.to_string(), limit.to_string()],
            Why::WrongType(e, k) => vec![expected[*e as usize].into(), kinds[*k as usize].into()],
            Why::TooLarge(n) => vec![n.to_string()],
            Why::OtherVersion(v) => vec![v.to_string(), saved::VERSION.to_string()],
            Why::GivenTwice
            | Why::Unknown
            | Why::EarlierVersion
            | Why::NoVersion
            | Why::Missing
            | Why::NoPublication
            | Why::NotJson
            | Why::NotFetched => vec![],
        }
    }

    /// The reason in one language: its sentence from `sentences`, the arguments filled in.
    pub fn worded(
        &self,
        sentences: &[&str; Why::COUNT],
        expected: &[&str; 6],
        kinds: &[&str; value::Kind::COUNT],
    ) -> String {
        let args = self.args(expected, kinds);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        crate::lang::fill(sentences[self.index()], &args)
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = self.why.worded(&WHY_EN, &EXPECTED_EN, &KIND_EN);
        write!(f, "{}: {why}", self.field)
    }
}

/// Where outside input came from, for the notice that lists what was wrong with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The host's options (query string or `mount_lab`).
    Options,
    /// Saved state in the browser's storage.
    Storage,
    /// A share link.
    Link,
}

/// A problem with outside input and where it came from, as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundaryNotice {
    pub source: Source,
    pub problem: Problem,
}

/// A setting outside its range (from [`crate::sim::Config::problems`]), named `{prefix}{field}`:
/// options and scenario files word it alike.
pub(crate) fn setting_problem(prefix: &str, p: crate::sim::config::FieldError) -> Problem {
    let why = match p.range {
        Some((lo, hi)) => Why::OutOfRange(p.value, lo, hi),
        None => Why::NotProbability(p.value),
    };
    problem(format!("{prefix}{}", p.field), why)
}

pub(crate) fn problem(field: impl Into<String>, why: Why) -> Problem {
    Problem {
        field: crate::sim::utc::truncate(&field.into(), 40),
        why,
    }
}

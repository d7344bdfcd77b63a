//! What was wrong with outside input (link, saved state, host options, scenario files) and
//! where it came from, as data: the state keeps it for its notices and each language words it.
//! It sits below `lab` and `embed`, which both speak of problems.

named_enum! {
    /// The kinds of a JavaScript value, for "must be a number, not a string".
    pub enum Kind {
        Undefined = "undefined",
        Null = "null",
        Boolean = "boolean",
        Number = "number",
        Text = "string",
        List = "list",
        Object = "object",
        Unsupported = "unsupported",
    }
}

/// One thing that was wrong with outside input, and what was used instead: the field (a
/// parameter or option name, shown as code) and why, as data the page words in the learner's
/// language. `Display` writes it in English, for the native tools and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub why: Why,
}

named_enum! {
    /// What an option expected.
    pub enum Expected {
        Object = "object",
        WholeNumber = "whole_number",
        Number = "number",
        Text = "text",
        PanelList = "panel_list",
        List = "list",
    }
}

/// Why outside input was not used. Inputs quoted back are cut to a readable length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    NotProbability(String),
    /// A whole number in this range was expected (u64: a link's `at` reaches 10^12).
    NotWholeIn(String, u64, u64),
    NotWhole(String),
    GivenTwice,
    /// The values allowed, as code (`v4`, `v5`).
    MustBe(&'static str, &'static str),
    Unknown,
    TooLong(usize, usize),
    WrongType(Expected, Kind),
    NotPanel(String),
    NotOrigin(String),
    TooLarge(usize),
    EarlierVersion,
    /// Found, and this lab's own.
    OtherVersion(u64, u32),
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
    NotId(String),
    /// Cut short or changed on the way (a link's encoded run).
    Damaged,
    /// A run that could ask for this many delivery attempts, over the limit (the second).
    TooMuchWork(u64, u64),
}

/// The English sentence of each [`Why`] (by [`Why::index`]); `{0}`… are its [`Why::args`].
/// The English sentence of each [`Why`]; `{0}`… are its [`Why::args`].
pub fn why_en(why: &Why) -> &'static str {
    match why {
        Why::NotProbability(..) => "«{0}» is not a probability between 0 and 1",
        Why::NotWholeIn(..) => "«{0}» is not a whole number in {1}..={2}",
        Why::NotWhole(..) => "«{0}» is not a whole number",
        Why::GivenTwice => "given twice; the first is used",
        Why::MustBe(..) => "must be {0} or {1}",
        Why::Unknown => "unknown, ignored",
        Why::TooLong(..) => "{0} characters long; the limit is {1}",
        Why::WrongType(..) => "must be {0}, not {1}",
        Why::NotPanel(..) => "unknown panel «{0}»",
        Why::NotOrigin(..) => "«{0}» is not an origin",
        Why::TooLarge(..) => "{0} bytes is too large to be this lab's state",
        Why::EarlierVersion => "saved by an earlier version of the lab; its settings are not kept",
        Why::OtherVersion(..) => "saved by version {0} of the lab; this is version {1}",
        Why::NoVersion => "not this lab's state (no version)",
        Why::UnknownCheckpoint(..) => "unknown checkpoint «{0}»",
        Why::OutOfRange(..) => "{0} is outside {1}..={2}",
        Why::OneOf(..) => "must be one of: {0}",
        Why::NotIri(..) => {
            "«{0}» is not an absolute IRI (such as https://course.example/labs/retry)"
        }
        Why::Missing => "missing",
        Why::NoPublication => "publishes nothing: list at least one event or publish action",
        Why::TooMany(..) => "{0} entries; the limit is {1}",
        Why::NotUtc(..) => "«{0}» is not a UTC time such as 2026-07-29T14:00:00Z",
        Why::TooLate(..) => "{0} is later than {1}",
        Why::NotWindow(..) => "from_ms {0} is after to_ms {1}",
        Why::NotJson => "not a JSON file",
        Why::NotUtf8(..) => "not UTF-8 text (invalid byte at offset {0})",
        Why::NotFileName(..) => "«{0}» is not the name of a .json file next to the page",
        Why::NotFetched => "could not be fetched from the page's own site",
        Why::NotJsonAt(..) => "not a JSON file (line {0}, column {1})",
        Why::Damaged => "damaged or cut short: copy the whole link",
        Why::NotId(..) => "«{0}» is not an id (1 to 64 letters, digits, «.», «_» or «-»)",
        Why::TooMuchWork(..) => {
            "could ask for {0} delivery attempts (publications × (max_retries + 1) × (1 + replays)); the limit is {1}, so the run is not played"
        }
    }
}
/// English names of what was expected and of what came, for `must be {0}, not {1}`.
pub const EXPECTED_EN: [&str; Expected::COUNT] = [
    "an object",
    "a whole number",
    "a number",
    "a string",
    "a list of panel names",
    "a list",
];
pub const KIND_EN: [&str; Kind::COUNT] = [
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
    /// The values a sentence puts at `{0}`, `{1}`, `{2}`; what was expected and what came are
    /// worded with `expected` and `kinds` (one language's names).
    pub fn args(
        &self,
        expected: &[&str; Expected::COUNT],
        kinds: &[&str; Kind::COUNT],
    ) -> Vec<String> {
        match self {
            Why::NotProbability(s)
            | Why::NotWhole(s)
            | Why::NotPanel(s)
            | Why::NotOrigin(s)
            | Why::UnknownCheckpoint(s)
            | Why::NotIri(s)
            | Why::NotUtc(s)
            | Why::NotFileName(s)
            | Why::NotId(s) => vec![s.clone()],
            Why::NotJsonAt(line, column) => vec![line.to_string(), column.to_string()],
            Why::TooMany(n, limit) => vec![n.to_string(), limit.to_string()],
            Why::TooLate(t) => vec![t.to_string(), crate::sim::scenario::MAX_TIME_MS.to_string()],
            Why::TooMuchWork(n, limit) => vec![n.to_string(), limit.to_string()],
            Why::NotWindow(a, b) => vec![a.to_string(), b.to_string()],
            Why::NotUtf8(at) => vec![at.to_string()],
            Why::NotWholeIn(s, lo, hi) => vec![s.clone(), lo.to_string(), hi.to_string()],
            Why::OutOfRange(s, lo, hi) => {
                vec![s.clone(), lo.to_string(), hi.to_string()]
            }
            Why::MustBe(a, b) => vec![a.to_string(), b.to_string()],
            Why::OneOf(list) => vec![list.to_string()],
            Why::TooLong(n, limit) => vec![n.to_string(), limit.to_string()],
            Why::WrongType(e, k) => vec![expected[*e as usize].into(), kinds[*k as usize].into()],
            Why::TooLarge(n) => vec![n.to_string()],
            Why::OtherVersion(v, ours) => vec![v.to_string(), ours.to_string()],
            Why::GivenTwice
            | Why::Unknown
            | Why::EarlierVersion
            | Why::NoVersion
            | Why::Missing
            | Why::NoPublication
            | Why::NotJson
            | Why::NotFetched
            | Why::Damaged => vec![],
        }
    }

    /// The reason in one language: its sentence from `sentences`, the arguments filled in.
    pub fn worded(
        &self,
        sentences: fn(&Why) -> &'static str,
        expected: &[&str; Expected::COUNT],
        kinds: &[&str; Kind::COUNT],
    ) -> String {
        let args = self.args(expected, kinds);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        crate::lang::fill(sentences(self), &args)
    }
}

/// One reason of each kind: the tests check every sentence of every language with it, and
/// the English texts file lists its sentences in this order (`retry_lab_text::loaded`).
pub fn every_why() -> Vec<Why> {
    let s = || String::from("x");
    vec![
        Why::NotProbability(s()),
        Why::NotWholeIn(s(), 1, 2),
        Why::NotWhole(s()),
        Why::GivenTwice,
        Why::MustBe("a", "b"),
        Why::Unknown,
        Why::TooLong(5, 4),
        Why::WrongType(Expected::Object, Kind::Null),
        Why::NotPanel(s()),
        Why::NotOrigin(s()),
        Why::TooLarge(9),
        Why::EarlierVersion,
        Why::OtherVersion(3, 2),
        Why::NoVersion,
        Why::UnknownCheckpoint(s()),
        Why::OutOfRange(s(), 1, 2),
        Why::OneOf("a | b"),
        Why::NotIri(s()),
        Why::Missing,
        Why::NoPublication,
        Why::TooMany(5, 4),
        Why::NotUtc(s()),
        Why::TooLate(9),
        Why::NotWindow(2, 1),
        Why::NotJson,
        Why::NotUtf8(3),
        Why::NotFileName(s()),
        Why::NotFetched,
        Why::NotJsonAt(1, 2),
        Why::NotId(s()),
        Why::Damaged,
        Why::TooMuchWork(9, 8),
    ]
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = self.why.worded(why_en, &EXPECTED_EN, &KIND_EN);
        write!(f, "{}: {why}", self.field)
    }
}

named_enum! {
    /// Where outside input came from, for the notice that lists what was wrong with it.
    pub enum Source {
        /// The host's options (query string or `mount_lab`).
        Options = "options",
        /// Saved state in the browser's storage.
        Storage = "storage",
        /// A share link.
        Link = "link",
        /// Progress the host kept and handed over (`keep=host`: a learning platform's).
        Host = "host",
    }
}

/// A problem with outside input and where it came from, as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundaryNotice {
    pub source: Source,
    pub problem: Problem,
}

/// A setting outside its range (from [`crate::sim::Config::problems`]), named `{prefix}{field}`:
/// options and scenario files word it alike.
pub fn setting_problem(prefix: &str, p: crate::sim::config::FieldError) -> Problem {
    let why = match p.range {
        Some((lo, hi)) => Why::OutOfRange(p.value, lo, hi),
        None => Why::NotProbability(p.value),
    };
    problem(format!("{prefix}{}", p.field.as_str()), why)
}

pub fn problem(field: impl Into<String>, why: Why) -> Problem {
    Problem {
        field: crate::sim::utc::truncate(&field.into(), 40),
        why,
    }
}

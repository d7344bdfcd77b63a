//! What the lab keeps of the world around the learner's run: the messages it shows them, where a
//! loaded scenario came from, and the host page's messages counted.
use crate::problem::Problem;
use crate::sim::config::Setting;

/// A message for the learner, by key so it follows the language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A setting's control gave text that is no value of it, or one out of its range.
    BadNumber {
        field: Setting,
        input: String,
    },
    TooManyEvents,
    BadScenario(Problem),
    /// The learner acted from the past: the actions recorded after that moment are gone.
    FutureDropped,
}

/// Where a loaded scenario came from, as the page names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A file next to the page (a preset, the query's `scenario`): a link can name it.
    Fetched(String),
    /// A file the learner picked or dropped, by its name (a link must carry the run itself).
    Picked(String),
    /// The run a share link carried.
    Link,
}

/// A scenario the lab plays: where it came from (none: the host gave it), and whether the
/// learner has acted on it since (a link can then name a fetched file instead of the run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub origin: Option<Origin>,
    pub untouched: bool,
}

/// Messages from the host page, counted for the diagnostics line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostCounts {
    pub accepted: u32,
    pub ignored: u32,
    /// The host asked to see these counts (`diagnostics=on`).
    pub shown: bool,
}

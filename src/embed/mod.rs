//! Everything that crosses the lab's boundary with its host page, as pure, panic-free code that
//! is tested natively: share links (URL fragment), saved state (localStorage), the postMessage
//! protocol, mount options, and the guided challenges the host tracks.
pub mod challenges;
pub mod link;
pub mod protocol;
pub mod saved;
pub mod value;

/// One thing that was wrong with outside input, and what was used instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub problem: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

pub(crate) fn problem(field: impl Into<String>, problem: impl Into<String>) -> Problem {
    Problem {
        field: crate::sim::utc::truncate(&field.into(), 40),
        problem: problem.into(),
    }
}

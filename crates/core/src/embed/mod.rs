//! Everything that crosses the lab's boundary with its host page, as pure, panic-free code that
//! is tested natively: share links (URL fragment), saved state (localStorage), the postMessage
//! protocol, mount options, the guided challenges the host tracks, and the learner's taps on the
//! prerendered first view.
pub mod boot;
pub mod json_check;
pub mod link;
pub mod options;
pub mod protocol;
pub mod saved;
pub mod scenario;
pub mod settings;
pub mod taps;
pub mod value;

pub use crate::problem::{
    problem, setting_problem, BoundaryNotice, Expected, Problem, Source, Why, KIND_EN,
};

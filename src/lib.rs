//! Retry, backoff and dead-letter lab: a pure simulation core (`sim`), the pure boundary with
//! the host page (`embed`), the lab's state and actions (`lab`), the learning record it writes
//! (`record`) and the teacher's report that reads it (`report`), and the Yew UI (`ui`) over them.
// First, so every module below can declare its named enums with it.
#[macro_use]
pub mod named;

pub mod embed;
pub mod lab;
pub mod lang;
pub mod num;
pub mod problem;
pub mod record;
pub mod report;
pub mod sim;
pub mod ui;

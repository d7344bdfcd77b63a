//! Retry, backoff and dead-letter lab: a pure simulation core (`sim`), the pure boundary with
//! the host page (`embed`), and the Yew UI (`ui`) over both.
pub mod embed;
pub mod lang;
pub mod num;
pub mod sim;
pub mod ui;

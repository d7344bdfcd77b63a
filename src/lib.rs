//! Retry, backoff and dead-letter lab: a pure simulation core (`sim`) and, in the browser, a Yew UI (`ui`).
pub mod sim;
pub mod ui;

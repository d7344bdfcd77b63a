//! The pure simulation core: no browser, no UI, no wall clock; runs natively and in wasm alike.
//!
//! Everything here is deterministic: time is integer milliseconds on one virtual clock, the
//! queue is ordered by (time, sequence number), and one seeded [`rng::SimRng`] makes every
//! random choice.
pub mod config;
pub mod consumer;
pub mod demos;
pub mod event;
pub mod exactly_once;
pub mod herd;
pub mod hub;
pub mod ids;
pub mod jitter;
pub mod log;
pub mod montecarlo;
pub mod outcome;
pub mod polling;
pub mod recovery;
pub mod rng;
pub mod scenario;
pub mod utc;
pub mod workbench;

pub use config::{Config, DedupOn};
pub use event::EventState;
pub use hub::Simulation;
pub use outcome::{Fault, Outcome, Reason};

//! The lab's panels, each one component over the lab's state (see `crate::lab::panels` for
//! their names, places and the concerns that redraw them).
pub mod challenges;
pub mod consumers;
pub mod dead_letters;
pub mod demos;
pub mod duplicates;
pub mod events;
pub mod figures;
pub mod log;
pub mod polling;
pub mod scenarios;
pub mod share;
pub mod timeline;

//! The lab's core, pure Rust (no yew, no web-sys): the simulation (`sim`), the lab's state and
//! actions over it (`lab`), the boundary with the host page (`embed`) and the learning record it
//! writes (`record`). Tested natively; the web crate, the report and the texts build on it.
// First, so every module below can declare its named enums with it.
#[macro_use]
pub mod named;

pub mod embed;
pub mod lab;
pub mod lang;
pub mod num;
pub mod problem;
pub mod record;
pub mod sim;

//! The guided path's card and what it draws of a stop's run: the card itself (`card`), the
//! run's values as a list (`evidence`), and the computed comparisons some stops draw in it.
pub mod card;
mod card_hooks;
pub mod evidence;
pub mod exactly_once;
pub mod herd;
pub mod jitter;
pub mod recovery;

//! The lab's panels, each one component over the lab's state (see `retry_lab_core::lab::panels` for
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

use yew::prelude::*;

/// An identifier that may wrap on a narrow screen only between its parts, after one of `at`
/// (a UUID's `-`; a pass key's `|`, and the `T` between its date and its time), never inside one: the style sheet's `.id` keeps the
/// browser from breaking it anywhere else (a part too long for its column widens the table,
/// which scrolls in its box), and the break opportunities copy as nothing.
pub fn breakable_id(id: &str, at: &[char]) -> Html {
    let mut parts = Vec::new();
    let mut rest = id;
    while let Some(k) = rest.find(at) {
        parts.push(html! { <><span class="id-part">{ &rest[..=k] }</span><wbr /></> });
        rest = &rest[k + 1..];
    }
    parts.push(html! { <span class="id-part">{ rest }</span> });
    html! { <>{ for parts }</> }
}

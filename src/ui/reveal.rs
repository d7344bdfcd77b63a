//! Bringing what the lab just showed into view where the lab lives: its own page, a frame of a
//! same-origin course page (the browser then scrolls that page too), or a frame of a
//! cross-origin one, which the lab cannot scroll: there the host is asked to, with a `scroll`
//! message (`crate::embed::protocol::Outgoing::Scroll`), which the example hosts honour.
use std::rc::Rc;

use wasm_bindgen::JsCast;

use super::host::HostLink;
use crate::embed::protocol::{Align, Outgoing};

/// The host link the lab's views reveal things through (a Yew context, given by the root; one
/// for the page's life, so equal to itself).
#[derive(Clone)]
pub struct Revealer(pub Rc<HostLink>);

impl PartialEq for Revealer {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Whether this page is a frame whose parent the lab's script cannot reach (another origin).
fn cross_origin_frame(win: &web_sys::Window) -> bool {
    let framed = win.parent().ok().flatten().is_some_and(|p| p != *win);
    framed && win.frame_element().ok().flatten().is_none()
}

/// Brings `el` into view: its top at the top of the screen (`Start`), or as little scrolling as
/// shows it whole (`Nearest`, nothing when it is on screen already). Smooth unless the learner
/// asked for reduced motion.
pub fn reveal(el: &web_sys::Element, align: Align, host: Option<&Revealer>) {
    let Some(win) = web_sys::window() else { return };
    let reduced = win
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    let opts = web_sys::ScrollIntoViewOptions::new();
    opts.set_block(match align {
        Align::Start => web_sys::ScrollLogicalPosition::Start,
        Align::Nearest => web_sys::ScrollLogicalPosition::Nearest,
    });
    opts.set_behavior(if reduced {
        web_sys::ScrollBehavior::Auto
    } else {
        web_sys::ScrollBehavior::Smooth
    });
    // In its own page or a same-origin frame this is all it takes: the browser scrolls every
    // scrolling ancestor, across the frame.
    el.scroll_into_view_with_scroll_into_view_options(&opts);
    if let (true, Some(host)) = (cross_origin_frame(&win), host) {
        let r = el.get_bounding_client_rect();
        let y = win.scroll_y().unwrap_or(0.0);
        let px = |v: f64| (v + y).max(0.0).round() as u32;
        host.0.post(&Outgoing::Scroll {
            top: px(r.top()),
            bottom: px(r.bottom()),
            align,
        });
    }
}

/// Brings the element with id `id` into view (see [`reveal`]), if the page has one.
pub fn reveal_id(id: &str, align: Align, host: Option<&Revealer>) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        reveal(&el, align, host);
    }
}

/// Brings the element `selector` selects into view (see [`reveal`]).
pub fn reveal_selector(selector: &str, align: Align, host: Option<&Revealer>) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
    {
        reveal(&el, align, host);
    }
}

/// `el` as an element, if it is one (for a node ref).
pub fn element(node: &yew::NodeRef) -> Option<web_sys::Element> {
    node.get().and_then(|n| n.dyn_into().ok())
}

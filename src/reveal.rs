//! Bringing what the lab just showed into view where the lab lives: its own page, a frame of a
//! same-origin course page (the browser then scrolls that page too), or a frame of a
//! cross-origin one, which the lab cannot scroll: there the host is asked to, with a `scroll`
//! message (`retry_lab_core::embed::protocol::Outgoing::Scroll`), which the example hosts honour.
use std::rc::Rc;

use wasm_bindgen::JsCast;

use crate::host::HostLink;
use retry_lab_core::embed::protocol::{Align, Outgoing};

/// The host link the lab's views reveal things through (a Yew context, given by the root; one
/// for the page's life, so equal to itself).
#[derive(Clone)]
pub struct Revealer(pub Rc<HostLink>);

impl PartialEq for Revealer {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Room kept under what is brought into view for the floating control bar, in px: its height
/// and a little air (the style sheet's `scroll-margin-bottom` on a phone is the same for a
/// one-row bar).
fn dock_margin(doc: &web_sys::Document) -> u32 {
    let bar = doc
        .query_selector(".dock")
        .ok()
        .flatten()
        .and_then(|d| d.dyn_into::<web_sys::HtmlElement>().ok())
        .map_or(56, |d| d.offset_height().max(0) as u32);
    bar + 8
}

/// Whether this page is a frame whose parent the lab's script cannot reach (another origin).
fn cross_origin_frame(win: &web_sys::Window) -> bool {
    let framed = win.parent().ok().flatten().is_some_and(|p| p != *win);
    framed && win.frame_element().ok().flatten().is_none()
}

thread_local! {
    /// Bumped by every move into view: a move that waits (see [`reveal_span`]) is given up when
    /// another one came after it (the learner went back to the card meanwhile, say).
    static MOVES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn moves() -> u32 {
    MOVES.with(std::cell::Cell::get)
}

/// Brings `el` into view: its top at the top of the screen (`Start`), or as little scrolling as
/// shows it whole (`Nearest`, nothing when it is on screen already). Smooth unless the learner
/// asked for reduced motion.
pub fn reveal(el: &web_sys::Element, align: Align, host: Option<&Revealer>) {
    MOVES.with(|m| m.set(m.get().wrapping_add(1)));
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
        // The control bar floats over the screen's bottom once the host sends viewports:
        // what comes into view stays clear of it (the style sheet's scroll margin does the
        // same where the browser scrolls).
        let doc = win.document();
        let docked = doc
            .as_ref()
            .and_then(|d| d.document_element())
            .is_some_and(|h| h.has_attribute("data-viewport"));
        let margin = match (&doc, docked) {
            (Some(d), true) => dock_margin(d),
            _ => 0,
        };
        host.0.post(&Outgoing::Scroll {
            top: px(r.top()),
            bottom: px(r.bottom()) + margin,
            align,
        });
    }
}

/// An element's top on the learner's screen: in a frame of the same origin (a course page that
/// sizes the frame to the lab, which then never scrolls itself) the top page's screen; in its
/// own page, or a frame of another origin (whose place the lab cannot see), its page's.
pub fn screen_top(el: &web_sys::Element) -> f64 {
    let frame = web_sys::window().and_then(|w| w.frame_element().ok().flatten());
    el.get_bounding_client_rect().top() + frame.map_or(0.0, |f| f.get_bounding_client_rect().top())
}

/// The learner's screen height, in px: the page's, or in a frame of the same origin the top
/// page's (a frame sized to the lab is as tall as the lab). None where the lab cannot tell.
pub fn screen_height(win: &web_sys::Window) -> Option<f64> {
    let framed = win.parent().ok().flatten().is_some_and(|p| p != *win);
    let top = if framed {
        win.frame_element().ok().flatten()?;
        win.parent().ok().flatten()?
    } else {
        win.clone()
    };
    top.inner_height().ok()?.as_f64()
}

/// Brings `first` to the screen's top where `last`, under it, then shows at least its first
/// lines above the control bar (a chart and the verdict on it: the chart's heading and the
/// verdict on one screen, the rest read on); else as little as shows `last` (what the learner
/// reads next). Where the screen is not known (a frame of another origin) `first` comes first.
pub fn reveal_span(first: &str, last: &str, host: Option<&Revealer>) {
    /// What must show of `last`: its verdict line and the start of what follows.
    const LAST_START: f64 = 80.0;
    let Some(win) = web_sys::window() else { return };
    let Some(doc) = win.document() else { return };
    let (Some(a), Some(b)) = (doc.get_element_by_id(first), doc.get_element_by_id(last)) else {
        return reveal_id(last, Align::Nearest, host);
    };
    let span = b.get_bounding_client_rect().top() - a.get_bounding_client_rect().top();
    let fits = match screen_height(&win) {
        Some(h) => 8.0 + span + LAST_START + f64::from(dock_margin(&doc)) <= h,
        None => true,
    };
    let (el, align) = if fits {
        (a, Align::Start)
    } else {
        (b, Align::Nearest)
    };
    // What was just drawn makes the lab taller, and a course page that sizes its frame to the
    // lab resizes it within 300 ms (`ui::resize`), which stops a smooth scroll short: the move
    // waits for that, and is looked at once more after it.
    let host = host.cloned();
    let asked = moves();
    gloo::timers::callback::Timeout::new(320, move || {
        if moves() != asked {
            return;
        }
        reveal(&el, align, host.as_ref());
        let made = moves();
        gloo::timers::callback::Timeout::new(500, move || {
            if moves() != made {
                return;
            }
            let top = screen_top(&el);
            let screen = web_sys::window()
                .as_ref()
                .and_then(screen_height)
                .unwrap_or(f64::MAX);
            let off = match align {
                Align::Start => !(-2.0..=24.0).contains(&top),
                Align::Nearest => top < -2.0 || top > screen,
            };
            if off {
                reveal(&el, align, host.as_ref());
            }
        })
        .forget();
    })
    .forget();
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

/// Links to a part of the lab (`href="#id"`, the card's «Míralo en», the path's way on to the
/// workbench) bring that part on screen through [`reveal`] wherever the lab lives: in a frame
/// the course page sizes to the lab, the browser's own jump moves nothing (the frame does not
/// scroll; the page does). A part not shown (the workbench's heading once the workbench is
/// open) is brought by its nearest shown ancestor. One listener on the lab's root.
pub fn on_link_click(host: Revealer) -> yew::Callback<web_sys::MouseEvent> {
    yew::Callback::from(move |e: web_sys::MouseEvent| {
        // A link with its own way there (the path's way on to the workbench) has taken it.
        if e.default_prevented() {
            return;
        }
        let Some(link) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("a[href^='#']").ok().flatten())
        else {
            return;
        };
        let id = link.get_attribute("href").unwrap_or_default();
        let doc = web_sys::window().and_then(|w| w.document());
        let mut target = doc.and_then(|d| d.get_element_by_id(id.trim_start_matches('#')));
        while let Some(el) = target.clone() {
            let r = el.get_bounding_client_rect();
            if r.width() > 0.0 || r.height() > 0.0 {
                break;
            }
            target = el.parent_element();
        }
        if let Some(el) = target {
            e.prevent_default();
            reveal(&el, Align::Start, Some(&host));
        }
    })
}

/// Sets one CSS property of `el` through the CSSOM (`el.style.setProperty`), which a
/// `style-src 'self'` policy allows where a `style` attribute is refused; by reflection, since
/// web-sys's `CssStyleDeclaration` would cost the learner's first load more than these lines.
pub fn set_style(el: &web_sys::Element, name: &str, value: &str) {
    use js_sys::{Function, Reflect};
    let Ok(style) = Reflect::get(el, &"style".into()) else {
        return;
    };
    let set = Reflect::get(&style, &"setProperty".into()).ok();
    if let Some(set) = set.and_then(|f| f.dyn_into::<Function>().ok()) {
        let _ = set.call2(&style, &name.into(), &value.into());
    }
}

/// `el` as an element, if it is one (for a node ref).
pub fn element(node: &yew::NodeRef) -> Option<web_sys::Element> {
    node.get().and_then(|n| n.dyn_into().ok())
}

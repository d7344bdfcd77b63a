//! The Yew UI: a thin layer over [`crate::lab`] (the state and its actions). `text` holds every
//! string; each other module is one component, or the browser side of storage and the host.
use std::cell::RefCell;
use std::rc::Rc;

use crate::lab::{Action, Concerns, Lab, Revs};

pub mod announcer;
pub mod app;
pub mod challenges_view;
pub mod consumers;
pub mod controls;
pub mod dead_letters;
pub mod deflate;
pub mod demos;
pub mod dock;
pub mod duplicates;
pub mod events;
pub mod evidence;
pub mod exactly_once_view;
pub mod export;
pub mod figures;
pub mod herd_view;
pub mod host;
pub mod jitter_view;
pub mod js_value;
pub mod log_view;
pub mod notices;
pub mod panic;
pub mod path_view;
pub mod polling_view;
pub mod progress;
pub mod recovery;
pub mod resize;
pub mod reveal;
pub mod scenario_io;
pub mod scenarios;
pub mod share;
pub mod storage;
pub mod teacher;
pub mod text;
pub mod text_files;
pub mod timeline;
pub mod workbench;
pub mod workbench_editor;
pub mod workbench_entry;
pub mod workbench_run;
pub mod workbench_verdict;

pub use app::{App, AppProps};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// Shared, read-only access to the lab for a panel, with the revisions of the concerns that
/// panel shows (see [`crate::lab::panels`]). Equality is by those revisions, so a panel
/// re-renders exactly when something it shows changed, not on every clock tick.
#[derive(Clone)]
pub struct LabRef {
    pub lab: Rc<RefCell<Lab>>,
    pub seen: Revs,
}

impl LabRef {
    pub fn new(lab: &Rc<RefCell<Lab>>, concerns: Concerns) -> Self {
        let seen = lab.borrow().revs.masked(concerns);
        LabRef {
            lab: lab.clone(),
            seen,
        }
    }
}

impl PartialEq for LabRef {
    fn eq(&self, other: &Self) -> bool {
        self.seen == other.seen && Rc::ptr_eq(&self.lab, &other.lab)
    }
}

/// Props every panel takes: the lab and the one way to change it.
#[derive(yew::Properties, PartialEq, Clone)]
pub struct PanelProps {
    pub lab: LabRef,
    pub on_action: yew::Callback<Action>,
}

/// The class that makes a counter flash once when it changes: with its value as the element's
/// key, a new value is a new element, whose animation runs once. Zero (a fresh run) is quiet.
pub fn flash(n: u64) -> Option<&'static str> {
    (n > 0).then_some("flash")
}

/// Sets the `<select>` `id` to `value` if it shows another: Firefox keeps showing the option
/// first rendered as chosen after Yew moves the `selected` attribute (a scenario or a stop that
/// changes a setting), so a menu driven by the state is set again after each render.
pub fn show_choice(id: &str, value: &str) {
    use wasm_bindgen::JsCast;
    let select = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok());
    if let Some(select) = select.filter(|s| s.value() != value) {
        select.set_value(value);
    }
}

/// The response to `url` (relative to the page) if the server gave one and said yes: how the
/// presets, a linked scenario and the English texts are fetched.
pub async fn fetch_ok(url: &str) -> Option<web_sys::Response> {
    use wasm_bindgen::JsCast;
    let request = web_sys::window()?.fetch_with_str(url);
    let response = wasm_bindgen_futures::JsFuture::from(request).await.ok()?;
    response
        .dyn_into::<web_sys::Response>()
        .ok()
        .filter(|r| r.ok())
}

/// The value of the `<select>` an event came from.
pub fn select_value(e: &yew::Event) -> String {
    yew::TargetCast::target_unchecked_into::<web_sys::HtmlSelectElement>(e).value()
}

/// A `<select>`'s change handler: its options' values are the names of a `named_enum!`, and
/// the chosen one becomes the action `to(choice)`; any other value is ignored.
pub fn on_choice<T: 'static>(
    on_action: &yew::Callback<Action>,
    from_name: fn(&str) -> Option<T>,
    to: fn(T) -> Action,
) -> yew::Callback<yew::Event> {
    let on_action = on_action.clone();
    yew::Callback::from(move |e: yew::Event| {
        if let Some(choice) = from_name(&select_value(&e)) {
            on_action.emit(to(choice));
        }
    })
}

/// Mounts the lab into `element` (the page uses `#lab`; a host page can pass its own).
pub fn mount(element: web_sys::Element, props: AppProps) {
    panic::install();
    yew::Renderer::<App>::with_root_and_props(element, props).render();
}

/// Entry point of the built page: mounts into `#lab` if the page has one (a host page that
/// only loads the module to call `mount_lab` has none).
pub fn start() {
    panic::install();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("lab"));
    if let Some(root) = root {
        root.set_inner_html(""); // the static "loading" text
        mount(
            root,
            AppProps {
                page_state: true,
                ..AppProps::default()
            },
        );
    }
}

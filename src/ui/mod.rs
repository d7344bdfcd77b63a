//! The Yew UI: a thin layer over [`crate::sim`]. `state` owns the lab's state and actions,
//! `i18n` every string, and each other module is one component.
use std::cell::RefCell;
use std::rc::Rc;

pub mod app;
pub mod challenges_view;
pub mod consumers;
pub mod controls;
pub mod dead_letters;
pub mod demos;
pub mod duplicates;
pub mod events;
pub mod export;
pub mod figures;
pub mod host;
pub mod i18n;
pub mod log_view;
pub mod panic;
pub mod polling_view;
pub mod state;
pub mod storage;
pub mod timeline;

pub use app::{App, AppProps};

/// Shared, read-mostly access to the lab for child components. Equality is by version, so a
/// component re-renders exactly when the lab changed.
#[derive(Clone)]
pub struct LabRef {
    pub lab: Rc<RefCell<state::Lab>>,
    pub version: u64,
}

impl PartialEq for LabRef {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version && Rc::ptr_eq(&self.lab, &other.lab)
    }
}

/// Props every panel takes: the lab and the one way to change it.
#[derive(yew::Properties, PartialEq, Clone)]
pub struct PanelProps {
    pub lab: LabRef,
    pub on_action: yew::Callback<state::Action>,
}

/// The value of the `<select>` an event came from.
pub fn select_value(e: &yew::Event) -> String {
    yew::TargetCast::target_unchecked_into::<web_sys::HtmlSelectElement>(e).value()
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

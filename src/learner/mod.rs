//! The learner's lab: the root ([`app::App`]) and its hooks, the guided path's card
//! (`path`), the panels of free exploration (`panels`), the controls and the bar that floats
//! at the screen's bottom, and the browser's side of what the lab reads and keeps (scenario
//! files, saved state, the texts that are files, share links' compression).
use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use retry_lab_core::embed::protocol::MountOptions;
use retry_lab_core::lab::{Action, Concerns, Lab, Revs};
use retry_lab_core::problem::BoundaryNotice;
use retry_lab_core::sim::Config;
use retry_lab_text::Lang;

pub mod announcer;
pub mod app;
pub mod controls;
pub mod deflate;
pub mod dock;
pub mod hooks;
pub mod notices;
pub mod panels;
pub mod path;
pub mod resize;
pub mod scenario_io;
pub mod storage;
pub mod text_files;
pub mod workbench_door;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// Shared, read-only access to the lab for a panel, with the revisions of the concerns that
/// panel shows (see [`retry_lab_core::lab::panels`]). Equality is by those revisions, so a panel
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

/// What the lab is mounted with (the page, a host's direct mount, a test).
#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    /// Language and configuration to start with (tests and hosts; a link or saved state wins
    /// when `page_state` is on).
    #[prop_or_default]
    pub lang: Option<Lang>,
    #[prop_or_default]
    pub config: Option<Config>,
    /// The host's options for a direct mount; an iframe reads them from its query string.
    #[prop_or_default]
    pub options: Option<MountOptions>,
    /// Read the share link and saved state, save progress, talk to the host. Off in tests that
    /// mount several labs into one page.
    #[prop_or_default]
    pub page_state: bool,
    /// Problems the mounter already found in its input, shown with the lab's own.
    #[prop_or_default]
    pub notices: Vec<BoundaryNotice>,
    /// The learner's taps on the prerendered first view (`www/start.js`), done before the
    /// first render.
    #[prop_or_default]
    pub taps: Vec<retry_lab_core::embed::taps::Tap>,
}

//! The lab's panels: the name a host uses to show or hide one, where it sits, and the concerns
//! it shows (its view is drawn again exactly when one of them changes).
use super::Concern::{Clock, Demos, Figures, Lang, Notices, Path as PathC, Polling, Progress};
use super::Concern::{Settings, Sim, Time};
use super::Concerns;

named_enum! {
    /// Every panel, in page order; the names are the host's `panels` option.
    pub enum Panel {
        Path = "path",
        Challenges = "challenges",
        Timeline = "timeline",
        Events = "events",
        Dlq = "dlq",
        Consumers = "consumers",
        Duplicates = "duplicates",
        Demos = "demos",
        Polling = "polling",
        Figures = "figures",
        Scenarios = "scenarios",
        Log = "log",
        Workbench = "workbench",
    }
}

/// The controls beside the panels (not a panel a host can hide).
pub const CONTROLS: Concerns = Concerns::of(&[Lang, Time, Sim, Clock, Settings, Notices]);
/// The notices above the lab: outside input's problems, a continued session.
pub const NOTICES: Concerns = Concerns::of(&[Lang, Notices, Progress, PathC]);
/// The share link (inside the controls): it follows what the run did, not every clock tick.
pub const SHARE: Concerns = Concerns::of(&[Lang, Settings, Sim]);
/// The phone's dock: the clock, and the path's next step.
pub const DOCK: Concerns = Concerns::of(&[Lang, Time, Clock, PathC, Sim, Polling, Demos]);

impl Panel {
    /// What the panel shows.
    pub const fn concerns(self) -> Concerns {
        match self {
            Panel::Path => Concerns::of(&[Lang, PathC, Sim, Polling, Demos, Clock]),
            Panel::Challenges => Concerns::of(&[Lang, Progress]),
            // These veil a stop's answer until it is predicted (`Path::veils`).
            Panel::Timeline => Concerns::of(&[Lang, Time, Sim, PathC]),
            Panel::Consumers | Panel::Duplicates => Concerns::of(&[Lang, Sim, PathC]),
            Panel::Events | Panel::Dlq | Panel::Log => Concerns::of(&[Lang, Sim]),
            Panel::Demos => Concerns::of(&[Lang, Demos, PathC]),
            Panel::Polling => Concerns::of(&[Lang, Polling]),
            Panel::Figures => Concerns::of(&[Lang, Figures, PathC]),
            // Scenarios names what was loaded, with play beside it.
            Panel::Scenarios => Concerns::of(&[Lang, Sim, Clock]),
            Panel::Workbench => Concerns::of(&[Lang]),
        }
    }

    /// Drawn in the first paint; the others follow right after it. On the guided path the
    /// challenges close the column, below the panels that come after the first paint: drawn
    /// in it, they would stand for a moment where the first of those will (and so would the
    /// prerendered first view, which is that first paint, until the module replaces it).
    pub fn above_the_fold(self, guided: bool) -> bool {
        match self {
            Panel::Path | Panel::Timeline => true,
            Panel::Challenges => !guided,
            _ => false,
        }
    }

    /// Drawn side by side with the next panel on a wide screen.
    pub fn pairs_with_next(self) -> bool {
        self == Panel::Events
    }
}

//! The lab's state and every action a learner (or the host page) can take, in plain Rust:
//! no yew, no browser. `Lab` composes one sub-state per concern, each with its own actions,
//! and counts a revision per concern so a view re-renders only when what it shows changed.
pub mod announce;
pub mod checkpoints;
pub mod clock;
pub mod outside;
pub mod panels;
pub mod path;
pub mod polling;
pub mod reply;
pub mod revs;
pub mod run;
pub mod settings;
pub mod stepper;
#[cfg(test)]
mod tests;
pub mod workbench;

use crate::named::Set;
use std::rc::Rc;

use crate::lang::Lang;
use crate::problem::BoundaryNotice;
use crate::problem::Problem;
use crate::sim::demos::{race, transaction_boundary, RaceGuard, TxBoundary};
use crate::sim::montecarlo::Figures;
use crate::sim::polling::{CursorPolicy, Polling};
use crate::sim::scenario::{Do, Scenario};
use crate::sim::Config;

pub use outside::{HostCounts, Loaded, Notice, Origin};
pub use reply::{Effects, Part, Reply};
pub use revs::{Concern, Concerns, Revs};

use checkpoints::{detect, Challenge, Stop};
use clock::{Clock, ClockAction};
use path::{Path, PathAction};
use polling::PollAction;
use run::{Run, RunAction};
use settings::SettingsAction;
use stepper::{Stepper, StepperAction};

/// Events in the figures' Monte Carlo at the current p, and at each of the nine p on the curve.
pub const FIGURE_EVENTS: u64 = 100_000;
pub const POINT_EVENTS: u64 = 10_000;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Clock(ClockAction),
    /// Real milliseconds elapsed since the last tick while playing.
    Tick(f64),
    Settings(SettingsAction),
    Run(RunAction),
    /// A fresh run with the current settings; speed, progress and notices about outside input
    /// are kept.
    Reset,
    SetLang(Lang),
    Race(StepperAction<RaceGuard>),
    Tx(StepperAction<TxBoundary>),
    Poll(PollAction),
    DismissNotice,
    DismissBoundary,
    /// Build the share link for the current settings.
    ShareLink,
    /// A host message was accepted (true) or ignored (false).
    HostMessage(bool),
    Path(PathAction),
    /// A fresh run with these settings, the learner's seed kept (a path stop's scene).
    Restart(Config),
    /// The figures are on screen: compute them now and whenever the settings change.
    WantFigures,
    /// Forget the saved progress (stops passed, challenges) and open the path's first stop.
    StartOver,
    /// Go on from the saved progress: the notice that says so is closed.
    KeepGoing,
    /// Play this scenario: its settings, publications and actions at their times; where it
    /// came from, if the page knows.
    LoadScenario(Rc<Scenario>, Option<Origin>),
    /// A scenario file could not be used; the current run is kept.
    BadScenario(Problem),
    /// English was asked for and its texts could not be loaded: the lab stays in Spanish.
    NoEnglish,
    /// A file of texts arrived (or could not): what shows them is drawn again.
    TextsArrived,
    /// The page opened the consumer workbench (its own module, inside the lab): the path's
    /// way to it is taken, and its own action no longer offers it.
    WorkbenchOpened,
}

pub struct Lab {
    pub lang: Lang,
    /// Settings for the next reset; failure and ack-lost shares also apply to the run when
    /// their slider is released.
    pub cfg: Config,
    pub clock: Clock,
    pub run: Run,
    pub race: Stepper<RaceGuard>,
    pub tx: Stepper<TxBoundary>,
    pub polling: Polling,
    /// Challenges reached so far (kept across resets and, through storage, across visits).
    pub challenges: Set<Challenge>,
    /// The learner's latest refused input or refused publication.
    pub notice: Option<Notice>,
    /// Problems with outside input (link, saved state, host options), shown until dismissed.
    pub boundary_notices: Vec<BoundaryNotice>,
    /// English was asked for and its texts could not be loaded: said beside the language menu
    /// until dismissed.
    pub no_english: bool,
    pub host: HostCounts,
    /// The share link for the current settings was asked for (the page writes it).
    pub share_shown: bool,
    /// Monte Carlo figures for the current settings, recomputed when they change.
    pub figures: Option<Rc<Figures>>,
    /// The page has drawn its first view and shows the figures: they are computed from now on.
    pub figures_wanted: bool,
    /// The guided path: where the learner is on it, their predictions, what they passed.
    pub path: Path,
    /// The consumer workbench is open in the page (it stays open until the page reloads).
    pub workbench_open: bool,
    /// The scenario being played, if one was loaded (until a reset).
    pub loaded: Option<Loaded>,
    /// The moment a share link showed: the run it carries is played up to there once loaded.
    pub pending_at: Option<u64>,
    /// The lab goes on from progress saved before, in this browser (`Storage`) or by the host
    /// (`Host`): the page says so, with a way to start again, until the learner answers.
    pub continued: Option<crate::problem::Source>,
    pub revs: Revs,
}

impl Lab {
    pub fn new(cfg: Config, lang: Lang) -> Self {
        let (cfg, _) = cfg.repaired();
        Lab {
            lang,
            clock: Clock::default(),
            run: Run::new(&cfg),
            race: Stepper::new(RaceGuard::CheckThenInsert, race),
            tx: Stepper::new(TxBoundary::OneTransaction, transaction_boundary),
            polling: polling::fresh(&cfg, CursorPolicy::AfterCommit),
            cfg,
            challenges: Set::new(),
            notice: None,
            boundary_notices: Vec::new(),
            no_english: false,
            host: HostCounts::default(),
            share_shown: false,
            figures: None,
            figures_wanted: false,
            path: Path::default(),
            workbench_open: false,
            continued: None,
            loaded: None,
            pending_at: None,
            revs: Revs::default(),
        }
    }

    /// What a reset means: a new run, both demonstrations and the polling log from their
    /// start, the clock stopped, the learner's notice and share link gone. Everything else
    /// (language, settings, speed, challenges, notices about outside input, host counts,
    /// figures) stays.
    fn reset(&mut self) {
        self.restart(Run::new(&self.cfg));
        self.loaded = None;
    }

    /// Starts `run`: the demonstrations and the polling log from their start, the clock
    /// stopped, the learner's notice and share link gone.
    fn restart(&mut self, run: Run) {
        self.run = run;
        self.clock.stop();
        self.race.restart();
        self.tx.restart();
        self.polling = polling::fresh(&self.cfg, self.polling.policy);
        self.notice = None;
        self.share_shown = false;
        use Concern::*;
        for c in [Time, Sim, Clock, Settings, Demos, Polling, Notices] {
            self.revs.bump(c);
        }
    }

    /// The one reducer: applies `action` and the actions that follow from it (a path stop's
    /// scene), then brings the figures, the challenges and the path's observation up to date.
    /// Returns what the page must do about it.
    pub fn apply(&mut self, action: Action) -> Effects {
        let quiet = matches!(action, Action::Tick(_));
        let before = self.revs;
        let logged_before = self.run.progress();
        let mut queue = std::collections::VecDeque::from([action]);
        while let Some(a) = queue.pop_front() {
            queue.extend(self.step(a));
        }
        // What the simulation just logged (a reset starts a new log: nothing to tell).
        let fresh = self.run.progress().saturating_sub(logged_before) as usize;
        let log = self.run.sim.log();
        let news = announce::most_salient(&log[log.len().saturating_sub(fresh)..]);
        if self.figures_wanted {
            self.refresh_figures();
        }
        // Detection scans every event; a tick that changed nothing the simulation shows
        // (say, a finished run still playing) cannot have reached a challenge.
        let challenges = if quiet && self.revs.get(Concern::Sim) == before.get(Concern::Sim) {
            Vec::new()
        } else {
            self.update_challenges()
        };
        let (verdict, passed) = self.update_path();
        // A stop passed: its run has shown what it was for. The clock stops there, so the
        // run does not go on to show a later stop's answer (the backoff stop's event would
        // reach the dead-letter queue half a second later at 3600x).
        if passed.is_some() {
            self.step(Action::Clock(ClockAction::Pause));
        }
        Effects {
            changed: self.revs.changed_since(&before),
            news,
            verdict,
            save: !quiet || !challenges.is_empty() || passed.is_some(),
            challenges,
            passed,
        }
    }

    /// Applies one action; returns those that follow from it.
    fn step(&mut self, action: Action) -> Vec<Action> {
        let (concern, reply) = match action {
            Action::Clock(a) => (Concern::Clock, self.clock.apply(a, ())),
            Action::Tick(real_ms) => {
                self.tick(real_ms);
                return Vec::new();
            }
            Action::Settings(SettingsAction::Settle) => {
                self.settle_shares();
                return Vec::new();
            }
            Action::Settings(a) => {
                let reply = self.cfg.apply(a, ());
                if reply == Reply::Changed {
                    self.share_shown = false;
                }
                (Concern::Settings, reply)
            }
            Action::Run(a) => {
                if matches!(
                    a,
                    RunAction::Step | RunAction::StepBack | RunAction::TravelTo(_)
                ) {
                    self.clock.apply(ClockAction::Pause, ());
                    self.revs.bump(Concern::Clock);
                    self.revs.bump(Concern::Time);
                }
                let script = self.run.script_len();
                let reply = self.run.apply(a, ());
                if self.run.script_len() != script {
                    self.touched();
                }
                self.notice_dropped_future();
                self.revs.bump(Concern::Sim);
                (Concern::Sim, reply)
            }
            Action::Restart(cfg) => {
                let (cfg, _) = cfg.repaired();
                self.cfg = Config {
                    seed: self.cfg.seed,
                    ..cfg
                };
                (Concern::Settings, Reply::Restart)
            }
            Action::LoadScenario(sc, origin) => {
                let (cfg, _) = sc.config.clone().repaired();
                self.cfg = cfg;
                // The scenario sets the scene: the guided path steps aside.
                self.path.step_aside();
                self.revs.bump(Concern::Path);
                self.restart(Run::from_scenario((*sc).clone()));
                // The clock where the scenario begins: its first instant has happened.
                if let Some(first) = self.run.sim.next_time() {
                    self.run.advance_to(first);
                }
                // Or, from a share link, the moment it showed.
                if let Some(at) = self.pending_at.take() {
                    self.run.advance_to(at);
                }
                self.loaded = Some(Loaded {
                    origin,
                    untouched: true,
                });
                return Vec::new();
            }
            Action::BadScenario(p) => (Concern::Notices, Reply::Refused(Notice::BadScenario(p))),
            Action::Reset => (Concern::Sim, Reply::Restart),
            Action::SetLang(l) => {
                self.lang = l;
                self.no_english &= l == Lang::Es;
                (Concern::Lang, Reply::Changed)
            }
            Action::TextsArrived => (Concern::Lang, Reply::Changed),
            Action::WorkbenchOpened if self.workbench_open => return Vec::new(),
            Action::WorkbenchOpened => {
                self.workbench_open = true;
                (Concern::Path, Reply::Changed)
            }
            Action::NoEnglish => {
                self.lang = Lang::Es;
                self.no_english = true;
                (Concern::Lang, Reply::Changed)
            }
            Action::Race(a) => (Concern::Demos, self.race.apply(a, ())),
            Action::Tx(a) => (Concern::Demos, self.tx.apply(a, ())),
            Action::Poll(a) => (Concern::Polling, self.polling.apply(a, ())),
            Action::DismissNotice => {
                self.notice = None;
                (Concern::Notices, Reply::Changed)
            }
            Action::DismissBoundary => {
                self.boundary_notices.clear();
                self.no_english = false;
                (Concern::Notices, Reply::Changed)
            }
            Action::ShareLink => {
                self.share_shown = true;
                (Concern::Settings, Reply::Changed)
            }
            Action::HostMessage(accepted) => {
                let n = if accepted {
                    &mut self.host.accepted
                } else {
                    &mut self.host.ignored
                };
                *n = n.saturating_add(1);
                (Concern::Progress, Reply::Changed)
            }
            Action::StartOver => {
                self.challenges.clear();
                self.path = Path::default();
                self.continued = None;
                self.revs.bump(Concern::Progress);
                self.revs.bump(Concern::Path);
                let first = Action::Path(PathAction::Go(Stop::ALL[0]));
                (Concern::Notices, Reply::Then(vec![first]))
            }
            Action::KeepGoing => {
                self.continued = None;
                (Concern::Notices, Reply::Changed)
            }
            Action::WantFigures => {
                self.figures_wanted = true;
                (Concern::Figures, Reply::Same)
            }
            Action::Path(a) => {
                let ctx = path::Context {
                    playing: self.clock.playing,
                };
                (Concern::Path, self.path.apply(a, ctx))
            }
        };
        match reply {
            Reply::Same => Vec::new(),
            Reply::Changed => {
                self.revs.bump(concern);
                Vec::new()
            }
            Reply::Restart => {
                self.reset();
                Vec::new()
            }
            Reply::Refused(n) => {
                self.notice = Some(n);
                self.revs.bump(Concern::Notices);
                Vec::new()
            }
            Reply::Then(follow) => {
                self.revs.bump(concern);
                follow
            }
        }
    }

    /// Real milliseconds elapsed while playing: the run advances by them times the speed.
    fn tick(&mut self, real_ms: f64) {
        let ms = self.clock.advance(real_ms);
        if ms == 0 {
            return;
        }
        let before = self.run.progress();
        let mut target = self.run.sim.now_ms().saturating_add(ms);
        // A loaded scenario's end stops the clock there.
        if let Some(stop) = self.run.stop_at.filter(|&s| s <= target) {
            target = target.min(stop.max(self.run.sim.now_ms()));
            self.clock.apply(ClockAction::Pause, ());
            self.revs.bump(Concern::Clock);
            // Once: playing again goes on from there.
            self.run.stop_at = None;
        }
        self.run.advance_to(target);
        self.revs.bump(Concern::Time);
        if self.run.progress() != before {
            self.revs.bump(Concern::Sim);
        }
    }

    /// A released slider: the run takes the shares now (and its log says so), as a scenario's
    /// `shares` action would.
    fn settle_shares(&mut self) {
        let (c, live) = (&self.cfg, self.run.sim.config());
        if (c.failure_probability, c.ack_lost_share)
            != (live.failure_probability, live.ack_lost_share)
        {
            let what = Do::Shares {
                failure_probability: c.failure_probability,
                ack_lost_share: c.ack_lost_share,
            };
            self.run.act(what);
            self.touched();
            self.notice_dropped_future();
            self.revs.bump(Concern::Sim);
        }
    }

    /// The learner changed the loaded run: it is theirs now.
    fn touched(&mut self) {
        if let Some(l) = &mut self.loaded {
            l.untouched = false;
        }
    }

    /// Says so when the learner's last action, taken from the past, dropped later actions.
    fn notice_dropped_future(&mut self) {
        if std::mem::take(&mut self.run.dropped_future) {
            self.notice = Some(Notice::FutureDropped);
            self.revs.bump(Concern::Notices);
        }
    }

    /// Recomputes the figures if the settings changed since they were computed.
    pub fn refresh_figures(&mut self) {
        if self.figures.as_ref().is_none_or(|f| f.config != self.cfg) {
            self.figures = Some(Rc::new(Figures::compute(
                &self.cfg,
                FIGURE_EVENTS,
                POINT_EVENTS,
            )));
            self.revs.bump(Concern::Figures);
        }
    }

    /// Records what the run now shows at the path's current stop; returns the stop if this
    /// passed it (a checkpoint for the host).
    fn update_path(&mut self) -> (Option<path::Verdict>, Option<Stop>) {
        let (verdict, passed, changed) = path::update(self);
        if changed {
            self.revs.bump(Concern::Path);
        }
        (verdict, passed)
    }

    /// Adds whatever the state now shows; returns the challenges reached by this call.
    fn update_challenges(&mut self) -> Vec<Challenge> {
        let now = detect(&self.run.sim, &self.polling, self.race.finished());
        let new: Vec<Challenge> = now.difference(&self.challenges).collect();
        if !new.is_empty() {
            self.challenges.extend(new.iter().copied());
            self.revs.bump(Concern::Progress);
        }
        new
    }
}

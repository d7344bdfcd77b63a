//! The lab's state and every action a learner (or the host page) can take, in plain Rust:
//! no yew, no browser. `Lab` composes one sub-state per concern, each with its own actions,
//! and counts a revision per concern so a view re-renders only when what it shows changed.
pub mod announce;
pub mod checkpoints;
pub mod clock;
pub mod path;
pub mod polling;
pub mod run;
pub mod settings;
pub mod stepper;
#[cfg(test)]
mod tests;
pub mod workbench;

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::lab::checkpoints::{detect, Challenge};
use crate::lang::Lang;
use crate::problem::BoundaryNotice;
use crate::problem::Problem;
use crate::sim::demos::{race, transaction_boundary, RaceGuard, TxBoundary};
use crate::sim::montecarlo::Figures;
use crate::sim::polling::{CursorPolicy, Polling};
use crate::sim::scenario::{Do, Scenario};
use crate::sim::Config;

use clock::{Clock, ClockAction};
use path::{Path, PathAction, Stop};
use polling::PollAction;
use run::{Run, RunAction};
use settings::{Applied, Field, SettingsAction};
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
    /// Play this scenario: its settings, publications and actions at their times.
    LoadScenario(Rc<Scenario>),
    /// A scenario file could not be used; the current run is kept.
    BadScenario(Problem),
}

/// A message for the learner, by key so it follows the language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    BadNumber {
        field: Field,
        input: String,
    },
    TooManyEvents,
    BadScenario(Problem),
    /// The learner acted from the past: the actions recorded after that moment are gone.
    FutureDropped,
}

/// Messages from the host page, counted for the diagnostics line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostCounts {
    pub accepted: u32,
    pub ignored: u32,
    /// The host asked to see these counts (`diagnostics=on`).
    pub shown: bool,
}

/// One counter per concern, bumped whenever that concern changes. `time` moves with the
/// clock alone; `sim` with what the simulation did or which event is selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Revs {
    pub lang: u32,
    pub time: u32,
    pub sim: u32,
    pub clock: u32,
    pub settings: u32,
    pub demos: u32,
    pub polling: u32,
    pub progress: u32,
    pub notices: u32,
    pub figures: u32,
    pub path: u32,
}

/// Which concerns a view shows, as a mask over [`Revs`].
pub mod dep {
    pub const LANG: u16 = 1;
    pub const TIME: u16 = 1 << 1;
    pub const SIM: u16 = 1 << 2;
    pub const CLOCK: u16 = 1 << 3;
    pub const SETTINGS: u16 = 1 << 4;
    pub const DEMOS: u16 = 1 << 5;
    pub const POLLING: u16 = 1 << 6;
    pub const PROGRESS: u16 = 1 << 7;
    pub const NOTICES: u16 = 1 << 8;
    pub const FIGURES: u16 = 1 << 9;
    pub const PATH: u16 = 1 << 10;
}

impl Revs {
    /// The revisions of the concerns in `mask`, the others zero: two masked values differ
    /// exactly when something the view shows has changed.
    pub fn masked(&self, mask: u16) -> Revs {
        let pick = |bit: u16, v: u32| if mask & bit != 0 { v } else { 0 };
        Revs {
            lang: pick(dep::LANG, self.lang),
            time: pick(dep::TIME, self.time),
            sim: pick(dep::SIM, self.sim),
            clock: pick(dep::CLOCK, self.clock),
            settings: pick(dep::SETTINGS, self.settings),
            demos: pick(dep::DEMOS, self.demos),
            polling: pick(dep::POLLING, self.polling),
            progress: pick(dep::PROGRESS, self.progress),
            notices: pick(dep::NOTICES, self.notices),
            figures: pick(dep::FIGURES, self.figures),
            path: pick(dep::PATH, self.path),
        }
    }
}

fn bump(r: &mut u32) {
    *r = r.wrapping_add(1);
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
    pub challenges: BTreeSet<Challenge>,
    /// The learner's latest refused input or refused publication.
    pub notice: Option<Notice>,
    /// Problems with outside input (link, saved state, host options), shown until dismissed.
    pub boundary_notices: Vec<BoundaryNotice>,
    pub host: HostCounts,
    /// The share link for the current settings, once asked for.
    pub share_fragment: Option<String>,
    /// Monte Carlo figures for the current settings, recomputed when they change.
    pub figures: Option<Rc<Figures>>,
    /// The guided path: where the learner is on it, their predictions, what they passed.
    pub path: Path,
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
            challenges: BTreeSet::new(),
            notice: None,
            boundary_notices: Vec::new(),
            host: HostCounts::default(),
            share_fragment: None,
            figures: None,
            path: Path::default(),
            revs: Revs::default(),
        }
    }

    /// What a reset means: a new run, both demonstrations and the polling log from their
    /// start, the clock stopped, the learner's notice and share link gone. Everything else
    /// (language, settings, speed, challenges, notices about outside input, host counts,
    /// figures) stays.
    fn reset(&mut self) {
        self.restart(Run::new(&self.cfg));
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
        self.share_fragment = None;
        let r = &mut self.revs;
        for rev in [
            &mut r.time,
            &mut r.sim,
            &mut r.clock,
            &mut r.settings,
            &mut r.demos,
            &mut r.polling,
            &mut r.notices,
        ] {
            bump(rev);
        }
    }

    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Clock(a) => {
                if self.clock.apply(a) {
                    bump(&mut self.revs.clock);
                }
            }
            Action::Tick(real_ms) => {
                let ms = self.clock.advance(real_ms);
                if ms > 0 {
                    let before = self.run.progress();
                    let mut target = self.run.sim.now_ms().saturating_add(ms);
                    // A loaded scenario's end stops the clock there.
                    if let Some(stop) = self.run.stop_at.filter(|&s| s <= target) {
                        target = target.min(stop.max(self.run.sim.now_ms()));
                        self.clock.apply(ClockAction::Pause);
                        bump(&mut self.revs.clock);
                        // Once: playing again goes on from there.
                        self.run.stop_at = None;
                    }
                    self.run.advance_to(target);
                    bump(&mut self.revs.time);
                    if self.run.progress() != before {
                        bump(&mut self.revs.sim);
                    }
                }
            }
            Action::Settings(SettingsAction::Settle) => self.settle_shares(),
            Action::Settings(a) => match settings::apply(&mut self.cfg, a) {
                Applied::Unchanged => {}
                Applied::Live => {
                    self.share_fragment = None;
                    bump(&mut self.revs.settings);
                }
                Applied::Restart => self.reset(),
                Applied::Rejected(field, input) => {
                    self.notice = Some(Notice::BadNumber { field, input });
                    bump(&mut self.revs.notices);
                }
            },
            Action::Run(a) => {
                if matches!(
                    a,
                    RunAction::Step | RunAction::StepBack | RunAction::TravelTo(_)
                ) {
                    self.clock.apply(ClockAction::Pause);
                    bump(&mut self.revs.clock);
                    bump(&mut self.revs.time);
                }
                if self.run.apply(a).is_err() {
                    self.notice = Some(Notice::TooManyEvents);
                    bump(&mut self.revs.notices);
                }
                self.notice_dropped_future();
                bump(&mut self.revs.sim);
            }
            Action::LoadScenario(sc) => {
                let (cfg, _) = sc.config().repaired();
                self.cfg = cfg;
                // The scenario sets the scene: the guided path steps aside.
                self.path.guided = false;
                bump(&mut self.revs.path);
                self.restart(Run::from_scenario((*sc).clone()));
            }
            Action::BadScenario(p) => {
                self.notice = Some(Notice::BadScenario(p));
                bump(&mut self.revs.notices);
            }
            Action::Reset => self.reset(),
            Action::SetLang(l) => {
                self.lang = l;
                bump(&mut self.revs.lang);
            }
            Action::Race(a) => {
                self.race.apply(a);
                bump(&mut self.revs.demos);
            }
            Action::Tx(a) => {
                self.tx.apply(a);
                bump(&mut self.revs.demos);
            }
            Action::Poll(a) => {
                polling::apply(&mut self.polling, &self.cfg, a);
                bump(&mut self.revs.polling);
            }
            Action::DismissNotice => {
                self.notice = None;
                bump(&mut self.revs.notices);
            }
            Action::DismissBoundary => {
                self.boundary_notices.clear();
                bump(&mut self.revs.notices);
            }
            Action::ShareLink => {
                self.share_fragment = Some(crate::embed::link::to_fragment(&self.cfg, self.lang));
                bump(&mut self.revs.settings);
            }
            Action::HostMessage(accepted) => {
                let n = if accepted {
                    &mut self.host.accepted
                } else {
                    &mut self.host.ignored
                };
                *n = n.saturating_add(1);
                bump(&mut self.revs.progress);
            }
            Action::Path(a) => {
                path::apply(self, a);
                bump(&mut self.revs.path);
            }
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
            self.notice_dropped_future();
            bump(&mut self.revs.sim);
        }
    }

    /// Says so when the learner's last action, taken from the past, dropped later actions.
    fn notice_dropped_future(&mut self) {
        if std::mem::take(&mut self.run.dropped_future) {
            self.notice = Some(Notice::FutureDropped);
            bump(&mut self.revs.notices);
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
            bump(&mut self.revs.figures);
        }
    }

    /// Records what the run now shows at the path's current stop; returns the stop if this
    /// passed it (a checkpoint for the host).
    pub fn update_path(&mut self) -> Option<Stop> {
        let before = (self.path.saw, self.path.passed.len());
        let passed = path::update(self);
        if (self.path.saw, self.path.passed.len()) != before {
            bump(&mut self.revs.path);
        }
        passed
    }

    /// Adds whatever the state now shows; returns the challenges reached by this call.
    pub fn update_challenges(&mut self) -> Vec<Challenge> {
        let now = detect(&self.run.sim, &self.polling, self.race.finished());
        let new: Vec<Challenge> = now.difference(&self.challenges).copied().collect();
        if !new.is_empty() {
            self.challenges.extend(new.iter().copied());
            bump(&mut self.revs.progress);
        }
        new
    }
}

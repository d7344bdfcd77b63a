//! The lab's state and every action a learner can take: the one place the UI changes the
//! simulation. Components read it and send [`Action`]s; nothing else mutates it.
use std::collections::BTreeSet;

use crate::embed::challenges::{detect, Challenge};
use crate::sim::demos::{race, transaction_boundary, DemoStep, RaceGuard, TxBoundary};
use crate::sim::ids::Fact;
use crate::sim::montecarlo::Figures;
use crate::sim::polling::{CursorPolicy, Polling};
use crate::sim::utc::format_utc;
use crate::sim::{Config, DedupOn, Fault, Simulation};

use super::i18n::Lang;

/// Satellites the "publish a pass" button cycles through (NORAD id, name).
pub const SATELLITES: [(u32, &str); 6] = [
    (25544, "ISS"),
    (33591, "NOAA 19"),
    (43013, "NOAA 20"),
    (25338, "NOAA 15"),
    (28654, "NOAA 18"),
    (40069, "METEOR-M2"),
];
/// 2026-07-29T14:00:00Z, the lesson's example pass.
const FIRST_PASS_EPOCH_S: u64 = 1_785_333_600;

/// Events in the figures' Monte Carlo at the current p, and at each of the nine p on the curve.
pub const FIGURE_EVENTS: u64 = 100_000;
pub const POINT_EVENTS: u64 = 10_000;

/// Speeds offered, in simulated seconds per real second.
pub const SPEEDS: [u32; 7] = [1, 10, 60, 240, 600, 1200, 3600];
/// 240x: the 960 s wait takes 4 s of real time.
pub const DEFAULT_SPEED: u32 = 240;
/// The page keeps this many log entries in memory; the count of older ones is shown.
pub const PAGE_LOG_CAP: usize = 5_000;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    TogglePlay,
    Pause,
    Step,
    Reset,
    /// Real milliseconds elapsed since the last tick while playing.
    Tick(f64),
    SetSpeed(u32),
    SetSeed(String),
    NewSeed(u64),
    SetFailure(f64),
    SetAckLost(f64),
    SetBase(String),
    SetRetries(String),
    SetDedup(DedupOn),
    SetOutage(bool),
    PublishOne,
    PublishTwice,
    Inject(Fault),
    Select(u32),
    Replay(u32),
    ReplayAll,
    SetLang(Lang),
    RaceGuard(RaceGuard),
    RaceStep,
    TxBoundary(TxBoundary),
    TxStep,
    PollPolicy(CursorPolicy),
    PollAppend,
    Poll {
        crash: bool,
    },
    LoseCursor,
    DismissNotice,
    /// Share link: build it for the current settings.
    ShareLink,
    /// Nothing changes; derived views (figures) catch up.
    Refresh,
    /// A host message was accepted (true) or ignored (false).
    HostMessage(bool),
    DismissBoundary,
}

/// A message for the learner, by key so it follows the language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    BadNumber { field: &'static str, input: String },
    TooManyEvents,
}

pub struct Lab {
    pub sim: Simulation,
    /// Settings for the next reset; failure and ack-lost shares also apply live.
    pub cfg: Config,
    pub lang: Lang,
    pub playing: bool,
    pub speed: u32,
    pub selected: Option<u32>,
    pub published_facts: u32,
    /// Event indices of the last double publication.
    pub last_double: Option<(u32, u32)>,
    pub notice: Option<Notice>,
    /// Fractional simulated ms carried between ticks so slow speeds still advance.
    carry_ms: f64,
    pub race_guard: RaceGuard,
    pub race_steps: Vec<DemoStep>,
    pub race_shown: usize,
    pub tx_boundary: TxBoundary,
    pub tx_steps: Vec<DemoStep>,
    pub tx_shown: usize,
    pub polling: Polling,
    /// Challenges reached so far (kept across resets and, through storage, across visits).
    pub challenges: BTreeSet<Challenge>,
    pub race_finished: bool,
    /// The share link for the current settings, once asked for.
    pub share_fragment: Option<String>,
    /// Problems with outside input (link, saved state, host options), shown until dismissed.
    pub boundary_notices: Vec<String>,
    pub host_accepted: u32,
    pub host_ignored: u32,
    /// Monte Carlo figures for the current settings, recomputed when they change.
    pub figures: Option<std::rc::Rc<Figures>>,
}

impl Lab {
    pub fn new(cfg: Config, lang: Lang) -> Self {
        let (cfg, _) = cfg.repaired();
        Lab {
            sim: Simulation::new(cfg.clone()).with_log_cap(PAGE_LOG_CAP),
            polling: Polling::new(cfg.seed, CursorPolicy::AfterCommit, cfg.dedup_on),
            cfg,
            lang,
            playing: false,
            speed: DEFAULT_SPEED,
            selected: None,
            published_facts: 0,
            last_double: None,
            notice: None,
            carry_ms: 0.0,
            race_guard: RaceGuard::CheckThenInsert,
            race_steps: race(RaceGuard::CheckThenInsert),
            race_shown: 0,
            tx_boundary: TxBoundary::OneTransaction,
            tx_steps: transaction_boundary(TxBoundary::OneTransaction),
            tx_shown: 0,
            challenges: BTreeSet::new(),
            race_finished: false,
            share_fragment: None,
            boundary_notices: Vec::new(),
            host_accepted: 0,
            host_ignored: 0,
            figures: None,
        }
    }

    /// The k-th distinct pass: satellites in turn, passes 97 minutes apart.
    pub fn fact(k: u32) -> Fact {
        let (norad_id, _) = SATELLITES[k as usize % SATELLITES.len()];
        Fact {
            norad_id,
            pass_start_utc: format_utc(FIRST_PASS_EPOCH_S + u64::from(k) * 97 * 60),
        }
    }

    fn next_fact(&mut self) -> Fact {
        let f = Lab::fact(self.published_facts);
        self.published_facts += 1;
        f
    }

    fn restart(&mut self) {
        let fresh = Lab::new(self.cfg.clone(), self.lang);
        let old = std::mem::replace(self, fresh);
        self.speed = old.speed;
        self.challenges = old.challenges;
        self.boundary_notices = old.boundary_notices;
        self.host_accepted = old.host_accepted;
        self.host_ignored = old.host_ignored;
        self.figures = old.figures;
    }

    /// Recomputes the figures if the settings changed since they were computed.
    pub fn refresh_figures(&mut self) {
        if self.figures.as_ref().is_none_or(|f| f.config != self.cfg) {
            self.figures = Some(std::rc::Rc::new(Figures::compute(
                &self.cfg,
                FIGURE_EVENTS,
                POINT_EVENTS,
            )));
        }
    }

    /// Grows with everything the simulation does (its log's length counts the entries it has
    /// dropped too), so a clock tick that leaves it unchanged cannot have reached a challenge.
    pub fn progress(&self) -> u64 {
        self.sim.log().len() as u64 + self.sim.log_dropped()
    }

    /// Adds whatever the state now shows; returns the challenges reached by this call.
    pub fn update_challenges(&mut self) -> Vec<Challenge> {
        let now = detect(&self.sim, &self.polling, self.race_finished);
        let new: Vec<Challenge> = now.difference(&self.challenges).copied().collect();
        self.challenges.extend(new.iter().copied());
        new
    }

    fn publish(&mut self, count: u32) {
        let fact = self.next_fact();
        let now = self.sim.now_ms();
        let first = self.sim.events().len() as u32;
        match self.sim.publish(fact, now, count) {
            Ok(()) => {
                // Run the publications (due now) so the new events exist for the views; this
                // also runs anything else due at this same instant, as the clock would.
                while (self.sim.events().len() as u32) < first + count
                    && self.sim.next_time() == Some(now)
                {
                    self.sim.step();
                }
                self.selected = Some(first);
                if count == 2 {
                    self.last_double = Some((first, first + 1));
                }
            }
            Err(_) => self.notice = Some(Notice::TooManyEvents),
        }
    }

    pub fn apply(&mut self, action: Action) {
        match action {
            Action::TogglePlay => self.playing = !self.playing,
            Action::Pause => self.playing = false,
            Action::Step => {
                self.playing = false;
                self.sim.step();
            }
            Action::Reset => self.restart(),
            Action::Tick(real_ms) => {
                if self.playing && real_ms.is_finite() && real_ms > 0.0 {
                    // Cap one tick at 1 s of real time so a background tab does not jump ahead.
                    self.carry_ms += real_ms.min(1000.0) * f64::from(self.speed);
                    let whole = self.carry_ms.floor();
                    self.carry_ms -= whole;
                    let target = self.sim.now_ms().saturating_add(whole as u64);
                    self.sim.run_until(target);
                }
            }
            Action::SetSpeed(s) => {
                if SPEEDS.contains(&s) {
                    self.speed = s;
                }
            }
            Action::SetSeed(text) => match text.trim().parse::<u64>() {
                Ok(seed) => {
                    self.cfg.seed = seed;
                    self.restart();
                }
                Err(_) => {
                    self.notice = Some(Notice::BadNumber {
                        field: "seed",
                        input: text,
                    })
                }
            },
            Action::NewSeed(seed) => {
                self.cfg.seed = seed;
                self.restart();
            }
            Action::SetFailure(p) => {
                if (0.0..=1.0).contains(&p) {
                    self.cfg.failure_probability = p;
                    self.sim.set_probabilities(p, self.cfg.ack_lost_share);
                }
            }
            Action::SetAckLost(a) => {
                if (0.0..=1.0).contains(&a) {
                    self.cfg.ack_lost_share = a;
                    self.sim.set_probabilities(self.cfg.failure_probability, a);
                }
            }
            Action::SetBase(text) => self.set_u32("base_seconds", &text),
            Action::SetRetries(text) => self.set_u32("max_retries", &text),
            Action::SetDedup(d) => {
                self.cfg.dedup_on = d;
                self.restart();
            }
            Action::SetOutage(on) => self.sim.set_outage(on),
            Action::PublishOne => self.publish(1),
            Action::PublishTwice => self.publish(2),
            Action::Inject(f) => self.sim.inject(f),
            Action::Select(i) => {
                if self.sim.event(i).is_some() {
                    self.selected = Some(i);
                }
            }
            Action::Replay(i) => {
                if self.sim.replay(i).is_ok() {
                    self.selected = Some(i);
                }
            }
            Action::ReplayAll => {
                self.sim.replay_all();
            }
            Action::SetLang(l) => self.lang = l,
            Action::RaceGuard(g) => {
                self.race_guard = g;
                self.race_steps = race(g);
                self.race_shown = 0;
            }
            Action::RaceStep => {
                self.race_shown = (self.race_shown + 1).min(self.race_steps.len());
                self.race_finished |= self.race_shown == self.race_steps.len();
            }
            Action::TxBoundary(b) => {
                self.tx_boundary = b;
                self.tx_steps = transaction_boundary(b);
                self.tx_shown = 0;
            }
            Action::TxStep => self.tx_shown = (self.tx_shown + 1).min(self.tx_steps.len()),
            Action::PollPolicy(p) => {
                self.polling = Polling::new(self.cfg.seed, p, self.cfg.dedup_on);
            }
            Action::PollAppend => {
                let f = self.next_fact();
                self.polling.append(&f);
            }
            Action::Poll { crash } => {
                let batch = 3;
                // The crash hits the middle of the batch, at the policy's vulnerable point.
                self.polling.poll(batch, crash.then_some(1));
            }
            Action::LoseCursor => self.polling.lose_cursor(),
            Action::DismissNotice => self.notice = None,
            Action::HostMessage(true) => self.host_accepted = self.host_accepted.saturating_add(1),
            Action::HostMessage(false) => self.host_ignored = self.host_ignored.saturating_add(1),
            Action::DismissBoundary => self.boundary_notices.clear(),
            Action::Refresh => {}
            Action::ShareLink => {
                self.share_fragment = Some(crate::embed::link::to_fragment(&self.cfg, self.lang))
            }
        }
    }

    fn set_u32(&mut self, field: &'static str, text: &str) {
        let parsed = text.trim().parse::<u32>().ok();
        let candidate = match (field, parsed) {
            ("base_seconds", Some(v)) => Some(Config {
                base_seconds: v,
                ..self.cfg.clone()
            }),
            ("max_retries", Some(v)) => Some(Config {
                max_retries: v,
                ..self.cfg.clone()
            }),
            _ => None,
        };
        match candidate {
            Some(c) if c.problems().is_empty() => {
                self.cfg = c;
                self.restart();
            }
            _ => {
                self.notice = Some(Notice::BadNumber {
                    field,
                    input: text.chars().take(40).collect(),
                })
            }
        }
    }

    /// The event the timeline shows: the selected one, else the newest.
    pub fn focus(&self) -> Option<u32> {
        self.selected
            .or_else(|| self.sim.events().last().map(|e| e.index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_moves_only_when_the_simulation_does() {
        let mut lab = Lab::new(Config::default(), Lang::Es);
        lab.apply(Action::TogglePlay);
        let idle = lab.progress();
        lab.apply(Action::Tick(500.0));
        assert_eq!(lab.progress(), idle, "an idle tick changed nothing");
        lab.apply(Action::PublishOne);
        let published = lab.progress();
        assert!(published > idle);
        lab.apply(Action::Tick(1000.0)); // 240 s of simulated time: the first attempt is due
        assert!(lab.progress() > published, "the attempt was logged");
    }
}

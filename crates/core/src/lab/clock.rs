//! The real-time clock of the page: playing or paused, the speed, and the fraction of a
//! simulated millisecond carried between ticks.
use super::{Part, Reply};

/// Speeds offered, in simulated seconds per real second.
pub const SPEEDS: [u32; 8] = [1, 10, 30, 60, 240, 600, 1200, 3600];
/// 30x: a learner watches the 30 s wait pass in 1 s and the 60 s one in 2 s, and the 960 s
/// wait begins 31 s after publication (it then takes 32 s; faster speeds are one click away).
pub const DEFAULT_SPEED: u32 = 30;
/// One tick never stands for more real time than this, so a background tab does not jump.
pub const MAX_TICK_MS: f64 = 1000.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClockAction {
    TogglePlay,
    Pause,
    SetSpeed(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub playing: bool,
    pub speed: u32,
    /// Fractional simulated ms carried between ticks so slow speeds still advance.
    carry_ms: f64,
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            playing: false,
            speed: DEFAULT_SPEED,
            carry_ms: 0.0,
        }
    }
}

impl Part for Clock {
    type Action = ClockAction;
    type Context = ();

    fn apply(&mut self, a: ClockAction, _: ()) -> Reply {
        match a {
            ClockAction::TogglePlay => self.playing = !self.playing,
            ClockAction::Pause if self.playing => self.playing = false,
            ClockAction::SetSpeed(s) if SPEEDS.contains(&s) && s != self.speed => self.speed = s,
            ClockAction::Pause | ClockAction::SetSpeed(_) => return Reply::Same,
        }
        Reply::Changed
    }
}

impl Clock {
    /// Whole simulated ms that `real_ms` of real time stands for while playing (0 when paused
    /// or for a nonsensical interval).
    pub fn advance(&mut self, real_ms: f64) -> u64 {
        if !self.playing || !real_ms.is_finite() || real_ms <= 0.0 {
            return 0;
        }
        self.carry_ms += real_ms.min(MAX_TICK_MS) * f64::from(self.speed);
        let whole = self.carry_ms.floor();
        self.carry_ms -= whole;
        whole as u64
    }

    /// A reset stops the clock and drops the carried fraction; the speed is the learner's.
    pub fn stop(&mut self) {
        self.playing = false;
        self.carry_ms = 0.0;
    }
}

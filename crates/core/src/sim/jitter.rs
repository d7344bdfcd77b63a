//! The no-jitter stop's evidence: one event's attempts under an outage, logged twice (on the
//! lesson's fixed schedule and with jitter), the same real delay planted in both, and whether a
//! reader who knows the schedule can point at the late attempt in each log.
use super::config::Config;
use super::rng::{SimRng, Stream};

/// The largest share of a wait that jitter adds or takes away, in thousandths (±20 %, a
/// common choice).
pub const JITTER_PERMILLE: u64 = 200;
/// The planted delay: this intento comes late by `DELAY_MS` in both logs, as if the hub had
/// stalled (the same 7 s the stop's explanation works with).
pub const DELAYED_RETRY: u32 = 4;
pub const DELAY_MS: u64 = 7_000;
/// The jittered log's own seed: it is a log the stop shows, not the learner's run, and this
/// one hides the delay inside the jitter as jitter usually does, among waits moved both ways
/// (the tests check it; an earlier seed moved all six earlier, which reads as a rule).
const JITTER_SEED: u64 = 20260756;

/// One attempt of the logged event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1..=max_retries (the initial delivery, at 0, is not listed).
    pub retry: u32,
    /// When it came, from the publication.
    pub at_ms: u64,
    /// Its wait after the attempt before it.
    pub wait_ms: u64,
    /// The wait the schedule gives it: `base · 2^(n-1)`.
    pub scheduled_ms: u64,
}

impl Line {
    /// How far its wait is from the schedule's, either way.
    pub fn off_ms(&self) -> u64 {
        self.wait_ms.abs_diff(self.scheduled_ms)
    }
}

/// The two logs of the same outage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logs {
    pub fixed: Vec<Line>,
    pub jittered: Vec<Line>,
}

/// The logs for `cfg`'s schedule (base and retries).
pub fn logs(cfg: &Config) -> Logs {
    let mut rng = SimRng::stream(JITTER_SEED, Stream::Jitter);
    Logs {
        fixed: log(cfg, |_| 0),
        jittered: log(cfg, |wait| {
            // Uniform in ±JITTER_PERMILLE of the wait, in whole milliseconds.
            let span = wait.saturating_mul(JITTER_PERMILLE) / 1000;
            let draw = rng.next_u64() % (2 * span + 1);
            draw as i64 - span as i64
        }),
    }
}

fn log(cfg: &Config, mut jitter: impl FnMut(u64) -> i64) -> Vec<Line> {
    let mut at = 0u64;
    (1..=cfg.max_retries)
        .map(|retry| {
            let scheduled = cfg.wait_ms(retry);
            let late = if retry == DELAYED_RETRY { DELAY_MS } else { 0 };
            let wait = scheduled
                .saturating_add_signed(jitter(scheduled))
                .saturating_add(late);
            at = at.saturating_add(wait);
            Line {
                retry,
                at_ms: at,
                wait_ms: wait,
                scheduled_ms: scheduled,
            }
        })
        .collect()
}

/// The attempt a reader who knows the schedule can point at as late: the only one whose wait
/// is further from the schedule than the schedule itself allows (nothing on the fixed
/// schedule; `±JITTER_PERMILLE` of the wait with jitter). None when no attempt, or more than
/// one, stands out.
pub fn late_one(lines: &[Line], jittered: bool) -> Option<u32> {
    let allowed = |l: &Line| {
        if jittered {
            l.scheduled_ms.saturating_mul(JITTER_PERMILLE) / 1000
        } else {
            0
        }
    };
    let mut out = lines.iter().filter(|l| l.off_ms() > allowed(l));
    match (out.next(), out.next()) {
        (Some(l), None) => Some(l.retry),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_fixed_schedule_gives_the_delay_away() {
        let cfg = Config::default();
        let l = logs(&cfg);
        assert_eq!(l.fixed.len(), 6);
        let at: Vec<u64> = l.fixed.iter().map(|x| x.at_ms / 1000).collect();
        // The lesson's table, and from intento 4 on everything 7 s later.
        assert_eq!(at, [30, 90, 210, 457, 937, 1897]);
        assert_eq!(late_one(&l.fixed, false), Some(DELAYED_RETRY));
        assert_eq!(
            l.fixed.iter().filter(|x| x.off_ms() > 0).count(),
            1,
            "one wait off the table"
        );
        // With jitter every wait is off the table, and the planted 7 s hide among them.
        assert!(l.jittered.iter().all(|x| x.off_ms() > 0));
        assert_eq!(late_one(&l.jittered, true), None);
        let planted = l.jittered[DELAYED_RETRY as usize - 1];
        let others_max = l
            .jittered
            .iter()
            .filter(|x| x.retry != DELAYED_RETRY)
            .map(Line::off_ms)
            .max()
            .unwrap();
        let earlier = l
            .jittered
            .iter()
            .filter(|x| x.wait_ms < x.scheduled_ms)
            .count();
        assert!(
            (2..=4).contains(&earlier),
            "moved both ways: {:?}",
            l.jittered
        );
        assert!(
            planted.off_ms() < others_max,
            "another wait is further off than the delayed one: {planted:?}, {others_max}"
        );
    }

    #[test]
    fn the_same_schedule_gives_the_same_logs() {
        let cfg = Config::default();
        assert_eq!(logs(&cfg), logs(&cfg));
        // Never a panic, whatever the settings.
        let odd = Config {
            base_seconds: u32::MAX,
            max_retries: 12,
            ..Config::default()
        };
        assert_eq!(logs(&odd).jittered.len(), 12);
    }
}

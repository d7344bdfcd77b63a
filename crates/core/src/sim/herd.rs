//! Why jitter exists: many deliveries that failed together in one outage, retried on the
//! lesson's fixed schedule or with jitter, against an endpoint that takes only so many attempts
//! a second. The jitter stop's evidence, computed second by second.
//!
//! The model, small enough to state in one sentence on the page: [`EVENTS`] deliveries to one
//! endpoint all fail at second 0 (it is down for the first [`OUTAGE_S`] seconds); in any later
//! second with more than [`CAPACITY`] attempts the endpoint is overwhelmed and fails them all.
//! On the fixed schedule every retry of every event comes at the same second (30, 90, 210 …),
//! a wave as large as the outage; with jitter each wait is moved at random within ±20 %, so
//! the same retries come spread over seconds.
use super::config::Config;
use super::jitter::JITTER_PERMILLE;
use super::rng::{SimRng, Stream};

/// Deliveries that failed together.
pub const EVENTS: u32 = 120;
/// The endpoint is down from 0 until this second.
pub const OUTAGE_S: u64 = 10;
/// Attempts per second the endpoint takes; more, and it fails them all.
pub const CAPACITY: u32 = 20;
/// The jittered run's own seed: it is a comparison the stop shows, not the learner's run.
const HERD_SEED: u64 = 20261203;

named_enum! {
    /// How each retry's wait is drawn.
    pub enum Waits {
        /// The lesson's table, to the millisecond.
        Fixed = "fixed",
        /// The table's wait moved at random within ±20 %.
        Jittered = "jittered",
    }
}

/// What one way of waiting did to the endpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Herd {
    /// Attempts that reached the endpoint in each second, up to the last attempt.
    pub per_second: Vec<u32>,
    /// The most attempts in one second after the outage.
    pub peak: u32,
    /// Deliveries that went through, and that ended in the dead-letter queue.
    pub delivered: u32,
    pub dead_lettered: u32,
    /// The second by which every event was delivered, if every one was.
    pub caught_up_s: Option<u64>,
}

/// Runs one way of waiting; `cfg` gives the schedule's base and maximum of retries.
pub fn run(waits: Waits, cfg: &Config) -> Herd {
    let mut rng = SimRng::stream(HERD_SEED, Stream::Herd);
    // Per event: when its next attempt comes, in ms (None once delivered or dead-lettered),
    // and the retries it has had.
    let mut next: Vec<Option<u64>> = vec![Some(0); EVENTS as usize];
    let mut retries = vec![0u32; EVENTS as usize];
    let mut out = Herd {
        per_second: Vec::new(),
        peak: 0,
        delivered: 0,
        dead_lettered: 0,
        caught_up_s: None,
    };
    // Every event's attempts, second by second, until none is left.
    let end_s = cfg.attempt_offset_ms(cfg.max_retries) / 1000 * 2 + 2;
    for s in 0..end_s {
        let due: Vec<usize> = (0..next.len())
            .filter(|&i| next[i].is_some_and(|ms| ms / 1000 == s))
            .collect();
        let n = u32::try_from(due.len()).unwrap_or(u32::MAX);
        out.per_second.push(n);
        if s >= OUTAGE_S {
            out.peak = out.peak.max(n);
        }
        let works = s >= OUTAGE_S && n <= CAPACITY;
        for i in due {
            let at = next[i].unwrap_or(0);
            if works {
                next[i] = None;
                out.delivered += 1;
                continue;
            }
            retries[i] += 1;
            if retries[i] > cfg.max_retries {
                next[i] = None;
                out.dead_lettered += 1;
                continue;
            }
            let wait = cfg.wait_ms(retries[i]);
            let moved = match waits {
                Waits::Fixed => wait,
                Waits::Jittered => {
                    let span = wait.saturating_mul(JITTER_PERMILLE) / 1000;
                    let draw = rng.next_u64() % (2 * span + 1);
                    (wait + draw).saturating_sub(span)
                }
            };
            next[i] = Some(at + moved);
        }
        if out.delivered == EVENTS && out.caught_up_s.is_none() {
            out.caught_up_s = Some(s);
        }
        if next.iter().all(Option::is_none) {
            break;
        }
    }
    // The seconds after the last attempt say nothing.
    while out.per_second.last() == Some(&0) {
        out.per_second.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_the_fixed_table_every_retry_is_a_wave_that_fails_whole_and_jitter_spreads_it() {
        let cfg = Config::default();
        let fixed = run(Waits::Fixed, &cfg);
        // Every retry of the 120 comes at the same second: 30, 90, 210 … 1890 s.
        for s in [0usize, 30, 90, 210, 450, 930, 1890] {
            assert_eq!(fixed.per_second[s], EVENTS, "second {s}");
        }
        assert_eq!(fixed.per_second.iter().filter(|&&n| n > 0).count(), 7);
        assert_eq!((fixed.delivered, fixed.dead_lettered), (0, EVENTS));
        assert_eq!((fixed.peak, fixed.caught_up_s), (EVENTS, None));
        let jittered = run(Waits::Jittered, &cfg);
        assert_eq!(jittered.delivered, EVENTS, "{jittered:?}");
        assert_eq!(jittered.dead_lettered, 0);
        assert!(jittered.peak <= 2 * CAPACITY, "peak {}", jittered.peak);
        let caught = jittered.caught_up_s.unwrap();
        assert!((24..300).contains(&caught), "caught up at {caught} s");
        // The same attempts in all: jitter moves them, it adds none.
        let sum = |h: &Herd| h.per_second.iter().map(|&n| u64::from(n)).sum::<u64>();
        assert!(sum(&jittered) < sum(&fixed));
        // Deterministic: the same comparison every time.
        assert_eq!(run(Waits::Jittered, &cfg), jittered);
    }
}

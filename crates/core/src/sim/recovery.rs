//! Why the hub does not retry at once: the same failed deliveries against a consumer that
//! comes back fragile, retried at once or on the lesson's schedule, second by second.
//!
//! The model, small enough to state in one sentence on the page: one event every
//! [`SPACING_S`] seconds fails while the consumer is down (the first [`OUTAGE_S`] seconds);
//! it then comes back, but fragile: in any second with more than [`CAPACITY`] attempts it is
//! overwhelmed and fails them all. Immediate retries come back one second after each failure
//! and never stop; the schedule waits base·2^(n-1) and gives up after its last retry.
use super::config::Config;

/// The consumer is down from 0 until this second.
pub const OUTAGE_S: u64 = 180;
/// One event is published (and fails) every this many seconds during the outage.
pub const SPACING_S: u64 = 3;
/// Attempts per second the recovering consumer takes; more, and it fails them all.
pub const CAPACITY: u32 = 2;
/// How far the comparison runs.
pub const HORIZON_S: u64 = 20 * 60;

named_enum! {
    /// How the hub retries a failed delivery.
    pub enum Retries {
        /// One second after each failure, until it works.
        Immediate = "immediate",
        /// The lesson's schedule: base·2^(n-1) seconds, up to the maximum of retries.
        Schedule = "schedule",
    }
}

/// What one policy did to the recovering consumer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// Attempts that reached the consumer in each minute of the horizon.
    pub per_minute: Vec<u32>,
    /// The second by which every event was delivered, if it was within the horizon.
    pub caught_up_s: Option<u64>,
    /// Events delivered within the horizon, and moved to the dead-letter queue.
    pub delivered: u32,
    pub dead_lettered: u32,
}

/// The number of events the outage leaves to redeliver.
pub const fn events() -> u64 {
    OUTAGE_S / SPACING_S
}

/// Runs one policy over the horizon; `cfg` gives the schedule's base and maximum of retries.
pub fn run(policy: Retries, cfg: &Config) -> Recovery {
    // Per event: when its next attempt comes (None once delivered or dead-lettered), and the
    // number of retries it has had.
    let mut next: Vec<Option<u64>> = (0..events()).map(|i| Some(i * SPACING_S)).collect();
    let mut retries = vec![0u32; next.len()];
    let minutes = HORIZON_S.div_ceil(60) as usize;
    let mut out = Recovery {
        per_minute: vec![0; minutes],
        caught_up_s: None,
        delivered: 0,
        dead_lettered: 0,
    };
    for t in 0..HORIZON_S {
        let due: Vec<usize> = (0..next.len()).filter(|&i| next[i] == Some(t)).collect();
        if due.is_empty() {
            continue;
        }
        let n = u32::try_from(due.len()).unwrap_or(u32::MAX);
        if let Some(m) = out.per_minute.get_mut((t / 60) as usize) {
            *m = m.saturating_add(n);
        }
        let works = t >= OUTAGE_S && n <= CAPACITY;
        for i in due {
            if works {
                next[i] = None;
                out.delivered += 1;
                continue;
            }
            retries[i] += 1;
            next[i] = match policy {
                Retries::Immediate => Some(t + 1),
                Retries::Schedule if retries[i] > cfg.max_retries => {
                    out.dead_lettered += 1;
                    None
                }
                Retries::Schedule => Some(t.saturating_add(cfg.wait_ms(retries[i]) / 1000)),
            };
        }
        if next.iter().all(Option::is_none) {
            out.caught_up_s = (out.dead_lettered == 0).then_some(t);
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_lets_the_consumer_catch_up_and_immediate_retries_keep_it_down() {
        let cfg = Config::default();
        let schedule = run(Retries::Schedule, &cfg);
        let immediate = run(Retries::Immediate, &cfg);
        assert_eq!(schedule.delivered as u64, events());
        assert_eq!(schedule.dead_lettered, 0);
        let caught = schedule.caught_up_s.expect("the schedule catches up");
        assert!(caught > OUTAGE_S && caught < 10 * 60, "{caught}");
        assert_eq!(immediate.caught_up_s, None, "{immediate:?}");
        assert_eq!(
            immediate.delivered, 0,
            "never below the capacity once piled up"
        );
        // Attempts per minute against the recovering consumer: thousands against a handful.
        let minute = (OUTAGE_S / 60) as usize;
        assert!(
            immediate.per_minute[minute] > 1000,
            "{:?}",
            immediate.per_minute
        );
        assert!(
            schedule.per_minute[minute] < 60,
            "{:?}",
            schedule.per_minute
        );
    }

    #[test]
    fn the_comparison_holds_for_every_schedule_a_learner_can_set() {
        for base in [1, 5, 30, 60, 600] {
            for max_retries in [1, 6, 12] {
                let cfg = Config {
                    base_seconds: base,
                    max_retries,
                    ..Config::default()
                };
                let s = run(Retries::Schedule, &cfg);
                assert!(u64::from(s.delivered + s.dead_lettered) <= events());
                assert!(s.per_minute.iter().all(|&m| m <= 60 * events() as u32));
            }
        }
    }
}

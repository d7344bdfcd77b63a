//! Fast Monte Carlo of the retry policy over many independent events, with the analytic
//! values it is compared against. Events are independent, so no queue is needed here: each
//! event's attempts are drawn in order from the one generator.

use super::config::Config;
use super::rng::{threshold, SimRng};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct McResult {
    pub events: u64,
    pub attempts: u64,
    pub dead_lettered: u64,
    /// `delivered_at[k]`: events delivered by attempt k (0 = initial delivery).
    pub delivered_at: Vec<u64>,
    /// Times a consumer processed an event (deliveries plus processed-but-unacknowledged).
    pub processings: u64,
    /// Events the consumer processed at least once.
    pub processed_events: u64,
}

impl McResult {
    pub fn dead_letter_rate(&self) -> f64 {
        ratio(self.dead_lettered, self.events)
    }
    /// Duplicate deliveries the consumer sees per event.
    pub fn duplicates_per_event(&self) -> f64 {
        ratio(self.processings - self.processed_events, self.events)
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// Simulates `events` events under `cfg` (its seed included).
pub fn run(cfg: &Config, events: u64) -> McResult {
    let mut rng = SimRng::new(cfg.seed);
    let fail = threshold(cfg.failure_probability);
    let ack_lost = threshold(cfg.ack_lost_share);
    // max_retries is validated to at most 12; the fixed array keeps the hot loop free of
    // bounds checks and allocation.
    let last = cfg.max_retries.min(MAX_ATTEMPT_INDEX as u32) as usize;
    let mut delivered_at = [0u64; MAX_ATTEMPT_INDEX + 1];
    let (mut attempts, mut processings, mut processed_events) = (0u64, 0u64, 0u64);
    for _ in 0..events {
        let mut k = 0usize;
        let mut processed = 0u64;
        // Each failed attempt draws once more: was it processed before failing (ack lost)?
        while k <= last && rng.chance(fail) {
            processed += u64::from(rng.chance(ack_lost));
            k += 1;
        }
        attempts += (k + usize::from(k <= last)) as u64;
        if k <= last {
            delivered_at[k] += 1;
            processed += 1;
        }
        processings += processed;
        processed_events += u64::from(processed > 0);
    }
    let delivered: u64 = delivered_at.iter().sum();
    McResult {
        events,
        attempts,
        dead_lettered: events - delivered,
        delivered_at: delivered_at[..=last].to_vec(),
        processings,
        processed_events,
    }
}

/// Highest attempt index the fast path tracks (retries are validated to at most 12).
const MAX_ATTEMPT_INDEX: usize = 16;

/// P(delivered at attempt k), k = 0..=max_retries: the geometric law cut at the last retry.
pub fn analytic_delivered_at(cfg: &Config) -> Vec<f64> {
    let p = cfg.failure_probability;
    (0..=cfg.max_retries)
        .map(|k| p.powi(k as i32) * (1.0 - p))
        .collect()
}

/// Expected duplicate deliveries per event: E[processings] − P(processed at least once).
pub fn analytic_duplicates_per_event(cfg: &Config) -> f64 {
    let (p, a, n) = (
        cfg.failure_probability,
        cfg.ack_lost_share,
        cfg.max_retries as i32 + 1,
    );
    let per_attempt = (1.0 - p) + p * a;
    let expected_attempts: f64 = (0..n).map(|k| p.powi(k)).sum();
    let never = (p * (1.0 - a)).powi(n);
    expected_attempts * per_attempt - (1.0 - never)
}

/// Everything the figures panel draws, for one configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// The configuration the figures are for (its seed included).
    pub config: Config,
    /// Events simulated at the current failure probability.
    pub events: u64,
    pub current: McResult,
    /// (p, p^(max_retries+1)) on a fine grid.
    pub analytic_curve: Vec<(f64, f64)>,
    /// (p, observed dead-letter rate) from smaller runs across p.
    pub observed_points: Vec<(f64, f64)>,
    /// Events per observed point.
    pub point_events: u64,
}

impl Figures {
    /// Runs the Monte Carlo for `cfg` with `events` events at its p, and `point_events` at each
    /// p = 0.1, 0.2, …, 0.9. Seeded by `cfg.seed`, so the same settings give the same figures.
    pub fn compute(cfg: &Config, events: u64, point_events: u64) -> Figures {
        let analytic_curve = (0..=50)
            .map(|i| {
                let p = f64::from(i) / 50.0;
                (
                    p,
                    Config {
                        failure_probability: p,
                        ..cfg.clone()
                    }
                    .analytic_dead_letter_rate(),
                )
            })
            .collect();
        let observed_points = (1u32..=9)
            .map(|i| {
                let p = f64::from(i) / 10.0;
                let c = Config {
                    failure_probability: p,
                    seed: cfg.seed.wrapping_add(u64::from(i)),
                    ..cfg.clone()
                };
                (p, run(&c, point_events).dead_letter_rate())
            })
            .collect();
        Figures {
            config: cfg.clone(),
            events,
            current: run(cfg, events),
            analytic_curve,
            observed_points,
            point_events,
        }
    }

    /// (time of attempt k in s, observed share delivered by then, analytic share).
    pub fn delivery_cdf(&self) -> Vec<(f64, f64, f64)> {
        let analytic = analytic_delivered_at(&self.config);
        let n = self.current.events.max(1) as f64;
        let (mut obs, mut ana) = (0.0, 0.0);
        self.current
            .delivered_at
            .iter()
            .zip(analytic)
            .enumerate()
            .map(|(k, (&o, a))| {
                obs += o as f64 / n;
                ana += a;
                (
                    self.config.attempt_offset_ms(k as u32) as f64 / 1000.0,
                    obs,
                    ana,
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_analytic_values() {
        for (p, a) in [(0.5, 0.0), (0.7, 0.3), (0.2, 1.0)] {
            let cfg = Config {
                failure_probability: p,
                ack_lost_share: a,
                seed: 99,
                ..Config::default()
            };
            let n = 400_000;
            let r = run(&cfg, n);
            let want = cfg.analytic_dead_letter_rate();
            let sd = (want * (1.0 - want) / n as f64).sqrt();
            assert!(
                (r.dead_letter_rate() - want).abs() < 5.0 * sd + 1e-9,
                "p={p}: {} vs {want}",
                r.dead_letter_rate()
            );
            for (k, want_k) in analytic_delivered_at(&cfg).iter().enumerate() {
                let got = r.delivered_at[k] as f64 / n as f64;
                let sd = (want_k * (1.0 - want_k) / n as f64).sqrt();
                assert!(
                    (got - want_k).abs() < 5.0 * sd + 1e-9,
                    "p={p} k={k}: {got} vs {want_k}"
                );
            }
            let dup = analytic_duplicates_per_event(&cfg);
            assert!(
                (r.duplicates_per_event() - dup).abs() < 0.02 * dup.max(0.05),
                "p={p} a={a}: {} vs {dup}",
                r.duplicates_per_event()
            );
            assert_eq!(r.delivered_at.iter().sum::<u64>() + r.dead_lettered, n);
        }
    }

    #[test]
    fn extremes() {
        let all_fail = Config {
            failure_probability: 1.0,
            ack_lost_share: 0.0,
            ..Config::default()
        };
        let r = run(&all_fail, 1000);
        assert_eq!(
            (r.dead_lettered, r.attempts, r.processings),
            (1000, 7000, 0)
        );
        let none_fail = Config {
            failure_probability: 0.0,
            ..Config::default()
        };
        let r = run(&none_fail, 1000);
        assert_eq!(
            (r.dead_lettered, r.attempts, r.delivered_at[0]),
            (0, 1000, 1000)
        );
    }

    #[test]
    fn figures_are_seeded_and_consistent() {
        let cfg = Config {
            failure_probability: 0.5,
            ..Config::default()
        };
        let a = Figures::compute(&cfg, 20_000, 2_000);
        assert_eq!(a, Figures::compute(&cfg, 20_000, 2_000));
        assert_eq!(a.analytic_curve.len(), 51);
        assert_eq!(a.analytic_curve[25], (0.5, 0.5f64.powi(7)));
        let cdf = a.delivery_cdf();
        let times: Vec<f64> = cdf.iter().map(|c| c.0).collect();
        assert_eq!(times, [0.0, 30.0, 90.0, 210.0, 450.0, 930.0, 1890.0]);
        let last = cdf.last().unwrap();
        assert!((last.1 - (1.0 - a.current.dead_letter_rate())).abs() < 1e-9);
        assert!((last.2 - (1.0 - cfg.analytic_dead_letter_rate())).abs() < 1e-9);
    }
}

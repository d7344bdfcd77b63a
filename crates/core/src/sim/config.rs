//! The learner's settings for one run, their limits, and the retry schedule they imply.

named_enum! {
    /// Which id the idempotent consumer writes into its dedup table.
    #[derive(Default)]
    pub enum DedupOn {
        /// The producer's random UUID v4: a second publication of the same fact slips through.
        Producer = "producer",
        /// The UUID v5 derived from the fact's key: the same fact always has the same id.
        #[default]
        Derived = "derived",
    }
}

named_enum! {
    /// One setting of a run, by its name in objects (scenario files, host options, the log);
    /// `ALL` is the order links write them in. Outside formats map their names to these once,
    /// at the boundary (`crate::embed::settings`).
    pub enum Setting {
        Seed = "seed",
        FailureProbability = "failure_probability",
        AckLostShare = "ack_lost_share",
        BaseSeconds = "base_seconds",
        MaxRetries = "max_retries",
        DedupOn = "dedup_on",
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Config {
    #[serde(serialize_with = "seed_out")]
    pub seed: u64,
    pub base_seconds: u32,
    pub max_retries: u32,
    /// Probability that one delivery attempt fails, 0..=1.
    pub failure_probability: f64,
    /// Share of failures that happen after the consumer processed and committed (ack lost), 0..=1.
    pub ack_lost_share: f64,
    pub dedup_on: DedupOn,
}

/// Seeds above 2^53 are written as a string of digits, which JavaScript reads exactly.
fn seed_out<S: serde::Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    if *seed <= (1 << 53) {
        s.serialize_u64(*seed)
    } else {
        s.serialize_str(&seed.to_string())
    }
}

pub const DEFAULT_SEED: u64 = 20260729;
pub const BASE_SECONDS_RANGE: (u32, u32) = (1, 3600);
pub const MAX_RETRIES_RANGE: (u32, u32) = (1, 12);

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: DEFAULT_SEED,
            base_seconds: 30,
            max_retries: 6,
            failure_probability: 0.3,
            ack_lost_share: 0.25,
            dedup_on: DedupOn::Derived,
        }
    }
}

/// One bad setting: which field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: Setting,
    pub problem: String,
    /// The value as given, and the range it should be in (None: a probability, 0..=1).
    pub value: String,
    pub range: Option<(u32, u32)>,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field.as_str(), self.problem)
    }
}

fn check_probability(field: Setting, v: f64, errors: &mut Vec<FieldError>) {
    if !(0.0..=1.0).contains(&v) {
        errors.push(FieldError {
            field,
            problem: format!(
                "{} is not a probability between 0 and 1",
                crate::num::display(v)
            ),
            value: crate::num::display(v),
            range: None,
        });
    }
}

fn check_range(field: Setting, v: u32, (lo, hi): (u32, u32), errors: &mut Vec<FieldError>) {
    if v < lo || v > hi {
        errors.push(FieldError {
            field,
            problem: format!("{v} is outside {lo}..={hi}"),
            value: v.to_string(),
            range: Some((lo, hi)),
        });
    }
}

impl Setting {
    /// Whether a change reaches the running simulation as it is (the shares: each next attempt
    /// draws with them) rather than from the next reset. Exhaustive, so a new setting says which.
    pub const fn live(self) -> bool {
        match self {
            Setting::FailureProbability | Setting::AckLostShare => true,
            Setting::Seed | Setting::BaseSeconds | Setting::MaxRetries | Setting::DedupOn => false,
        }
    }
}

impl Config {
    /// Sets `setting` from its control's text (a typed number, a slider's value, a menu's name;
    /// spaces around it ignored). False, and nothing changed, when the text is not a value of
    /// that setting's type; its range is checked by [`Config::problems`]. Exhaustive, so a new
    /// setting says how it is read.
    pub fn set(&mut self, setting: Setting, text: &str) -> bool {
        fn put<T: std::str::FromStr>(field: &mut T, text: &str) -> bool {
            text.parse().map(|v| *field = v).is_ok()
        }
        // Decimals through num.rs, not `str::parse::<f64>`: the wasm carries no float parser.
        fn decimal(field: &mut f64, text: &str) -> bool {
            crate::num::parse_decimal(text)
                .map(|v| *field = v)
                .is_some()
        }
        let text = text.trim();
        match setting {
            Setting::Seed => put(&mut self.seed, text),
            Setting::FailureProbability => decimal(&mut self.failure_probability, text),
            Setting::AckLostShare => decimal(&mut self.ack_lost_share, text),
            Setting::BaseSeconds => put(&mut self.base_seconds, text),
            Setting::MaxRetries => put(&mut self.max_retries, text),
            Setting::DedupOn => DedupOn::from_name(text)
                .map(|d| self.dedup_on = d)
                .is_some(),
        }
    }

    /// Every field that is out of its range (NaN is out of every range).
    pub fn problems(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        use Setting::*;
        check_range(
            BaseSeconds,
            self.base_seconds,
            BASE_SECONDS_RANGE,
            &mut errors,
        );
        check_range(MaxRetries, self.max_retries, MAX_RETRIES_RANGE, &mut errors);
        check_probability(FailureProbability, self.failure_probability, &mut errors);
        check_probability(AckLostShare, self.ack_lost_share, &mut errors);
        errors
    }

    /// Whether `self` and `other` hold different values of `setting`.
    pub fn differs(&self, other: &Config, setting: Setting) -> bool {
        match setting {
            Setting::Seed => self.seed != other.seed,
            Setting::FailureProbability => self.failure_probability != other.failure_probability,
            Setting::AckLostShare => self.ack_lost_share != other.ack_lost_share,
            Setting::BaseSeconds => self.base_seconds != other.base_seconds,
            Setting::MaxRetries => self.max_retries != other.max_retries,
            Setting::DedupOn => self.dedup_on != other.dedup_on,
        }
    }

    /// The same settings with every bad field replaced by its default, and what was replaced.
    pub fn repaired(mut self) -> (Config, Vec<FieldError>) {
        let problems = self.problems();
        let d = Config::default();
        for p in &problems {
            match p.field {
                Setting::BaseSeconds => self.base_seconds = d.base_seconds,
                Setting::MaxRetries => self.max_retries = d.max_retries,
                Setting::FailureProbability => self.failure_probability = d.failure_probability,
                Setting::AckLostShare => self.ack_lost_share = d.ack_lost_share,
                // Any seed and either id are valid: never a problem.
                Setting::Seed | Setting::DedupOn => {}
            }
        }
        (self, problems)
    }

    /// Wait before retry `n` (1-based): `base · 2^(n-1)` seconds, in ms. Saturates, never panics.
    pub fn wait_ms(&self, retry: u32) -> u64 {
        let doublings = retry.saturating_sub(1).min(40);
        u64::from(self.base_seconds)
            .saturating_mul(1000)
            .saturating_mul(1u64 << doublings)
    }

    /// Time of attempt `k` (0 = initial delivery) after publication when every attempt fails.
    pub fn attempt_offset_ms(&self, attempt: u32) -> u64 {
        (1..=attempt).fold(0u64, |acc, n| acc.saturating_add(self.wait_ms(n)))
    }

    /// The schedule table: one row per retry.
    pub fn schedule(&self) -> Vec<ScheduleRow> {
        (1..=self.max_retries)
            .map(|n| ScheduleRow {
                retry: n,
                exponent: n - 1,
                wait_ms: self.wait_ms(n),
                cumulative_ms: self.attempt_offset_ms(n),
            })
            .collect()
    }

    /// P(dead letter) for independent failures: p^(max_retries + 1).
    pub fn analytic_dead_letter_rate(&self) -> f64 {
        self.failure_probability.powi(self.max_retries as i32 + 1)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduleRow {
    pub retry: u32,
    pub exponent: u32,
    pub wait_ms: u64,
    pub cumulative_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_schedule_is_the_lessons() {
        let c = Config::default();
        let waits: Vec<u64> = c.schedule().iter().map(|r| r.wait_ms / 1000).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960]);
        let cum: Vec<u64> = (0..=6).map(|k| c.attempt_offset_ms(k) / 1000).collect();
        assert_eq!(cum, [0, 30, 90, 210, 450, 930, 1890]);
    }

    #[test]
    fn repairs_each_bad_field() {
        let bad = Config {
            base_seconds: 0,
            max_retries: 99,
            failure_probability: f64::NAN,
            ack_lost_share: -0.5,
            ..Config::default()
        };
        let (fixed, problems) = bad.repaired();
        assert_eq!(problems.len(), 4);
        assert_eq!(fixed.seed, DEFAULT_SEED);
        assert!(fixed.problems().is_empty());
        assert_eq!(
            Config {
                base_seconds: u32::MAX,
                ..Config::default()
            }
            .wait_ms(12),
            u64::from(u32::MAX) * 1000 * 2048
        );
    }

    #[test]
    fn differs_names_exactly_the_setting_changed() {
        let base = Config::default();
        let changed = |s: Setting| {
            let mut c = base.clone();
            match s {
                Setting::Seed => c.seed += 1,
                Setting::FailureProbability => c.failure_probability = 0.9,
                Setting::AckLostShare => c.ack_lost_share = 0.9,
                Setting::BaseSeconds => c.base_seconds += 1,
                Setting::MaxRetries => c.max_retries += 1,
                Setting::DedupOn => c.dedup_on = DedupOn::Producer,
            }
            c
        };
        for &s in Setting::ALL {
            let c = changed(s);
            for &t in Setting::ALL {
                assert_eq!(
                    c.differs(&base, t),
                    s == t,
                    "{s:?} changed, asked about {t:?}"
                );
            }
        }
        let live: Vec<Setting> = Setting::ALL.iter().copied().filter(|s| s.live()).collect();
        assert_eq!(live, [Setting::FailureProbability, Setting::AckLostShare]);
    }
}

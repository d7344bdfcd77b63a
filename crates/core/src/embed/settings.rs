//! The settings (a `Config`) as every outside format spells them, in one place. Share links and
//! saved state write `seed=42&p=0.5&…` (text values, short keys); host options and scenario
//! files write objects (`{"seed": 42, "failure_probability": 0.5, …}`: typed values under the
//! fields' own names). One table of fields, one reader per kind of value, one writer.
use super::value::Value;
use crate::problem::{Expected, Why};
pub use crate::sim::config::Setting;
use crate::sim::config::{Config, DedupOn, BASE_SECONDS_RANGE, MAX_RETRIES_RANGE};
use crate::sim::utc::truncate;

/// The dedup choice's values, as a problem names them.
const DEDUP_NAMES: (&str, &str) = ("derived", "producer");

impl Setting {
    /// Its key in share links and saved state.
    pub fn short(self) -> &'static str {
        match self {
            Setting::Seed => "seed",
            Setting::FailureProbability => "p",
            Setting::AckLostShare => "ack",
            Setting::BaseSeconds => "base",
            Setting::MaxRetries => "retries",
            Setting::DedupOn => "dedup",
        }
    }

    pub fn from_short(key: &str) -> Option<Setting> {
        Setting::ALL.iter().copied().find(|s| s.short() == key)
    }

    /// Reads a link's text into `cfg`: whole numbers within their range, probabilities to a
    /// millionth (links write six decimals, so a link read back says exactly the same), the
    /// dedup choice by name (`v5` and `v4` are how links wrote it before, still read).
    pub fn read_text(self, cfg: &mut Config, v: &str) -> Result<(), Why> {
        match self {
            Setting::Seed => cfg.seed = v.parse().map_err(|_| Why::NotWhole(truncate(v, 20)))?,
            Setting::FailureProbability => cfg.failure_probability = probability(v)?,
            Setting::AckLostShare => cfg.ack_lost_share = probability(v)?,
            Setting::BaseSeconds => cfg.base_seconds = whole_in(v, BASE_SECONDS_RANGE)?,
            Setting::MaxRetries => cfg.max_retries = whole_in(v, MAX_RETRIES_RANGE)?,
            Setting::DedupOn => {
                cfg.dedup_on = match v {
                    "v5" => DedupOn::Derived,
                    "v4" => DedupOn::Producer,
                    v => DedupOn::from_name(v).ok_or(Why::MustBe(DEDUP_NAMES.0, DEDUP_NAMES.1))?,
                }
            }
        }
        Ok(())
    }

    /// Reads an object's value into `cfg`. Ranges are checked afterwards, all fields at once
    /// (`Config::problems`); a number too large for its field is out of its range here.
    pub fn read_value(self, cfg: &mut Config, v: &Value) -> Result<(), Why> {
        let wrong = |e| Why::WrongType(e, v.kind());
        let whole = || v.as_whole().ok_or_else(|| wrong(Expected::WholeNumber));
        let whole32 = |(lo, hi): (u32, u32)| {
            let n = whole()?;
            u32::try_from(n).map_err(|_| Why::OutOfRange(n.to_string(), lo, hi))
        };
        let number = || match v {
            Value::Num(n) => Ok(*n),
            _ => Err(wrong(Expected::Number)),
        };
        match self {
            Setting::Seed => cfg.seed = whole()?,
            Setting::FailureProbability => cfg.failure_probability = number()?,
            Setting::AckLostShare => cfg.ack_lost_share = number()?,
            Setting::BaseSeconds => cfg.base_seconds = whole32(BASE_SECONDS_RANGE)?,
            Setting::MaxRetries => cfg.max_retries = whole32(MAX_RETRIES_RANGE)?,
            Setting::DedupOn => {
                cfg.dedup_on = v
                    .as_str()
                    .and_then(DedupOn::from_name)
                    .ok_or(Why::MustBe(DEDUP_NAMES.0, DEDUP_NAMES.1))?
            }
        }
        Ok(())
    }

    /// Its value as links write it.
    pub fn write(self, cfg: &Config) -> String {
        match self {
            Setting::Seed => cfg.seed.to_string(),
            Setting::FailureProbability => crate::num::short(cfg.failure_probability),
            Setting::AckLostShare => crate::num::short(cfg.ack_lost_share),
            Setting::BaseSeconds => cfg.base_seconds.to_string(),
            Setting::MaxRetries => cfg.max_retries.to_string(),
            Setting::DedupOn => cfg.dedup_on.as_str().to_string(),
        }
    }
}

/// `seed=…&p=…&ack=…&base=…&retries=…&dedup=…`: the settings as links and saved state write them.
pub fn to_pairs(cfg: &Config) -> String {
    let pairs: Vec<String> = Setting::ALL
        .iter()
        .map(|s| format!("{}={}", s.short(), s.write(cfg)))
        .collect();
    pairs.join("&")
}

fn probability(v: &str) -> Result<f64, Why> {
    match crate::num::parse_decimal(v) {
        Some(p) if (0.0..=1.0).contains(&p) => Ok(crate::num::as_short(p)),
        _ => Err(Why::NotProbability(truncate(v, 20))),
    }
}

fn whole_in(v: &str, (lo, hi): (u32, u32)) -> Result<u32, Why> {
    match v.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(Why::NotWholeIn(truncate(v, 20), lo.into(), hi.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_what_it_writes_in_both_spellings() {
        let cfg = Config {
            seed: 1 << 60,
            failure_probability: 0.125,
            ack_lost_share: 1.0,
            base_seconds: 3600,
            max_retries: 12,
            dedup_on: DedupOn::Producer,
        };
        let (mut from_text, mut from_value) = (Config::default(), Config::default());
        for &s in Setting::ALL {
            let text = s.write(&cfg);
            s.read_text(&mut from_text, &text).unwrap();
            let value = match s {
                Setting::DedupOn => Value::Str(text),
                _ => Value::Num(text.parse().unwrap()),
            };
            if s != Setting::Seed {
                s.read_value(&mut from_value, &value).unwrap();
            }
            assert_eq!(Setting::from_short(s.short()), Some(s));
        }
        assert_eq!(from_text, cfg);
        assert_eq!(
            (from_value.max_retries, from_value.dedup_on),
            (12, DedupOn::Producer)
        );
        assert_eq!(
            to_pairs(&cfg),
            "seed=1152921504606846976&p=0.125&ack=1&base=3600&retries=12&dedup=producer"
        );
    }

    #[test]
    fn wrong_values_say_why() {
        let mut c = Config::default();
        let text = |s: Setting, v: &str, c: &mut Config| s.read_text(c, v).unwrap_err();
        assert_eq!(
            text(Setting::MaxRetries, "13", &mut c),
            Why::NotWholeIn("13".into(), 1, 12)
        );
        assert_eq!(
            text(Setting::FailureProbability, "1.5", &mut c),
            Why::NotProbability("1.5".into())
        );
        assert_eq!(
            text(Setting::DedupOn, "v6", &mut c),
            Why::MustBe("derived", "producer")
        );
        Setting::DedupOn.read_text(&mut c, "v4").unwrap();
        assert_eq!(c.dedup_on, DedupOn::Producer, "an earlier link's spelling");
        assert_eq!(
            Setting::BaseSeconds.read_value(&mut c, &Value::Num(5e9)),
            Err(Why::OutOfRange("5000000000".into(), 1, 3600))
        );
        assert_eq!(
            Setting::Seed.read_value(&mut c, &Value::Bool(true)),
            Err(Why::WrongType(
                Expected::WholeNumber,
                crate::problem::Kind::Boolean
            ))
        );
        assert_eq!(
            c,
            Config {
                dedup_on: DedupOn::Producer,
                ..Config::default()
            },
            "nothing else changed"
        );
    }
}

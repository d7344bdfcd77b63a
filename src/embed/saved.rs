//! Saved state in the browser's storage: language, configuration and challenge progress,
//! versioned. Anything unreadable, foreign or from another version is discarded with a reason.
use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::challenges::Challenge;
use crate::lang::Lang;
use crate::sim::config::Config;

pub const STORAGE_KEY: &str = "retry-lab";
pub const VERSION: u32 = 1;
/// Larger stored values are not ours (ours is a few hundred bytes).
pub const MAX_BYTES: usize = 16 * 1024;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    pub version: u32,
    pub lang: Lang,
    pub config: Config,
    pub challenges: BTreeSet<Challenge>,
}

impl Saved {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Reads stored text. `Err` carries a short reason for the notice; the caller then uses defaults.
pub fn parse(text: &str) -> Result<Saved, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "{} bytes is too large to be this lab's state",
            text.len()
        ));
    }
    // Look at the version first, so a future format is reported as such and not as garbage.
    #[derive(Deserialize)]
    struct Versioned {
        version: Option<u64>,
    }
    let v: Versioned = serde_json::from_str(text).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => "not this lab's state (no version)".to_string(),
        _ => format!("not readable ({e})"),
    })?;
    match v.version {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(format!(
                "saved by version {v} of the lab; this is version {VERSION}"
            ))
        }
        None => return Err("not this lab's state (no version)".into()),
    }
    let saved: Saved = serde_json::from_str(text).map_err(|e| format!("not readable ({e})"))?;
    if let Some(p) = saved.config.problems().first() {
        return Err(format!("config.{p}"));
    }
    Ok(saved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let s = Saved {
            version: VERSION,
            lang: Lang::En,
            config: Config {
                seed: 9,
                ..Config::default()
            },
            challenges: BTreeSet::from([Challenge::Race]),
        };
        assert_eq!(parse(&s.to_json()), Ok(s.clone()));
        let text = s.to_json();
        for (bad, why) in [
            ("", "not readable"),
            ("null", "no version"),
            ("[1,2]", "not readable"),
            (r#"{"version":2}"#, "version 2"),
            (&text.replace("\"race\"", "\"fly\""), "unknown variant"),
            (
                &text.replace("\"lang\":\"en\"", "\"lang\":\"fr\""),
                "unknown variant",
            ),
            (
                &text.replace("\"max_retries\":6", "\"max_retries\":600"),
                "config.max_retries",
            ),
            (
                &text.replace("{\"version\"", "{\"extra\":1,\"version\""),
                "unknown field",
            ),
            (&"x".repeat(MAX_BYTES + 1), "too large"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(why), "{bad:.60}: {e}");
        }
    }
}

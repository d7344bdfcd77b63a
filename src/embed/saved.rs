//! Saved state in the browser's storage: language, configuration and challenge progress, as
//! the share link's `key=value` text plus a version and the challenges reached, e.g.
//! `v=2&seed=42&p=0.3&ack=0.25&base=30&retries=6&dedup=v5&lang=es&done=dead_letter,race`.
//! Anything unreadable, foreign or from another version is discarded with a reason.
use std::collections::BTreeSet;

use super::challenges::Challenge;
use super::link::{parse_pairs, to_fragment};
use super::{problem, Problem, Why};
use crate::lang::Lang;
use crate::sim::config::Config;
use crate::sim::utc::truncate;

pub const STORAGE_KEY: &str = "retry-lab";
/// 2: key=value text (version 1 was JSON).
pub const VERSION: u32 = 2;
/// Larger stored values are not ours (ours is about a hundred bytes).
pub const MAX_BYTES: usize = 16 * 1024;

#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub version: u32,
    pub lang: Lang,
    pub config: Config,
    pub challenges: BTreeSet<Challenge>,
}

impl Saved {
    pub fn to_text(&self) -> String {
        let done: Vec<&str> = self.challenges.iter().map(|c| c.as_str()).collect();
        format!(
            "v={}&{}&done={}",
            self.version,
            to_fragment(&self.config, self.lang).trim_start_matches('#'),
            done.join(",")
        )
    }
}

/// Reads stored text. `Err` says what was wrong, for the notice; the caller then uses defaults.
/// A problem with the whole state is reported on the storage key.
pub fn parse(text: &str) -> Result<Saved, Problem> {
    let whole = |why| Err(problem(STORAGE_KEY, why));
    if text.len() > MAX_BYTES {
        return whole(Why::TooLarge(text.len()));
    }
    if text.starts_with('{') {
        return whole(Why::EarlierVersion);
    }
    let mut version = None;
    let mut challenges = BTreeSet::new();
    let (shared, problems) = parse_pairs(text, |k, v, problems| {
        match k {
            "v" => version = Some(v.parse::<u64>().map_err(|_| v.to_string())),
            "done" => {
                for id in v.split(',').filter(|s| !s.is_empty()) {
                    match Challenge::from_name(id) {
                        Some(c) => {
                            challenges.insert(c);
                        }
                        None => {
                            problems.push(problem("done", Why::UnknownChallenge(truncate(id, 20))))
                        }
                    }
                }
            }
            _ => return false,
        }
        true
    });
    match version {
        Some(Ok(v)) if v == u64::from(VERSION) => {}
        Some(Ok(v)) => return whole(Why::OtherVersion(v)),
        _ => return whole(Why::NoVersion),
    }
    if let Some(p) = problems.into_iter().next() {
        return Err(p);
    }
    Ok(Saved {
        version: VERSION,
        lang: shared.lang.unwrap_or_default(),
        config: shared.config,
        challenges,
    })
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
            challenges: BTreeSet::from([Challenge::Race, Challenge::DeadLetter]),
        };
        let text = s.to_text();
        assert_eq!(
            text,
            "v=2&seed=9&p=0.3&ack=0.25&base=30&retries=6&dedup=v5&lang=en&done=dead_letter,race"
        );
        assert_eq!(parse(&text), Ok(s.clone()));
        for (bad, why) in [
            ("", "no version"),
            ("null", "no version"),
            (r#"{"version":1,"lang":"es"}"#, "earlier version"),
            ("v=3&seed=1", "version 3"),
            ("v=x", "no version"),
            (
                &text.replace("race", "fly"),
                "done: unknown challenge «fly»",
            ),
            (
                &text.replace("lang=en", "lang=fr"),
                "lang: must be es or en",
            ),
            (&text.replace("retries=6", "retries=600"), "retries: «600»"),
            (&format!("{text}&extra=1"), "extra: unknown, ignored"),
            (&"x".repeat(MAX_BYTES + 1), "too large"),
        ] {
            let e = parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad:.60}: {e}");
        }
    }
}

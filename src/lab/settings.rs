//! The learner's settings: the configuration the next reset starts from (failure and ack-lost
//! shares also apply live), validated here so a bad input keeps the previous value.
use crate::sim::{Config, DedupOn};

#[derive(Clone, Debug, PartialEq)]
pub enum SettingsAction {
    /// Seed as typed.
    SetSeed(String),
    /// A fresh seed drawn by the page.
    NewSeed(u64),
    SetFailure(f64),
    SetAckLost(f64),
    /// Base seconds as typed.
    SetBase(String),
    /// Max retries as typed.
    SetRetries(String),
    SetDedup(DedupOn),
    /// A slider was let go: log the shares that changed since they were last logged.
    Settle,
}

named_enum! {
    /// The field a rejected input was meant for (the page names it in the learner's language).
    pub enum Field {
        Seed = "seed",
        Base = "base_seconds",
        Retries = "max_retries",
    }
}

/// What a settings action did.
#[derive(Clone, Debug, PartialEq)]
pub enum Applied {
    /// Nothing changed (the same value, or out of range from a control that cannot send it).
    Unchanged,
    /// Changed; the running simulation takes the new shares as they are.
    Live,
    /// Changed; the simulation must restart from the new configuration.
    Restart,
    /// Refused, with the field and what was typed.
    Rejected(Field, String),
}

/// Typed text kept in a notice is cut to this many characters.
const ECHO_CHARS: usize = 40;

pub fn apply(cfg: &mut Config, a: SettingsAction) -> Applied {
    let candidate = match a {
        SettingsAction::SetSeed(text) => match text.trim().parse::<u64>() {
            Ok(seed) => Config {
                seed,
                ..cfg.clone()
            },
            Err(_) => return rejected(Field::Seed, &text),
        },
        SettingsAction::NewSeed(seed) => Config {
            seed,
            ..cfg.clone()
        },
        SettingsAction::SetFailure(p) => Config {
            failure_probability: p,
            ..cfg.clone()
        },
        SettingsAction::SetAckLost(a) => Config {
            ack_lost_share: a,
            ..cfg.clone()
        },
        SettingsAction::SetBase(text) => match text.trim().parse::<u32>() {
            Ok(base_seconds) => Config {
                base_seconds,
                ..cfg.clone()
            },
            Err(_) => return rejected(Field::Base, &text),
        },
        SettingsAction::SetRetries(text) => match text.trim().parse::<u32>() {
            Ok(max_retries) => Config {
                max_retries,
                ..cfg.clone()
            },
            Err(_) => return rejected(Field::Retries, &text),
        },
        SettingsAction::SetDedup(dedup_on) => Config {
            dedup_on,
            ..cfg.clone()
        },
        SettingsAction::Settle => return Applied::Unchanged,
    };
    if candidate == *cfg {
        return Applied::Unchanged;
    }
    if let Some(problem) = candidate.problems().first() {
        return match problem.field {
            "base_seconds" => rejected(Field::Base, &candidate.base_seconds.to_string()),
            "max_retries" => rejected(Field::Retries, &candidate.max_retries.to_string()),
            // Probabilities come from sliders limited to 0..=1; anything else is ignored.
            _ => Applied::Unchanged,
        };
    }
    let live = candidate.seed == cfg.seed
        && candidate.base_seconds == cfg.base_seconds
        && candidate.max_retries == cfg.max_retries
        && candidate.dedup_on == cfg.dedup_on;
    *cfg = candidate;
    if live {
        Applied::Live
    } else {
        Applied::Restart
    }
}

fn rejected(field: Field, text: &str) -> Applied {
    Applied::Rejected(field, text.chars().take(ECHO_CHARS).collect())
}

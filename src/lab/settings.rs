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
    let edit = |c: &mut Config| -> Result<(), Applied> {
        match a {
            SettingsAction::SetSeed(text) => c.seed = typed(&text, Field::Seed)?,
            SettingsAction::NewSeed(seed) => c.seed = seed,
            SettingsAction::SetFailure(p) => c.failure_probability = p,
            SettingsAction::SetAckLost(a) => c.ack_lost_share = a,
            SettingsAction::SetBase(text) => c.base_seconds = typed(&text, Field::Base)?,
            SettingsAction::SetRetries(text) => c.max_retries = typed(&text, Field::Retries)?,
            SettingsAction::SetDedup(dedup_on) => c.dedup_on = dedup_on,
            SettingsAction::Settle => return Err(Applied::Unchanged),
        }
        Ok(())
    };
    let mut candidate = cfg.clone();
    if let Err(refused) = edit(&mut candidate) {
        return refused;
    }
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

/// A number as typed (surrounding spaces ignored), or the refusal naming its field.
fn typed<T: std::str::FromStr>(text: &str, field: Field) -> Result<T, Applied> {
    text.trim().parse().map_err(|_| rejected(field, text))
}

fn rejected(field: Field, text: &str) -> Applied {
    Applied::Rejected(field, text.chars().take(ECHO_CHARS).collect())
}

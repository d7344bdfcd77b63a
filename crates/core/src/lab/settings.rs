//! The learner's settings: the configuration the next reset starts from (failure and ack-lost
//! shares also apply live), validated here so a bad input keeps the previous value.
use super::{Notice, Part, Reply};
use crate::sim::config::Setting;
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

/// Settings are the configuration the next reset starts from. A change of the shares is
/// `Changed` (the running simulation takes them as they are); of anything else, `Restart`.
/// Nothing changed (the same value, or out of range from a control that cannot send it) is
/// `Same`; a typed number that is refused is `Refused`, naming the field.
impl Part for Config {
    type Action = SettingsAction;
    type Context = ();

    fn apply(&mut self, a: SettingsAction, _: ()) -> Reply {
        apply(self, a)
    }
}

/// Typed text kept in a notice is cut to this many characters.
const ECHO_CHARS: usize = 40;

fn apply(cfg: &mut Config, a: SettingsAction) -> Reply {
    let edit = |c: &mut Config| -> Result<(), Reply> {
        match a {
            SettingsAction::SetSeed(text) => c.seed = typed(&text, Field::Seed)?,
            SettingsAction::NewSeed(seed) => c.seed = seed,
            SettingsAction::SetFailure(p) => c.failure_probability = p,
            SettingsAction::SetAckLost(a) => c.ack_lost_share = a,
            SettingsAction::SetBase(text) => c.base_seconds = typed(&text, Field::Base)?,
            SettingsAction::SetRetries(text) => c.max_retries = typed(&text, Field::Retries)?,
            SettingsAction::SetDedup(dedup_on) => c.dedup_on = dedup_on,
            SettingsAction::Settle => return Err(Reply::Same),
        }
        Ok(())
    };
    let mut candidate = cfg.clone();
    if let Err(refused) = edit(&mut candidate) {
        return refused;
    }
    if candidate == *cfg {
        return Reply::Same;
    }
    if let Some(problem) = candidate.problems().first() {
        return match problem.field {
            Setting::BaseSeconds => rejected(Field::Base, &candidate.base_seconds.to_string()),
            Setting::MaxRetries => rejected(Field::Retries, &candidate.max_retries.to_string()),
            // Probabilities come from sliders limited to 0..=1 (anything else is ignored); a
            // seed and the dedup choice are never out of range.
            Setting::FailureProbability
            | Setting::AckLostShare
            | Setting::Seed
            | Setting::DedupOn => Reply::Same,
        };
    }
    let live = Setting::ALL
        .iter()
        .all(|&s| s.live() || !candidate.differs(cfg, s));
    *cfg = candidate;
    if live {
        Reply::Changed
    } else {
        Reply::Restart
    }
}

/// A number as typed (surrounding spaces ignored), or the refusal naming its field.
fn typed<T: std::str::FromStr>(text: &str, field: Field) -> Result<T, Reply> {
    text.trim().parse().map_err(|_| rejected(field, text))
}

fn rejected(field: Field, text: &str) -> Reply {
    Reply::Refused(Notice::BadNumber {
        field,
        input: text.chars().take(ECHO_CHARS).collect(),
    })
}

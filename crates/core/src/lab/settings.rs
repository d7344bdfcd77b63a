//! The learner's settings: the configuration the next reset starts from (failure and ack-lost
//! shares also apply live), validated here so a bad input keeps the previous value.
use super::{Notice, Part, Reply};
use crate::sim::config::Setting;
use crate::sim::Config;

#[derive(Clone, Debug, PartialEq)]
pub enum SettingsAction {
    /// A setting's new value as its control gives it: a typed number, a slider's value, a
    /// menu's name (read by `Config::set`). One action for every setting, so a new setting
    /// needs none of its own.
    Set(Setting, String),
    /// A fresh seed drawn by the page.
    NewSeed(u64),
    /// A slider was let go: log the shares that changed since they were last logged.
    Settle,
}

/// Settings are the configuration the next reset starts from. A change of the shares is
/// `Changed` (the running simulation takes them as they are); of anything else, `Restart`.
/// Nothing changed is `Same`; text that is no value of the setting, or a value out of its
/// range, is `Refused`, naming the setting.
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
    let mut candidate = cfg.clone();
    match a {
        SettingsAction::Set(setting, text) => {
            if !candidate.set(setting, &text) {
                return rejected(setting, &text);
            }
        }
        SettingsAction::NewSeed(seed) => candidate.seed = seed,
        SettingsAction::Settle => return Reply::Same,
    }
    if candidate == *cfg {
        return Reply::Same;
    }
    // Out of its range: refused like text that is no number (a slider cannot send such a value;
    // a typed field, a crafted event can).
    if let Some(problem) = candidate.problems().first() {
        return rejected(problem.field, &problem.value);
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

fn rejected(field: Setting, text: &str) -> Reply {
    Reply::Refused(Notice::BadNumber {
        field,
        input: text.chars().take(ECHO_CHARS).collect(),
    })
}

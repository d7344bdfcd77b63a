//! Share links: a seed and configuration in the URL fragment, e.g.
//! `#seed=42&p=0.5&ack=0.25&base=30&retries=6&dedup=derived&lang=es` (the settings are
//! spelled by `settings.rs`). Parsing is strict: every bad
//! or unknown parameter is reported and replaced by its default.
use super::settings::Setting;
use super::{problem, Problem, Why};
use crate::lang::Lang;
use crate::sim::config::Config;
use crate::sim::workbench::{Program, ProgramError};

/// Longest fragment read; anything longer is refused whole.
pub const MAX_FRAGMENT: usize = 2048;

#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub config: Config,
    /// None when the link does not say.
    pub lang: Option<Lang>,
    /// None when the link does not say (a link with settings then opens in free exploration).
    pub start: Option<Start>,
}

named_enum! {
    /// How the lab opens: on the guided path through the lesson, or in free exploration
    /// (a link parameter, a mount option and a query parameter, all named `start`).
    #[derive(Default)]
    pub enum Start {
        #[default]
        Path = "path",
        Free = "free",
    }
}

/// Reads a fragment (with or without the leading `#`). Whatever is wrong is listed; the
/// result always holds a usable configuration.
pub fn parse_fragment(fragment: &str) -> (Shared, Vec<Problem>) {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    if f.len() > MAX_FRAGMENT {
        let shared = Shared {
            config: Config::default(),
            lang: None,
            start: None,
        };
        return (
            shared,
            vec![problem("#", Why::TooLong(f.len(), MAX_FRAGMENT))],
        );
    }
    parse_pairs(f, |_, _, _| false)
}

/// Reads `key=value&…` pairs of the link format. A key the link does not know goes to
/// `extra` (saved state has two more); when `extra` does not know it either, it is reported.
pub(crate) fn parse_pairs(
    text: &str,
    mut extra: impl FnMut(&str, &str, &mut Vec<Problem>) -> bool,
) -> (Shared, Vec<Problem>) {
    let mut cfg = Config::default();
    let mut lang = None;
    let mut start = None;
    let mut problems = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for pair in text.split('&').filter(|s| !s.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        if seen.contains(&k) {
            problems.push(problem(k, Why::GivenTwice));
            continue;
        }
        seen.push(k);
        if let Some(setting) = Setting::from_short(k) {
            if let Err(why) = setting.read_text(&mut cfg, v) {
                problems.push(problem(k, why));
            }
            continue;
        }
        match k {
            "lang" => match Lang::from_code(v) {
                Some(l) => lang = Some(l),
                None => problems.push(problem(k, Why::MustBe("es", "en"))),
            },
            "start" => match Start::from_name(v) {
                Some(s) => start = Some(s),
                None => problems.push(problem(k, Why::MustBe("path", "free"))),
            },
            _ => {
                if !extra(k, v, &mut problems) {
                    problems.push(problem(k, Why::Unknown))
                }
            }
        }
    }
    let shared = Shared {
        config: cfg,
        lang,
        start,
    };
    (shared, problems)
}

/// The fragment that reproduces `config` (and `lang`), starting with `#`.
pub fn to_fragment(config: &Config, lang: Lang) -> String {
    format!(
        "#{}&lang={}",
        super::settings::to_pairs(config),
        lang.code()
    )
}

/// The consumer workbench's program a link carries in its fragment or query
/// (`steps=begin,insert&effect=add`), if it names one; the effect defaults to `add`. Other keys
/// (`lang`, `origin`) are the mount options'.
pub fn workbench_program(text: &str) -> Option<Result<Program, ProgramError>> {
    let text = text.trim_start_matches(['#', '?']);
    let (mut steps, mut effect) = (None, None);
    // A link is never long; past 2 000 characters the rest is not read.
    for pair in text.chars().take(2000).collect::<String>().split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "steps" => steps = Some(percent_decode(v)),
            "effect" => effect = Some(percent_decode(v)),
            _ => {}
        }
    }
    if steps.is_none() && effect.is_none() {
        return None;
    }
    Some(Program::parse(
        steps.as_deref().unwrap_or(""),
        effect.as_deref().unwrap_or("add"),
    ))
}

/// `%XX` decoding of a query value; invalid escapes stay as they are.
pub(crate) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::DedupOn;

    #[test]
    fn round_trip_and_strictness() {
        let cfg = Config {
            seed: 42,
            failure_probability: 0.5,
            ack_lost_share: 0.1,
            base_seconds: 10,
            max_retries: 3,
            dedup_on: DedupOn::Producer,
        };
        let (s, p) = parse_fragment(&to_fragment(&cfg, Lang::En));
        assert!(p.is_empty(), "{p:?}");
        assert_eq!((s.config, s.lang), (cfg, Some(Lang::En)));

        let (s, p) =
            parse_fragment("#seed=abc&p=2&retries=0&dedup=v6&lang=fr&zoom=3&base=30&base=40");
        let fields: Vec<&str> = p.iter().map(|x| x.field.as_str()).collect();
        assert_eq!(
            fields,
            ["seed", "p", "retries", "dedup", "lang", "zoom", "base"]
        );
        assert_eq!(
            s.config,
            Config {
                base_seconds: 30,
                ..Config::default()
            }
        );
        assert_eq!(s.lang, None);
        assert!(parse_fragment("").1.is_empty());
        assert_eq!(parse_fragment(&"a".repeat(5000)).1.len(), 1);
        let (s, p) = parse_fragment("#p=NaN&ack=-0&seed=18446744073709551615");
        assert_eq!(p.len(), 1);
        assert_eq!(s.config.seed, u64::MAX);
    }
    #[test]
    fn links_carry_a_program_or_say_what_is_wrong() {
        let p = workbench_program("#steps=begin%2Cinsert,apply,commit,ack&effect=email&lang=en")
            .unwrap();
        assert_eq!(p.unwrap().steps_text(), "begin,insert,apply,commit,ack");
        assert_eq!(workbench_program("?lang=es&origin=x"), None);
        assert_eq!(workbench_program(""), None);
        assert_eq!(
            workbench_program("#effect=add"),
            Some(Err(ProgramError::Empty))
        );
        assert!(matches!(
            workbench_program("#steps=ack&effect=fax"),
            Some(Err(ProgramError::UnknownEffect(_)))
        ));
        assert!(matches!(
            workbench_program("#steps=ack,%E2%9C%93"),
            Some(Err(ProgramError::UnknownStep(_)))
        ));
        let w = crate::lab::workbench::Workbench::new(
            Lang::Es,
            workbench_program("#steps=begin,insert&effect=set").unwrap(),
        );
        assert_eq!(w.fragment(), "steps=begin,insert&effect=set");
        // Whatever a link holds, reading it never panics and never takes more than the limit.
        for junk in [
            "steps",
            "steps=&",
            "=&=&",
            "steps=,,,,",
            &"steps=ack,".repeat(3000),
        ] {
            let _ = workbench_program(junk);
        }
    }
}

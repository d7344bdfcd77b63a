//! Share links: what is on screen, in the URL fragment (so nothing reaches a server). A fresh
//! run is its settings, `#seed=42&p=0.5&ack=0.25&base=30&retries=6&dedup=derived&lang=es`
//! (spelled by `settings.rs`); a loaded file the learner has not acted on is its name and the
//! moment, `#scenario=scenarios/x.json&at=60000&lang=es`; anything else is the run itself, as
//! a scenario in base64url, `#runz=…&at=60000&lang=es` (compressed: raw deflate) or, where
//! the browser cannot compress, `#run=eyJzZWVk…` (its JSON). Parsing is strict: every bad or
//! unknown parameter is reported and replaced by its default.
use super::settings::Setting;
use super::{problem, Problem, Why};
use crate::lang::Lang;
use crate::sim::config::Config;
use crate::sim::scenario::MAX_TIME_MS;
use crate::sim::utc::truncate;
use crate::sim::workbench::{Program, ProgramError};

/// Longest fragment read (a link with a run in it); anything longer is refused whole.
pub const MAX_FRAGMENT: usize = 16 * 1024;
/// Longest link the page makes; past it, it offers the run as a file to download. Browsers
/// take far longer fragments, but the places a teacher pastes a link into (LMS link fields,
/// chat and mail clients) cut some at about 8 000 characters.
pub const MAX_SHARE: usize = 8000;

/// A run a link carries: a scenario file next to the page (a preset), or the run itself: the
/// scenario's JSON text, or that text compressed (raw deflate, by the browser's own streams).
#[derive(Clone, Debug, PartialEq)]
pub enum SharedRun {
    File(String),
    Run(String),
    Packed(Vec<u8>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub config: Config,
    /// None when the link does not say.
    pub lang: Option<Lang>,
    /// None when the link does not say (a link with settings then opens in free exploration).
    pub start: Option<Start>,
    /// The run to play, and the moment to show, when the link carries one.
    pub run: Option<SharedRun>,
    pub at: Option<u64>,
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
            run: None,
            at: None,
        };
        return (
            shared,
            vec![problem("#", Why::TooLong(f.len(), MAX_FRAGMENT))],
        );
    }
    let (mut run, mut at) = (None, None);
    let (mut shared, problems) = parse_pairs(f, |k, v, problems| {
        match k {
            "scenario" if super::scenario::valid_name(v) => run = Some(SharedRun::File(v.into())),
            "scenario" => problems.push(problem(k, Why::NotFileName(truncate(v, 40)))),
            "run" => match base64::url_decode(v).and_then(|b| String::from_utf8(b).ok()) {
                Some(text) => run = Some(SharedRun::Run(text)),
                None => problems.push(problem(k, Why::Damaged)),
            },
            "runz" => match base64::url_decode(v) {
                Some(bytes) => run = Some(SharedRun::Packed(bytes)),
                None => problems.push(problem(k, Why::Damaged)),
            },
            // The message names the limit that is checked: 0 to MAX_TIME_MS, whatever the
            // number's size (one too large for u64 is still a number past the limit).
            "at" => match v.parse::<u64>() {
                Ok(t) if t <= MAX_TIME_MS => at = Some(t),
                Ok(t) => problems.push(problem(k, Why::TooLate(t))),
                Err(_) => {
                    let why = Why::NotWholeIn(truncate(v, 20), 0, MAX_TIME_MS);
                    problems.push(problem(k, why))
                }
            },
            _ => return false,
        }
        true
    });
    (shared.run, shared.at) = (run, at);
    (shared, problems)
}

/// The fragment that shows what is on screen: the settings alone, or a run (see the module's
/// opening), at the moment `at_ms`.
pub fn share_fragment(config: &Config, lang: Lang, run: Option<&SharedRun>, at_ms: u64) -> String {
    match run {
        None => to_fragment(config, lang),
        Some(SharedRun::File(name)) => {
            format!("#scenario={name}&at={at_ms}&lang={}", lang.code())
        }
        Some(SharedRun::Run(json)) => {
            let run = base64::url(json.as_bytes());
            format!("#run={run}&at={at_ms}&lang={}", lang.code())
        }
        Some(SharedRun::Packed(bytes)) => {
            let run = base64::url(bytes);
            format!("#runz={run}&at={at_ms}&lang={}", lang.code())
        }
    }
}

/// Base64 (RFC 4648), the one encoder: the URL's alphabet with no padding (section 5) for a
/// run's JSON in a link, and the standard one with padding (section 4) for the teacher's
/// `Authorization: Basic` header.
pub mod base64 {
    const URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    /// The URL's alphabet, no padding.
    pub fn url(bytes: &[u8]) -> String {
        encode(bytes, URL, false)
    }

    /// The standard alphabet, padded with `=` to whole groups of four.
    pub fn standard(bytes: &[u8]) -> String {
        encode(bytes, STANDARD, true)
    }

    fn encode(bytes: &[u8], alphabet: &[u8; 64], pad: bool) -> String {
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for k in 0..=chunk.len() {
                out.push(char::from(alphabet[(n >> (18 - 6 * k) & 63) as usize]));
            }
            if pad {
                out.extend(std::iter::repeat_n('=', 3 - chunk.len()));
            }
        }
        out
    }

    /// The URL's alphabet, no padding: None for a character outside the alphabet or a length no
    /// encoding has.
    pub fn url_decode(text: &str) -> Option<Vec<u8>> {
        let value = |c: u8| URL.iter().position(|&a| a == c).map(|v| v as u32);
        let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
        for chunk in text.as_bytes().chunks(4) {
            if chunk.len() == 1 {
                return None;
            }
            let mut n = 0;
            for (i, &c) in chunk.iter().enumerate() {
                n |= value(c)? << (18 - 6 * i);
            }
            for k in 0..chunk.len() - 1 {
                out.push((n >> (16 - 8 * k)) as u8);
            }
        }
        Some(out)
    }
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
        run: None,
        at: None,
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
/// (`steps=begin,insert&effect=add&constraint=none`), if it names one; the effect defaults to
/// `add` and the dedup table's constraint to `unique`. Other keys (`lang`, `origin`) are the
/// mount options'.
pub fn workbench_program(text: &str) -> Option<Result<Program, ProgramError>> {
    let text = text.trim_start_matches(['#', '?']);
    let (mut steps, mut effect, mut constraint) = (None, None, None);
    // Read whole (one pass; the browser bounds an address): a cut link would misreport its
    // own length (5 000 steps read as 333).
    for pair in text.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "steps" => steps = Some(percent_decode(v)),
            "effect" => effect = Some(percent_decode(v)),
            "constraint" => constraint = Some(percent_decode(v)),
            _ => {}
        }
    }
    if steps.is_none() && effect.is_none() && constraint.is_none() {
        return None;
    }
    Some(Program::parse(
        steps.as_deref().unwrap_or(""),
        effect.as_deref().unwrap_or("add"),
        constraint.as_deref().unwrap_or("unique"),
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
    fn base64url_round_trips_and_refuses_what_no_encoding_gives() {
        for text in ["", "a", "ab", "abc", "abcd", "{\"seed\":7,\"ñ\":\"ü\"}"] {
            let e = base64::url(text.as_bytes());
            assert!(!e.contains(['+', '/', '=']), "{e}");
            assert_eq!(
                base64::url_decode(&e).as_deref(),
                Some(text.as_bytes()),
                "{text}"
            );
        }
        assert_eq!(base64::url(b"\xfb\xff"), "-_8");
        assert_eq!(base64::url_decode("a"), None, "one character is no byte");
        assert_eq!(base64::url_decode("ab+c"), None);
    }

    #[test]
    fn a_link_carries_a_file_or_the_run_itself_and_the_moment() {
        let cfg = Config::default();
        let file = SharedRun::File("scenarios/outage-and-replay.json".into());
        let f = share_fragment(&cfg, Lang::Es, Some(&file), 61_000);
        assert_eq!(
            f,
            "#scenario=scenarios/outage-and-replay.json&at=61000&lang=es"
        );
        let (s, p) = parse_fragment(&f);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(
            (s.run, s.at, s.lang),
            (Some(file), Some(61_000), Some(Lang::Es))
        );
        for run in [
            SharedRun::Run("{\"seed\":7,\"actions\":[]}".into()),
            SharedRun::Packed(vec![0, 255, 7]),
        ] {
            let (s, p) = parse_fragment(&share_fragment(&cfg, Lang::En, Some(&run), 0));
            assert!(p.is_empty(), "{p:?}");
            assert_eq!(s.run, Some(run));
        }
        for (bad, field) in [
            ("#scenario=../x.json", "scenario"),
            ("#run=%%%", "run"),
            ("#run=eyJ", "run"),
            ("#at=-1", "at"),
        ] {
            let (s, p) = parse_fragment(bad);
            let fields: Vec<&str> = p.iter().map(|x| x.field.as_str()).collect();
            if field == "run" && bad.ends_with("eyJ") {
                // Decodes (to `{"`): a cut JSON text is the scenario reader's to refuse.
                assert!(s.run.is_some());
                continue;
            }
            assert_eq!(fields, [field], "{bad}");
            assert_eq!(s.config, Config::default());
        }
    }

    #[test]
    fn a_moment_past_the_limit_is_refused_with_the_limit_that_is_checked() {
        // 10^12 is the limit; 10^20 (past u64 too) and 10^12 + 1 name it, not u32's.
        for (at, said) in [
            (
                "100000000000000000000",
                "is not a whole number in 0..=1000000000000",
            ),
            ("1000000000001", "1000000000001 is later than 1000000000000"),
            ("-1", "is not a whole number in 0..=1000000000000"),
        ] {
            let (s, p) = parse_fragment(&format!("#at={at}"));
            assert_eq!(s.at, None);
            let said_now: Vec<String> = p.iter().map(|p| p.to_string()).collect();
            assert!(
                said_now.len() == 1 && said_now[0].contains(said),
                "{at}: {said_now:?}"
            );
        }
        assert_eq!(parse_fragment("#at=1000000000000").0.at, Some(MAX_TIME_MS));
    }

    #[test]
    fn round_trip_and_strictness() {
        // A setting added later takes its default here (the update is needless until then).
        #[allow(clippy::needless_update)]
        let cfg = Config {
            seed: 42,
            failure_probability: 0.5,
            ack_lost_share: 0.1,
            base_seconds: 10,
            max_retries: 3,
            dedup_on: DedupOn::Producer,
            // Every setting's own round trip is embed/settings.rs's test.
            ..Config::default()
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
        // The dedup table's constraint: unique unless the link says none, and said only then.
        use crate::sim::workbench::Constraint;
        let p = workbench_program("#steps=begin,check,insert,apply,commit,ack&constraint=none")
            .unwrap()
            .unwrap();
        assert_eq!(p.constraint, Constraint::Absent);
        let w = crate::lab::workbench::Workbench::new(Lang::Es, Ok(p));
        assert_eq!(
            w.fragment(),
            "steps=begin,check,insert,apply,commit,ack&effect=add&constraint=none"
        );
        assert_eq!(
            workbench_program(&format!("#{}", w.fragment())),
            Some(Ok(w.program.clone()))
        );
        assert_eq!(
            workbench_program("#steps=ack&constraint=unique")
                .unwrap()
                .map(|p| p.constraint),
            Ok(Constraint::Unique)
        );
        for bad in ["#steps=ack&constraint=maybe", "#steps=ack&constraint="] {
            assert!(
                matches!(
                    workbench_program(bad),
                    Some(Err(ProgramError::UnknownConstraint(_)))
                ),
                "{bad}"
            );
        }
        // A long program is refused with the count it has, not the count of a cut text.
        assert_eq!(
            workbench_program(&format!("#steps={}", "ack,".repeat(5000))),
            Some(Err(ProgramError::TooLong(5000)))
        );
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

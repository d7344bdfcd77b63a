//! The postMessage protocol with the host page, and the options a host passes when it embeds
//! the lab (query string of an iframe, or the object given to `mount_lab`).
use serde::{Deserialize, Serialize};

use super::{problem, Problem};
use crate::lang::Lang;
use crate::sim::config::Config;

pub const PROTOCOL_VERSION: u32 = 1;
/// `source` of every message the lab sends, so hosts can tell them apart.
pub const SOURCE: &str = "retry-lab";
/// Longest incoming message read (as JSON text).
pub const MAX_MESSAGE: usize = 4096;

/// What the lab tells its host.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outgoing {
    Ready { lang: Lang },
    Checkpoint { id: &'static str },
    Completed { checkpoints: Vec<&'static str> },
    Height { px: u32 },
}

#[derive(Serialize)]
struct Envelope<'a> {
    source: &'static str,
    version: u32,
    #[serde(flatten)]
    message: &'a Outgoing,
}

impl Outgoing {
    pub fn to_json(&self) -> String {
        serde_json::to_string(&Envelope {
            source: SOURCE,
            version: PROTOCOL_VERSION,
            message: self,
        })
        .unwrap_or_default()
    }
}

/// What a host may ask of the lab.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    Reset { version: u32 },
    SetLanguage { version: u32, lang: Lang },
}

/// The wire form; a flat struct is far smaller in wasm than serde's internally tagged enums.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(rename = "type")]
    kind: String,
    version: u32,
    lang: Option<Lang>,
}

/// Validates an incoming message given as JSON text. `Err` says why it is ignored.
pub fn parse_incoming(json: &str) -> Result<Incoming, String> {
    if json.len() > MAX_MESSAGE {
        return Err(format!(
            "message of {} bytes is over the {MAX_MESSAGE}-byte limit",
            json.len()
        ));
    }
    let w: Wire = serde_json::from_str(json).map_err(|e| format!("not a valid message: {e}"))?;
    if w.version != PROTOCOL_VERSION {
        return Err(format!(
            "protocol version {}; this lab speaks {PROTOCOL_VERSION}",
            w.version
        ));
    }
    match (w.kind.as_str(), w.lang) {
        ("reset", None) => Ok(Incoming::Reset { version: w.version }),
        ("set_language", Some(lang)) => Ok(Incoming::SetLanguage {
            version: w.version,
            lang,
        }),
        (kind, _) => Err(format!(
            "not a valid message: type «{}» with these fields",
            crate::sim::utc::truncate(kind, 30)
        )),
    }
}

/// Panels a host can show or hide.
pub const PANELS: [&str; 10] = [
    "figures",
    "timeline",
    "events",
    "dlq",
    "consumers",
    "duplicates",
    "demos",
    "polling",
    "log",
    "challenges",
];

/// How the host embeds the lab. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MountOptions {
    pub lang: Option<Lang>,
    pub config: Option<Config>,
    /// Panels to show (all when absent).
    pub panels: Option<Vec<String>>,
    /// Where progress messages go: an origin such as `https://course.example`, or `*` only if
    /// the host really wants any window to read them. No messages are sent without it.
    pub target_origin: Option<String>,
}

/// The top-level key of bad options whose value holds the error's position, to name it in the
/// notice. (A path-tracking deserializer cost 5 KB of wasm; this scan costs a few lines.)
fn field_at_fault(json: &str, e: &serde_json::Error) -> Option<String> {
    // serde_json counts lines from 1 and columns in bytes from 1.
    let offset = json
        .split_inclusive('\n')
        .take(e.line().saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + e.column().saturating_sub(1);
    let bytes = json.as_bytes();
    let (mut depth, mut i, mut last_key) = (0u32, 0usize, None);
    while i < bytes.len() && i <= offset {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                // A string at depth 1 followed by a colon is a key of the top-level object.
                if depth == 1 && json.get(i + 1..)?.trim_start().starts_with(':') {
                    last_key = json.get(start..i.min(bytes.len())).map(str::to_string);
                }
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    last_key
}

/// Checks an origin: `*`, or `http(s)://host[:port]` with nothing after it.
pub fn valid_origin(s: &str) -> bool {
    if s == "*" {
        return true;
    }
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"));
    match rest {
        Some(h) if !h.is_empty() && h.len() <= 253 => {
            let (host, port) = h.rsplit_once(':').map_or((h, None), |(a, b)| (a, Some(b)));
            let ipv6 = host.starts_with('[') && host.ends_with(']');
            let host_ok = !host.is_empty()
                && host.chars().all(|c| {
                    c.is_ascii_alphanumeric() || c == '.' || c == '-' || (ipv6 && "[]:".contains(c))
                });
            let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok());
            host_ok && port_ok
        }
        _ => false,
    }
}

impl MountOptions {
    /// Drops whatever is invalid, reporting it; what remains is safe to use.
    pub fn sanitized(mut self) -> (MountOptions, Vec<Problem>) {
        let mut problems = Vec::new();
        if let Some(c) = self.config.take() {
            let (c, ps) = c.repaired();
            problems.extend(
                ps.into_iter()
                    .map(|p| problem(format!("config.{}", p.field), p.problem)),
            );
            self.config = Some(c);
        }
        if let Some(panels) = self.panels.take() {
            let (ok, bad): (Vec<String>, Vec<String>) = panels
                .into_iter()
                .take(32)
                .partition(|p| PANELS.contains(&p.as_str()));
            for b in bad {
                problems.push(problem(
                    "panels",
                    format!("unknown panel «{}»", crate::sim::utc::truncate(&b, 20)),
                ));
            }
            self.panels = Some(ok);
        }
        if let Some(o) = self.target_origin.take() {
            if valid_origin(&o) {
                self.target_origin = Some(o);
            } else {
                problems.push(problem(
                    "target_origin",
                    format!("«{}» is not an origin", crate::sim::utc::truncate(&o, 40)),
                ));
            }
        }
        (self, problems)
    }

    /// Options from JSON text (what `mount_lab` receives). Bad JSON gives defaults and a problem.
    pub fn from_json(json: &str) -> (MountOptions, Vec<Problem>) {
        if json.len() > MAX_MESSAGE {
            return (
                MountOptions::default(),
                vec![problem("options", "too large")],
            );
        }
        match serde_json::from_str::<MountOptions>(json) {
            Ok(o) => o.sanitized(),
            Err(e) => {
                let field = field_at_fault(json, &e).unwrap_or_else(|| "options".to_string());
                (MountOptions::default(), vec![problem(field, e.to_string())])
            }
        }
    }

    /// Options from an iframe's query string: `?lang=en&origin=https://host&panels=timeline,dlq`.
    pub fn from_query(query: &str) -> (MountOptions, Vec<Problem>) {
        let mut o = MountOptions::default();
        let mut problems = Vec::new();
        let q = query.strip_prefix('?').unwrap_or(query);
        if q.len() > MAX_MESSAGE {
            return (o, vec![problem("?", "query too long")]);
        }
        for pair in q.split('&').filter(|s| !s.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = percent_decode(v);
            match k {
                "lang" => match Lang::from_code(&v) {
                    Some(l) => o.lang = Some(l),
                    None => problems.push(problem("lang", "must be es or en")),
                },
                "origin" => o.target_origin = Some(v),
                "panels" => {
                    o.panels = Some(
                        v.split(',')
                            .filter(|s| !s.is_empty())
                            .map(str::to_string)
                            .collect(),
                    )
                }
                _ => problems.push(problem(k, "unknown parameter, ignored")),
            }
        }
        let (o, more) = o.sanitized();
        problems.extend(more);
        (o, problems)
    }

    pub fn shows(&self, panel: &str) -> bool {
        self.panels
            .as_ref()
            .is_none_or(|p| p.iter().any(|x| x == panel))
    }
}

/// `%XX` decoding of a query value; invalid escapes stay as they are.
fn percent_decode(s: &str) -> String {
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

    #[test]
    fn messages_out_and_in() {
        assert_eq!(
            Outgoing::Height { px: 640 }.to_json(),
            r#"{"source":"retry-lab","version":1,"type":"height","px":640}"#
        );
        assert_eq!(
            Outgoing::Checkpoint { id: "race" }.to_json(),
            r#"{"source":"retry-lab","version":1,"type":"checkpoint","id":"race"}"#
        );
        assert_eq!(
            parse_incoming(r#"{"type":"set_language","version":1,"lang":"en"}"#),
            Ok(Incoming::SetLanguage {
                version: 1,
                lang: Lang::En
            })
        );
        assert_eq!(
            parse_incoming(r#"{"type":"reset","version":1}"#),
            Ok(Incoming::Reset { version: 1 })
        );
        for bad in [
            r#"{"type":"reset"}"#,
            r#"{"type":"reset","version":2}"#,
            r#"{"type":"set_language","version":1,"lang":"de"}"#,
            r#"{"type":"explode","version":1}"#,
            r#"{"type":"reset","version":1,"extra":true}"#,
            "[]",
            "\"reset\"",
            &format!("{}1{}", "[".repeat(5000), "]".repeat(5000)),
        ] {
            assert!(parse_incoming(bad).is_err(), "{bad:.60}");
        }
    }

    #[test]
    fn origins_and_options() {
        for ok in [
            "*",
            "https://course.example",
            "http://127.0.0.1:8080",
            "http://[::1]:80",
        ] {
            assert!(valid_origin(ok), "{ok}");
        }
        for bad in [
            "",
            "course.example",
            "https://",
            "https://a.b/path",
            "javascript:alert(1)",
            "https://a:99999",
            "ftp://a",
        ] {
            assert!(!valid_origin(bad), "{bad}");
        }
        let (o, p) = MountOptions::from_query(
            "?lang=en&origin=https%3A%2F%2Fcourse.example&panels=timeline,dlq,bogus&x=1",
        );
        assert_eq!(o.lang, Some(Lang::En));
        assert_eq!(o.target_origin.as_deref(), Some("https://course.example"));
        assert!(o.shows("dlq") && !o.shows("log"));
        assert_eq!(p.len(), 2, "{p:?}");
        let (o, p) = MountOptions::from_json(
            r#"{"lang":"es","config":{"seed":5,"max_retries":99},"target_origin":"nope"}"#,
        );
        assert_eq!(
            o.config.as_ref().map(|c| (c.seed, c.max_retries)),
            Some((5, 6))
        );
        assert_eq!(o.target_origin, None);
        assert_eq!(p.len(), 2);
        let (o, p) = MountOptions::from_json(r#"{"lang":7}"#);
        assert_eq!(o, MountOptions::default());
        assert_eq!(p[0].field, "lang");
        let (_, p) = MountOptions::from_json(r#"{"lang":"en","config":{"seed":"x"}}"#);
        assert_eq!((p.len(), p[0].field.as_str()), (1, "config"));
        assert!(p[0].problem.contains("expected u64"), "{}", p[0].problem);
        let (_, p) = MountOptions::from_json(r#"{"lang":"en","zoom":2}"#);
        assert_eq!(p[0].field, "zoom");
        let (_, p) = MountOptions::from_json("[1]");
        assert_eq!(p[0].field, "options");
    }
}

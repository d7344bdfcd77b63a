//! The options a host passes when it embeds the lab (the query string of an iframe, or the
//! object given to `mount_lab`): each read, checked and given a sane default, with a problem
//! named for whatever was wrong.
use super::link::Start;
use super::protocol::MAX_MESSAGE;
use super::settings::Setting;
use super::value::Value;
use super::{problem, Expected, Problem, Why};
use crate::lab::panels::Panel;
use crate::lang::Lang;
use crate::sim::config::Config;
use crate::sim::scenario::Scenario;
use crate::sim::utc::truncate;

named_enum! {
    /// How the lab tells its host its height: its own `height` message, also the LTI
    /// platforms' `lti.frameResize` (Canvas, Brightspace, Sakai), or not at all.
    #[derive(Default)]
    pub enum Resize {
        #[default]
        Lab = "lab",
        Lti = "lti",
        None = "none",
    }
}

named_enum! {
    /// Who keeps the learner's progress: this browser (`localStorage`), or the host, which hands
    /// it over as `saved` when it embeds the lab and hears each save as a `saved` message (a
    /// learning platform's runtime, through the SCORM package's launch page).
    #[derive(Default)]
    pub enum Keep {
        #[default]
        Browser = "browser",
        Host = "host",
    }
}

/// How the host embeds the lab. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MountOptions {
    pub lang: Option<Lang>,
    pub config: Option<Config>,
    /// Panels to show (all when absent).
    pub panels: Option<Vec<Panel>>,
    /// Where progress messages go: an origin such as `https://course.example`, or `*` only if
    /// the host really wants any window to read them. No messages are sent without it.
    pub target_origin: Option<String>,
    pub resize: Resize,
    /// Open on the guided path or in free exploration; when not given, a host that passes a
    /// configuration gets free exploration (it wants those settings), any other the path.
    pub start: Option<Start>,
    /// The stop of the guided path to open at (`stop=step_race`: a teacher's link to ask it
    /// again in class); it means the path unless `start` says otherwise.
    pub stop: Option<crate::lab::path::Stop>,
    /// The activity IRI of xAPI statements; none are sent without it.
    pub xapi: Option<String>,
    /// The class (an IRI), named in every xAPI statement as its grouping activity, so a report
    /// can tell one class from another on the same activity.
    pub class: Option<String>,
    /// This embedding's name (`id`): its saved progress is its own, apart from other labs on
    /// the same site. Without it the xAPI activity, if any, names the embedding.
    pub id: Option<String>,
    /// Show the host how many of its messages the lab accepted and ignored (`diagnostics=on`):
    /// a line for the person embedding the lab, not for learners.
    pub diagnostics: bool,
    /// A scenario to play (the `scenario` object of `mount_lab`, read with a scenario's
    /// bounds by the page, not here).
    pub scenario: Option<Scenario>,
    /// A scenario file next to the page to fetch and play (the iframe's `?scenario=`).
    pub scenario_file: Option<String>,
    /// Who keeps the progress (`keep=host`: the host, never this browser's storage).
    pub keep: Keep,
    /// The progress the host kept, as the lab wrote it (implies `keep=host`): read and checked
    /// exactly like `localStorage`'s. Absent with `keep=host`: nothing kept yet, a first visit.
    pub saved: Option<String>,
    /// The host hands its kept progress over in a `restore` message instead (`restore=message`,
    /// implies `keep=host`): the page's loader waits for it before the lab starts, so a long
    /// state never goes into an address. `saved` in the address wins over it.
    pub restore_by_message: bool,
}

/// Longest embedding id.
pub const MAX_ID: usize = 64;

/// An embedding id: 1 to 64 letters, digits, `.`, `_` or `-`.
pub fn valid_id(s: &str) -> bool {
    (1..=MAX_ID).contains(&s.len())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
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
                    c.is_ascii_alphanumeric()
                        || c == '.'
                        || c == '-'
                        || (ipv6 && matches!(c, '[' | ']' | ':'))
                });
            let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok());
            host_ok && port_ok
        }
        _ => false,
    }
}

/// A configuration from the `config` object of mount options: wrong types are named and left
/// at their defaults; ranges are checked afterwards by [`MountOptions::sanitized`].
fn config_from_value(v: &Value, problems: &mut Vec<Problem>) -> Config {
    let mut c = Config::default();
    let Value::Obj(fields) = v else {
        problems.push(problem(
            "config",
            Why::WrongType(Expected::Object, v.kind()),
        ));
        return c;
    };
    for (k, val) in fields {
        let field = format!("config.{k}");
        let read = Setting::from_name(k).map(|s| s.read_value(&mut c, val));
        match read {
            Some(Ok(())) => {}
            Some(Err(why)) => problems.push(problem(&field, why)),
            None => problems.push(problem(&field, Why::Unknown)),
        }
    }
    c
}

impl MountOptions {
    /// Drops whatever is invalid, reporting it; what remains is safe to use.
    pub fn sanitized(mut self) -> (MountOptions, Vec<Problem>) {
        let mut problems = Vec::new();
        if let Some(c) = self.config.take() {
            let (c, ps) = c.repaired();
            problems.extend(ps.into_iter().map(|p| super::setting_problem("config.", p)));
            self.config = Some(c);
        }
        if let Some(panels) = self.panels.take() {
            self.panels = Some(panels);
        }
        // A host that hands over the progress keeps it.
        if self.saved.is_some() {
            self.keep = Keep::Host;
            self.restore_by_message = false;
        }
        if self.restore_by_message {
            self.keep = Keep::Host;
        }
        if let Some(id) = self.id.take() {
            if valid_id(&id) {
                self.id = Some(id);
            } else {
                problems.push(problem("id", Why::NotId(truncate(&id, 40))));
            }
        }
        for (name, field) in [("xapi", &mut self.xapi), ("class", &mut self.class)] {
            if let Some(iri) = field.take() {
                if crate::record::contract::valid_iri(&iri) {
                    *field = Some(iri);
                } else {
                    problems.push(problem(name, Why::NotIri(truncate(&iri, 60))));
                }
            }
        }
        if let Some(o) = self.target_origin.take() {
            if valid_origin(&o) {
                self.target_origin = Some(o);
            } else {
                problems.push(problem("target_origin", Why::NotOrigin(truncate(&o, 40))));
            }
        }
        (self, problems)
    }

    /// The options that name one of a few values (`lang`, `resize`, `start`, `stop`), read alike
    /// from a query string and from an object (`v` None: not a string). Whether `k` is one.
    fn read_choice(&mut self, k: &str, v: Option<&str>, problems: &mut Vec<Problem>) -> bool {
        let (ok, why) = match k {
            "lang" => (
                v.and_then(Lang::from_code).map(|l| self.lang = Some(l)),
                Why::MustBe("es", "en"),
            ),
            "resize" => (
                v.and_then(Resize::from_name).map(|r| self.resize = r),
                Why::OneOf("lab | lti | none"),
            ),
            "start" => (
                v.and_then(Start::from_name).map(|s| self.start = Some(s)),
                Why::MustBe("path", "free"),
            ),
            "keep" => (
                v.and_then(Keep::from_name).map(|k| self.keep = k),
                Why::MustBe("browser", "host"),
            ),
            "stop" => (
                v.and_then(crate::lab::path::Stop::from_name)
                    .map(|s| self.stop = Some(s)),
                Why::OneOf("step_backoff | … | ask_at_least_once"),
            ),
            "restore" => (
                (v == Some("message")).then(|| self.restore_by_message = true),
                Why::OneOf("message"),
            ),
            "diagnostics" => (
                match v {
                    Some("on") => Some(true),
                    Some("off") => Some(false),
                    _ => None,
                }
                .map(|on| self.diagnostics = on),
                Why::MustBe("on", "off"),
            ),
            _ => return false,
        };
        if ok.is_none() {
            problems.push(problem(k, why));
        }
        true
    }

    /// Options from the object a host passes to `mount_lab`. Each bad field is named and
    /// left at its default; the others are used.
    pub fn from_value(v: &Value) -> (MountOptions, Vec<Problem>) {
        let mut o = MountOptions::default();
        let mut problems = Vec::new();
        let fields = match v {
            Value::Obj(fields) => fields.as_slice(),
            v if v.is_absent() => &[],
            v => {
                let why = Why::WrongType(Expected::Object, v.kind());
                return (o, vec![problem("options", why)]);
            }
        };
        for (k, val) in fields {
            if o.read_choice(k, val.as_str(), &mut problems) {
                continue;
            }
            match k.as_str() {
                "config" => o.config = Some(config_from_value(val, &mut problems)),
                "panels" => match val {
                    Value::List(items) => {
                        let mut names = Vec::new();
                        for item in items.iter().take(MAX_PANELS) {
                            match item.as_str() {
                                Some(p) => names.push(p),
                                None => problems.push(problem(
                                    "panels",
                                    Why::WrongType(Expected::Text, item.kind()),
                                )),
                            }
                        }
                        o.panels = Some(read_panels(names, &mut problems));
                    }
                    v => problems.push(problem(
                        "panels",
                        Why::WrongType(Expected::PanelList, v.kind()),
                    )),
                },
                "target_origin" => match val.as_str() {
                    Some(t) => o.target_origin = Some(t.to_string()),
                    None => problems.push(problem(
                        "target_origin",
                        Why::WrongType(Expected::Text, val.kind()),
                    )),
                },
                // Read by the page with a scenario file's larger bounds.
                "scenario" => {}
                "id" => match val.as_str() {
                    Some(t) => o.id = Some(t.to_string()),
                    None => {
                        problems.push(problem("id", Why::WrongType(Expected::Text, val.kind())))
                    }
                },
                "saved" => match val.as_str() {
                    Some(t) => o.saved = Some(t.to_string()),
                    None => {
                        let why = Why::WrongType(Expected::Text, val.kind());
                        problems.push(problem("saved", why))
                    }
                },
                "xapi" | "class" => match val.as_str() {
                    Some(t) if k == "xapi" => o.xapi = Some(t.to_string()),
                    Some(t) => o.class = Some(t.to_string()),
                    None => problems.push(problem(
                        k.as_str(),
                        Why::WrongType(Expected::Text, val.kind()),
                    )),
                },
                _ => problems.push(problem(k.as_str(), Why::Unknown)),
            }
        }
        let (o, more) = o.sanitized();
        problems.extend(more);
        (o, problems)
    }

    /// Options from an iframe's query string: `?lang=en&origin=https://host&panels=timeline,dlq`.
    pub fn from_query(query: &str) -> (MountOptions, Vec<Problem>) {
        let mut o = MountOptions::default();
        let mut problems = Vec::new();
        let q = query.strip_prefix('?').unwrap_or(query);
        // The progress a host hands over has its own bound, the saved state's (`saved::parse`);
        // the other options keep theirs.
        let saved_len: usize = q
            .split('&')
            .filter(|p| p.starts_with("saved="))
            .map(|p| p.len() + 1)
            .sum();
        if q.len() - saved_len.min(q.len()) > MAX_MESSAGE {
            return (o, vec![problem("?", Why::TooLong(q.len(), MAX_MESSAGE))]);
        }
        for pair in q.split('&').filter(|s| !s.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            // Bounded as the browser's saved state is, when it is read (`saved::parse`).
            if k == "saved" {
                match o.saved {
                    Some(_) => problems.push(problem(k, Why::GivenTwice)),
                    None => o.saved = Some(super::link::percent_decode(v)),
                }
                continue;
            }
            let v = super::link::percent_decode(v);
            if o.read_choice(k, Some(&v), &mut problems) {
                continue;
            }
            match k {
                "origin" => o.target_origin = Some(v),
                "xapi" => o.xapi = Some(v),
                "class" => o.class = Some(v),
                "id" => o.id = Some(v),
                "scenario" => {
                    if super::scenario::valid_name(&v) {
                        o.scenario_file = Some(v);
                    } else {
                        problems.push(problem("scenario", Why::NotFileName(truncate(&v, 40))));
                    }
                }
                "panels" => {
                    let names = v.split(',').filter(|s| !s.is_empty()).take(MAX_PANELS);
                    o.panels = Some(read_panels(names.collect(), &mut problems));
                }
                _ => problems.push(problem(k, Why::Unknown)),
            }
        }
        let (o, more) = o.sanitized();
        problems.extend(more);
        (o, problems)
    }

    pub fn shows(&self, panel: Panel) -> bool {
        self.panels.as_ref().is_none_or(|p| p.contains(&panel))
    }
}

/// More panel names than there are panels are not read.
const MAX_PANELS: usize = 32;

/// The panels named, each unknown name reported.
fn read_panels(names: Vec<&str>, problems: &mut Vec<Problem>) -> Vec<Panel> {
    let mut panels = Vec::new();
    for name in names {
        match Panel::from_name(name) {
            Some(p) => panels.push(p),
            None => problems.push(problem("panels", Why::NotPanel(truncate(name, 20)))),
        }
    }
    panels
}

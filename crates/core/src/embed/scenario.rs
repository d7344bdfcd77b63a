//! Reading a scenario file: from a [`Value`] tree (the page gets one from `JSON.parse`, the
//! native runner from serde_json), field by field. The first problem is returned, naming its
//! field (`events[2].pass_start_utc`), as data the page words in the learner's language and
//! the runner in English: the same error in both.
use super::settings::Setting;
use super::value::{Bounds, Value};
use super::{problem, Expected, Problem, Why};
use crate::sim::config::Config;
use crate::sim::outcome::{Fault, RootCause};
use crate::sim::scenario::{
    Act, Do, EventSpec, FaultAt, Scenario, Window, MAX_ACTIONS, MAX_ATTEMPTS, MAX_EVENT_ENTRIES,
    MAX_PUBLISH_COUNT, MAX_TIME_MS,
};
use crate::sim::utc::{is_rfc3339_seconds, truncate};

/// How much of a file is read: one more entry than a list may hold, so a longer list is seen
/// and refused rather than cut.
pub const BOUNDS: Bounds = Bounds {
    depth: 4,
    entries: MAX_EVENT_ENTRIES + 1,
    text: 256,
};

/// The field a problem with the whole file is reported on.
pub const WHOLE: &str = "scenario";

/// Reads a file's bytes (the native runner, tests and fuzzing; the page parses with the
/// browser's JSON and calls [`read`], so none of this is linked into the page).
pub fn parse(bytes: &[u8]) -> Result<Scenario, Problem> {
    use crate::sim::scenario::MAX_BYTES;
    if bytes.len() > MAX_BYTES {
        return Err(problem(WHOLE, Why::TooLarge(bytes.len())));
    }
    let text =
        std::str::from_utf8(bytes).map_err(|e| problem(WHOLE, Why::NotUtf8(e.valid_up_to())))?;
    let v = Value::from_json_within(text, BOUNDS).map_err(|(line, column)| {
        problem(
            WHOLE,
            json_why(Some((line, column)).filter(|&(l, _)| l > 0)),
        )
    })?;
    read(&v)
}

/// One field's reader: its path for problems and its value.
struct At<'a> {
    path: String,
    v: &'a Value,
}

type R<T> = Result<T, Problem>;

impl<'a> At<'a> {
    fn fail<T>(&self, why: Why) -> R<T> {
        Err(problem(self.path.clone(), why))
    }

    fn wrong<T>(&self, e: Expected) -> R<T> {
        self.fail(Why::WrongType(e, self.v.kind()))
    }

    fn whole(&self) -> R<u64> {
        match self.v.as_whole() {
            Some(n) => Ok(n),
            None => self.wrong(Expected::WholeNumber),
        }
    }

    fn u32_in(&self, lo: u32, hi: u32) -> R<u32> {
        let n = self.whole()?;
        match u32::try_from(n) {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => self.fail(Why::NotWholeIn(n.to_string(), lo.into(), hi.into())),
        }
    }

    fn time(&self) -> R<u64> {
        let t = self.whole()?;
        if t > MAX_TIME_MS {
            return self.fail(Why::TooLate(t));
        }
        Ok(t)
    }

    fn num(&self) -> R<f64> {
        match self.v {
            Value::Num(n) => Ok(*n),
            _ => self.wrong(Expected::Number),
        }
    }

    fn text(&self) -> R<&'a str> {
        match self.v.as_str() {
            Some(s) => Ok(s),
            None => self.wrong(Expected::Text),
        }
    }

    fn named<T>(&self, from: fn(&str) -> Option<T>, allowed: &'static str) -> R<T> {
        from(self.text()?).map_or_else(|| self.fail(Why::OneOf(allowed)), Ok)
    }

    /// The entries of a list, each with its path, refusing more than `max`.
    fn list(&self, max: usize) -> R<Vec<At<'a>>> {
        let Value::List(items) = self.v else {
            return self.wrong(Expected::List);
        };
        if items.len() > max {
            return self.fail(Why::TooMany(items.len(), max));
        }
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, v)| At {
                path: format!("{}[{i}]", self.path),
                v,
            })
            .collect())
    }

    /// The fields of an object: `get(name)` for each known one, and the first unknown one
    /// reported.
    fn object(&self, known: &[&str]) -> R<Fields<'a>> {
        let Value::Obj(fields) = self.v else {
            return self.wrong(Expected::Object);
        };
        if let Some((k, _)) = fields.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            return Err(problem(self.join(k), Why::Unknown));
        }
        Ok(Fields {
            at: At {
                path: self.path.clone(),
                v: self.v,
            },
        })
    }

    fn join(&self, k: &str) -> String {
        let k = truncate(k, 30);
        if self.path.is_empty() {
            k
        } else {
            format!("{}.{k}", self.path)
        }
    }
}

struct Fields<'a> {
    at: At<'a>,
}

impl<'a> Fields<'a> {
    /// The field `k`, if given (`null` counts as not given).
    fn opt(&self, k: &str) -> Option<At<'a>> {
        let v = self.at.v.get(k);
        (!v.is_absent()).then(|| At {
            path: self.at.join(k),
            v,
        })
    }

    fn req(&self, k: &str) -> R<At<'a>> {
        self.opt(k)
            .map_or_else(|| Err(problem(self.at.join(k), Why::Missing)), Ok)
    }
}

const CAUSES: &str = "consumer_down | consumer_bug | url_changed";
const FAULTS: &str = "crash_after_commit | ack_lost | rebalance | visibility_timeout";
const DOS: &str = "publish | outage | outage_end | fault | replay | replay_all | shares";

fn cause(f: &Fields) -> R<RootCause> {
    f.opt("cause").map_or(Ok(RootCause::default()), |c| {
        c.named(RootCause::from_name, CAUSES)
    })
}

fn event(a: &At) -> R<EventSpec> {
    let f = a.object(&[
        "norad_id",
        "pass_start_utc",
        "publish_at_ms",
        "publish_count",
    ])?;
    Ok(EventSpec {
        norad_id: f.req("norad_id")?.u32_in(1, u32::MAX)?,
        pass_start_utc: utc(&f.req("pass_start_utc")?)?,
        publish_at_ms: f.opt("publish_at_ms").map_or(Ok(0), |t| t.time())?,
        publish_count: f
            .opt("publish_count")
            .map_or(Ok(1), |n| n.u32_in(1, MAX_PUBLISH_COUNT))?,
    })
}

fn utc(a: &At) -> R<String> {
    let s = a.text()?;
    if is_rfc3339_seconds(s) {
        Ok(s.to_string())
    } else {
        a.fail(Why::NotUtc(truncate(s, 30)))
    }
}

fn action(a: &At) -> R<Act> {
    let kind = a.object(&[
        "at_ms",
        "do",
        "norad_id",
        "pass_start_utc",
        "count",
        "cause",
        "fault",
        "event_index",
        "failure_probability",
        "ack_lost_share",
    ])?;
    let what = kind.req("do")?.named(|s| Some(s.to_string()), DOS)?;
    // Only the fields of this kind of action.
    let fields: &[&str] = match what.as_str() {
        "publish" => &["norad_id", "pass_start_utc", "count"],
        "outage" => &["cause"],
        "fault" => &["fault"],
        "replay" => &["event_index"],
        "shares" => &["failure_probability", "ack_lost_share"],
        _ => &[],
    };
    let mut known = vec!["at_ms", "do"];
    known.extend_from_slice(fields);
    let f = a.object(&known)?;
    let what = match what.as_str() {
        "publish" => Do::Publish {
            norad_id: f.req("norad_id")?.u32_in(1, u32::MAX)?,
            pass_start_utc: utc(&f.req("pass_start_utc")?)?,
            count: f
                .opt("count")
                .map_or(Ok(1), |n| n.u32_in(1, MAX_PUBLISH_COUNT))?,
        },
        "outage" => Do::Outage { cause: cause(&f)? },
        "outage_end" => Do::OutageEnd,
        "fault" => Do::Fault {
            fault: f.req("fault")?.named(Fault::from_name, FAULTS)?,
        },
        "replay" => Do::Replay {
            event_index: f.req("event_index")?.u32_in(0, u32::MAX)?,
        },
        "replay_all" => Do::ReplayAll,
        "shares" => Do::Shares {
            failure_probability: share(&f.req("failure_probability")?)?,
            ack_lost_share: share(&f.req("ack_lost_share")?)?,
        },
        _ => return f.req("do")?.fail(Why::OneOf(DOS)),
    };
    Ok(Act {
        at_ms: f.req("at_ms")?.time()?,
        what,
    })
}

fn share(a: &At) -> R<f64> {
    let p = a.num()?;
    if !(0.0..=1.0).contains(&p) {
        return a.fail(Why::NotProbability(crate::num::short(p)));
    }
    Ok(p)
}

/// A scenario's own keys beside the settings.
const RUN_KEYS: [&str; 6] = [
    "events",
    "outages",
    "faults",
    "replay_all_at_ms",
    "actions",
    "run_until_ms",
];

/// Every key a scenario's top level may hold: each setting by its name (from `Setting`, so a
/// new setting is read here with no list to extend) and the run's own keys.
const TOP_KEYS: [&str; Setting::COUNT + RUN_KEYS.len()] = {
    let mut keys = [""; Setting::COUNT + RUN_KEYS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = if i < Setting::COUNT {
            Setting::NAMES[i]
        } else {
            RUN_KEYS[i - Setting::COUNT]
        };
        i += 1;
    }
    keys
};

/// Reads and checks a scenario.
pub fn read(v: &Value) -> Result<Scenario, Problem> {
    let top = At {
        path: String::new(),
        v,
    };
    if !matches!(v, Value::Obj(_)) {
        return Err(problem(WHOLE, Why::WrongType(Expected::Object, v.kind())));
    }
    let f = top.object(&TOP_KEYS)?;
    let mut cfg = Config::default();
    for &s in Setting::ALL {
        if let Some(a) = f.opt(s.as_str()) {
            if let Err(why) = s.read_value(&mut cfg, a.v) {
                return a.fail(why);
            }
        }
    }
    let mut sc = Scenario::empty(&cfg);
    if let Some(p) = sc.config.problems().into_iter().next() {
        return Err(super::setting_problem("", p));
    }
    let list = |k: &str, max: usize| f.opt(k).map_or(Ok(Vec::new()), |a| a.list(max));
    for e in list("events", MAX_EVENT_ENTRIES)? {
        sc.events.push(event(&e)?);
    }
    for w in list("outages", MAX_ACTIONS)? {
        let o = w.object(&["from_ms", "to_ms", "cause"])?;
        let (from_ms, to_ms) = (o.req("from_ms")?.time()?, o.req("to_ms")?.time()?);
        if from_ms > to_ms {
            return w.fail(Why::NotWindow(from_ms, to_ms));
        }
        let cause = cause(&o)?;
        sc.outages.push(Window {
            from_ms,
            to_ms,
            cause,
        });
    }
    for x in list("faults", MAX_ACTIONS)? {
        let o = x.object(&["at_ms", "fault"])?;
        sc.faults.push(FaultAt {
            at_ms: o.req("at_ms")?.time()?,
            fault: o.req("fault")?.named(Fault::from_name, FAULTS)?,
        });
    }
    for t in list("replay_all_at_ms", MAX_ACTIONS)? {
        sc.replay_all_at_ms.push(t.time()?);
    }
    for a in list("actions", MAX_EVENT_ENTRIES)? {
        sc.actions.push(action(&a)?);
    }
    sc.run_until_ms = f.opt("run_until_ms").map(|t| t.time()).transpose()?;
    let publishes = |a: &Act| matches!(a.what, Do::Publish { .. });
    if sc.events.is_empty() && !sc.actions.iter().any(publishes) {
        return Err(problem("events", Why::NoPublication));
    }
    // Checked last, on the whole run: its lists are each within their limits, and together
    // they would keep the page busy too long (a link that freezes the tab).
    let work = sc.attempt_bound();
    if work > MAX_ATTEMPTS {
        return Err(problem(WHOLE, Why::TooMuchWork(work, MAX_ATTEMPTS)));
    }
    Ok(sc)
}

/// A scenario file the page may fetch when a query parameter names it: a relative path to a
/// `.json` file next to the page (letters, digits, `-`, `_`, `.`, and `/` between names), so
/// it can only come from the page's own origin.
pub fn valid_name(name: &str) -> bool {
    name.len() <= 100
        && name.ends_with(".json")
        && name.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        })
}

/// Why a text is not JSON: at a line and column when known.
pub fn json_why(at: Option<(u64, u64)>) -> Why {
    match at {
        Some((line, column)) => Why::NotJsonAt(line, column),
        None => Why::NotJson,
    }
}

#[cfg(test)]
mod tests;

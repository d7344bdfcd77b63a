//! A planned class, walked natively: each learner's answers, in order, given at the lab's own
//! cards by the reducer (`lab::path::follow`), and the statements the lab sends for them, with
//! the actor a host adds. What `simulate learners` writes for a record store, and what the
//! record's round trip (`crates/cli/tests/record.rs`) feeds to the teacher's report: both see the very
//! statements a browser would send, and the verdicts its cards showed.
use uuid::Uuid;

use super::{messages, ready, session, Words};
use crate::embed::protocol::Outgoing;
use crate::lab::path::{follow, Choice, Stop, Verdict};
use crate::lab::{Effects, Lab};
use crate::lang::Lang;
use crate::sim::utc::format_utc;
use crate::sim::Config;

/// Every learner's registration is derived from their name under this namespace, so a plan
/// walked twice gives the same statements.
const REGISTRATIONS: Uuid = uuid::uuid!("3f0c5f0e-7a0b-5d43-9c0e-5b3d2a61e7c4");

/// One answer of a plan: at `stop`, `choice`; with `changed`, after changing the stop's scene
/// with the free controls (so its run shows what no choice offers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    pub stop: Stop,
    pub choice: Choice,
    pub changed: bool,
}

/// A learner of a plan: who, where their account lives, their class, and their answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learner {
    pub name: String,
    pub home: String,
    pub class: Option<String>,
    pub answers: Vec<Planned>,
}

/// What a learner's walk gave: the statements (with the actor), and each card's verdict in
/// the order they came.
#[derive(Clone, Debug, Default)]
pub struct Walked {
    pub statements: Vec<serde_json::Value>,
    pub verdicts: Vec<Verdict>,
}

/// Walks `learner` through their plan in a fresh lab, in `lang`, as the host of `activity`
/// would hear it; the clock of the statements starts at `start_s` (seconds since 1970) and
/// moves a second per action. An answer the card cannot take (a choice the stop does not
/// offer, a scene that cannot be changed, a stop that shows nothing) is an error naming it.
pub fn walk(
    activity: &str,
    learner: &Learner,
    lang: Lang,
    start_s: u64,
    words: &dyn Words,
) -> Result<Walked, String> {
    let registration = Uuid::new_v5(&REGISTRATIONS, learner.name.as_bytes());
    let s = session(activity.into(), registration, learner.class.clone(), words);
    let mut lab = Lab::new(Config::default(), lang);
    let actor = serde_json::json!({
        "objectType": "Agent",
        "name": learner.name,
        "account": {"homePage": learner.home, "name": learner.name},
    });
    let mut out = Walked::default();
    let mut now = start_s;
    let put = |statements: Vec<Outgoing>, out: &mut Walked| {
        for m in statements {
            if let Outgoing::Xapi { statement } = m {
                let mut st = statement.to_json();
                st["actor"] = actor.clone();
                out.statements.push(st);
            }
        }
    };
    put(ready(&lab, Some(&s), &format_utc(now)), &mut out);
    for (k, a) in learner.answers.iter().enumerate() {
        if a.stop.offer(a.choice).is_none() {
            return Err(format!(
                "{}: answer {}: {} offers no {}",
                learner.name,
                k + 1,
                a.stop.as_str(),
                a.choice.as_str()
            ));
        }
        let mut sent = Vec::new();
        let mut each = |lab: &Lab, fx: &Effects| {
            now += 1;
            sent.push(messages(lab, fx, Some(&s), words, &format_utc(now)));
        };
        let verdict = if a.changed {
            follow::answer_changed(&mut lab, a.stop, a.choice, &mut each).ok_or_else(|| {
                format!(
                    "{}: {} has no scene to change",
                    learner.name,
                    a.stop.as_str()
                )
            })?
        } else {
            follow::answer(&mut lab, a.stop, a.choice, &mut each)
                .ok_or_else(|| format!("{}: {} showed nothing", learner.name, a.stop.as_str()))?
        };
        for m in sent {
            put(m, &mut out);
        }
        out.verdicts.push(verdict);
    }
    Ok(out)
}

/// A plan as `simulate learners` reads it (JSON): the activity, the class every learner is in
/// unless they name their own, when the first learner starts (RFC 3339, UTC), where accounts
/// live, and each learner's answers as `[stop, choice]` or `[stop, choice, "changed"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub activity: String,
    pub start_s: u64,
    pub learners: Vec<Learner>,
}

/// Most learners a plan may hold, and most answers per learner.
pub const MAX_LEARNERS: usize = 100_000;
pub const MAX_ANSWERS: usize = 1_000;

impl Plan {
    /// Reads a plan; a problem names its place (`learners[2].answers[5]: …`).
    pub fn parse(text: &[u8]) -> Result<Plan, String> {
        use serde::Deserialize;
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RawPlan {
            activity: String,
            #[serde(default)]
            class: Option<String>,
            #[serde(default)]
            start: Option<String>,
            #[serde(default)]
            home: Option<String>,
            learners: Vec<RawLearner>,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RawLearner {
            name: String,
            #[serde(default)]
            class: Option<String>,
            answers: Vec<Vec<String>>,
        }
        let raw: RawPlan = serde_json::from_slice(text).map_err(|e| format!("not a plan: {e}"))?;
        let iri = |what: &str, s: &str| {
            if super::contract::valid_iri(s) {
                Ok(s.to_string())
            } else {
                Err(format!(
                    "{what}: not an IRI: {}",
                    crate::sim::utc::truncate(s, 60)
                ))
            }
        };
        let activity = iri("activity", &raw.activity)?;
        let class = raw.class.as_deref().map(|c| iri("class", c)).transpose()?;
        let home = iri(
            "home",
            raw.home.as_deref().unwrap_or("https://course.example"),
        )?;
        let start_s = match &raw.start {
            None => 1_796_284_800,
            Some(t) => crate::sim::utc::parse_ms(t)
                .filter(|&ms| ms >= 0)
                .map(|ms| ms as u64 / 1000)
                .ok_or_else(|| {
                    format!(
                        "start: not an RFC 3339 time: {}",
                        crate::sim::utc::truncate(t, 40)
                    )
                })?,
        };
        if raw.learners.len() > MAX_LEARNERS {
            return Err(format!("learners: more than {MAX_LEARNERS}"));
        }
        let mut learners = Vec::with_capacity(raw.learners.len());
        for (i, l) in raw.learners.into_iter().enumerate() {
            let at = |what: String| format!("learners[{i}]{what}");
            if l.name.trim().is_empty() || l.name.len() > 200 {
                return Err(at(".name: empty or longer than 200 bytes".into()));
            }
            if l.answers.len() > MAX_ANSWERS {
                return Err(at(format!(".answers: more than {MAX_ANSWERS}")));
            }
            let class = match l.class {
                Some(c) => Some(iri(&at(".class".into()), &c)?),
                None => class.clone(),
            };
            let mut answers = Vec::with_capacity(l.answers.len());
            for (k, a) in l.answers.iter().enumerate() {
                let at = |why: &str| at(format!(".answers[{k}]: {why}"));
                let (stop, choice, changed) = match a.as_slice() {
                    [s, c] => (s, c, false),
                    [s, c, how] if how == "changed" => (s, c, true),
                    _ => return Err(at("[stop, choice] or [stop, choice, \"changed\"]")),
                };
                let stop = Stop::from_name(stop).ok_or_else(|| at("no such stop"))?;
                let choice = Choice::from_name(choice)
                    .filter(|&c| stop.offer(c).is_some())
                    .ok_or_else(|| at("the stop offers no such choice"))?;
                answers.push(Planned {
                    stop,
                    choice,
                    changed,
                });
            }
            learners.push(Learner {
                name: l.name,
                home: home.clone(),
                class,
                answers,
            });
        }
        Ok(Plan {
            activity,
            start_s,
            learners,
        })
    }
}

/// The guided path's stops as the lab describes them, for tests and tools outside Rust: each
/// stop's id, kind (`question`, `run` or `stepped`), right choice and choices in the buttons'
/// order, with what each button shows.
pub fn stops_json() -> serde_json::Value {
    use crate::lab::path::{Answer, Kind};
    let shows = |a: Answer| match a {
        Answer::Secs(n) => serde_json::json!({ "secs": n }),
        Answer::Rows(i, n) => serde_json::json!({ "rows": [i, n] }),
        Answer::Count(n) => serde_json::json!({ "count": n }),
        Answer::Permille(m) => serde_json::json!({ "permille": m }),
        Answer::Choice(c) => serde_json::json!({ "choice": c.as_str() }),
    };
    Stop::ALL
        .iter()
        .map(|&s| {
            let kind = match s.spec().kind {
                Kind::Question => "question",
                Kind::Run => "run",
                Kind::Stepped(_) => "stepped",
            };
            serde_json::json!({
                "id": s.as_str(),
                "kind": kind,
                "right": s.spec().right.as_str(),
                "changeable": follow::changeable(s),
                "choices": s.offers().iter().map(|o| serde_json::json!({
                    "id": o.choice.as_str(),
                    "shows": shows(o.shows),
                })).collect::<Vec<_>>(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_are_read_with_their_faults_named() {
        let ok = br#"{"activity": "https://course.example/labs/retry", "class": "https://course.example/classes/3b",
            "start": "2026-12-03T09:00:00Z",
            "learners": [{"name": "Ana", "answers": [["step_backoff", "waits-add-up"], ["step_double_v4", "naive-deduplicates", "changed"]]},
                         {"name": "Dani", "class": "https://course.example/classes/3c", "answers": []}]}"#;
        let p = Plan::parse(ok).unwrap();
        assert_eq!(p.start_s, 1_796_288_400);
        assert_eq!(
            p.learners[0].class.as_deref(),
            Some("https://course.example/classes/3b")
        );
        assert_eq!(
            p.learners[1].class.as_deref(),
            Some("https://course.example/classes/3c")
        );
        assert_eq!(
            p.learners[0].answers[1],
            Planned {
                stop: Stop::DoubleV4,
                choice: Choice::NaiveDeduplicates,
                changed: true
            }
        );
        for (text, why) in [
            (&b"{"[..], "not a plan"),
            (br#"{"activity": "nope", "learners": []}"#, "activity: not an IRI"),
            (br#"{"activity": "urn:x", "learners": [], "extra": 1}"#, "unknown field"),
            (br#"{"activity": "urn:x", "start": "yesterday", "learners": []}"#, "start:"),
            (br#"{"activity": "urn:x", "learners": [{"name": " ", "answers": []}]}"#, "learners[0].name"),
            (br#"{"activity": "urn:x", "learners": [{"name": "A", "answers": [["step_x", "y"]]}]}"#, "learners[0].answers[0]: no such stop"),
            (br#"{"activity": "urn:x", "learners": [{"name": "A", "answers": [["step_backoff", "set-state"]]}]}"#, "offers no such choice"),
            (br#"{"activity": "urn:x", "learners": [{"name": "A", "answers": [["step_backoff"]]}]}"#, "[stop, choice]"),
        ] {
            let e = Plan::parse(text).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
    }

    #[test]
    fn the_stop_table_is_the_paths() {
        let t = stops_json();
        let t = t.as_array().unwrap();
        assert_eq!(t.len(), Stop::COUNT);
        assert_eq!(t[0]["id"], "step_backoff");
        assert_eq!(
            t[0]["choices"][2],
            serde_json::json!({"id": "waits-add-up", "shows": {"secs": 210}})
        );
        let kind = |id: &str| t.iter().find(|s| s["id"] == id).unwrap()["kind"].clone();
        assert_eq!(kind("ask_redelivery"), "question");
        assert_eq!(kind("step_race"), "stepped");
    }
}

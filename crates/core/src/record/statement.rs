//! One xAPI statement, without its actor (the host fills it in and forwards the statement to
//! its record store: the lab itself never sends anything over the network). Built as a
//! [`Value`] tree with the contract's names, so every field is tested natively.
use uuid::Uuid;

use super::contract::{self, Verb as V, ATTEMPT, INTERACTION, PROGRESS, SHOWN, SIMULATION};
use crate::embed::value::Value;
use crate::lang::Lang;

/// A text in both of the lab's languages: an xAPI language map.
#[derive(Clone, Debug, PartialEq)]
pub struct Names {
    pub es: String,
    pub en: String,
}

impl Names {
    /// A text as each of the lab's languages words it.
    pub fn of(f: impl Fn(Lang) -> String) -> Names {
        Names {
            es: f(Lang::Es),
            en: f(Lang::En),
        }
    }

    /// The language map; a language without the text is left out (English, in a page that has
    /// not loaded its English texts yet).
    fn map(&self) -> Value {
        let mut map = vec![("es", s(&self.es))];
        if !self.en.is_empty() {
            map.push(("en", s(&self.en)));
        }
        obj(map)
    }
}

/// A prediction or a lesson question as a choice interaction: its choices by their stable
/// ids, with their names; the activity's right choices (the lesson's answer: an activity's
/// definition is the same in every statement about it); the learner's response; whether it was
/// right in the run it was judged by (`success`), what that run showed, and which try it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Interaction {
    pub prompt: Names,
    pub choices: Vec<(&'static str, Names)>,
    pub correct: Vec<&'static str>,
    pub response: &'static str,
    pub success: bool,
    /// The [`SHOWN`] extension's value, where the answer was judged by a run.
    pub shown: Option<Value>,
    pub attempt: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Verb {
    Initialized,
    /// A checkpoint reached, with the share of all checkpoints reached so far.
    Progressed {
        percent: u32,
    },
    /// Every challenge, or the whole path (with how many of its answers were right).
    Completed {
        score: Option<(u32, u32)>,
    },
    Answered(Interaction),
}

impl Verb {
    fn contract(&self) -> V {
        match self {
            Verb::Initialized => V::Initialized,
            Verb::Progressed { .. } => V::Progressed,
            Verb::Completed { .. } => V::Completed,
            Verb::Answered(_) => V::Answered,
        }
    }
}

/// What every statement of one visit shares.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The lab's (or the workbench's) activity IRI, as the host gave it.
    pub activity: String,
    /// One visit: the registration every statement carries.
    pub registration: Uuid,
    pub name: Names,
    pub description: Names,
    /// The class, as the host names it (an IRI): every statement's grouping activity.
    pub class: Option<String>,
}

/// What the statement is about: the activity itself, or one of its parts (a checkpoint, a stop
/// of the path) as [`contract::part_id`] names it.
pub struct Object<'a> {
    pub part: Option<&'a str>,
    pub name: &'a Names,
}

fn s(t: &str) -> Value {
    Value::Str(t.to_string())
}

fn obj(fields: Vec<(&str, Value)>) -> Value {
    Value::Obj(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// One statement, without its actor. `timestamp` is ISO 8601 from the page's clock.
pub fn statement(
    session: &Session,
    verb: &Verb,
    object: Object,
    lang: Lang,
    timestamp: &str,
) -> Value {
    let v = verb.contract();
    let (en, es) = v.display();
    let mut definition = vec![("name", object.name.map())];
    let id = match object.part {
        Some(p) => contract::part_id(&session.activity, p),
        None => session.activity.clone(),
    };
    match (verb, object.part) {
        (Verb::Answered(i), _) => {
            let choices = i
                .choices
                .iter()
                .map(|(id, c)| obj(vec![("id", s(id)), ("description", c.map())]));
            definition.extend([
                ("description", i.prompt.map()),
                ("type", s(INTERACTION)),
                ("interactionType", s("choice")),
                (
                    "correctResponsesPattern",
                    Value::List(i.correct.iter().map(|c| s(c)).collect()),
                ),
                ("choices", Value::List(choices.collect())),
            ]);
        }
        (_, None) => definition.extend([
            ("description", session.description.map()),
            ("type", s(SIMULATION)),
        ]),
        (_, Some(_)) => {}
    }
    let mut fields = vec![
        (
            "verb",
            obj(vec![
                ("id", s(&v.iri())),
                ("display", obj(vec![("en-US", s(en)), ("es", s(es))])),
            ]),
        ),
        (
            "object",
            obj(vec![
                ("objectType", s("Activity")),
                ("id", s(&id)),
                ("definition", obj(definition)),
            ]),
        ),
    ];
    let result = match verb {
        Verb::Initialized => None,
        Verb::Progressed { percent } => Some(vec![(
            "extensions",
            obj(vec![(PROGRESS, Value::Num(f64::from((*percent).min(100))))]),
        )]),
        Verb::Completed { score } => {
            let mut r = vec![("completion", Value::Bool(true))];
            if let Some((right, of)) = *score {
                let of = of.max(1);
                r.push((
                    "score",
                    obj(vec![
                        ("raw", Value::Num(f64::from(right.min(of)))),
                        ("min", Value::Num(0.0)),
                        ("max", Value::Num(f64::from(of))),
                        (
                            "scaled",
                            Value::Num(f64::from(right.min(of)) / f64::from(of)),
                        ),
                    ]),
                ));
            }
            Some(r)
        }
        Verb::Answered(i) => {
            let mut ext = vec![(ATTEMPT, Value::Num(f64::from(i.attempt.max(1))))];
            if let Some(shown) = &i.shown {
                ext.push((SHOWN, shown.clone()));
            }
            Some(vec![
                ("success", Value::Bool(i.success)),
                ("response", s(i.response)),
                ("extensions", obj(ext)),
            ])
        }
    };
    if let Some(r) = result {
        fields.push(("result", obj(r)));
    }
    let mut context = vec![
        ("registration", s(&session.registration.to_string())),
        ("language", s(lang.code())),
    ];
    let activity = |id: &str| {
        Value::List(vec![obj(vec![
            ("objectType", s("Activity")),
            ("id", s(id)),
        ])])
    };
    let mut activities = Vec::new();
    if object.part.is_some() {
        activities.push(("parent", activity(&session.activity)));
    }
    if let Some(class) = &session.class {
        activities.push(("grouping", activity(class)));
    }
    if !activities.is_empty() {
        context.push(("contextActivities", obj(activities)));
    }
    fields.push(("context", obj(context)));
    fields.push(("timestamp", s(timestamp)));
    obj(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(t: &str) -> Names {
        Names {
            es: format!("{t} (es)"),
            en: t.to_string(),
        }
    }

    fn session() -> Session {
        Session {
            activity: "https://course.example/labs/retry".into(),
            registration: Uuid::from_u128(0x1234),
            name: names("Retry lab"),
            description: names("A lab"),
            class: None,
        }
    }

    #[test]
    fn statements_carry_verb_object_result_context_and_timestamp() {
        let x = session();
        let t = "2026-11-30T08:00:00.000Z";
        let init = statement(
            &x,
            &Verb::Initialized,
            Object {
                part: None,
                name: &x.name,
            },
            Lang::Es,
            t,
        );
        assert!(init.get("actor").is_absent(), "the host fills in the actor");
        assert_eq!(
            init.get("verb").get("id").as_str(),
            Some("http://adlnet.gov/expapi/verbs/initialized")
        );
        assert_eq!(
            init.get("verb").get("display").get("es").as_str(),
            Some("inició")
        );
        let o = init.get("object");
        assert_eq!(
            o.get("id").as_str(),
            Some("https://course.example/labs/retry")
        );
        assert_eq!(
            o.get("definition").get("name").get("es").as_str(),
            Some("Retry lab (es)")
        );
        assert_eq!(
            o.get("definition").get("name").get("en").as_str(),
            Some("Retry lab")
        );
        // A name without its English (the page has not loaded it) is named in Spanish alone.
        let spanish = Names {
            es: "Laboratorio".into(),
            en: String::new(),
        };
        let only = statement(
            &x,
            &Verb::Initialized,
            Object {
                part: None,
                name: &spanish,
            },
            Lang::Es,
            t,
        );
        let name = only.get("object").get("definition").get("name");
        assert_eq!(
            (name.get("es").as_str(), name.get("en")),
            (Some("Laboratorio"), &Value::Absent)
        );
        assert_eq!(init.get("result"), &Value::Absent);
        assert_eq!(
            init.get("context").get("registration").as_str(),
            Some("00000000-0000-0000-0000-000000001234")
        );
        assert_eq!(init.get("context").get("language").as_str(), Some("es"));
        assert_eq!(init.get("timestamp").as_str(), Some(t));

        let n = names("Backoff");
        let p = statement(
            &x,
            &Verb::Progressed { percent: 140 },
            Object {
                part: Some("step_backoff"),
                name: &n,
            },
            Lang::En,
            t,
        );
        assert_eq!(
            p.get("object").get("id").as_str(),
            Some("https://course.example/labs/retry/step_backoff")
        );
        assert_eq!(
            p.get("result").get("extensions").get(PROGRESS),
            &Value::Num(100.0)
        );
        let parent = p.get("context").get("contextActivities").get("parent");
        assert!(
            matches!(parent, Value::List(l) if l[0].get("id").as_str() == Some("https://course.example/labs/retry"))
        );

        let i = Interaction {
            prompt: names("When?"),
            choices: vec![
                ("counts-initial-delivery", names("90 s")),
                ("waits-add-up", names("210 s")),
            ],
            correct: vec!["waits-add-up"],
            response: "counts-initial-delivery",
            success: false,
            shown: Some(Value::Obj(vec![(
                "choice".into(),
                Value::Str("waits-add-up".into()),
            )])),
            attempt: 2,
        };
        let a = statement(
            &x,
            &Verb::Answered(i),
            Object {
                part: Some("step_backoff"),
                name: &n,
            },
            Lang::Es,
            t,
        );
        let d = a.get("object").get("definition");
        assert_eq!(d.get("interactionType").as_str(), Some("choice"));
        assert_eq!(
            d.get("correctResponsesPattern"),
            &Value::List(vec![s("waits-add-up")])
        );
        let Value::List(choices) = d.get("choices") else {
            panic!("no choices")
        };
        assert_eq!(
            choices[0].get("id").as_str(),
            Some("counts-initial-delivery")
        );
        let r = a.get("result");
        assert_eq!(r.get("success"), &Value::Bool(false));
        assert_eq!(r.get("response").as_str(), Some("counts-initial-delivery"));
        assert_eq!(r.get("extensions").get(ATTEMPT), &Value::Num(2.0));
        assert_eq!(
            r.get("extensions").get(SHOWN).get("choice").as_str(),
            Some("waits-add-up")
        );
        assert!(
            a.get("context")
                .get("contextActivities")
                .get("grouping")
                .is_absent(),
            "no class named, no grouping"
        );
        // A class the host names groups every statement, parts and the lab alike.
        let class = Session {
            class: Some("https://course.example/classes/2026-b".into()),
            ..x.clone()
        };
        for part in [None, Some("step_backoff")] {
            let st = statement(
                &class,
                &Verb::Initialized,
                Object { part, name: &n },
                Lang::Es,
                t,
            );
            let g = st.get("context").get("contextActivities").get("grouping");
            assert!(
                matches!(g, Value::List(l) if l[0].get("id").as_str() == Some("https://course.example/classes/2026-b")),
                "{part:?}: {g:?}"
            );
        }

        let c = statement(
            &x,
            &Verb::Completed {
                score: Some((9, 12)),
            },
            Object {
                part: None,
                name: &x.name,
            },
            Lang::Es,
            t,
        );
        assert_eq!(c.get("result").get("completion"), &Value::Bool(true));
        assert_eq!(
            c.get("result").get("score").get("scaled"),
            &Value::Num(0.75)
        );
    }
}

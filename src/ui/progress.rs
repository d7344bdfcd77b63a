//! What the host hears of the learner's progress, as a pure function of the lab and of what
//! one action reached: checkpoints, completion, and, with xAPI, the statements about them.
//! No browser here, so it is tested natively; `host` posts what it returns. The xAPI pieces
//! (names in both languages, the session, a statement about a part) serve the workbench too.
use super::text::Texts;
use crate::embed::protocol::Outgoing;
use crate::embed::xapi::{self, Interaction, Names, Object, Session, Verb};
use crate::lab::checkpoints::{Challenge, Stop};
use crate::lab::{Effects, Lab};
use crate::lang::Lang;

/// A text in both languages, from how one language's `table` words it; in a language whose
/// table the page has not loaded (`table` gives None), empty, and left out.
pub fn names_in<T: 'static>(
    table: fn(Lang) -> Option<&'static T>,
    f: &dyn Fn(&'static T) -> String,
) -> Names {
    Names::of(|l| table(l).map_or_else(String::new, f))
}

/// The lab's table in a language, once the page has it (English comes as a file).
fn lab_table(l: Lang) -> Option<&'static Texts> {
    l.ready().then(|| l.t())
}

/// A text in both languages, from how one language's lab table words it.
pub fn in_both(f: &dyn Fn(&'static Texts) -> String) -> Names {
    names_in(lab_table, f)
}

/// What every statement of one visit shares: the activity as the host gave it, a fresh
/// registration, the class, and the activity's name and description from `table`.
pub fn session<T: 'static>(
    table: fn(Lang) -> Option<&'static T>,
    activity: String,
    registration: uuid::Uuid,
    class: Option<String>,
    name: fn(&'static T) -> &'static str,
    description: fn(&'static T) -> &'static str,
) -> Session {
    Session {
        activity,
        registration,
        name: names_in(table, &|t| name(t).into()),
        description: names_in(table, &|t| description(t).into()),
        class,
    }
}

/// The lab's session: its title and subtitle.
pub fn lab_session(activity: String, registration: uuid::Uuid, class: Option<String>) -> Session {
    session(
        lab_table,
        activity,
        registration,
        class,
        |t| t.title,
        |t| t.subtitle,
    )
}

/// What a statement is about: its id under the activity, and how to name it (worded only
/// when a statement is made).
pub type Part<'a> = (&'a str, &'a dyn Fn() -> Names);

/// Statements of one visit in `lang`, sent with `timestamp`, if the host gave an activity.
pub struct Statements<'a> {
    pub session: Option<&'a Session>,
    pub lang: Lang,
    pub timestamp: &'a str,
}

impl Statements<'_> {
    /// About the activity itself (`part` None) or one of its parts.
    pub fn about(&self, verb: &Verb, part: Option<Part>, out: &mut Vec<Outgoing>) {
        let Some(session) = self.session else { return };
        let name = part.map(|(_, f)| f());
        let object = Object {
            part: part.map(|(id, _)| id),
            name: name.as_ref().unwrap_or(&session.name),
        };
        let statement = xapi::statement(session, verb, object, self.lang, self.timestamp);
        out.push(Outgoing::Xapi { statement });
    }
}

/// The host learns the lab is ready (and, with xAPI, that the learner began).
pub fn ready(lab: &Lab, session: Option<&Session>, timestamp: &str) -> Vec<Outgoing> {
    let mut out = vec![Outgoing::Ready { lang: lab.lang }];
    let s = Statements {
        session,
        lang: lab.lang,
        timestamp,
    };
    s.about(&Verb::Initialized, None, &mut out);
    out
}

/// What the learner reached with one action: a checkpoint for each new challenge and for a
/// passed stop, `completed` once every challenge or every stop is reached, and, with xAPI,
/// the statements for them (progressed, answered, completed).
pub fn messages(
    lab: &Lab,
    fx: &Effects,
    session: Option<&Session>,
    timestamp: &str,
) -> Vec<Outgoing> {
    let mut out = Vec::new();
    let s = Statements {
        session,
        lang: lab.lang,
        timestamp,
    };
    let total = (Challenge::COUNT + Stop::COUNT) as u32;
    let percent = ((lab.challenges.len() + lab.path.passed().len()) as u32 * 100) / total;
    let progressed = Verb::Progressed { percent };
    for &c in &fx.challenges {
        out.push(Outgoing::Checkpoint { id: c.as_str() });
        let name = move || in_both(&|t| t.challenge(c).to_string());
        s.about(&progressed, Some((c.as_str(), &name)), &mut out);
    }
    let stop = lab.path.stop();
    if let Some(stop) = fx.passed {
        out.push(Outgoing::Checkpoint { id: stop.as_str() });
    }
    // Every result is an answer, the first try and each later one.
    if let (true, Some((said, saw)), Some(_)) = (fx.result, lab.path.result(), session) {
        let name = move || in_both(&|t| t.path.stop(stop).title.to_string());
        let offers = stop.offers();
        // The right choice is what the run showed (the lesson's answer if no button shows it).
        let correct = stop.offering(saw).map_or(stop.spec().right, |o| o.choice);
        let response = stop.offering(said).map_or(correct, |o| o.choice);
        let interaction = Interaction {
            prompt: in_both(&|t| t.stop_text(stop).prompt.to_string()),
            choices: offers
                .iter()
                .map(|o| (o.choice.as_str(), in_both(&|t| t.path_answer(o.shows))))
                .collect(),
            correct: correct.as_str(),
            response: response.as_str(),
            attempt: u32::from(lab.path.tries(stop)),
        };
        s.about(
            &Verb::Answered(interaction),
            Some((stop.as_str(), &name)),
            &mut out,
        );
    }
    if let Some(stop) = fx.passed {
        let name = move || in_both(&|t| t.path.stop(stop).title.to_string());
        s.about(&progressed, Some((stop.as_str(), &name)), &mut out);
    }
    if !fx.challenges.is_empty() && lab.challenges.len() == Challenge::COUNT {
        out.push(Outgoing::Completed {
            checkpoints: Challenge::NAMES.to_vec(),
        });
        s.about(&Verb::Completed { score: None }, None, &mut out);
    }
    if fx.passed.is_some() && lab.path.finished() {
        out.push(Outgoing::Completed {
            checkpoints: Stop::NAMES.to_vec(),
        });
        let score = Some((lab.path.right().len() as u32, Stop::COUNT as u32));
        s.about(&Verb::Completed { score }, None, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::value::Value;
    use crate::lab::path::{Choice, PathAction};
    use crate::lab::Action;
    use crate::lang::Lang;
    use crate::sim::Config;

    fn session() -> Session {
        lab_session(
            "https://course.example/labs/retry".into(),
            uuid::Uuid::nil(),
            None,
        )
    }

    fn kinds(out: &[Outgoing]) -> Vec<String> {
        out.iter()
            .map(|m| match m {
                Outgoing::Checkpoint { id } => format!("checkpoint {id}"),
                Outgoing::Completed { checkpoints } => format!("completed {}", checkpoints.len()),
                Outgoing::Xapi { statement } => {
                    let verb = statement.get("verb").get("id").as_str().unwrap_or("?");
                    format!("xapi {}", verb.rsplit('/').next().unwrap_or(verb))
                }
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_question_answered_is_a_checkpoint_and_with_xapi_an_answer_and_progress() {
        let mut lab = Lab::new(Config::default(), Lang::Es);
        lab.apply(Action::Path(PathAction::Go(Stop::AskNatural)));
        let fx = lab.apply(Action::Path(PathAction::Predict(Choice::SetStatus)));
        assert_eq!(fx.passed, Some(Stop::AskNatural));
        assert_eq!(
            kinds(&messages(&lab, &fx, None, "t")),
            ["checkpoint ask_natural"]
        );
        let with = messages(&lab, &fx, Some(&session()), "2026-12-01T10:00:00Z");
        assert_eq!(
            kinds(&with),
            ["checkpoint ask_natural", "xapi answered", "xapi progressed"]
        );
        let Outgoing::Xapi { statement } = &with[1] else {
            panic!()
        };
        let result = statement.get("result");
        assert_eq!(result.get("success"), &Value::Bool(true));
        assert_eq!(
            statement.get("timestamp").as_str(),
            Some("2026-12-01T10:00:00Z")
        );
        // Named by ids, never by places: the stop, its choices, the answer and the right one.
        assert_eq!(
            statement.get("object").get("id").as_str(),
            Some("https://course.example/labs/retry/ask_natural")
        );
        assert_eq!(result.get("response").as_str(), Some("set-state"));
        let d = statement.get("object").get("definition");
        assert_eq!(
            d.get("correctResponsesPattern"),
            &Value::List(vec![Value::Str("set-state".into())])
        );
        let Value::List(choices) = d.get("choices") else {
            panic!("no choices")
        };
        let ids: Vec<_> = choices.iter().map(|c| c.get("id").as_str()).collect();
        assert_eq!(
            ids,
            Stop::AskNatural
                .offers()
                .iter()
                .map(|o| Some(o.choice.as_str()))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            result.get("extensions").get(xapi::ATTEMPT),
            &Value::Num(1.0)
        );
        // A later try at the same stop is an answer too, and says it is the second.
        lab.apply(Action::Path(PathAction::Go(Stop::AskNatural)));
        let fx = lab.apply(Action::Path(PathAction::Predict(Choice::SendEmail)));
        // The host is told (the page skips actions that tell it nothing).
        assert!(fx.tells_host(), "a later try's result: {fx:?}");
        let again = messages(&lab, &fx, Some(&session()), "t");
        assert_eq!(
            kinds(&again),
            ["xapi answered"],
            "passed once, checkpoint once"
        );
        let Outgoing::Xapi { statement } = &again[0] else {
            panic!()
        };
        let result = statement.get("result");
        assert_eq!(result.get("success"), &Value::Bool(false));
        assert_eq!(result.get("response").as_str(), Some("email-is-idempotent"));
        assert_eq!(
            result.get("extensions").get(xapi::ATTEMPT),
            &Value::Num(2.0)
        );
        // Nothing reached, nothing said.
        let fx = lab.apply(Action::Tick(10.0));
        assert!(!fx.tells_host());
        assert!(messages(&lab, &fx, Some(&session()), "t").is_empty());
    }

    #[test]
    fn the_last_stop_completes_the_path_with_a_score() {
        let mut lab = Lab::new(Config::default(), Lang::En);
        let before: crate::named::Set<Stop> =
            Stop::ALL[..Stop::COUNT - 1].iter().copied().collect();
        lab.path.restore(crate::lab::path::Progress {
            passed: before,
            right: before,
            ..Default::default()
        });
        let last = Stop::ALL[Stop::COUNT - 1];
        lab.apply(Action::Path(PathAction::Go(last)));
        let fx = lab.apply(Action::Path(PathAction::Predict(last.offers()[0].choice)));
        let out = messages(&lab, &fx, Some(&session()), "t");
        assert_eq!(
            kinds(&out),
            [
                "checkpoint ask_at_least_once",
                "xapi answered",
                "xapi progressed",
                &format!("completed {}", Stop::COUNT),
                "xapi completed"
            ]
        );
        let Outgoing::Xapi { statement } = out.last().unwrap() else {
            panic!()
        };
        let score = statement.get("result").get("score");
        assert_eq!(
            score.get("raw"),
            &Value::Num((Stop::COUNT - 1) as f64),
            "the last answer was wrong"
        );
        assert_eq!(ready(&lab, None, "t"), [Outgoing::Ready { lang: Lang::En }]);
    }
}

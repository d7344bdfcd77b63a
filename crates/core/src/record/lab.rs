//! What the host hears of the lab, as a pure function of the lab and of what one action
//! reached: checkpoints, completion and, with xAPI, the statements about them. An answer is
//! the reducer's one [`Verdict`], written down: nothing here judges it again. The page only
//! supplies the words ([`Words`], from its text tables) and posts what this returns.
use super::contract::{UNOFFERED, WORKBENCH_PREDICT};
use super::statement::{statement, Interaction, Names, Object, Session, Verb};
use crate::embed::protocol::Outgoing;
use crate::embed::value::Value;
use crate::lab::checkpoints::{Challenge, Stop};
use crate::lab::path::{Answer, Shown, Verdict};
use crate::lab::workbench::{Guess, Milestone, WbVerdict};
use crate::lab::{Effects, Lab};
use crate::lang::Lang;

/// How the page names what the lab's statements are about, in both languages (a language whose
/// texts the page has not loaded yet is left empty, and so out of the statement).
pub trait Words {
    /// The lab's title and what it is about: the activity's name and description.
    fn lab(&self) -> (Names, Names);
    fn stop_title(&self, stop: Stop) -> Names;
    fn stop_prompt(&self, stop: Stop) -> Names;
    /// A choice as its button shows it.
    fn answer(&self, shows: Answer) -> Names;
    fn challenge(&self, c: Challenge) -> Names;
}

/// The lab's session: what every statement of one visit shares.
pub fn session(
    activity: String,
    registration: uuid::Uuid,
    class: Option<String>,
    words: &dyn Words,
) -> Session {
    let (name, description) = words.lab();
    Session {
        activity,
        registration,
        name,
        description,
        class,
    }
}

/// Statements of one visit in `lang`, sent with `timestamp`, if the host gave an activity.
pub struct Statements<'a> {
    pub session: Option<&'a Session>,
    pub lang: Lang,
    pub timestamp: &'a str,
}

impl Statements<'_> {
    /// About the activity itself (`part` None) or one of its parts, named by `name`.
    pub fn about(&self, verb: &Verb, part: Option<(&str, Names)>, out: &mut Vec<Outgoing>) {
        let Some(session) = self.session else { return };
        let (part, name) = match part {
            Some((id, name)) => (Some(id), name),
            None => (None, session.name.clone()),
        };
        let object = Object { part, name: &name };
        let statement = statement(session, verb, object, self.lang, self.timestamp);
        out.push(Outgoing::Xapi { statement });
    }
}

/// The [`SHOWN`](super::contract::SHOWN) extension's value for what a run showed.
pub fn shown(s: Shown) -> Value {
    let num = |n: u64| Value::Num(n as f64);
    let one = |k: &str, v: Value| Value::Obj(vec![(k.to_string(), v)]);
    let value = |a: Answer| match a {
        Answer::Secs(n) => one("secs", num(n)),
        Answer::Rows(i, n) => one("rows", Value::List(vec![num(i), num(n)])),
        Answer::Count(n) => one("count", num(n)),
        Answer::Permille(m) => one("permille", num(u64::from(m))),
        Answer::Choice(c) => one("choice", Value::Str(c.as_str().into())),
    };
    match s {
        Shown::Choice(c) => value(Answer::Choice(c)),
        Shown::Unoffered(a) => one(UNOFFERED, value(a)),
    }
}

/// A stop's verdict as a choice interaction: the stop's choices in the order its buttons show
/// them, the lesson's answer as the activity's right one, and the verdict as the result.
pub fn interaction(v: &Verdict, words: &dyn Words) -> Interaction {
    let stop = v.stop;
    Interaction {
        prompt: words.stop_prompt(stop),
        choices: stop
            .offers()
            .iter()
            .map(|o| (o.choice.as_str(), words.answer(o.shows)))
            .collect(),
        correct: vec![stop.spec().right.as_str()],
        response: v.said.as_str(),
        success: v.right(),
        shown: Some(shown(v.shown)),
        attempt: u32::from(v.attempt),
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
    words: &dyn Words,
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
        if session.is_some() {
            s.about(
                &progressed,
                Some((c.as_str(), words.challenge(c))),
                &mut out,
            );
        }
    }
    if let Some(stop) = fx.passed {
        out.push(Outgoing::Checkpoint { id: stop.as_str() });
    }
    // Every verdict is an answer, the first try and each later one.
    if let (Some(v), Some(_)) = (&fx.verdict, session) {
        let part = (v.stop.as_str(), words.stop_title(v.stop));
        s.about(&Verb::Answered(interaction(v, words)), Some(part), &mut out);
    }
    if let (Some(stop), Some(_)) = (fx.passed, session) {
        s.about(
            &progressed,
            Some((stop.as_str(), words.stop_title(stop))),
            &mut out,
        );
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

/// How the workbench's page names what its statements are about.
pub trait WbWords {
    fn title(&self) -> Names;
    fn predict(&self) -> Names;
    fn guess(&self, g: Guess) -> Names;
    fn milestone(&self, m: Milestone) -> Names;
}

/// What one workbench action tells the host: a checkpoint for each new milestone; with xAPI,
/// `answered` for a prediction checked (a choice over the four guesses, every guess the
/// checker proved right being a right response) and `progressed` for each milestone.
pub fn workbench_messages(
    verdict: Option<&WbVerdict>,
    milestones: &[Milestone],
    reached: usize,
    s: &Statements,
    words: &dyn WbWords,
) -> Vec<Outgoing> {
    let mut out: Vec<Outgoing> = milestones
        .iter()
        .map(|m| Outgoing::Checkpoint { id: m.as_str() })
        .collect();
    if s.session.is_none() {
        return out;
    }
    if let Some(v) = verdict {
        let interaction = Interaction {
            prompt: words.predict(),
            choices: Guess::ALL
                .iter()
                .map(|&g| (g.as_str(), words.guess(g)))
                .collect(),
            correct: v.right_guesses.iter().map(|g| g.as_str()).collect(),
            response: v.guess.as_str(),
            success: v.right(),
            shown: None,
            attempt: v.attempt,
        };
        s.about(
            &Verb::Answered(interaction),
            Some((WORKBENCH_PREDICT, words.title())),
            &mut out,
        );
    }
    let percent = (reached * 100 / Milestone::COUNT) as u32;
    for &m in milestones {
        s.about(
            &Verb::Progressed { percent },
            Some((m.as_str(), words.milestone(m))),
            &mut out,
        );
    }
    out
}

//! What the host hears of the consumer workbench, as a pure function of its state and of what
//! one action returned: a checkpoint per milestone and, with xAPI, the statements (answered
//! for a verdict predicted, progressed for a milestone), made with the lab's own pieces
//! (`ui::progress`). Tested natively; the workbench's view posts what it returns.
use super::progress::{names_in, Statements};
use super::text::{Lang, WbTexts};
use crate::embed::protocol::Outgoing;
use crate::embed::xapi::{Interaction, Names, Session, Verb};
use crate::lab::workbench::{Guess, Milestone, WbEffects, Workbench};

/// The workbench's texts are in its module in both languages.
fn table(l: Lang) -> Option<&'static WbTexts> {
    Some(l.wb())
}

fn in_both(f: &dyn Fn(&'static WbTexts) -> String) -> Names {
    names_in(table, f)
}

/// The xAPI session of one visit to the workbench: its title and introduction.
pub fn session(activity: String, registration: uuid::Uuid) -> Session {
    super::progress::session(
        table,
        activity,
        registration,
        None,
        |t| t.title,
        |t| t.intro,
    )
}

/// What one action tells the host: a checkpoint for each new milestone; with xAPI, `answered`
/// for a verdict predicted (a choice over the four guesses; the right one is the guess when it
/// was right, else what the checker found first) and `progressed` for each milestone (with the
/// share reached).
pub fn messages(
    wb: &Workbench,
    fx: &WbEffects,
    session: Option<&Session>,
    timestamp: &str,
) -> Vec<Outgoing> {
    let mut out: Vec<Outgoing> = fx
        .milestones
        .iter()
        .map(|m| Outgoing::Checkpoint { id: m.as_str() })
        .collect();
    let s = Statements {
        session,
        lang: wb.lang,
        timestamp,
    };
    let title = || in_both(&|t| t.title.into());
    if let (Some((guess, right)), Some(c)) = (fx.answered, &wb.checked) {
        let correct = if right {
            guess
        } else {
            let first = c.report.failures.first().copied();
            Guess::ALL
                .iter()
                .copied()
                .find(|g| g.failure() == first)
                .unwrap_or(Guess::Safe)
        };
        let interaction = Interaction {
            prompt: in_both(&|t| t.predict.into()),
            choices: Guess::ALL
                .iter()
                .map(|&g| (g.as_str(), in_both(&|t| t.guesses[g as usize].into())))
                .collect(),
            correct: correct.as_str(),
            response: guess.as_str(),
            attempt: wb.tries,
        };
        s.about(
            &Verb::Answered(interaction),
            Some(("predict", &title)),
            &mut out,
        );
    }
    let percent = (wb.reached.len() * 100 / Milestone::COUNT) as u32;
    for &m in &fx.milestones {
        let name = move || in_both(&|t| t.milestones[m as usize].into());
        s.about(
            &Verb::Progressed { percent },
            Some((m.as_str(), &name)),
            &mut out,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::value::Value;
    use crate::lab::workbench::WbAction;
    use crate::sim::workbench::{Effect, Program};

    fn checked(steps: &str, effect: &str, guess: Guess) -> (Workbench, WbEffects) {
        let mut wb = Workbench::new(Lang::Es, Program::parse(steps, effect));
        wb.apply(WbAction::Predict(guess));
        let fx = wb.apply(WbAction::Check);
        (wb, fx)
    }

    fn statements(out: Vec<Outgoing>) -> Vec<Value> {
        out.into_iter()
            .filter_map(|m| match m {
                Outgoing::Xapi { statement } => Some(statement),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_right_safe_verdict_is_a_checkpoint_answered_and_progressed() {
        let s = session("https://course.example/wb".into(), uuid::Uuid::nil());
        let (wb, fx) = checked("begin,insert,apply,commit,ack", "add", Guess::Safe);
        let out = messages(&wb, &fx, Some(&s), "2026-12-01T00:00:00Z");
        assert_eq!(
            out[0],
            Outgoing::Checkpoint {
                id: "workbench_balance_safe"
            }
        );
        let st = statements(out);
        assert_eq!(st.len(), 2);
        let verb = |v: &Value| v.get("verb").get("id").as_str().unwrap_or("").to_string();
        assert!(verb(&st[0]).ends_with("/answered"));
        assert_eq!(st[0].get("result").get("success"), &Value::Bool(true));
        assert_eq!(
            st[0].get("object").get("id").as_str(),
            Some("https://course.example/wb/predict")
        );
        assert!(verb(&st[1]).ends_with("/progressed"));
        assert_eq!(
            st[1].get("object").get("id").as_str(),
            Some("https://course.example/wb/workbench_balance_safe")
        );
        // Without xAPI the host still hears the checkpoint.
        assert_eq!(messages(&wb, &fx, None, "t").len(), 1);
    }

    #[test]
    fn a_wrong_guess_is_answered_with_what_the_checker_found() {
        let s = session("urn:x".into(), uuid::Uuid::nil());
        let (mut wb, fx) = checked("apply,ack", "add", Guess::Safe);
        let st = statements(messages(&wb, &fx, Some(&s), "t"));
        assert_eq!(st.len(), 1);
        assert_eq!(st[0].get("result").get("success"), &Value::Bool(false));
        let pattern = st[0]
            .get("object")
            .get("definition")
            .get("correctResponsesPattern");
        let double = Guess::DoubleEffect.as_str().to_string();
        assert_eq!(pattern, &Value::List(vec![Value::Str(double)]));
        assert_eq!(
            st[0].get("result").get("response").as_str(),
            Some(Guess::Safe.as_str())
        );
        // Edits and a check without a prediction say nothing.
        let fx = wb.apply(WbAction::SetEffect(Effect::Set));
        assert!(messages(&wb, &fx, Some(&s), "t").is_empty());
        let fx = wb.apply(WbAction::Check);
        assert!(messages(&wb, &fx, Some(&s), "t").is_empty());
    }
}

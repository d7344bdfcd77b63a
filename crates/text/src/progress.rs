//! The words of the lab's statements: the record (`retry_lab_core::record`) decides what the host hears
//! and builds every statement; this names their parts in both languages from the page's text
//! tables, for the lab and for the workbench.
use crate::Tables;
use crate::{Texts, WbTexts};
use retry_lab_core::lab::checkpoints::{Challenge, Stop};
use retry_lab_core::lab::path::Answer;
use retry_lab_core::lab::workbench::{Guess, Milestone};
use retry_lab_core::lang::Lang;
use retry_lab_core::record::{Names, Session, WbWords, Words};

/// A text in both languages, from how one language's `table` words it; in a language whose
/// table the page has not loaded (`table` gives None), empty, and left out.
fn names_in<T: 'static>(
    table: fn(Lang) -> Option<&'static T>,
    f: &dyn Fn(&'static T) -> String,
) -> Names {
    Names::of(|l| table(l).map_or_else(String::new, f))
}

/// The lab's table in a language, once the page has it (English comes as a file).
fn lab_table(l: Lang) -> Option<&'static Texts> {
    l.ready().then(|| l.t())
}

/// The lab's words, from its text tables.
pub struct LabWords;

impl LabWords {
    fn both(&self, f: &dyn Fn(&'static Texts) -> String) -> Names {
        names_in(lab_table, f)
    }
}

impl Words for LabWords {
    fn lab(&self) -> (Names, Names) {
        (
            self.both(&|t| t.title.into()),
            self.both(&|t| t.subtitle.into()),
        )
    }
    fn stop_title(&self, stop: Stop) -> Names {
        self.both(&|t| t.path.stop(stop).title.to_string())
    }
    fn stop_prompt(&self, stop: Stop) -> Names {
        self.both(&|t| t.stop_text(stop).prompt.to_string())
    }
    fn answer(&self, shows: Answer) -> Names {
        self.both(&|t| t.path_answer(shows))
    }
    fn challenge(&self, c: Challenge) -> Names {
        self.both(&|t| t.challenge(c).to_string())
    }
}

/// The lab's session: its title and subtitle, a fresh registration, the class.
pub fn lab_session(activity: String, registration: uuid::Uuid, class: Option<String>) -> Session {
    retry_lab_core::record::session(activity, registration, class, &LabWords)
}

/// The workbench's words: its texts are in its module in both languages.
pub struct WorkbenchWords;

fn wb_table(l: Lang) -> Option<&'static WbTexts> {
    Some(l.wb())
}

impl WbWords for WorkbenchWords {
    fn title(&self) -> Names {
        names_in(wb_table, &|t| t.title.into())
    }
    fn predict(&self) -> Names {
        names_in(wb_table, &|t| t.predict.into())
    }
    fn guess(&self, g: Guess) -> Names {
        names_in(wb_table, &|t| t.guesses[g as usize].into())
    }
    fn milestone(&self, m: Milestone) -> Names {
        names_in(wb_table, &|t| t.milestones[m as usize].into())
    }
}

/// The workbench's session: its title and introduction (its activity is under the lab's).
pub fn workbench_session(activity: String, registration: uuid::Uuid) -> Session {
    Session {
        activity,
        registration,
        name: names_in(wb_table, &|t| t.title.into()),
        description: names_in(wb_table, &|t| t.intro.into()),
        class: None,
    }
}

/// The lab's own names of its stops (title, question) and of the choices it words: the
/// report's names for what the lab knows, whatever a statement says (see
/// [`retry_lab_report::Catalogue`]). A choice shown as a number is named by its statements (what
/// that learner saw), and by [`namer`] for its belief.
pub fn catalogue(stop: &str, part: retry_lab_report::Part) -> Option<retry_lab_report::Names> {
    use retry_lab_core::lab::path::{Choice, Stop};
    use retry_lab_report::Part;
    let st = Stop::from_name(stop)?;
    let words = LabWords;
    let names = match part {
        Part::Name => words.stop_title(st),
        Part::Question => words.stop_prompt(st),
        Part::Choice(c) => {
            let shows = st.offer(Choice::from_name(c)?)?.shows;
            if !matches!(shows, Answer::Choice(_)) {
                return None;
            }
            words.answer(shows)
        }
    };
    let names = retry_lab_report::Names::new(&names.es, &names.en);
    (names.es.is_some() || names.en.is_some()).then_some(names)
}

/// The belief behind a choice, by (stop id, choice id), from the lab's own catalogue: every
/// wrong choice, and every choice a stop shows as a number («90 s», «1 fila»), is named by what
/// it believes («Cree que el hub reintenta sin fin»), never by its button's words («Los dos»,
/// «Ninguno»), which mean nothing away from the stop. A right choice shown in words, or one this
/// lab does not know (a statement from another version), keeps the statements' description.
pub fn namer(stop: &str, choice: &str) -> Option<retry_lab_report::Names> {
    use retry_lab_core::lab::path::{Choice, Stop};
    let (stop, choice) = (Stop::from_name(stop)?, Choice::from_name(choice)?);
    stop.offer(choice)?;
    let es = crate::teacher_texts(Lang::Es).belief(choice)?;
    let en = crate::teacher_texts(Lang::En).belief(choice)?;
    Some(retry_lab_report::Names::new(es, en))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::first_try;
    use retry_lab_report::{Filter, Part, Report};
    use serde_json::json;

    #[test]
    fn the_labs_own_names_win_over_any_statements() {
        let title = catalogue("step_backoff", Part::Name).expect("the lab names its stops");
        assert_eq!(catalogue("not_a_stop", Part::Name), None);
        // One learner's statement arrives first and renames the stop, its question and a choice.
        let mut hostile = first_try("mallory", "step_backoff", "only-its-own-wait", 1);
        hostile["object"]["definition"]["name"] = json!({"es": "RENOMBRADO", "en": "RENAMED"});
        hostile["object"]["definition"]["description"] = json!({"es": "¿Pregunta falsa?"});
        let honest = first_try("ana", "step_backoff", "only-its-own-wait", 2);
        let mut r = Report::new(Filter::default()).with_catalogue(catalogue);
        r.feed(&[hostile.clone(), honest.clone()]);
        let s = &r.stops()[0];
        assert_eq!(*s.name, title, "the lab's title, not the first statement's");
        assert_eq!(
            Some(s.question.clone()),
            catalogue("step_backoff", Part::Question)
        );
        assert_ne!(s.question.get(Lang::Es), Some("¿Pregunta falsa?"));
        // Without a catalogue (a report of statements alone), the statements name it.
        let mut r = Report::new(Filter::default());
        r.feed(&[hostile, honest]);
        assert_eq!(r.stops()[0].name.get(Lang::Es), Some("RENOMBRADO"));
    }
}

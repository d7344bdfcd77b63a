//! The words of the lab's statements: the record (`crate::record`) decides what the host hears
//! and builds every statement; this names their parts in both languages from the page's text
//! tables, for the lab and for the workbench.
use super::text::{Texts, WbTexts};
use crate::lab::checkpoints::{Challenge, Stop};
use crate::lab::path::Answer;
use crate::lab::workbench::{Guess, Milestone};
use crate::lang::Lang;
use crate::record::{Names, Session, WbWords, Words};

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
    crate::record::session(activity, registration, class, &LabWords)
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

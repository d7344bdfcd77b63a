//! The keys of the teacher's page's texts: one table per language (`ui/text/teacher_es.rs`, the
//! default, and `teacher_en.rs`), both in the teacher's module (a learner never loads it). A
//! struct literal per language, so a table that misses a key does not compile.
use crate::lab::path::Choice;
use crate::lang::Lang;
use crate::report::Skip;

/// Why a read stopped short, each with its own sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// 401: the key or secret is wrong.
    WrongKey,
    /// 403: the key may not read statements.
    Forbidden,
    /// 404: no statements resource at that address.
    NotFound,
    /// 5xx, with the status.
    Server(u16),
    /// Another status that is no page of statements.
    Status(u16),
    /// No answer at all: the address does not answer, or the store refuses this page (CORS).
    Unreachable,
    /// An answer that is not a statements page.
    Shape,
    /// The store's `more` points at another origin (where the key is not sent).
    ForeignMore(String),
    /// The store gave the same `more` twice.
    Loop,
    BadEndpoint,
    NoActivity,
    BadSince,
    /// A file: nothing in it.
    FileEmpty,
    /// A file that does not start as statements do: its first character.
    NotStatements(char),
    /// A file with something after its statements, at this byte.
    Trailing(u64),
    /// A file that ends inside a statement.
    Truncated,
    FileUnreadable,
}

pub struct TeacherTexts {
    pub title: &'static str,
    pub intro: &'static str,
    pub language: &'static str,
    pub source_heading: &'static str,
    pub store_heading: &'static str,
    pub store_hint: &'static str,
    pub endpoint: &'static str,
    pub key: &'static str,
    pub secret: &'static str,
    pub activity: &'static str,
    pub activity_hint: &'static str,
    pub class: &'static str,
    pub since: &'static str,
    pub read_store: &'static str,
    pub file_heading: &'static str,
    pub file_hint: &'static str,
    pub pick_file: &'static str,
    pub stop: &'static str,
    /// `{0}` statements, `{1}` pages.
    pub reading_store: &'static str,
    /// `{0}` the file's name, `{1}` and `{2}` how much of how much.
    pub reading_file: &'static str,
    /// `{0}` statements read, `{1}` answers, `{2}` learners, `{3}` seconds.
    pub done: &'static str,
    /// `{0}` statements read so far.
    pub stopped: &'static str,
    /// `{0}`: the list of reasons.
    pub skipped: &'static str,
    /// By [`Skip`]: `{0}` how many.
    pub skip_reasons: [&'static str; Skip::COUNT],
    /// `{0}`: an object id of another activity.
    pub other_activity_example: &'static str,
    /// `{0}`: how many statements were read.
    pub none_here: &'static str,
    pub nothing_yet: &'static str,
    pub wrong_key: &'static str,
    pub forbidden: &'static str,
    pub not_found: &'static str,
    /// `{0}`: the status.
    pub server: &'static str,
    /// `{0}`: the status.
    pub status: &'static str,
    /// `{0}`: this page's origin.
    pub unreachable: &'static str,
    pub shape: &'static str,
    /// `{0}`: where the store pointed.
    pub foreign_more: &'static str,
    pub repeated_more: &'static str,
    pub bad_endpoint: &'static str,
    pub no_activity: &'static str,
    pub bad_since: &'static str,
    pub file_empty: &'static str,
    /// `{0}` the file, `{1}` its first character.
    pub not_statements: &'static str,
    /// `{0}` the file, `{1}` the byte.
    pub trailing: &'static str,
    /// `{0}` the file.
    pub truncated: &'static str,
    /// `{0}` the file.
    pub unreadable: &'static str,
    /// `{0}` learners, `{1}` answers, `{2}` stops.
    pub summary: &'static str,
    pub misconceptions_heading: &'static str,
    pub misconceptions_intro: &'static str,
    pub no_misconceptions: &'static str,
    pub one_learner: &'static str,
    /// `{0}`: how many (two or more).
    pub learners_n: &'static str,
    /// `{0}`: the stops' names.
    pub at_stops: &'static str,
    pub stops_heading: &'static str,
    /// `{0}`: how many.
    pub answered: &'static str,
    /// `{0}` how many, `{1}` percent.
    pub first_right: &'static str,
    /// `{0}`: how many.
    pub retried: &'static str,
    pub right_choice: &'static str,
    /// `{0}`: later answers choosing it.
    pub later: &'static str,
    /// `{0}`: how many.
    pub who: &'static str,
    /// `{0}`: how many names are not listed.
    pub who_more: &'static str,
    /// `{0}`: a stop's id the lab does not know.
    pub new_stop: &'static str,
    pub learners_heading: &'static str,
    pub learners_intro: &'static str,
    /// `{0}`: how many more.
    pub show_more: &'static str,
    /// `{0}`: tries at a stop (two or more).
    pub tries: &'static str,
    pub right_mark: &'static str,
    pub wrong_mark: &'static str,
    pub anonymise: &'static str,
    /// `{0}`: the learner's number.
    pub anonymous: &'static str,
    pub project: &'static str,
    pub end_project: &'static str,
    pub export: &'static str,
    /// learner, stop, stop's name, first answer, its text, right, answers.
    pub csv_header: [&'static str; 7],
    pub yes: &'static str,
    pub no: &'static str,
    pub csv_name: &'static str,
    /// The belief a choice stands for, for the choices a stop's button shows as a number (a
    /// moment, rows, a count, a share): the statements describe those by the number alone,
    /// which says nothing to a teacher. A choice shown in its own words is not listed (a test
    /// checks that every numbered one is, in both languages).
    pub beliefs: &'static [(Choice, &'static str)],
}

/// The teacher's texts in `lang`.
pub fn texts(lang: Lang) -> &'static TeacherTexts {
    match lang {
        Lang::Es => &crate::ui::text::teacher_es::TEACHER_ES,
        Lang::En => &crate::ui::text::teacher_en::TEACHER_EN,
    }
}

impl TeacherTexts {
    /// The belief behind `c`, if it is one shown as a number (see `beliefs`).
    pub fn belief(&self, c: Choice) -> Option<&'static str> {
        self.beliefs
            .iter()
            .find(|(b, _)| *b == c)
            .map(|&(_, text)| text)
    }

    /// "1 learner", "3 learners".
    pub fn learners(&self, n: u32) -> String {
        if n == 1 {
            self.one_learner.to_string()
        } else {
            crate::lang::fill(self.learners_n, &[&n.to_string()])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{n}` marks of a template, sorted.
    fn marks(s: &str) -> Vec<String> {
        let mut m: Vec<String> = s
            .match_indices('{')
            .filter_map(|(i, _)| {
                let rest = &s[i + 1..];
                let end = rest.find('}')?;
                rest[..end].parse::<u8>().ok().map(|n| n.to_string())
            })
            .collect();
        m.sort();
        m
    }

    #[test]
    fn both_languages_fill_the_same_marks() {
        let (es, en) = (texts(Lang::Es), texts(Lang::En));
        let pairs = |t: &'static TeacherTexts| {
            let mut v = vec![
                t.reading_store,
                t.reading_file,
                t.done,
                t.stopped,
                t.skipped,
                t.other_activity_example,
                t.none_here,
                t.server,
                t.status,
                t.unreachable,
                t.foreign_more,
                t.not_statements,
                t.trailing,
                t.truncated,
                t.unreadable,
                t.summary,
                t.learners_n,
                t.at_stops,
                t.answered,
                t.first_right,
                t.retried,
                t.later,
                t.who,
                t.new_stop,
                t.show_more,
                t.tries,
                t.anonymous,
            ];
            v.extend(t.skip_reasons);
            v
        };
        for (a, b) in pairs(es).into_iter().zip(pairs(en)) {
            assert!(!marks(a).is_empty(), "«{a}» has no mark");
            assert_eq!(marks(a), marks(b), "«{a}» / «{b}»");
        }
        assert_eq!(es.learners(1), "1 estudiante");
        assert_eq!(
            super::super::namer("step_backoff", "counts-initial-delivery")
                .and_then(|n| n.get(Lang::En).map(str::to_string)),
            Some("Counts the initial delivery as an intento".to_string())
        );
        assert_eq!(en.learners(3), "3 learners");
    }

    /// Every choice a stop shows as a number is named by its belief in both languages, and one
    /// shown in words keeps its words: a teacher reads no bare «90 s» as a misconception.
    #[test]
    fn every_number_shown_names_its_belief() {
        use crate::lab::path::{Answer, Stop};
        for &stop in Stop::ALL {
            for o in stop.offers() {
                let named = super::super::namer(stop.as_str(), o.choice.as_str());
                match o.shows {
                    Answer::Choice(_) => assert!(named.is_none(), "{stop:?} {:?}", o.choice),
                    _ => {
                        let n = named
                            .unwrap_or_else(|| panic!("{stop:?} {:?} has no belief", o.choice));
                        assert!(n.es.is_some() && n.en.is_some(), "{stop:?} {:?}", o.choice);
                    }
                }
            }
        }
        assert!(super::super::namer("step_backoff", "no-such-choice").is_none());
        assert!(super::super::namer("no_such_stop", "waits-add-up").is_none());
    }
}

//! The keys of the teacher's page's texts: one table per language (`crates/text/src/teacher_es.rs`, the
//! default, and `teacher_en.rs`), both in the teacher's module (a learner never loads it). A
//! struct literal per language, so a table that misses a key does not compile.
use retry_lab_core::lab::path::Choice;
use retry_lab_report::Skip;

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
    /// The store answers (a request that asks no permission reaches it), and refuses this page
    /// (CORS).
    Unreachable,
    /// Nobody answers at the address (a closed port, a name that does not resolve).
    NoAnswer,
    /// The connection ended before a page did, after earlier pages came through.
    Closed,
    /// The store answered with a redirect: not followed (the key and the statements counted
    /// are only ever the store's own origin's).
    Redirected,
    /// No byte came for this many seconds: the request was cancelled.
    TimedOut(u32),
    /// The read reached this many pages and the store still offered more.
    TooManyPages(u32),
    /// A `more` of this many bytes: no address.
    MoreTooLong(usize),
    /// A page longer than this many bytes.
    PageTooLarge(usize),
    /// A page that is not UTF-8 from this byte.
    PageNotUtf8(usize),
    /// A page nested deeper than this.
    PageTooDeep(u32),
    /// An answer that is not a statements page.
    Shape,
    /// The store's `more` points at another origin (where the key is not sent).
    ForeignMore(String),
    /// The store gave the same `more` twice.
    Loop,
    BadEndpoint,
    NoActivity,
    BadSince,
    /// An «until» the browser cannot read, or not after «since».
    BadUntil,
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

/// A text with a count in it, in the singular and in the plural: `{0}` the count.
pub type Plural = [&'static str; 2];

pub struct TeacherTexts {
    pub title: &'static str,
    pub intro: &'static str,
    pub language: &'static str,
    pub source_heading: &'static str,
    /// `{0}`: where the answers shown came from (the folded form's line).
    pub source_was: &'static str,
    pub store_heading: &'static str,
    pub store_hint: &'static str,
    pub endpoint: &'static str,
    pub key: &'static str,
    pub secret: &'static str,
    pub activity: &'static str,
    pub activity_hint: &'static str,
    pub class: &'static str,
    pub since: &'static str,
    pub until: &'static str,
    pub period_hint: &'static str,
    pub read_store: &'static str,
    pub file_heading: &'static str,
    pub file_hint: &'static str,
    pub pick_file: &'static str,
    pub stop: &'static str,
    pub statements_n: Plural,
    pub statements_read_n: Plural,
    pub answers_n: Plural,
    pub learners_n: Plural,
    pub stops_n: Plural,
    pub pages_n: Plural,
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
    pub skip_reasons: [Plural; Skip::COUNT],
    /// `{0}`: an object id of another activity.
    pub other_activity_example: &'static str,
    /// `{0}`: how many statements were read.
    pub none_here: Plural,
    /// `{0}`: the activity asked for (a store that has no answers of it).
    pub none_in_store: &'static str,
    /// `{0}`: the activities seen instead.
    pub seen_activities: &'static str,
    /// `{0}`: the class asked for, which has no answers; `{1}`: the classes that do, with
    /// their counts (none is near the one typed: an empty class).
    pub class_empty: &'static str,
    /// `{0}`: the class asked for; `{1}`: the class it most likely meant; `{2}`: the classes
    /// that have answers, with their counts.
    pub class_typo: &'static str,
    /// «En directo»: the button that starts the live mode.
    pub live: &'static str,
    /// The button that ends it.
    pub end_live: &'static str,
    /// `{0}`: «25 estudiantes»; `{1}`: the time of the last poll that came through.
    pub live_on: &'static str,
    /// Before the first poll.
    pub live_waiting: &'static str,
    /// `{0}`: the time of the last poll that came through (or the start); `{1}`: what went wrong.
    pub live_down: &'static str,
    /// `{0}`: what the store said (401, 403).
    pub live_denied: &'static str,
    /// The stop on screen's menu.
    pub live_pick: &'static str,
    /// `{0}`: the stop most learners are on.
    pub live_busiest: &'static str,
    /// «Congelar».
    pub freeze: &'static str,
    /// «Descongelar».
    pub unfreeze: &'static str,
    /// `{0}`: first answers at the stop since it was frozen.
    pub new_since_freeze: Plural,
    /// `{0}`: first answers at the stop shown.
    pub first_answers: Plural,
    /// Where each learner is.
    pub live_class_heading: &'static str,
    /// `{0}`: the stop's number; `{1}`: how long since their last answer.
    pub live_here: &'static str,
    /// A learner silent for a while where the class has moved on.
    pub stuck: &'static str,
    /// The one stuck longest.
    pub stuck_longest: &'static str,
    /// A store with no answers at all, of any activity.
    pub store_empty: &'static str,
    /// What to do next: `{0}` the stop's number, `{1}` its title, `{2}` how many learners
    /// hold it, `{3}` of how many («25 estudiantes»), `{4}` the belief.
    pub next_step: &'static str,
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
    /// `{0}` the store's origin.
    pub no_answer: &'static str,
    pub closed: &'static str,
    pub redirected: &'static str,
    /// `{0}` seconds.
    pub timed_out: &'static str,
    /// `{0}` pages.
    pub too_many_pages: &'static str,
    /// `{0}` bytes.
    pub more_too_long: &'static str,
    /// `{0}` MB.
    pub page_too_large: &'static str,
    /// `{0}` the byte.
    pub page_not_utf8: &'static str,
    /// `{0}` levels.
    pub page_too_deep: &'static str,
    /// A read that stopped before its end: `{0}` the pages read («3 páginas»).
    pub partial: &'static str,
    /// Goes on from the page that failed.
    pub resume: &'static str,
    /// The cause of a partial read the teacher stopped.
    pub stopped_by_you: &'static str,
    pub bad_endpoint: &'static str,
    pub no_activity: &'static str,
    pub bad_since: &'static str,
    pub bad_until: &'static str,
    pub file_empty: &'static str,
    /// `{0}` the file, `{1}` its first character.
    pub not_statements: &'static str,
    /// `{0}` the file, `{1}` the byte.
    pub trailing: &'static str,
    /// `{0}` the file.
    pub truncated: &'static str,
    /// `{0}` the file.
    pub unreadable: &'static str,
    pub tomorrow_heading: &'static str,
    pub hardest_heading: &'static str,
    pub hardest_intro: &'static str,
    /// `{0}` right on the first try, `{1}` who answered, `{2}` percent.
    pub hardest_share: &'static str,
    /// `{0}`: how many more stops (listed below).
    pub hardest_more: Plural,
    pub misconceptions_heading: &'static str,
    pub misconceptions_intro: &'static str,
    pub no_misconceptions: &'static str,
    /// `{0}`: how many more beliefs.
    pub more_beliefs: Plural,
    pub need_heading: &'static str,
    pub need_intro: &'static str,
    /// `{0}` right first tries, `{1}` stops answered.
    pub score: &'static str,
    /// `{0}` the furthest stop's number, `{1}` the stops, `{2}` its title.
    pub unfinished: &'static str,
    pub finished: &'static str,
    /// `{0}`: how many more learners.
    pub more_need: Plural,
    /// `{0}`: the stops' names.
    pub at_stops: &'static str,
    pub stops_heading: &'static str,
    /// `{0}`: how many.
    pub answered: &'static str,
    /// `{0}` how many, `{1}` percent.
    pub first_right: &'static str,
    /// `{0}`: how many.
    pub retried: &'static str,
    /// `{0}`: how many first answers no choice offers (the learner had changed the scene).
    pub unoffered: &'static str,
    /// `{0}` a duration, `{1}` of how many learners.
    pub stop_time: &'static str,
    pub setting: &'static str,
    pub show_answer: &'static str,
    pub hide_answer: &'static str,
    pub open_in_lab: &'static str,
    pub right_choice: &'static str,
    /// `{0}`: later answers choosing it.
    pub later: Plural,
    /// `{0}`: how many.
    pub who: &'static str,
    /// `{0}`: how many names are not listed.
    pub who_more: &'static str,
    /// `{0}`: a stop's id the lab does not know.
    pub new_stop: &'static str,
    /// `{0}`: a stop's number on the path.
    pub stop_n: &'static str,
    pub learners_heading: &'static str,
    pub learners_intro: &'static str,
    /// `{0}` the first answer's time, `{1}` the last one's.
    pub when: &'static str,
    /// `{0}`: how many more.
    pub show_more: Plural,
    /// `{0}`: tries at a stop (two or more).
    pub tries: &'static str,
    pub right_mark: &'static str,
    pub wrong_mark: &'static str,
    /// Wrong because the learner's own settings made the run show what no choice offers.
    pub unoffered_mark: &'static str,
    pub anonymise: &'static str,
    /// `{0}`: the learner's number.
    pub anonymous: &'static str,
    pub project: &'static str,
    pub end_project: &'static str,
    pub print: &'static str,
    pub export: &'static str,
    /// learner, class, stop, stop's name, question, first answer, as shown, belief, right,
    /// answers, time.
    pub csv_header: [&'static str; 11],
    pub yes: &'static str,
    pub no: &'static str,
    pub csv_name: &'static str,
    /// The belief a choice stands for: every choice a stop's button shows as a number (a
    /// moment, rows, a count, a share: the statements describe those by the number alone) and
    /// every wrong choice shown in words (whose words, «Los dos», «Para escribir menos SQL»,
    /// answer the stop's question and say nothing away from it). A match over every `Choice`
    /// (a new one does not compile until it is placed); a right choice shown in its own words
    /// has none. A test checks both, in both languages.
    pub beliefs: fn(Choice) -> Option<&'static str>,
}

/// The teacher's texts in `lang` (the tables are in `retry_lab_text`, which picks one).
pub use crate::teacher_texts as texts;

impl From<retry_lab_report::split::SplitError> for Problem {
    fn from(e: retry_lab_report::split::SplitError) -> Problem {
        use retry_lab_report::split::SplitError;
        match e {
            SplitError::Empty => Problem::FileEmpty,
            SplitError::NotJson(c) => Problem::NotStatements(c),
            SplitError::Trailing(at) => Problem::Trailing(at),
            SplitError::Truncated => Problem::Truncated,
        }
    }
}

impl TeacherTexts {
    /// The sentence for a problem: `file` the file's name (or the store's address), `origin`
    /// this page's (for a store that refuses it).
    pub fn problem(&self, p: &Problem, file: &str, origin: &str) -> String {
        use retry_lab_core::lang::fill;
        let t = self;
        match p {
            Problem::WrongKey => t.wrong_key.into(),
            Problem::Forbidden => t.forbidden.into(),
            Problem::NotFound => t.not_found.into(),
            Problem::Server(s) => fill(t.server, &[&s.to_string()]),
            Problem::Status(s) => fill(t.status, &[&s.to_string()]),
            Problem::Unreachable => fill(t.unreachable, &[origin]),
            Problem::Shape => t.shape.into(),
            Problem::ForeignMore(to) => fill(t.foreign_more, &[to]),
            Problem::Loop => t.repeated_more.into(),
            Problem::NoAnswer => fill(
                t.no_answer,
                &[retry_lab_report::read::origin(file).unwrap_or(file)],
            ),
            Problem::Closed => t.closed.into(),
            Problem::Redirected => t.redirected.into(),
            Problem::TimedOut(s) => fill(t.timed_out, &[&s.to_string()]),
            Problem::TooManyPages(n) => fill(t.too_many_pages, &[&n.to_string()]),
            Problem::MoreTooLong(n) => fill(t.more_too_long, &[&n.to_string()]),
            Problem::PageTooLarge(n) => fill(t.page_too_large, &[&(n >> 20).to_string()]),
            Problem::PageNotUtf8(at) => fill(t.page_not_utf8, &[&at.to_string()]),
            Problem::PageTooDeep(n) => fill(t.page_too_deep, &[&n.to_string()]),
            Problem::BadEndpoint => t.bad_endpoint.into(),
            Problem::NoActivity => t.no_activity.into(),
            Problem::BadSince => t.bad_since.into(),
            Problem::BadUntil => t.bad_until.into(),
            Problem::FileEmpty => t.file_empty.into(),
            Problem::NotStatements(c) => fill(t.not_statements, &[file, &c.to_string()]),
            Problem::Trailing(at) => fill(t.trailing, &[file, &at.to_string()]),
            Problem::Truncated => fill(t.truncated, &[file]),
            Problem::FileUnreadable => fill(t.unreadable, &[file]),
        }
    }

    /// The belief behind `c`, if the table names one (see `beliefs`).
    pub fn belief(&self, c: Choice) -> Option<&'static str> {
        (self.beliefs)(c)
    }

    /// "1 learner", "3 learners".
    pub fn learners(&self, n: u64) -> String {
        plural(self.learners_n, n, &n.to_string())
    }
}

/// `p` for the count `n` (both languages: the singular for 1 alone), with `{0}` the count as
/// `shown` (grouped, say).
pub fn plural(p: Plural, n: u64, shown: &str) -> String {
    retry_lab_core::lang::fill(p[usize::from(n != 1)], &[shown])
}

#[cfg(test)]
mod tests {
    use super::*;
    use retry_lab_core::lang::Lang;

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
                t.none_in_store,
                t.seen_activities,
                t.class_empty,
                t.class_typo,
                t.live_on,
                t.live_down,
                t.live_denied,
                t.live_busiest,
                t.live_here,
                t.next_step,
                t.source_was,
                t.hardest_share,
                t.score,
                t.unfinished,
                t.unoffered,
                t.stop_time,
                t.stop_n,
                t.when,
                t.server,
                t.status,
                t.unreachable,
                t.foreign_more,
                t.no_answer,
                t.timed_out,
                t.too_many_pages,
                t.more_too_long,
                t.page_too_large,
                t.page_not_utf8,
                t.page_too_deep,
                t.partial,
                t.not_statements,
                t.trailing,
                t.truncated,
                t.unreadable,
                t.at_stops,
                t.answered,
                t.first_right,
                t.retried,
                t.who,
                t.new_stop,
                t.tries,
                t.anonymous,
            ];
            for p in [
                t.statements_n,
                t.statements_read_n,
                t.answers_n,
                t.learners_n,
                t.stops_n,
                t.pages_n,
                t.none_here,
                t.hardest_more,
                t.more_beliefs,
                t.more_need,
                t.later,
                t.show_more,
            ]
            .into_iter()
            .chain(t.skip_reasons)
            {
                // The singular may say «one» in words instead of its mark.
                v.push(p[1]);
            }
            v
        };
        for (a, b) in pairs(es).into_iter().zip(pairs(en)) {
            assert!(!marks(a).is_empty(), "«{a}» has no mark");
            assert_eq!(marks(a), marks(b), "«{a}» / «{b}»");
        }
        assert_eq!(es.learners(1), "1 estudiante");
        assert_eq!(es.learners(2), "2 estudiantes");
        assert_eq!(plural(es.answers_n, 1, "1"), "1 respuesta");
        assert_eq!(plural(en.answers_n, 0, "0"), "0 answers");
        assert_eq!(
            crate::progress::namer("step_backoff", "counts-initial-delivery")
                .and_then(|n| n.get(Lang::En).map(str::to_string)),
            Some(
                "Counts the initial delivery as a retry, or expects every retry to wait the same"
                    .to_string()
            )
        );
        assert_eq!(en.learners(3), "3 learners");
    }

    /// The words the lab uses, and none it does not (issue 43's review of the texts).
    #[test]
    fn the_teachers_words_are_the_labs() {
        let all = |t: &'static TeacherTexts| {
            let mut v: Vec<&str> = Choice::ALL.iter().filter_map(|&c| t.belief(c)).collect();
            v.extend([
                t.intro,
                t.misconceptions_intro,
                t.who,
                t.new_stop,
                t.stops_heading,
            ]);
            v.extend(t.csv_header);
            v.join("\n")
        };
        let (es, en) = (all(texts(Lang::Es)), all(texts(Lang::En)));
        for bad in [
            "ingenuo",
            "restricción única",
            "deshace a las dos",
            "la eligieron primero",
            "la dead",
            "Parada",
            "parada",
            "cada quien",
            "la IRI",
            "republicación",
            "se pierde",
        ] {
            assert!(!es.contains(bad), "«{bad}» in the Spanish texts");
        }
        for bad in ["intento", "unique constraint"] {
            assert!(!en.contains(bad), "«{bad}» in the English texts");
        }
    }

    /// Every choice a stop shows as a number, and every wrong one, is named by its belief in
    /// both languages: a teacher reads no bare «90 s» nor «Los dos» as a misconception.
    #[test]
    fn every_number_shown_and_every_wrong_choice_names_its_belief() {
        use retry_lab_core::lab::path::{Answer, Stop};
        for &stop in Stop::ALL {
            for o in stop.offers() {
                let named = crate::progress::namer(stop.as_str(), o.choice.as_str());
                let right = stop.lesson_answer() == o.shows;
                if right && matches!(o.shows, Answer::Choice(_)) {
                    continue;
                }
                let open = "open crates/text/src/teacher_es.rs and teacher_en.rs, `belief_*`";
                let n = named
                    .unwrap_or_else(|| panic!("{stop:?} {:?} has no belief: {open}", o.choice));
                assert!(
                    n.es.is_some() && n.en.is_some(),
                    "{stop:?} {:?}: {open}",
                    o.choice
                );
            }
        }
        assert_eq!(
            crate::progress::namer("step_cursor", "both-repeat").and_then(|n| n.es),
            Some("Cree que, al releer desde cero, repite efectos también el idempotente".into())
        );
        assert!(crate::progress::namer("step_backoff", "no-such-choice").is_none());
        assert!(crate::progress::namer("no_such_stop", "waits-add-up").is_none());
    }
}

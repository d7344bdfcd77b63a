//! The teacher's page's state: where the read stands, the report it fills, the page's own
//! choices (language, anonymised, projected, how many learners shown), and its one reducer.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::Callback;

use super::load::{Event, Progress};
use super::texts::Problem;
use crate::lang::Lang;
use crate::report::{Filter, Report};

/// How far the read is.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Idle,
    Loading(Progress),
    Done { feed_ms: f64, wall_ms: f64 },
    Stopped,
    Failed(Problem),
}

#[derive(Clone)]
pub struct Model {
    pub lang: Lang,
    pub report: Rc<RefCell<Report>>,
    /// Which read the events belong to: those of an earlier one are dropped.
    generation: u32,
    /// Bumped at every change: the status line redraws.
    pub rev: u32,
    /// Bumped when the report is to be redrawn: at every change but the read's progress,
    /// which redraws it at most once a second (a class of thousands takes a while to draw).
    pub report_rev: u32,
    drawn_at: f64,
    pub status: Status,
    /// What is being read: the file's name or the store's address.
    pub source: String,
    /// Whether the source was a file (for the wording of problems).
    pub from_file: bool,
    stop: Rc<Cell<bool>>,
    pub anonymised: bool,
    pub projecting: bool,
    /// How many learners the list shows.
    pub shown: usize,
    /// Whether the form is open: folded away once a read has answers, so the report starts
    /// on the first screen (on a phone too); the teacher opens it again to read others.
    pub sources_open: bool,
    /// Reads that ended with answers: the page goes to the report after each.
    pub reads_done: u32,
    /// A store that had no answers of the activity asked for: the activities it did have.
    pub seen: Vec<String>,
    /// The activity the read asked for (as the contract reads it).
    pub activity: String,
}

pub enum Msg {
    Lang(Lang),
    Start {
        generation: u32,
        report: Rc<RefCell<Report>>,
        stop: Rc<Cell<bool>>,
        source: String,
        from_file: bool,
        activity: String,
    },
    /// What the read of `generation` reports, at `now` (ms since 1970, from the page's clock:
    /// the reducer itself reads no clock, so it runs natively in the tests).
    Event {
        generation: u32,
        event: Event,
        now: f64,
    },
    Fail(Problem),
    Stop,
    Anonymise(bool),
    Project(bool),
    More,
    /// The form opened or folded by the teacher.
    Sources(bool),
}

/// Learners listed at first, and added by each «show more».
pub const PAGE: usize = 50;

impl Model {
    pub fn new(lang: Lang) -> Model {
        Model {
            lang,
            report: Rc::new(RefCell::new(Report::new(Filter::default()))),
            generation: 0,
            rev: 0,
            report_rev: 0,
            drawn_at: f64::NEG_INFINITY,
            status: Status::Idle,
            source: String::new(),
            from_file: false,
            stop: Rc::new(Cell::new(false)),
            anonymised: false,
            projecting: false,
            shown: PAGE,
            sources_open: true,
            reads_done: 0,
            seen: Vec::new(),
            activity: String::new(),
        }
    }
}

impl Model {
    /// Applies `msg`; false when it changes nothing (an earlier read's event).
    pub fn apply(&mut self, msg: Msg) -> bool {
        let m = self;
        if matches!(&msg, Msg::Event { generation, .. } if *generation != m.generation) {
            return false;
        }
        match &msg {
            // The read's progress redraws the report at most once a second.
            Msg::Event {
                event: Event::Progress(_),
                now,
                ..
            } => {
                if now - m.drawn_at >= 1000.0 {
                    m.report_rev = m.report_rev.wrapping_add(1);
                    m.drawn_at = *now;
                }
            }
            _ => m.report_rev = m.report_rev.wrapping_add(1),
        }
        match msg {
            Msg::Lang(l) => m.lang = l,
            Msg::Start {
                generation,
                report,
                stop,
                source,
                from_file,
                activity,
            } => {
                m.stop.set(true);
                m.activity = activity;
                m.generation = generation;
                m.report = report;
                m.stop = stop;
                m.source = source;
                m.from_file = from_file;
                m.status = Status::Loading(Progress::default());
                m.shown = PAGE;
                m.seen.clear();
            }
            Msg::Event {
                event: Event::Seen(seen),
                ..
            } => m.seen = seen,
            Msg::Event { event, .. } => {
                m.status = match event {
                    Event::Progress(p) => Status::Loading(p),
                    Event::Done { feed_ms, wall_ms } => Status::Done { feed_ms, wall_ms },
                    Event::Stopped => Status::Stopped,
                    Event::Failed(p) => Status::Failed(p),
                    Event::Seen(_) => unreachable!("matched above"),
                };
                let answers = m.report.borrow().counts().answers;
                if matches!(m.status, Status::Done { .. } | Status::Stopped) && answers > 0 {
                    m.sources_open = false;
                    m.reads_done = m.reads_done.wrapping_add(1);
                }
            }
            Msg::Fail(p) => m.status = Status::Failed(p),
            Msg::Stop => m.stop.set(true),
            Msg::Anonymise(on) => m.anonymised = on,
            Msg::Project(on) => {
                m.projecting = on;
                // Projected, names are hidden unless the teacher shows them again.
                if on {
                    m.anonymised = true;
                }
            }
            Msg::More => m.shown += PAGE,
            Msg::Sources(open) => m.sources_open = open,
        }
        m.rev = m.rev.wrapping_add(1);
        true
    }
}

/// The teacher's page's state and the one way to change it (see `ui::store`).
#[derive(Clone)]
pub struct Teacher {
    pub(super) state: Rc<RefCell<Model>>,
    pub(super) on: Callback<Msg>,
}

impl Teacher {
    /// The state as it is now (for drawing: never held across a dispatch).
    pub fn model(&self) -> std::cell::Ref<'_, Model> {
        self.state.borrow()
    }

    pub fn dispatch(&self, msg: Msg) {
        self.on.emit(msg);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(generation: u32, now: f64) -> Msg {
        Msg::Event {
            generation,
            event: Event::Progress(Progress::default()),
            now,
        }
    }

    #[test]
    fn the_report_redraws_at_most_once_a_second_while_it_reads_and_old_reads_are_dropped() {
        let mut m = Model::new(Lang::Es);
        m.apply(Msg::Start {
            generation: 1,
            report: Rc::new(RefCell::new(Report::new(Filter::default()))),
            stop: Rc::new(Cell::new(false)),
            source: "file.json".into(),
            from_file: true,
            activity: String::new(),
        });
        let started = m.report_rev;
        m.apply(progress(1, 10_000.0));
        assert_eq!(m.report_rev, started + 1, "the first progress draws");
        m.apply(progress(1, 10_400.0));
        m.apply(progress(1, 10_999.0));
        assert_eq!(m.report_rev, started + 1, "not again within a second");
        assert!(matches!(m.status, Status::Loading(_)));
        m.apply(progress(1, 11_000.0));
        assert_eq!(m.report_rev, started + 2);
        // Anything else draws at once; an earlier read's events change nothing.
        let before = m.rev;
        m.apply(Msg::Event {
            generation: 0,
            event: Event::Stopped,
            now: 11_001.0,
        });
        assert_eq!((m.rev, m.status.clone()), (before, m.status.clone()));
        assert!(matches!(m.status, Status::Loading(_)));
        m.apply(Msg::Event {
            generation: 1,
            event: Event::Done {
                feed_ms: 1.0,
                wall_ms: 2.0,
            },
            now: 11_002.0,
        });
        assert_eq!(m.report_rev, started + 3);
        assert!(matches!(m.status, Status::Done { .. }));
        m.apply(Msg::Project(true));
        assert!(m.projecting && m.anonymised, "projected, names hidden");
    }
}

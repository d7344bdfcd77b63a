//! The teacher's page's state: where the read stands, the report it fills, the page's own
//! choices (language, anonymised, projected, how many learners shown), and its one reducer.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::Callback;

use super::load::{Cut, Event, Progress};
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
    /// The store asked had no answers at all, of any activity (a new store, or one the lab's
    /// statements never reached).
    pub store_empty: bool,
    /// The activity the read asked for (as the contract reads it).
    pub activity: String,
    /// A store's read that stopped before its end: the report is partial, and «Reintentar»
    /// goes on from here.
    pub partial: Option<Cut>,
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
    /// «Reintentar»: the read of `generation` goes on into the same report.
    Resume {
        generation: u32,
        stop: Rc<Cell<bool>>,
    },
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
            store_empty: false,
            activity: String::new(),
            partial: None,
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
                m.store_empty = false;
                m.partial = None;
            }
            Msg::Resume { generation, stop } => {
                m.stop.set(true);
                m.generation = generation;
                m.stop = stop;
                let pages = m.partial.take().map_or(0, |c| c.walk.pages);
                let read = m.report.borrow().counts().read;
                m.status = Status::Loading(Progress {
                    read,
                    pages,
                    ..Progress::default()
                });
            }
            Msg::Event {
                event: Event::Cut(cut),
                ..
            } => m.partial = Some(cut),
            Msg::Event {
                event:
                    Event::Seen {
                        activities,
                        store_empty,
                    },
                ..
            } => (m.seen, m.store_empty) = (activities, store_empty),
            Msg::Event { event, .. } => {
                m.status = match event {
                    Event::Progress(p) => Status::Loading(p),
                    Event::Done { feed_ms, wall_ms } => Status::Done { feed_ms, wall_ms },
                    Event::Stopped => Status::Stopped,
                    Event::Failed(p) => Status::Failed(p),
                    Event::Seen { .. } | Event::Cut(_) => unreachable!("matched above"),
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

impl Model {
    /// What the report, its export and its printout say of a read that stopped before its
    /// end: how many pages came, that the rest are missing, and why (`origin`: this page's,
    /// for a store that refuses it).
    pub fn partial_note(&self, origin: &str) -> Option<String> {
        let cut = self.partial.as_ref()?;
        let t = super::texts::texts(self.lang);
        let pages = u64::from(cut.walk.pages);
        let read = super::texts::plural(t.pages_n, pages, &pages.to_string());
        let mut note = crate::lang::fill(t.partial, &[&read]);
        let cause = match &self.status {
            Status::Failed(p) => t.problem(p, &self.source, origin),
            Status::Stopped => t.stopped_by_you.to_string(),
            _ => String::new(),
        };
        if !cause.is_empty() {
            note.push(' ');
            note.push_str(&cause);
        }
        Some(note)
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

    #[test]
    fn a_read_cut_short_is_partial_with_its_cause_and_goes_on_into_the_same_report() {
        use super::super::query::{endpoint, Query, Walk};
        let q = Query {
            endpoint: endpoint("http://127.0.0.1:9/xapi").unwrap(),
            auth: "Basic x".into(),
            activity: "https://course.example/labs/retry".into(),
            since: None,
            until: None,
            limit: 500,
        };
        let mut walk = Walk::new(&q);
        assert_eq!(walk.read(&q, Some("/xapi/statements?more=2")), Ok(true));
        let mut m = Model::new(Lang::Es);
        let report = Rc::new(RefCell::new(Report::new(Filter::default())));
        m.apply(Msg::Start {
            generation: 1,
            report: report.clone(),
            stop: Rc::new(Cell::new(false)),
            source: q.endpoint.clone(),
            from_file: false,
            activity: q.activity.clone(),
        });
        assert_eq!(m.partial_note("http://page"), None);
        let event = |e| Msg::Event {
            generation: 1,
            event: e,
            now: 0.0,
        };
        m.apply(event(Event::Cut(Cut {
            query: q.clone(),
            walk: walk.clone(),
        })));
        m.apply(event(Event::Failed(Problem::Closed)));
        assert_eq!(
            m.partial_note("http://page").as_deref(),
            Some("Parcial: se leyeron 1 página; faltan las demás. El LRS cortó la conexión antes de terminar una página.")
        );
        m.apply(Msg::Lang(Lang::En));
        assert!(m
            .partial_note("http://page")
            .unwrap()
            .starts_with("Partial: 1 page read; the rest are missing. The LRS closed"));
        // «Reintentar»: the same report, loading from the page that failed.
        m.apply(Msg::Resume {
            generation: 2,
            stop: Rc::new(Cell::new(false)),
        });
        assert!(Rc::ptr_eq(&m.report, &report));
        assert_eq!(m.partial, None);
        assert!(matches!(
            m.status,
            Status::Loading(Progress { pages: 1, .. })
        ));
        m.apply(Msg::Event {
            generation: 2,
            event: Event::Done {
                feed_ms: 0.0,
                wall_ms: 0.0,
            },
            now: 1.0,
        });
        assert_eq!(
            m.partial_note("http://page"),
            None,
            "read to its end: whole"
        );
        // Stopped half-way by the teacher: partial too, and said so.
        m.apply(Msg::Event {
            generation: 2,
            event: Event::Cut(Cut { query: q, walk }),
            now: 2.0,
        });
        m.apply(Msg::Event {
            generation: 2,
            event: Event::Stopped,
            now: 2.0,
        });
        assert!(m
            .partial_note("")
            .unwrap()
            .ends_with("Reading was stopped with «Stop»."));
    }
}

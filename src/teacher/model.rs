//! The teacher's page's state: where the read stands, the report it fills, the page's own
//! choices (language, anonymised, projected, how many learners shown), and its one reducer.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::Callback;

use super::load::{Cut, Event, Progress};
use super::query::Query;
use retry_lab_core::lang::Lang;
use retry_lab_report::{Filter, Report};
use retry_lab_text::teacher_keys::Problem;

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
    /// The last store read's query (the live mode polls it `since` its cursor).
    pub query: Option<Query>,
    /// The live mode, while it is on.
    pub live: Option<Live>,
}

/// The live mode: its polls, what went wrong, and the stop on the projector.
#[derive(Clone, Debug)]
pub struct Live {
    /// Set to end the polling (the mode turned off, another read, the page closed).
    pub stop: Rc<Cell<bool>>,
    /// When the live mode started, and when a poll last came through (ms since 1970).
    pub started: f64,
    pub last_ok: Option<f64>,
    pub polls: u32,
    /// Polls that failed in a row, and the last one's problem.
    pub failures: u32,
    pub problem: Option<Problem>,
    /// The key may no longer read: polling has ended (one sentence, no loop of errors).
    pub ended: bool,
    /// The stop the teacher picked (None: the one most learners are on).
    pub picked: Option<u16>,
    /// Whether the right answer is shown.
    pub revealed: bool,
    /// «Congelar»: the stop's picture as it was.
    pub frozen: Option<Frozen>,
    /// Statements read when the last poll ended (a poll that brings more redraws the report).
    pub read: u64,
}

/// A stop's first-try counts at the moment it was frozen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frozen {
    pub stop: u16,
    pub answered: u32,
    /// By choice index.
    pub counts: Vec<u32>,
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
    /// The store read just started asked this.
    Queried(Query),
    /// The live mode starts (its polling is already under way, ended by `stop`) at `now`.
    LiveStart {
        stop: Rc<Cell<bool>>,
        now: f64,
    },
    LiveEnd,
    /// A live poll ended at `now`: Ok, or with its problem.
    Polled {
        result: Result<(), Problem>,
        now: f64,
    },
    /// The stop the live view shows (None: the busiest).
    LivePick(Option<u16>),
    LiveReveal(bool),
    /// «Congelar» (the stop shown at that moment) or «Descongelar».
    Freeze(Option<u16>),
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
            query: None,
            live: None,
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
            // A live poll redraws the report when it brought statements (the live view itself
            // redraws at every change, for its times).
            Msg::Polled { .. } | Msg::LivePick(_) | Msg::LiveReveal(_) | Msg::Freeze(_) => {}
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
                m.end_live();
                m.query = None;
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
            Msg::Queried(q) => m.query = Some(q),
            Msg::LiveStart { stop, now } => {
                m.end_live();
                m.live = Some(Live {
                    stop,
                    started: now,
                    last_ok: None,
                    polls: 0,
                    failures: 0,
                    problem: None,
                    ended: false,
                    picked: None,
                    revealed: false,
                    frozen: None,
                    read: m.report.borrow().counts().read,
                });
            }
            Msg::LiveEnd => m.end_live(),
            Msg::Polled { result, now } => {
                let read = m.report.borrow().counts().read;
                if let Some(l) = &mut m.live {
                    if read != l.read {
                        l.read = read;
                        m.report_rev = m.report_rev.wrapping_add(1);
                    }
                    l.polls += 1;
                    match result {
                        Ok(()) => {
                            l.last_ok = Some(now);
                            l.failures = 0;
                            l.problem = None;
                        }
                        Err(p) => {
                            l.failures += 1;
                            // A key that may no longer read will not by asking again.
                            if matches!(p, Problem::WrongKey | Problem::Forbidden) {
                                l.ended = true;
                                l.stop.set(true);
                            }
                            l.problem = Some(p);
                        }
                    }
                }
            }
            Msg::LivePick(stop) => {
                if let Some(l) = &mut m.live {
                    l.picked = stop;
                    l.revealed = false;
                }
            }
            Msg::LiveReveal(on) => {
                if let Some(l) = &mut m.live {
                    l.revealed = on;
                }
            }
            Msg::Freeze(stop) => {
                let frozen = stop.map(|i| {
                    let r = m.report.borrow();
                    let s = r.stop(i);
                    Frozen {
                        stop: i,
                        answered: s.answered,
                        counts: s.choices.iter().map(|c| c.count).collect(),
                    }
                });
                if let Some(l) = &mut m.live {
                    l.frozen = frozen;
                }
            }
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
    /// Ends the live mode, if on: its polling stops.
    fn end_live(&mut self) {
        if let Some(l) = self.live.take() {
            l.stop.set(true);
        }
    }

    /// What the report, its export and its printout say of a read that stopped before its
    /// end: how many pages came, that the rest are missing, and why (`origin`: this page's,
    /// for a store that refuses it).
    pub fn partial_note(&self, origin: &str) -> Option<String> {
        let cut = self.partial.as_ref()?;
        let t = retry_lab_text::teacher_keys::texts(self.lang);
        let pages = u64::from(cut.walk.pages);
        let read = retry_lab_text::teacher_keys::plural(t.pages_n, pages, &pages.to_string());
        let mut note = retry_lab_core::lang::fill(t.partial, &[&read]);
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

/// The teacher's page's state and the one way to change it (see `store`).
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

    /// The live mode: a poll that fails keeps what was read and says so, the next one that
    /// comes through clears it; a key that may no longer read ends the polling (one sentence,
    /// no loop); «Congelar» keeps the stop's counts; a new read ends the live mode.
    #[test]
    fn live_polls_fail_catch_up_end_on_a_denied_key_and_freeze_a_stop() {
        use retry_lab_text::testing::{first_try, ACT};
        let mut m = Model::new(Lang::Es);
        let report = Rc::new(RefCell::new(Report::new(Filter {
            activity: Some(ACT.into()),
            ..Filter::default()
        })));
        report
            .borrow_mut()
            .feed(&[first_try("ana", "step_backoff", "waits-add-up", 1)]);
        m.apply(Msg::Start {
            generation: 1,
            report: report.clone(),
            stop: Rc::new(Cell::new(false)),
            source: "http://lrs/".into(),
            from_file: false,
            activity: ACT.into(),
        });
        let stop = Rc::new(Cell::new(false));
        m.apply(Msg::LiveStart {
            stop: stop.clone(),
            now: 1.0,
        });
        let drawn = m.report_rev;
        m.apply(Msg::Polled {
            result: Err(Problem::Closed),
            now: 2.0,
        });
        let l = m.live.as_ref().unwrap();
        assert_eq!(
            (l.failures, l.problem.clone(), l.ended),
            (1, Some(Problem::Closed), false)
        );
        assert!(!stop.get(), "a store down is asked again");
        assert_eq!(
            m.report_rev, drawn,
            "nothing new: the report is not redrawn"
        );
        m.apply(Msg::Freeze(Some(0)));
        report.borrow_mut().feed(&[first_try(
            "bruno",
            "step_backoff",
            "counts-initial-delivery",
            2,
        )]);
        m.apply(Msg::Polled {
            result: Ok(()),
            now: 3.0,
        });
        let l = m.live.as_ref().unwrap();
        assert_eq!(
            (l.failures, l.problem.clone(), l.last_ok),
            (0, None, Some(3.0))
        );
        assert_eq!(m.report_rev, drawn + 1, "new statements redraw the report");
        let frozen = l.frozen.clone().unwrap();
        assert_eq!((frozen.answered, frozen.counts.iter().sum::<u32>()), (1, 1));
        assert_eq!(
            report.borrow().stop(0).answered,
            2,
            "counted behind the freeze"
        );
        m.apply(Msg::Polled {
            result: Err(Problem::Forbidden),
            now: 4.0,
        });
        assert!(
            m.live.as_ref().unwrap().ended && stop.get(),
            "a denied key ends it"
        );
        // Another read ends the live mode.
        m.apply(Msg::LiveStart {
            stop: Rc::new(Cell::new(false)),
            now: 5.0,
        });
        let again = m.live.as_ref().unwrap().stop.clone();
        m.apply(Msg::Start {
            generation: 2,
            report: Rc::new(RefCell::new(Report::new(Filter::default()))),
            stop: Rc::new(Cell::new(false)),
            source: "http://lrs/".into(),
            from_file: false,
            activity: ACT.into(),
        });
        assert!(m.live.is_none() && again.get());
    }
}

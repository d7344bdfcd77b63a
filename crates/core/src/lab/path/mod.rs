//! The guided path through the lesson, as a state machine: where the learner is, their
//! prediction, what the run then showed, the stop's own action as the state stands, and which
//! stops are passed. Its parts: the stops, each one a file under `stops/` that fills in a
//! [`StopSpec`] (`spec`), the stops' own actions (`act`) and the readings of the run they share
//! (`read`). Only this module writes a `Path`.
mod act;
pub mod follow;
mod read;
mod spec;
mod stops;

use crate::named::Set;

pub use act::{Act, PathAction, Stepped};
pub use spec::{Answer, Evidence, Here, Kind, Offer, StopSpec, Veil};
pub use stops::{Choice, Stop, FAILURE_RATE_P, SHARES};

use super::{Lab, Part, Reply};

/// What a run showed at a stop, as the stop's choices see it: one of them, or a value that no
/// choice offers (the learner changed the scene by hand before the run: published once more,
/// changed the schedule's base). A question's answer is always one of its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Choice(Choice),
    Unoffered(Answer),
}

/// The one judgement of a prediction, made when its result comes: everything that tells of it
/// (the card, the live region, the score, the checkpoint, the xAPI statement) reads this.
/// Right only when the run showed the very choice the learner made; a run that showed what
/// no choice offers makes every choice wrong, the learner's included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub stop: Stop,
    pub said: Choice,
    pub shown: Shown,
    /// Which prediction at this stop this was (1 the first), in this browser.
    pub attempt: u16,
}

impl Verdict {
    pub fn right(&self) -> bool {
        self.shown == Shown::Choice(self.said)
    }

    /// The choice the run showed, if one offers it: the right one in this run.
    pub fn right_choice(&self) -> Option<Choice> {
        match self.shown {
            Shown::Choice(c) => Some(c),
            Shown::Unoffered(_) => None,
        }
    }

    /// What the learner's choice shows, and what the run showed, as the card words them.
    pub fn answers(&self) -> (Answer, Answer) {
        let said = self
            .stop
            .offer(self.said)
            .map_or(Answer::Choice(self.said), |o| o.shows);
        let shown = match self.shown {
            Shown::Choice(c) => self.stop.offer(c).map_or(Answer::Choice(c), |o| o.shows),
            Shown::Unoffered(a) => a,
        };
        (said, shown)
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    /// On the path (true) or exploring freely.
    guided: bool,
    at: Stop,
    /// The learner's choice at the current stop.
    said: Option<Choice>,
    /// What the run showed at the current stop, once it did.
    saw: Option<Answer>,
    /// Stops passed (predicted and seen through), kept across visits.
    passed: Set<Stop>,
    /// Stops whose prediction or answer was right.
    right: Set<Stop>,
    /// The prediction judged, once the run showed its answer.
    verdict: Option<Verdict>,
    /// Predictions made at each stop, this one included: the attempt a result is.
    tries: Tries,
    /// The no-immediate-retry stop's comparison was run (it is computed, not played).
    compared: bool,
    /// The current stop's own action as the state now stands, read once per action.
    act: Option<Act>,
}

/// What a browser keeps of the path, and puts back.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Progress {
    pub guided: bool,
    pub at: Stop,
    pub passed: Set<Stop>,
    pub right: Set<Stop>,
    pub tries: Tries,
}

/// How many predictions the learner made at each stop (a count per stop: a plain table is
/// smaller in the module than a map).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Tries([u16; Stop::COUNT]);

impl Tries {
    pub fn of(&self, stop: Stop) -> u16 {
        self.0[stop as usize]
    }

    pub fn set(&mut self, stop: Stop, n: u16) {
        self.0[stop as usize] = n;
    }

    fn bump(&mut self, stop: Stop) {
        let n = &mut self.0[stop as usize];
        *n = n.saturating_add(1);
    }

    /// The stops tried at least once, with their counts, in path order.
    pub fn tried(&self) -> impl Iterator<Item = (Stop, u16)> + '_ {
        Stop::ALL
            .iter()
            .map(|&s| (s, self.of(s)))
            .filter(|&(_, n)| n > 0)
    }
}

impl Path {
    pub fn guided(&self) -> bool {
        self.guided
    }

    pub fn stop(&self) -> Stop {
        self.at
    }

    pub fn said(&self) -> Option<Choice> {
        self.said
    }

    pub fn saw(&self) -> Option<Answer> {
        self.saw
    }

    pub fn passed(&self) -> &Set<Stop> {
        &self.passed
    }

    pub fn right(&self) -> &Set<Stop> {
        &self.right
    }

    pub fn compared(&self) -> bool {
        self.compared
    }

    /// The current stop's own action, once the learner has predicted: what its scene is
    /// waiting for next. None when there is nothing left to do but read (or before the
    /// prediction).
    pub fn act(&self) -> Option<Act> {
        self.act
    }

    /// How many predictions the learner has made at `stop` (1 on the first try).
    pub fn tries(&self, stop: Stop) -> u16 {
        self.tries.of(stop)
    }

    /// The prediction at the current stop, judged, once the run showed its answer.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    pub fn finished(&self) -> bool {
        self.passed.len() == Stop::COUNT
    }

    /// Whether `v` is veiled: on the path, until the stop it answers is predicted (at that stop)
    /// or passed; a later stop's answer stays veiled at the stops before it. Free exploration
    /// shows everything.
    pub fn veils(&self, v: Veil) -> bool {
        let (here, answers) = (self.stop(), v.answers());
        self.guided
            && !self.passed.contains(&answers)
            && (here < answers || (here == answers && self.said.is_none()))
    }

    /// A loaded scenario sets the scene: the path steps aside (nothing is forgotten).
    pub fn step_aside(&mut self) {
        self.guided = false;
    }

    pub fn progress(&self) -> Progress {
        Progress {
            guided: self.guided,
            at: self.at,
            passed: self.passed,
            right: self.right,
            tries: self.tries,
        }
    }

    /// Puts saved progress back (the stop's scene is set by going there).
    pub fn restore(&mut self, p: Progress) {
        *self = Path {
            guided: p.guided,
            at: p.at,
            passed: p.passed,
            right: p.right,
            tries: p.tries,
            ..Path::default()
        };
    }
}

/// What the path must know of the rest of the lab: whether the clock runs.
pub struct Context {
    pub playing: bool,
}

impl Part for Path {
    type Action = PathAction;
    type Context = Context;

    /// A stop's scene and its own action come back as the actions that carry them out.
    fn apply(&mut self, a: PathAction, ctx: Context) -> Reply {
        match a {
            PathAction::Go(stop) => {
                self.guided = true;
                self.at = stop;
                self.said = None;
                self.saw = None;
                self.compared = false;
                self.act = None;
                self.verdict = None;
                Reply::Then((stop.spec().scene)())
            }
            PathAction::Predict(choice) => {
                if self.said.is_none() && self.at.offer(choice).is_some() {
                    self.said = Some(choice);
                    self.tries.bump(self.at);
                }
                Reply::Changed
            }
            PathAction::Do => Reply::Then(
                self.act
                    .map(|act| act.actions(self.at.stepped(), ctx.playing))
                    .unwrap_or_default(),
            ),
            PathAction::Explore => {
                self.guided = false;
                Reply::Changed
            }
            PathAction::Compared => {
                self.compared = true;
                Reply::Changed
            }
            PathAction::ToTheEnd => Reply::Then(match (self.said, self.at.stepped()) {
                (Some(_), Some(stepped)) => vec![stepped.to_end()],
                _ => Vec::new(),
            }),
        }
    }
}

/// Reads what the run now shows at the current stop and what it waits for next, and judges
/// the prediction once both are known; returns the verdict if this action reached it, the
/// stop if this passed it, and whether anything the path shows changed.
pub fn update(lab: &mut Lab) -> (Option<Verdict>, Option<Stop>, bool) {
    let p = &lab.path;
    let (stop, spec) = (p.at, p.at.spec());
    let mut here = Here {
        stop,
        predicted: p.said.is_some(),
        compared: p.compared,
        shown: p.saw.is_some(),
        lesson_answer: stop.lesson_answer(),
    };
    let saw = p.saw.or_else(|| (spec.observe)(lab, here));
    here.shown = saw.is_some();
    let act = here.predicted.then(|| (spec.next)(lab, here)).flatten();
    let through = here.predicted && here.shown && (spec.through)(lab);
    let p = &mut lab.path;
    let mut changed = (p.saw, p.act) != (saw, act);
    (p.saw, p.act) = (saw, act);
    let mut reached = None;
    if let (None, Some(said), Some(saw)) = (p.verdict, p.said, saw) {
        let shown = stop
            .offering(saw)
            .map_or(Shown::Unoffered(saw), |o| Shown::Choice(o.choice));
        let v = Verdict {
            stop,
            said,
            shown,
            attempt: p.tries.of(stop),
        };
        (p.verdict, reached, changed) = (Some(v), Some(v), true);
    }
    if !p.guided || p.passed.contains(&stop) || !through {
        return (reached, None, changed);
    }
    // The score counts first tries only: a stop predicted wrongly, left before it was passed
    // and answered right on a later try is passed, not right.
    if p.verdict.is_some_and(|v| v.right() && v.attempt <= 1) {
        p.right.insert(stop);
    }
    p.passed.insert(stop);
    (reached, Some(stop), true)
}

//! The consumer workbench's state and its one reducer, in plain Rust: the learner's program,
//! the prediction, the checker's report, the failing run being stepped, and what to tell the
//! host. The Yew view (`ui::workbench`) only draws this and sends actions.
use crate::lang::Lang;
use crate::sim::workbench::{
    check, Effect, Failure, Preset, Program, ProgramError, Report, Step, MAX_STEPS,
};

named_enum! {
    /// What the learner predicts before checking.
    pub enum Guess {
        Safe = "safe",
        DoubleEffect = "double_effect",
        Lost = "lost",
        Stuck = "stuck",
    }
}

impl Guess {
    /// The failure this guess names, or None for "safe".
    pub fn failure(self) -> Option<Failure> {
        match self {
            Guess::Safe => None,
            Guess::DoubleEffect => Some(Failure::DoubleEffect),
            Guess::Lost => Some(Failure::Lost),
            Guess::Stuck => Some(Failure::Stuck),
        }
    }
    /// Right when the program is safe and so was the guess, or the guessed failure can happen.
    pub fn right(self, r: &Report) -> bool {
        match self.failure() {
            None => r.safe(),
            Some(f) => r.failures.contains(&f),
        }
    }
}

named_enum! {
    /// What the workbench reports to the host (checkpoint ids).
    pub enum Milestone {
        /// A consumer that adds to a balance, proven safe.
        BalanceSafe = "workbench_balance_safe",
        /// A consumer safe for a balance, checked with an email: still broken.
        EmailUnsafe = "workbench_email_unsafe",
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum WbAction {
    SetLang(Lang),
    SetEffect(Effect),
    Add(Step),
    Remove(usize),
    /// Move the block at `from` to `to` (both indexes into the program).
    Move {
        from: usize,
        to: usize,
    },
    Preset(&'static str),
    Clear,
    Predict(Guess),
    Check,
    /// Show another failure's run.
    ShowFailure(usize),
    /// Show `n` moves of the run (clamped).
    ShowMoves(usize),
    DismissNotice,
}

/// A verdict and what the learner said before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub report: Report,
    pub guess: Guess,
    /// The program it is about (the learner may edit on while reading it).
    pub program: Program,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Workbench {
    pub lang: Lang,
    pub program: Program,
    pub guess: Option<Guess>,
    pub checked: Option<Checked>,
    /// Which failure's run is drawn, and how many of its moves are shown.
    pub failure: usize,
    pub shown: usize,
    /// A problem with outside input (the link), shown until dismissed.
    pub notice: Option<ProgramError>,
    pub reached: Vec<Milestone>,
    /// What the last action gives the host: new milestones, and a prediction answered.
    pub out: Outbox,
    /// Checks of this program so far (a changed program is a new question): which try an
    /// answer is.
    pub tries: u32,
}

/// What one action asks the page to tell the host.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outbox {
    pub milestones: Vec<Milestone>,
    /// A verdict was predicted and checked: the guess and whether it was right.
    pub answered: Option<(Guess, bool)>,
}

impl Workbench {
    /// A workbench on `program`, or on the naive consumer with `notice` when the link's
    /// program could not be read.
    pub fn new(lang: Lang, program: Result<Program, ProgramError>) -> Self {
        let (program, notice) = match program {
            Ok(p) => (p, None),
            Err(e) => (naive(), Some(e)),
        };
        Workbench {
            lang,
            program,
            guess: None,
            checked: None,
            failure: 0,
            shown: 0,
            notice,
            reached: Vec::new(),
            out: Outbox::default(),
            tries: 0,
        }
    }

    /// The failing run being shown, if the last check found one.
    pub fn run(&self) -> Option<&[crate::sim::workbench::Move]> {
        let c = self.checked.as_ref()?;
        c.report.runs.get(self.failure).map(Vec::as_slice)
    }

    /// A run opens on its first move.
    fn first_move(&self) -> usize {
        self.run().map_or(0, |r| r.len().min(1))
    }

    /// The share link's fragment for this program: `steps=…&effect=…`.
    pub fn fragment(&self) -> String {
        format!(
            "steps={}&effect={}",
            self.program.steps_text(),
            self.program.effect.as_str()
        )
    }

    pub fn apply(&mut self, a: WbAction) {
        self.out = Outbox::default();
        let edits = matches!(
            a,
            WbAction::SetEffect(_)
                | WbAction::Add(_)
                | WbAction::Remove(_)
                | WbAction::Move { .. }
                | WbAction::Preset(_)
                | WbAction::Clear
        );
        match a {
            WbAction::SetLang(l) => self.lang = l,
            WbAction::SetEffect(e) => self.program.effect = e,
            WbAction::Add(s) if self.program.steps.len() < MAX_STEPS => self.program.steps.push(s),
            WbAction::Add(_) => {}
            WbAction::Remove(i) if i < self.program.steps.len() => {
                self.program.steps.remove(i);
            }
            WbAction::Remove(_) => {}
            WbAction::Move { from, to } => {
                let n = self.program.steps.len();
                if from < n && to < n {
                    let s = self.program.steps.remove(from);
                    self.program.steps.insert(to, s);
                }
            }
            WbAction::Preset(id) => {
                if let Some(p) = Preset::by_id(id) {
                    self.program.steps = p.steps.to_vec();
                }
            }
            WbAction::Clear => self.program.steps.clear(),
            WbAction::Predict(g) => self.guess = Some(g),
            WbAction::Check => self.check(),
            WbAction::ShowFailure(i) => {
                if self
                    .checked
                    .as_ref()
                    .is_some_and(|c| i < c.report.runs.len())
                {
                    self.failure = i;
                    self.shown = self.first_move();
                }
            }
            WbAction::ShowMoves(n) => self.shown = n.min(self.run().map_or(0, <[_]>::len)),
            WbAction::DismissNotice => self.notice = None,
        }
        // A changed program is a new question: its old verdict and the guess go.
        if edits {
            self.guess = None;
            self.checked = None;
            self.tries = 0;
        }
    }

    /// Checks the program, if a prediction was made first and there is something to check.
    fn check(&mut self) {
        let Some(guess) = self.guess else { return };
        if self.program.steps.is_empty() {
            return;
        }
        let report = check(&self.program);
        let right = guess.right(&report);
        let mut new = Vec::new();
        if report.safe() && self.program.effect == Effect::Add {
            new.push(Milestone::BalanceSafe);
        }
        if self.program.effect == Effect::Email
            && !report.safe()
            && safe_for_a_balance(&self.program)
        {
            new.push(Milestone::EmailUnsafe);
        }
        new.retain(|m| !self.reached.contains(m));
        self.reached.extend(&new);
        self.tries = self.tries.saturating_add(1);
        self.out = Outbox {
            milestones: new,
            answered: Some((guess, right)),
        };
        self.failure = 0;
        self.checked = Some(Checked {
            report,
            guess,
            program: self.program.clone(),
        });
        self.shown = self.first_move();
    }

    /// A hint toward the next change for the shown failure: what in this program lets it
    /// happen, never the arrangement that fixes it.
    pub fn hint(&self) -> Option<Hint> {
        let c = self.checked.as_ref()?;
        let f = *c.report.failures.get(self.failure)?;
        Some(hint_for(&c.program, f))
    }
}

/// The naive consumer: the default, and what a bad link falls back to.
pub fn naive() -> Program {
    Program {
        steps: Preset::by_id("naive").map_or_else(Vec::new, |p| p.steps.to_vec()),
        effect: Effect::Add,
    }
}

/// The same steps, checked with a balance, are safe: for the email milestone (the learner
/// brought a pattern that works elsewhere and saw that the email breaks it anyway).
fn safe_for_a_balance(p: &Program) -> bool {
    check(&Program {
        steps: p.steps.clone(),
        effect: Effect::Add,
    })
    .safe()
}

named_enum! {
    /// Which hint fits a failure in a program.
    pub enum Hint {
        /// The effect is an email: no arrangement is safe.
        Email = "email",
        /// Double, and nothing records that the message was processed.
        NoMark = "no_mark",
        /// Double, and the effect commits apart from the mark (or outside any transaction).
        EffectApart = "effect_apart",
        /// Double, otherwise: when did the second copy decide it was new?
        SecondCopy = "second_copy",
        /// Lost, and the ack comes before the effect is committed.
        AckEarly = "ack_early",
        /// Lost, and the mark can commit without the effect.
        MarkApart = "mark_apart",
        /// Lost, otherwise: the copy thought the work was done.
        ThoughtDone = "thought_done",
        /// Stuck: a path ends without an ack.
        NoAck = "no_ack",
    }
}

fn hint_for(p: &Program, f: Failure) -> Hint {
    let pos = |s: Step| p.steps.iter().position(|x| *x == s);
    // The step at `i` runs inside a transaction opened before it and not yet committed.
    let in_tx = |i: usize| {
        let mut open = false;
        for s in &p.steps[..i] {
            match s {
                Step::Begin => open = true,
                Step::Commit | Step::Ack => open = false,
                _ => {}
            }
        }
        open
    };
    // The transaction (by count of begins) a step runs in, if any.
    let tx_of =
        |i: usize| in_tx(i).then(|| p.steps[..i].iter().filter(|s| **s == Step::Begin).count());
    match f {
        _ if p.effect == Effect::Email => Hint::Email,
        Failure::DoubleEffect => match (pos(Step::Insert), pos(Step::Apply)) {
            (None, _) => Hint::NoMark,
            (Some(i), Some(a)) if tx_of(a).is_none() || tx_of(a) != tx_of(i) => Hint::EffectApart,
            _ => Hint::SecondCopy,
        },
        Failure::Lost => {
            let ack = pos(Step::Ack);
            let apply = pos(Step::Apply);
            let insert = pos(Step::Insert);
            let commit_after = |i: usize| {
                p.steps[i..]
                    .iter()
                    .position(|s| *s == Step::Commit)
                    .map(|k| i + k)
            };
            let effect_done = apply.and_then(|a| if in_tx(a) { commit_after(a) } else { Some(a) });
            match (ack, effect_done) {
                (Some(k), Some(d)) if k < d => Hint::AckEarly,
                (Some(_), None) => Hint::AckEarly,
                _ if insert.is_some_and(|i| {
                    apply.is_some_and(|a| tx_of(a) != tx_of(i) || tx_of(a).is_none())
                }) =>
                {
                    Hint::MarkApart
                }
                _ => Hint::ThoughtDone,
            }
        }
        Failure::Stuck => Hint::NoAck,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wb() -> Workbench {
        Workbench::new(Lang::Es, Ok(naive()))
    }

    #[test]
    fn check_waits_for_a_prediction_and_an_edit_clears_the_verdict() {
        let mut w = wb();
        w.apply(WbAction::Check);
        assert!(w.checked.is_none());
        w.apply(WbAction::Predict(Guess::Safe));
        w.apply(WbAction::Check);
        let c = w.checked.as_ref().unwrap();
        assert_eq!(c.report.failures, [Failure::DoubleEffect]);
        assert_eq!(w.out.answered, Some((Guess::Safe, false)));
        w.apply(WbAction::Add(Step::Commit));
        assert!(w.checked.is_none() && w.guess.is_none());
    }

    #[test]
    fn the_lessons_pattern_built_step_by_step_reaches_the_balance_milestone_once() {
        let mut w = wb();
        w.apply(WbAction::Clear);
        for s in [
            Step::Ack,
            Step::Begin,
            Step::Insert,
            Step::Apply,
            Step::Commit,
        ] {
            w.apply(WbAction::Add(s));
        }
        w.apply(WbAction::Move { from: 0, to: 4 });
        assert_eq!(w.program.steps_text(), "begin,insert,apply,commit,ack");
        w.apply(WbAction::Predict(Guess::Safe));
        w.apply(WbAction::Check);
        assert_eq!(w.out.milestones, [Milestone::BalanceSafe]);
        assert_eq!(w.out.answered, Some((Guess::Safe, true)));
        w.apply(WbAction::Predict(Guess::Safe));
        w.apply(WbAction::Check);
        assert!(w.out.milestones.is_empty(), "only once");
        // The same pattern with an email: still broken, and the second milestone.
        w.apply(WbAction::SetEffect(Effect::Email));
        w.apply(WbAction::Predict(Guess::Safe));
        w.apply(WbAction::Check);
        assert_eq!(w.out.milestones, [Milestone::EmailUnsafe]);
        assert_eq!(w.hint(), Some(Hint::Email));
    }

    #[test]
    fn edits_out_of_range_and_past_the_limit_change_nothing() {
        let mut w = wb();
        let before = w.program.clone();
        w.apply(WbAction::Remove(9));
        w.apply(WbAction::Move { from: 0, to: 7 });
        w.apply(WbAction::Preset("nope"));
        assert_eq!(w.program, before);
        for _ in 0..20 {
            w.apply(WbAction::Add(Step::Ack));
        }
        assert_eq!(w.program.steps.len(), MAX_STEPS);
        w.apply(WbAction::Clear);
        w.apply(WbAction::Predict(Guess::Lost));
        w.apply(WbAction::Check);
        assert!(w.checked.is_none(), "nothing to check");
    }

    #[test]
    fn the_run_is_stepped_within_its_length() {
        let mut w = wb();
        w.apply(WbAction::Predict(Guess::DoubleEffect));
        w.apply(WbAction::Check);
        let n = w.run().unwrap().len();
        w.apply(WbAction::ShowMoves(99));
        assert_eq!(w.shown, n);
        w.apply(WbAction::ShowFailure(5));
        assert_eq!(w.failure, 0);
    }

    #[test]
    fn a_bad_link_falls_back_to_the_naive_consumer_with_a_notice() {
        let w = Workbench::new(Lang::Es, Program::parse("begin,jump", "add"));
        assert_eq!(w.program, naive());
        assert!(matches!(w.notice, Some(ProgramError::UnknownStep(_))));
    }

    #[test]
    fn hints_point_at_what_lets_each_preset_fail() {
        let hint = |id: &str| {
            let mut w = wb();
            w.apply(WbAction::Preset(Preset::by_id(id).unwrap().id));
            w.apply(WbAction::Predict(Guess::Safe));
            w.apply(WbAction::Check);
            w.hint()
        };
        assert_eq!(hint("naive"), Some(Hint::NoMark));
        assert_eq!(hint("check_then_insert"), Some(Hint::EffectApart));
        assert_eq!(hint("mark_first"), Some(Hint::MarkApart));
        assert_eq!(hint("effect_first"), Some(Hint::EffectApart));
        assert_eq!(hint("ack_first"), Some(Hint::AckEarly));
        assert_eq!(hint("insert_first"), None);
    }
}

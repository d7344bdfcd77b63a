//! The consumer workbench's state and its one reducer, in plain Rust: the learner's program,
//! the prediction, the checker's report and the failing run being stepped. Like `Lab::apply`,
//! the reducer returns what one action asks of the page (what to tell the host, where the
//! learner's focus goes, what to bring into view); the Yew view (`ui::workbench`) only draws
//! the state, sends actions and does what they return.
use crate::lang::Lang;
use crate::sim::workbench::{
    check, Effect, Failure, Preset, Program, ProgramError, Report, Step, MAX_STEPS, PRESETS,
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

/// The one judgement of a workbench prediction, made when the program is checked: the card and
/// the xAPI statement read it. Several guesses can be right at once (a program can both apply
/// twice and get stuck), so it keeps every one the checker proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WbVerdict {
    pub guess: Guess,
    pub right_guesses: Vec<Guess>,
    /// Which check of this program it was (1 the first).
    pub attempt: u32,
}

impl WbVerdict {
    fn of(guess: Guess, r: &Report, attempt: u32) -> WbVerdict {
        WbVerdict {
            guess,
            right_guesses: Guess::ALL.iter().copied().filter(|g| g.right(r)).collect(),
            attempt,
        }
    }

    pub fn right(&self) -> bool {
        self.right_guesses.contains(&self.guess)
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
    pub verdict: WbVerdict,
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
    /// Checks of this program so far (a changed program is a new question): which try an
    /// answer is.
    pub tries: u32,
}

/// What one action asks of the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WbEffects {
    /// Milestones reached for the first time: the host hears of each.
    pub milestones: Vec<Milestone>,
    /// A prediction checked: its verdict.
    pub verdict: Option<WbVerdict>,
    /// Where the focus goes when the control the learner used moved, went or was disabled.
    pub focus: Option<Focus>,
    /// What to bring into view: a move just shown, or a verdict just given.
    pub reveal: Option<Reveal>,
}

/// Where the learner's focus goes after an action, so that it never falls to the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The block now at this place in the program: the one just moved (on the control that
    /// moved it, when that control is still usable there), or the one after a removed block.
    Block(usize),
    /// The palette's first block: the program was emptied.
    Palette,
    /// The run's last move: it is all shown, and the buttons that step on are disabled.
    LastMove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    /// The move at this index of the shown run.
    Move(usize),
    /// The verdict.
    Verdict,
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

    /// The one reducer: applies `a` and says what it asks of the page.
    pub fn apply(&mut self, a: WbAction) -> WbEffects {
        let mut fx = WbEffects::default();
        let edits = matches!(
            a,
            WbAction::SetEffect(_)
                | WbAction::Add(_)
                | WbAction::Remove(_)
                | WbAction::Move { .. }
                | WbAction::Preset(_)
                | WbAction::Clear
        );
        let steps = &mut self.program.steps;
        match a {
            WbAction::SetLang(l) => self.lang = l,
            WbAction::SetEffect(e) => self.program.effect = e,
            WbAction::Add(s) if steps.len() < MAX_STEPS => steps.push(s),
            WbAction::Add(_) => {}
            WbAction::Remove(i) if i < steps.len() => {
                steps.remove(i);
                // The block that took its place, or the one before it, or the palette.
                fx.focus = Some(match steps.len() {
                    0 => Focus::Palette,
                    n => Focus::Block(i.min(n - 1)),
                });
            }
            WbAction::Remove(_) => {}
            WbAction::Move { from, to } => {
                let n = steps.len();
                if from < n && to < n {
                    let s = steps.remove(from);
                    steps.insert(to, s);
                    fx.focus = Some(Focus::Block(to));
                }
            }
            WbAction::Preset(id) => {
                if let Some(p) = Preset::by_id(id) {
                    *steps = p.steps.to_vec();
                }
            }
            WbAction::Clear => {
                steps.clear();
                fx.focus = Some(Focus::Palette);
            }
            WbAction::Predict(g) => self.guess = Some(g),
            WbAction::Check => self.check(&mut fx),
            WbAction::ShowFailure(i) => {
                if self
                    .checked
                    .as_ref()
                    .is_some_and(|c| i < c.report.runs.len())
                {
                    self.failure = i;
                    self.shown = self.first_move();
                    fx.reveal = self.shown.checked_sub(1).map(Reveal::Move);
                }
            }
            WbAction::ShowMoves(n) => {
                let total = self.run().map_or(0, <[_]>::len);
                let before = self.shown;
                self.shown = n.min(total);
                if self.shown > before {
                    fx.reveal = Some(Reveal::Move(self.shown - 1));
                }
                if self.shown == total && before < total {
                    fx.focus = Some(Focus::LastMove);
                }
            }
            WbAction::DismissNotice => self.notice = None,
        }
        // A changed program is a new question: its old verdict and the guess go.
        if edits {
            self.guess = None;
            self.checked = None;
            self.tries = 0;
        }
        fx
    }

    /// Checks the program, if a prediction was made first and there is something to check.
    fn check(&mut self, fx: &mut WbEffects) {
        let Some(guess) = self.guess else { return };
        if self.program.steps.is_empty() {
            return;
        }
        let report = check(&self.program);
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
        let verdict = WbVerdict::of(guess, &report, self.tries);
        fx.milestones = new;
        fx.verdict = Some(verdict.clone());
        fx.reveal = Some(Reveal::Verdict);
        self.failure = 0;
        self.checked = Some(Checked {
            report,
            guess,
            verdict,
            program: self.program.clone(),
        });
        self.shown = self.first_move();
    }

    /// Whether the checked guess was right, while it is still the learner's guess: a changed
    /// guess is a new prediction, and the old one's «right» or «wrong» would be beside it.
    pub fn feedback(&self) -> Option<bool> {
        let c = self.checked.as_ref()?;
        (self.guess == Some(c.guess)).then(|| c.verdict.right())
    }

    /// The lesson's pattern the program is, step for step, if it is one: the menu names it.
    pub fn preset(&self) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.steps == self.program.steps)
    }

    /// A hint toward the next change for the shown failure: what in this program lets it
    /// happen, never the arrangement that fixes it.
    pub fn hint(&self) -> Option<Hint> {
        let c = self.checked.as_ref()?;
        let f = *c.report.failures.get(self.failure)?;
        Some(hints::hint_for(&c.program, f))
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

#[path = "workbench_hints.rs"]
mod hints;
pub use hints::Hint;

#[cfg(test)]
#[path = "workbench_tests.rs"]
mod tests;

//! The consumer workbench's state and its one reducer, in plain Rust: the learner's program,
//! the prediction, the checker's report and the failing run being stepped. Like `Lab::apply`,
//! the reducer returns what one action asks of the page (what to tell the host, where the
//! learner's focus goes, what to bring into view); the Yew view (`workbench`) only draws
//! the state, sends actions and does what they return.
use crate::lang::Lang;
use crate::sim::workbench::{
    check, redundant_checks, Constraint, Effect, Move, Preset, Program, ProgramError, Report, Step,
    MAX_STEPS, PRESETS,
};

pub use verdict::{Guess, WbVerdict};

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
    /// The dedup table with or without its unique constraint.
    SetConstraint(Constraint),
    Add(Step),
    Remove(usize),
    /// Move the block at `from` to `to` (both indexes into the program).
    Move {
        from: usize,
        to: usize,
    },
    Preset(&'static str),
    Clear,
    /// Take back the latest change to the steps (an add, a removal, a move, «Vaciar», a
    /// pattern loaded), then the one before it.
    Undo,
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
    /// The positions of the checks a safe program does not need (`redundant_checks`).
    pub redundant: Vec<usize>,
    /// Why they add nothing, when there are any.
    pub redundant_because: Option<Guard>,
}

/// What already makes a program safe without its check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// The unique constraint: without it the same steps are not safe.
    Constraint,
    /// The effect itself (setting a state): safe without the constraint too.
    Idempotent,
}

/// A change to the steps, as the status line tells it (positions from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// `step` added at the end, now at `at` of `n`.
    Added { step: Step, at: usize, n: usize },
    /// `step` removed from `at`.
    Removed { step: Step, at: usize },
    /// `step` moved from `from` to `to`.
    Moved { step: Step, from: usize, to: usize },
    /// Every step removed.
    Cleared,
    /// A pattern loaded: whether it replaced steps the learner had, and the table's constraint
    /// when loading it changed that too.
    Preset {
        id: &'static str,
        replaced: bool,
        constraint: Option<Constraint>,
    },
}

/// The status line under the control the learner used: the latest change, or that it was
/// taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    pub edit: Edit,
    pub undone: bool,
}

/// What «Deshacer» brings back: the steps before a change, and the table's constraint when
/// that change (a pattern) set it.
#[derive(Clone, Debug, PartialEq)]
struct Undo {
    steps: Vec<Step>,
    constraint: Option<Constraint>,
    edit: Edit,
}

/// How many changes «Deshacer» can take back.
pub const UNDO_DEPTH: usize = 20;

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
    /// The latest change to the steps, told under the control that made it.
    pub status: Option<Status>,
    /// The changes «Deshacer» can take back, the latest last.
    history: Vec<Undo>,
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
    /// «Deshacer», which can take back one more change (it may have moved with the status).
    Undo,
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
            status: None,
            history: Vec::new(),
        }
    }

    /// The run being shown: the shown failure's shortest run, or a safe program's example.
    pub fn run(&self) -> Option<&[Move]> {
        let c = self.checked.as_ref()?;
        if c.report.safe() {
            return Some(c.report.example.as_slice()).filter(|r| !r.is_empty());
        }
        c.report.runs.get(self.failure).map(Vec::as_slice)
    }

    /// The change «Deshacer» takes back next, if any.
    pub fn can_undo(&self) -> Option<Edit> {
        self.history.last().map(|u| u.edit)
    }

    /// A run opens on its first move.
    fn first_move(&self) -> usize {
        self.run().map_or(0, |r| r.len().min(1))
    }

    /// The share link's fragment for this program: `steps=…&effect=…`, and `&constraint=none`
    /// for a table without its unique constraint (a link without it keeps the default).
    pub fn fragment(&self) -> String {
        let mut f = format!(
            "steps={}&effect={}",
            self.program.steps_text(),
            self.program.effect.as_str()
        );
        if self.program.constraint != Constraint::Unique {
            f.push_str("&constraint=");
            f.push_str(self.program.constraint.as_str());
        }
        f
    }

    /// Remembers the steps before `edit` for «Deshacer», and tells it.
    fn record(&mut self, before: Vec<Step>, constraint: Option<Constraint>, edit: Edit) {
        if self.history.len() == UNDO_DEPTH {
            self.history.remove(0);
        }
        self.history.push(Undo {
            steps: before,
            constraint,
            edit,
        });
        self.status = Some(Status {
            edit,
            undone: false,
        });
    }

    /// The one reducer: applies `a` and says what it asks of the page.
    pub fn apply(&mut self, a: WbAction) -> WbEffects {
        let mut fx = WbEffects::default();
        let edits = matches!(
            a,
            WbAction::SetEffect(_)
                | WbAction::SetConstraint(_)
                | WbAction::Add(_)
                | WbAction::Remove(_)
                | WbAction::Move { .. }
                | WbAction::Preset(_)
                | WbAction::Clear
                | WbAction::Undo
        );
        let before = self.program.clone();
        let n = before.steps.len();
        match a {
            WbAction::SetLang(l) => self.lang = l,
            // The last edit's line (and its undo) would name a table or an effect no longer
            // shown: it goes with the change.
            WbAction::SetEffect(e) => {
                self.status = self.status.filter(|_| e == before.effect);
                self.program.effect = e;
            }
            WbAction::SetConstraint(c) => {
                self.status = self.status.filter(|_| c == before.constraint);
                self.program.constraint = c;
            }
            WbAction::Add(s) if n < MAX_STEPS => {
                self.program.steps.push(s);
                let edit = Edit::Added {
                    step: s,
                    at: n,
                    n: n + 1,
                };
                self.record(before.steps.clone(), None, edit);
            }
            WbAction::Add(_) => {}
            WbAction::Remove(i) if i < n => {
                let step = self.program.steps.remove(i);
                // The block that took its place, or the one before it, or the palette.
                fx.focus = Some(match n - 1 {
                    0 => Focus::Palette,
                    left => Focus::Block(i.min(left - 1)),
                });
                self.record(before.steps.clone(), None, Edit::Removed { step, at: i });
            }
            WbAction::Remove(_) => {}
            WbAction::Move { from, to } => {
                if from < n && to < n && from != to {
                    let step = self.program.steps.remove(from);
                    self.program.steps.insert(to, step);
                    fx.focus = Some(Focus::Block(to));
                    self.record(before.steps.clone(), None, Edit::Moved { step, from, to });
                }
            }
            WbAction::Preset(id) => {
                if let Some(p) = Preset::by_id(id) {
                    let same = before.steps == p.steps && before.constraint == p.constraint;
                    if !same {
                        self.program.steps = p.steps.to_vec();
                        self.program.constraint = p.constraint;
                        let changed = (p.constraint != before.constraint).then_some(p.constraint);
                        let edit = Edit::Preset {
                            id: p.id,
                            replaced: n > 0,
                            constraint: changed,
                        };
                        let was = changed.map(|_| before.constraint);
                        self.record(before.steps.clone(), was, edit);
                    }
                }
            }
            WbAction::Clear => {
                if n > 0 {
                    self.program.steps.clear();
                    self.record(before.steps.clone(), None, Edit::Cleared);
                }
                fx.focus = Some(Focus::Palette);
            }
            WbAction::Undo => self.undo(&mut fx),
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
        if edits && self.program != before {
            self.guess = None;
            self.checked = None;
            self.tries = 0;
        }
        fx
    }

    /// Takes back the latest change to the steps: the focus goes back where that change was
    /// made, or stays on «Deshacer» while it can take back another.
    fn undo(&mut self, fx: &mut WbEffects) {
        let Some(u) = self.history.pop() else { return };
        self.program.steps = u.steps;
        if let Some(c) = u.constraint {
            self.program.constraint = c;
        }
        self.status = Some(Status {
            edit: u.edit,
            undone: true,
        });
        let n = self.program.steps.len();
        fx.focus = Some(if !self.history.is_empty() {
            Focus::Undo
        } else {
            match u.edit {
                _ if n == 0 => Focus::Palette,
                Edit::Added { .. } => Focus::Palette,
                Edit::Removed { at, .. } => Focus::Block(at.min(n - 1)),
                Edit::Moved { from, .. } => Focus::Block(from.min(n - 1)),
                Edit::Cleared | Edit::Preset { .. } => Focus::Block(0),
            }
        });
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
        let redundant = redundant_checks(&self.program);
        let redundant_because = redundant.first().map(|&i| {
            // Safe without that check even on a table with no unique constraint: the effect
            // protects itself; otherwise the constraint is what makes it safe.
            let mut steps = self.program.steps.clone();
            steps.remove(i);
            let bare = Program {
                steps,
                ..self.program.with_constraint(Constraint::Absent)
            };
            if check(&bare).safe() {
                Guard::Idempotent
            } else {
                Guard::Constraint
            }
        });
        self.checked = Some(Checked {
            report,
            guess,
            verdict,
            program: self.program.clone(),
            redundant,
            redundant_because,
        });
        self.shown = self.first_move();
    }

    /// Whether the checked guess was right, while it is still the learner's guess: a changed
    /// guess is a new prediction, and the old one's «right» or «wrong» would be beside it.
    pub fn feedback(&self) -> Option<bool> {
        let c = self.checked.as_ref()?;
        (self.guess == Some(c.guess)).then(|| c.verdict.right())
    }

    /// The lesson's pattern the program is, step for step and on its table, if it is one: the
    /// menu names it.
    pub fn preset(&self) -> Option<&'static Preset> {
        PRESETS
            .iter()
            .find(|p| p.steps == self.program.steps && p.constraint == self.program.constraint)
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
        constraint: Constraint::Unique,
    }
}

/// The same steps on the same table, checked with a balance, are safe: for the email
/// milestone (the learner brought a pattern that works elsewhere and saw that the email breaks
/// it anyway).
fn safe_for_a_balance(p: &Program) -> bool {
    check(&Program {
        effect: Effect::Add,
        ..p.clone()
    })
    .safe()
}

mod hints;
mod verdict;
pub use hints::Hint;

#[cfg(test)]
mod tests;

//! The keys of the consumer workbench's texts (its own module, which the lab's first load does
//! not carry), and the sentences built from them; the tables are `workbench_es` and
//! `workbench_en`.
use super::{fill, workbench_en, workbench_es, Lang, ProgramProblems};
use retry_lab_core::lab::workbench::{Edit, Guess, Hint, Milestone};
use retry_lab_core::sim::workbench::{
    Constraint, Did as WbDid, Effect as WbEffect, Ending as WbEnding, Failure, ProgramError,
    Step as WbStep,
};

/// The consumer workbench's texts (its own module, which the lab's first load does not carry):
/// one table per language, arrays indexed by the workbench's enums.
pub struct WbTexts {
    pub title: &'static str,
    pub intro: &'static str,
    pub language: &'static str,
    pub effect: &'static str,
    /// By [`WbEffect`]: the effect's name in the menu.
    pub effects: [&'static str; WbEffect::COUNT],
    /// By [`WbStep`]: the block's label; the apply block's comes from `apply_blocks`.
    pub steps: [&'static str; WbStep::COUNT],
    /// By [`WbEffect`]: the apply block's label.
    pub apply_blocks: [&'static str; WbEffect::COUNT],
    /// By [`WbStep`]: what the step does, one line under the block in the palette (the
    /// insert's on a table with its unique constraint).
    pub step_rules: [&'static str; WbStep::COUNT],
    /// The apply step's rule when the effect is an email (it never waits for a commit).
    pub apply_email_rule: &'static str,
    /// The insert block's label and rule on a table without a unique constraint.
    pub insert_plain: &'static str,
    pub insert_plain_rule: &'static str,
    /// The dedup table's menu: its label and, by [`Constraint`], its options.
    pub table: &'static str,
    pub constraints: [&'static str; Constraint::COUNT],
    pub palette: &'static str,
    /// On a phone, the steps' rules are folded under this.
    pub palette_rules: &'static str,
    /// `{0}`: a step's label.
    pub add: &'static str,
    pub program: &'static str,
    /// `{0}` of `{1}` steps.
    pub count: &'static str,
    pub empty: &'static str,
    pub full: &'static str,
    pub up: &'static str,
    pub down: &'static str,
    pub remove: &'static str,
    pub clear: &'static str,
    /// The status line, by [`Edit`]: `{0}` the step, `{1}` its place, `{2}` how many.
    pub added: &'static str,
    pub removed: &'static str,
    pub moved: &'static str,
    pub cleared: &'static str,
    /// `{0}`: the pattern's name.
    pub preset_loaded: &'static str,
    pub preset_replaced: &'static str,
    /// The pattern's sentence (no full stop of its own) ends with this when loading it set the
    /// table: `{0}` the table's option.
    pub preset_table: &'static str,
    /// `{0}`: the change taken back, as the status line told it.
    pub undone: &'static str,
    pub undo: &'static str,
    /// «Deshacer»'s name for assistive technology: `{0}` the change it takes back.
    pub undo_label: &'static str,
    /// Under the blocks: the keys that move between them, move and remove them; dragging
    /// (not shown on a touch screen).
    pub list_hint: &'static str,
    /// A block's name for assistive technology: `{0}` of `{1}`, `{2}` the step.
    pub block_label: &'static str,
    pub presets: &'static str,
    pub preset_placeholder: &'static str,
    /// In the order of `sim::workbench::PRESETS`.
    pub preset_names: [&'static str; 6],
    pub predict: &'static str,
    /// By [`Guess`].
    pub guesses: [&'static str; Guess::COUNT],
    pub check: &'static str,
    /// The ways between the program and its check on a phone, where the palette lies between.
    pub to_check: &'static str,
    pub to_program: &'static str,
    /// Back up to the guided path's card, in the lab.
    pub to_path: &'static str,
    pub predict_first: &'static str,
    /// Where «Elige tu predicción…» stood, once a guess is chosen and not yet checked (the
    /// line keeps its place: the lab, and the bar at its end, do not jump up under the thumb).
    pub then_check: &'static str,
    pub right: &'static str,
    pub wrong: &'static str,
    /// By [`Guess`]: what a wrong guess missed.
    pub wrong_because: [&'static str; Guess::COUNT],
    /// In place of «right» or «wrong» once the learner changed the guess that was checked.
    pub guess_changed: &'static str,
    /// A double effect guessed for a naturally idempotent effect (set a state): both copies may
    /// set it, and that is no failure.
    pub set_twice: &'static str,
    /// `{0}`: states explored.
    pub safe: &'static str,
    /// `{0}`: states explored.
    pub broken: &'static str,
    /// What «N estados» counts: the summary (`{0}` the count) and the explanation.
    pub states_summary: &'static str,
    pub states_explained: &'static str,
    /// A safe verdict's example run: `{0}` its moves; with A's crash, or without one.
    pub example_heading: &'static str,
    pub example_heading_no_crash: &'static str,
    /// A check a safe program does not need: `{0}` its place (one), or their places (several),
    /// joined by `and`; then why, by [`Guard`].
    pub redundant_one: &'static str,
    pub redundant_many: &'static str,
    pub and: &'static str,
    pub redundant_because: [&'static str; 2],
    /// By [`Failure`]: its name and what it means.
    pub failures: [&'static str; Failure::COUNT],
    pub failure_meanings: [&'static str; Failure::COUNT],
    /// `{0}`: the failure; `{1}`: moves.
    pub run_heading: &'static str,
    pub lanes: [&'static str; 3],
    pub prev: &'static str,
    pub next: &'static str,
    pub all: &'static str,
    /// `{0}` of `{1}`.
    pub move_of: &'static str,
    pub crash: &'static str,
    /// By [`WbDid`]: what a move did, after the step's name.
    pub did: [&'static str; WbDid::COUNT],
    /// On a move that ends a copy's program without an ack, before how it ended.
    pub stuck_copy: &'static str,
    /// By [`WbEnding`]: how the program ended without an ack, and what that means.
    pub endings: [&'static str; WbEnding::COUNT],
    /// `{0}`: times the effect is committed (or sent); `{1}`: the mark.
    pub db: &'static str,
    pub mark_yes: &'static str,
    pub mark_no: &'static str,
    pub hint: &'static str,
    /// By [`Hint`].
    pub hints: [&'static str; Hint::COUNT],
    /// Two paragraphs: why no order is safe with an email, then what is.
    pub email_note: [&'static str; 2],
    pub set_note: &'static str,
    pub share: &'static str,
    /// `{0}`: what was wrong with the link's program.
    pub bad_link: &'static str,
    pub dismiss: &'static str,
    /// By [`Milestone`]: what the learner reached, for xAPI statements.
    pub milestones: [&'static str; Milestone::COUNT],
    /// By [`ProgramError`]: what was wrong with a program from outside.
    pub problems: ProgramProblems,
}

/// The workbench's table in a language (both are built in: the workbench is its own module).
pub(crate) fn tables(lang: Lang) -> &'static WbTexts {
    match lang {
        Lang::Es => &workbench_es::WB_ES,
        Lang::En => &workbench_en::WB_EN,
    }
}

impl WbTexts {
    /// A block's label: the apply block says what the effect is, the insert whether the table
    /// has its unique constraint.
    pub fn step(&self, s: WbStep, e: WbEffect, c: Constraint) -> &'static str {
        match s {
            WbStep::Apply => self.apply_blocks[e as usize],
            WbStep::Insert if c == Constraint::Absent => self.insert_plain,
            _ => self.steps[s as usize],
        }
    }
    /// What a step does, with this effect, on this table.
    pub fn step_rule(&self, s: WbStep, e: WbEffect, c: Constraint) -> &'static str {
        match (s, e, c) {
            (WbStep::Insert, _, Constraint::Absent) => self.insert_plain_rule,
            (WbStep::Apply, WbEffect::Email, _) => self.apply_email_rule,
            _ => self.step_rules[s as usize],
        }
    }
    /// The status line: a change to the steps, or that it was taken back.
    pub fn status(&self, e: Edit, undone: bool, effect: WbEffect, c: Constraint) -> String {
        if !undone {
            return self.edit(e, effect, c, true);
        }
        let mut what = self.edit(e, effect, c, false);
        // Every description starts with an ASCII capital (char::to_lowercase would bring
        // Unicode's case tables into the module for one letter).
        if let Some(first) = what.get_mut(..1) {
            first.make_ascii_lowercase();
        }
        fill(self.undone, &[&what])
    }
    /// A change to the steps in words; `table`: with what a pattern did to the table.
    pub fn edit(&self, e: Edit, effect: WbEffect, c: Constraint, table: bool) -> String {
        let step = |s| self.step(s, effect, c);
        let place = |i: usize| (i + 1).to_string();
        match e {
            Edit::Added { step: s, at, n } => {
                fill(self.added, &[step(s), &place(at), &n.to_string()])
            }
            Edit::Removed { step: s, at } => fill(self.removed, &[step(s), &place(at)]),
            Edit::Moved { step: s, to, .. } => fill(self.moved, &[step(s), &place(to)]),
            Edit::Cleared => self.cleared.into(),
            Edit::Preset {
                id,
                replaced,
                constraint,
            } => {
                let i = retry_lab_core::sim::workbench::PRESETS
                    .iter()
                    .position(|p| p.id == id)
                    .unwrap_or(0);
                let name = self.preset_names[i];
                let mut out = fill(
                    if replaced {
                        self.preset_replaced
                    } else {
                        self.preset_loaded
                    },
                    &[name],
                );
                // What the pattern did to the table, in the past: still true once the learner
                // changes the table again.
                match constraint.filter(|_| table) {
                    Some(c) => {
                        out.push_str(", ");
                        out.push_str(&fill(self.preset_table, &[self.constraints[c as usize]]));
                    }
                    None => out.push('.'),
                }
                out
            }
        }
    }
    /// The places (from 0) of a safe program's needless checks, named in a sentence.
    pub fn redundant(&self, at: &[usize]) -> Option<String> {
        let places: Vec<String> = at.iter().map(|i| (i + 1).to_string()).collect();
        match places.as_slice() {
            [] => None,
            [one] => Some(fill(self.redundant_one, &[one])),
            [init @ .., last] => {
                let list = format!("{}{}{last}", init.join(", "), self.and);
                Some(fill(self.redundant_many, &[&list]))
            }
        }
    }
    /// What a wrong guess missed, for a program with effect `e`: for "set a state", a double
    /// effect is not said never to happen (both copies set it), only never to count.
    pub fn missed(&self, g: Guess, e: WbEffect) -> &'static str {
        if g == Guess::DoubleEffect && e == WbEffect::Set {
            self.set_twice
        } else {
            self.wrong_because[g as usize]
        }
    }
    /// What was wrong with a program from outside, in words.
    pub fn problem(&self, e: &ProgramError) -> String {
        match e {
            ProgramError::Empty => self.problems.empty.into(),
            ProgramError::TooLong(n) => fill(
                self.problems.too_long,
                &[
                    &n.to_string(),
                    &retry_lab_core::sim::workbench::MAX_STEPS.to_string(),
                ],
            ),
            ProgramError::UnknownStep(s) => fill(
                self.problems.unknown_step,
                &[&retry_lab_core::sim::utc::truncate(s, 30)],
            ),
            ProgramError::UnknownEffect(s) => fill(
                self.problems.unknown_effect,
                &[&retry_lab_core::sim::utc::truncate(s, 30)],
            ),
            ProgramError::UnknownConstraint(s) => fill(
                self.problems.unknown_constraint,
                &[&retry_lab_core::sim::utc::truncate(s, 30)],
            ),
        }
    }
}

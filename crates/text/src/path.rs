//! The keys of the guided path's texts: the frame around every stop, each stop's own (its
//! title, what to do, its question and explanation), the evidence the card draws and the two
//! logs of the no-jitter stop.
use super::{mix, Strings};
use retry_lab_core::lab::path::{Act, Stop};

strings! {
/// The guided path's texts: the frame around every stop, then each stop's own.
pub struct PathTexts {
    pub heading: &'static str,
    /// `{0}` of `{1}`.
    pub step_of: &'static str,
    pub back: &'static str,
    pub next: &'static str,
    /// The bar's way on, which is also under the workbench's steps: «Siguiente» alone read
    /// there as the workbench's next step. `{0}`: the next stop's number.
    pub next_stop: &'static str,
    pub explore: &'static str,
    pub resume: &'static str,
    /// The dock's step button (its name is `step`).
    pub step_short: &'static str,
    /// The dock's way back to the stop's card from wherever a link led (a phone): its name,
    /// which holds the word the button shows (`to_card_word`: a name must contain the visible
    /// label, WCAG 2.5.3).
    pub to_card: &'static str,
    /// Beside the bar's «↑», on every screen (a short word: the bar is one row).
    pub to_card_word: &'static str,
    pub predict: &'static str,
    pub answer: &'static str,
    pub do_now: &'static str,
    pub waiting: &'static str,
    pub right: &'static str,
    pub wrong: &'static str,
    /// `{0}` the prediction, `{1}` what happened.
    pub you_said: &'static str,
    /// `{0}` the right answer.
    pub answer_was: &'static str,
    /// A run that showed what none of the stop's choices says (`{0}`): the scene was changed by
    /// hand; and the button that sets the stop again.
    pub unoffered: &'static str,
    pub again: &'static str,
    /// `{0}` rows of the idempotent consumer, `{1}` of the naive one.
    pub rows: &'static str,
    /// `{0}` right predictions and answers, `{1}` stops.
    pub finished: &'static str,
    /// Before the stops missed at the end of the path (each a button back to it).
    pub missed: &'static str,
    /// A passed stop's mark: right, or passed without a right prediction.
    pub passed: &'static str,
    pub passed_wrong: &'static str,
    /// Before the links to the panels a stop is about.
    pub look: &'static str,
    /// `{0}` operations shown of the `{1}` of the demonstration the stop steps through.
    pub demo_progress: &'static str,
    /// The workbench's button beside the bar's way on (a few letters: the bar is one row).
    pub workbench_short: &'static str,
    /// The button that shows the rest of a stepped demonstration at once.
    pub to_the_end: &'static str,
    /// At the end of the path: on to the consumer workbench.
    pub to_workbench: &'static str,
    /// While a stop's texts or its feedback are fetched, and if they cannot be.
    pub feedback_loading: &'static str,
    pub feedback_missing: &'static str,
    /// The failure-rate stop, once predicted: where the learner sets the probability, and
    /// (`{0}` the probability set) what it needs when another is set.
    pub set_rate: &'static str,
    pub rate_needed: &'static str,
    /// The no-immediate-retry comparison: its caption, the two hubs (at once, on the table),
    /// `{0}` a minute, `{0}` a hub caught up at `{1}`, `{0}` a hub not caught up in `{1}`
    /// minutes, having delivered `{2}` events.
    pub recovery_caption: &'static str,
    pub recovery_hubs: [&'static str; 2],
    pub recovery_minute: &'static str,
    pub recovery_caught_up: &'static str,
    pub recovery_never: &'static str,
    /// The jitter stop's comparison: its caption, the two hubs (exact table, jitter), and
    /// `{0}` a hub that delivered `{1}` of `{2}`, the last at `{3}`, or none of them.
    pub herd_caption: &'static str,
    pub herd_hubs: [&'static str; 2],
    pub herd_delivered: &'static str,
    pub herd_none: &'static str,
    /// Under that comparison, whatever the answer: how its result fits the lesson's exact
    /// table (no jitter), without telling the next stop's answer.
    pub herd_lesson: &'static str,
    /// The exactly-once stop's two runs: the columns (off, on), the rows (the output topic's
    /// records, the idempotent and the naive consumer's rows), and what happened with it on.
    /// The comparison's corner (what its columns switch), then the columns: short words, so
    /// the rows' names keep the width on a phone.
    pub eos_columns: [&'static str; 3],
    pub eos_rows: [&'static str; 3],
    pub eos_story: &'static str,
    pub acts: [&'static str; Act::COUNT],
    /// The same on the bar at a phone's bottom, a word or two.
    pub acts_short: [&'static str; Act::COUNT],
    /// The no-jitter stop's two logs.
    pub jitter: JitterTexts,
    pub stops: [StopText; Stop::COUNT],
}
}

strings! {
/// A stop's run in its card: `{0}` seconds since publication («a los 210 s»); the next attempt
/// (`{0}` its name, `{1}` when); the move to dead-letter (`{0}` when); what
/// each consumer did (`{0}` duplicates the idempotent one discarded, `{1}` effects the naive one
/// applied); the naive consumer's counter and states (`{0}`, `{1}`); the polling reads (`{0}`),
/// a read during which it crashed (`{0}` its seq).
pub struct EvidenceTexts {
    pub at_secs: &'static str,
    pub next: &'static str,
    pub dead_lettered: &'static str,
    pub consumers: &'static str,
    pub natural: &'static str,
    pub reads: &'static str,
    pub crashed_at: &'static str,
}
}

strings! {
/// The no-jitter stop's table of waits: its columns (the intento, the wait the schedule gives,
/// each log's wait), and, once answered, where the delay was (`{0}` the intento, `{1}` the delay).
pub struct JitterTexts {
    pub retry: &'static str,
    pub table: &'static str,
    pub fixed: &'static str,
    pub jittered: &'static str,
    /// A log's name, `{0}`, and how many of its waits, `{1}` of `{2}`, are off the table.
    pub apart: &'static str,
    pub found: &'static str,
}
}

strings! {
/// One stop: what it is, what to do and why, the question, the worded choices (none when the
/// choices are numbers), and the explanation shown after the result.
pub struct StopText {
    pub title: &'static str,
    pub todo: &'static str,
    pub prompt: &'static str,
    pub explain: &'static str,
}
}

impl PathTexts {
    pub fn stop(&self, s: Stop) -> &StopText {
        &self.stops[s as usize]
    }
}

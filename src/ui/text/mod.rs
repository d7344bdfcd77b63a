//! Every user-facing string, keyed: [`Texts`] names each key once, and each language is one
//! table of its own (`es.rs`, the course's language and the default; `en.rs`). A table is a
//! struct literal, so a language that misses a key does not compile. Numbers are never typed
//! into a sentence: `{0}`, `{1}` mark where [`fill`] puts them.
// English is fetched as a file in the page (`loaded`); natively (tests, the prerenderer) it is
// built in, and the file is written from it.
#[macro_use]
mod table;
#[cfg(not(target_arch = "wasm32"))]
mod en;
mod es;
pub mod loaded;
mod words;
// The teacher's page's tables (its own module; keys in `ui::teacher::texts`).
pub mod teacher_en;
pub mod teacher_es;
mod workbench_en;
mod workbench_es;

use crate::lab::announce::Salient;
use crate::lab::checkpoints::Challenge;
use crate::lab::path::{Act, Answer, Choice, Stop};
use crate::lab::settings::Field;
use crate::problem::Kind as ValueKind;
use crate::problem::Why;
use crate::sim::consumer::Action as Did;
use crate::sim::demos::{Op, OpResult};
use crate::sim::log::Kind;
use crate::sim::outcome::{Instance, RootCause};
use crate::sim::{EventState, Fault, Outcome, Reason};

pub use crate::lang::{fill, Lang};

/// The one English sentence the module carries: shown while the English texts load.
pub const LOADING_EN: &str = "Loading the lab…";
pub use table::{mix, Strings};

impl Lang {
    pub fn t(self) -> &'static Texts {
        match self {
            Lang::Es => &es::ES,
            #[cfg(not(target_arch = "wasm32"))]
            Lang::En => &en::EN,
            // Until its file is read the page shows no English view (see `ui::app`); Spanish
            // is only the fallback that keeps this total.
            #[cfg(target_arch = "wasm32")]
            Lang::En => loaded::english().unwrap_or(&es::ES),
        }
    }

    /// Whether this language's texts are at hand: in the page, English once its file is read.
    pub fn ready(self) -> bool {
        self == Lang::Es || cfg!(not(target_arch = "wasm32")) || loaded::english().is_some()
    }

    /// Whether the path's texts are all at hand in this language: in the page, Spanish once
    /// `path-es.txt` is read (English carries its own).
    pub fn path_ready(self) -> bool {
        self == Lang::En || cfg!(not(target_arch = "wasm32")) || loaded::spanish_ready()
    }
}

strings! {
pub struct Texts {
    pub language: &'static str,
    /// The lab's door to the consumer workbench (its own texts are in [`WbTexts`]).
    pub workbench_heading: &'static str,
    pub workbench_intro: &'static str,
    pub workbench_open: &'static str,
    pub title: &'static str,
    pub subtitle: &'static str,
    pub controls: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub step: &'static str,
    pub reset: &'static str,
    pub speed: &'static str,
    pub speed_hint: &'static str,
    pub seed: &'static str,
    pub apply: &'static str,
    pub new_seed: &'static str,
    pub failure_probability: &'static str,
    pub ack_lost_share: &'static str,
    pub ack_lost_hint: &'static str,
    pub base_seconds: &'static str,
    pub max_retries: &'static str,
    pub outage: &'static str,
    pub dedup_on: &'static str,
    pub dedup_producer: &'static str,
    pub dedup_derived: &'static str,
    pub publish_one: &'static str,
    pub publish_twice: &'static str,
    pub faults: &'static str,
    pub fault_armed: &'static str,
    pub clock: &'static str,
    pub timeline: &'static str,
    pub timeline_empty: &'static str,
    pub timeline_widths: &'static str,
    pub next_attempt: &'static str,
    pub countdown: &'static str,
    pub initial_delivery: &'static str,
    pub retry: &'static str,
    pub dead_letter_box: &'static str,
    pub schedule: &'static str,
    pub formula: &'static str,
    pub wait: &'static str,
    pub cumulative: &'static str,
    pub in_flight: &'static str,
    pub events_empty: &'static str,
    pub event: &'static str,
    pub fact: &'static str,
    pub state: &'static str,
    pub attempts: &'static str,
    pub showing_latest: &'static str,
    pub dlq: &'static str,
    pub dlq_empty: &'static str,
    /// Empty again: every event that exhausted its intentos was sent back with a manual retry.
    pub dlq_emptied: &'static str,
    pub moved_at: &'static str,
    pub last_reason: &'static str,
    pub replay: &'static str,
    pub replay_all: &'static str,
    pub replay_naive_note: &'static str,
    pub consumers: &'static str,
    pub idempotent: &'static str,
    pub naive: &'static str,
    pub deliveries_seen: &'static str,
    pub effects_applied: &'static str,
    pub duplicates_discarded: &'static str,
    /// `{0}` extra effects from redeliveries, `{1}` from a second publication.
    pub extra_causes: &'static str,
    /// The producer published one fact twice: not the hub's retrying.
    pub republished_note: &'static str,
    pub extra_applied: &'static str,
    pub pass_rows: &'static str,
    pub notifications: &'static str,
    pub reservations: &'static str,
    pub emails: &'static str,
    pub counter: &'static str,
    pub log_lines: &'static str,
    pub status_rows: &'static str,
    pub status_note: &'static str,
    /// `{0}`: how many ids the table holds.
    pub dedup_table: &'static str,
    pub dedup_key: &'static str,
    pub duplicates: &'static str,
    pub duplicates_empty: &'static str,
    pub namespace: &'static str,
    pub key: &'static str,
    pub producer_id: &'static str,
    pub derived_id: &'static str,
    pub same: &'static str,
    pub different: &'static str,
    pub dup_verdict_v4: &'static str,
    pub dup_verdict_v5: &'static str,
    pub demos: &'static str,
    pub race: &'static str,
    pub race_intro: &'static str,
    pub check_then_insert: &'static str,
    pub unique_constraint: &'static str,
    pub tx: &'static str,
    pub tx_intro: &'static str,
    pub one_tx: &'static str,
    pub mark_first: &'static str,
    pub effect_first: &'static str,
    pub next_step: &'static str,
    pub restart_demo: &'static str,
    pub effects_committed: &'static str,
    pub marks_committed: &'static str,
    pub polling: &'static str,
    pub polling_intro: &'static str,
    pub cursor_after_commit: &'static str,
    pub cursor_before: &'static str,
    pub append: &'static str,
    pub poll: &'static str,
    pub poll_crash: &'static str,
    pub restart_consumer: &'static str,
    /// Beside the first read after the consumer's restart.
    pub restarted: &'static str,
    pub lose_cursor: &'static str,
    pub cursor: &'static str,
    pub hub_log: &'static str,
    pub skipped: &'static str,
    pub log: &'static str,
    /// The details, for authors, that name the random generator beside the seed.
    pub rng_details: &'static str,
    pub export_jsonl: &'static str,
    pub export_csv: &'static str,
    /// `{0}` entries that do not fit in the list (they are in the export).
    pub log_older: &'static str,
    /// `{0}` the entries the page keeps, `{1}` the older ones it did not keep.
    pub log_dropped: &'static str,
    /// Back in time: `{0}` the moment shown, `{1}` the latest moment the run reached.
    pub log_past: &'static str,
    pub figures: &'static str,
    pub observed_dlq: &'static str,
    pub analytic_dlq: &'static str,
    pub published: &'static str,
    pub delivered: &'static str,
    pub dead_lettered: &'static str,
    pub bad_number: &'static str,
    pub too_many: &'static str,
    /// English was asked for and its texts could not be fetched or read.
    pub no_english: &'static str,
    /// The lab goes on from progress this browser saved: `{0}` stops passed of `{1}`, `{2}`
    /// challenges of `{3}`.
    pub continued: &'static str,
    /// The same, from progress the course's platform kept (`keep=host`): the learner may come
    /// back on another device.
    pub continued_host: &'static str,
    pub start_over: &'static str,
    pub keep_going: &'static str,
    /// Where a stop's answer is veiled until the learner predicts it.
    pub veiled_hint: &'static str,
    pub dismiss: &'static str,
    pub crash_title: &'static str,
    pub crash_body: &'static str,
    pub reload: &'static str,
    pub input_problems: &'static str,
    pub challenges: &'static str,
    pub path: PathTexts,
    /// What a stop's run is doing, in its card (`ui::evidence`).
    pub evidence: EvidenceTexts,
    pub scenarios: ScenarioTexts,
    /// Lanes of the demonstrations' diagrams: instance A, the shared database, instance B, and
    /// the consumer after its restart.
    pub demo_lanes: [&'static str; 4],
    pub done: &'static str,
    pub not_done: &'static str,
    pub host_accepted: &'static str,
    pub host_ignored: &'static str,
    pub share: &'static str,
    pub share_copy: &'static str,
    pub share_copied: &'static str,
    pub share_copy_failed: &'static str,
    /// `{0}` the link's length, `{1}` the limit.
    pub share_too_long: &'static str,
    pub share_download: &'static str,
    pub share_hint: &'static str,
    pub observed: &'static str,
    pub analytic: &'static str,
    pub dlq_short: &'static str,
    pub fig_table: &'static str,
    pub fig_dlq_title: &'static str,
    pub fig_dlq_caption: &'static str,
    pub fig_rate_axis: &'static str,
    pub fig_attempts_title: &'static str,
    pub fig_attempts_caption: &'static str,
    pub fig_attempt_axis: &'static str,
    pub fig_share_axis: &'static str,
    pub fig_cdf_title: &'static str,
    pub fig_cdf_caption: &'static str,
    pub fig_time_axis: &'static str,
    /// `{0}` observed, `{1}` analytic duplicate deliveries per event.
    pub fig_duplicates: &'static str,
    pub fig_runs: &'static str,
    pub fig_legend: &'static str,
    pub id_kind: &'static str,
    pub comparison: &'static str,
    pub sim_time: &'static str,
    pub poll_col: &'static str,
    /// Thousands separator of long numbers.
    pub group_sep: &'static str,
    /// Decimal separator: a comma in Spanish.
    pub decimal_sep: &'static str,
    /// `{0}`: a percentage's number ("30 %" in Spanish, "30%" in English).
    pub percent: &'static str,
    /// `{0}`: the publication's number.
    pub publication_n: &'static str,
    pub state_delivering: &'static str,
    /// `{0}`: the intento waited for.
    pub state_waiting: &'static str,
    /// `{0}`: the intento's number (1..=max_retries); 0 is the initial delivery.
    pub attempt_n: &'static str,
    /// `{0}`: how many intentos followed the initial delivery.
    pub dlq_attempts: &'static str,
    pub state_delivered: &'static str,
    /// Under the timeline's bar: `{0}` the simulated time of the delivery.
    pub delivered_at: &'static str,
    pub state_dead_lettered: &'static str,
    pub outcomes: [&'static str; Outcome::COUNT],
    pub reasons: [&'static str; Reason::COUNT],
    /// The outage's root causes, completing "the consumer …".
    pub causes: [&'static str; RootCause::COUNT],
    pub root_cause: &'static str,
    pub fix_cause: &'static str,
    pub faults_named: [&'static str; Fault::COUNT],
    pub kinds: [&'static str; Kind::COUNT],
    pub challenge_goals: [&'static str; Challenge::COUNT],
    pub fields: [&'static str; Field::COUNT],
    pub demo_ops: [&'static str; Op::COUNT],
    /// `{0}`: a consumer-group instance (A or B).
    pub instance: &'static str,
    /// What each redelivery cause does, shown while it is armed.
    pub fault_explained: [&'static str; Fault::COUNT],
    /// What a consumer did with a delivery: applied, discarded.
    pub did: [&'static str; Did::COUNT],
    /// A demonstration's end, by how many effects were committed.
    pub verdicts: Verdicts,
    /// Shown once the naive consumer has applied an effect twice.
    pub at_least_once: &'static str,
    /// Why outside input was not used, one sentence per `Why`; `{0}`… are `Why::args`.
    pub why: fn(&Why) -> &'static str,
    /// The worded choices of the path's stops.
    pub choice: fn(Choice) -> &'static str,
    /// What a wrong prediction or answer at a stop gets wrong (None: nothing more to say).
    pub mistake: fn(Stop, Answer) -> Option<&'static str>,
    /// What an option expected (an object, a whole number, …) and the kinds of value a host
    /// can pass, for "must be {0}, not {1}".
    pub expected: [&'static str; crate::problem::Expected::COUNT],
    pub value_kinds: [&'static str; ValueKind::COUNT],
    /// Where outside input came from: the host's options, saved state, a share link.
    pub sources: [&'static str; crate::problem::Source::COUNT],
    /// What the live region says, by what happened.
    pub announce: Announce,
    /// `{0}`: how many events in flight the lanes show.
    pub lanes_caption: &'static str,
    /// Empty where the operation's own text says it (`Done`).
    pub demo_results: [&'static str; OpResult::COUNT],
}
}

strings! {
/// What the live region says: an event dead-lettered (`{0}` its fact), an effect applied twice
/// (`{0}`), a delivery on intento `{1}` (`{0}`).
pub struct Announce {
    pub dead_lettered: &'static str,
    pub applied_twice: &'static str,
    pub delivered: &'static str,
}
}

strings! {
/// A demonstration's end: no effect committed, exactly one, more than one.
pub struct Verdicts {
    pub none: &'static str,
    pub one: &'static str,
    pub more: &'static str,
}
}

/// What was wrong with a workbench program from outside: empty, too long (`{0}` steps, `{1}`
/// the most), an unknown step or effect (`{0}`).
pub struct ProgramProblems {
    pub empty: &'static str,
    pub too_long: &'static str,
    pub unknown_step: &'static str,
    pub unknown_effect: &'static str,
    pub unknown_constraint: &'static str,
}

strings! {
/// Scenario files and time travel.
pub struct ScenarioTexts {
    pub heading: &'static str,
    pub intro: &'static str,
    pub preset: &'static str,
    /// The presets' titles, in the order of `ui::scenarios::PRESETS`.
    pub presets: [&'static str; 4],
    pub load: &'static str,
    /// A scenario was loaded: `{0}` its name.
    pub loaded: &'static str,
    /// The name of a scenario the host gave, which has no file.
    pub loaded_unnamed: &'static str,
    /// The name of a run a share link carried.
    pub loaded_link: &'static str,
    pub file: &'static str,
    pub drop_hint: &'static str,
    pub save: &'static str,
    pub save_hint: &'static str,
    /// `{0}` the field, `{1}` why.
    /// The file picker's own button.
    pub choose: &'static str,
    /// `{0}`: the field, `{1}`: the problem.
    pub bad: &'static str,
    /// The same for the file as a whole (no field to name): `{0}`: the problem.
    pub bad_whole: &'static str,
    pub future_dropped: &'static str,
    pub time_travel: &'static str,
    pub step_back: &'static str,
    pub past_hint: &'static str,
}
}

strings! {
/// The guided path's texts: the frame around every stop, then each stop's own.
pub struct PathTexts {
    pub heading: &'static str,
    /// `{0}` of `{1}`.
    pub step_of: &'static str,
    pub back: &'static str,
    pub next: &'static str,
    pub explore: &'static str,
    pub resume: &'static str,
    /// The dock's step button (its name is `step`).
    pub step_short: &'static str,
    /// The dock's way back to the stop's card from wherever a link led (a phone): its name,
    /// and what the button shows.
    pub to_card: &'static str,
    pub to_card_short: &'static str,
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
    /// The exactly-once stop's two runs: the columns (off, on), the rows (the output topic's
    /// records, the idempotent and the naive consumer's rows), and what happened with it on.
    pub eos_columns: [&'static str; 2],
    pub eos_rows: [&'static str; 3],
    pub eos_story: &'static str,
    pub acts: [&'static str; Act::COUNT],
    /// The no-jitter stop's two logs.
    pub jitter: JitterTexts,
    pub stops: [StopText; Stop::COUNT],
}
}

strings! {
/// A stop's run in its card: `{0}` seconds since publication («a los 210 s»); the next attempt
/// (`{0}` its name, `{1}` when, `{2}` seconds left); the move to dead-letter (`{0}` when); what
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
    pub predict_first: &'static str,
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
    pub email_note: &'static str,
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

use crate::lab::workbench::{Edit, Guess, Hint, Milestone};
use crate::sim::workbench::{
    Constraint, Did as WbDid, Effect as WbEffect, Ending as WbEnding, Failure, ProgramError,
    Step as WbStep,
};

impl Lang {
    pub fn wb(self) -> &'static WbTexts {
        match self {
            Lang::Es => &workbench_es::WB_ES,
            Lang::En => &workbench_en::WB_EN,
        }
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
    /// What a step does, on this table.
    pub fn step_rule(&self, s: WbStep, c: Constraint) -> &'static str {
        if s == WbStep::Insert && c == Constraint::Absent {
            self.insert_plain_rule
        } else {
            self.step_rules[s as usize]
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
                let i = crate::sim::workbench::PRESETS
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
                    &crate::sim::workbench::MAX_STEPS.to_string(),
                ],
            ),
            ProgramError::UnknownStep(s) => fill(
                self.problems.unknown_step,
                &[&crate::sim::utc::truncate(s, 30)],
            ),
            ProgramError::UnknownEffect(s) => fill(
                self.problems.unknown_effect,
                &[&crate::sim::utc::truncate(s, 30)],
            ),
            ProgramError::UnknownConstraint(s) => fill(
                self.problems.unknown_constraint,
                &[&crate::sim::utc::truncate(s, 30)],
            ),
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod workbench_texts_tests;

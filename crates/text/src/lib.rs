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
mod path;
pub mod spanish_path;
mod words;
// The statements' words, named from these tables (for the lab, the workbench and the report).
pub mod progress;
// The teacher's page's tables (its own module) and their keys.
pub mod teacher_en;
pub mod teacher_es;
pub mod teacher_keys;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod workbench;
mod workbench_en;
mod workbench_es;

pub use path::{EvidenceTexts, JitterTexts, PathTexts, StopText};
pub use workbench::WbTexts;

use retry_lab_core::lab::announce::Salient;
use retry_lab_core::lab::checkpoints::Challenge;
use retry_lab_core::lab::path::{Answer, Choice, Stop};
use retry_lab_core::problem::Kind as ValueKind;
use retry_lab_core::problem::Why;
use retry_lab_core::sim::config::Setting;
use retry_lab_core::sim::consumer::Action as Did;
use retry_lab_core::sim::demos::{Op, OpResult};
use retry_lab_core::sim::log::Kind;
use retry_lab_core::sim::outcome::{Instance, RootCause};
use retry_lab_core::sim::{EventState, Fault, Outcome, Reason};

pub use retry_lab_core::lang::{fill, Lang};

/// The one English sentence the module carries: shown while the English texts load.
pub const LOADING_EN: &str = "Loading the lab…";
pub use table::{file_lines, mix, Strings};

/// The teacher's page's texts in `lang` (their keys: `retry_lab_text::teacher_keys::TeacherTexts`).
pub fn teacher_texts(lang: Lang) -> &'static crate::teacher_keys::TeacherTexts {
    match lang {
        Lang::Es => &teacher_es::TEACHER_ES,
        Lang::En => &teacher_en::TEACHER_EN,
    }
}

/// A language's tables: the lab's, the workbench's, and whether they are at hand. A trait, as
/// `Lang` is the core's (`use retry_lab_text::Tables` to call them).
pub trait Tables: Copy {
    fn t(self) -> &'static Texts;
    fn ready(self) -> bool;
    fn path_ready(self) -> bool;
    fn wb(self) -> &'static WbTexts;
}

impl Tables for Lang {
    fn t(self) -> &'static Texts {
        match self {
            Lang::Es => &es::ES,
            #[cfg(not(target_arch = "wasm32"))]
            Lang::En => &en::EN,
            // Until its file is read the page shows no English view (see `app`); Spanish
            // is only the fallback that keeps this total.
            #[cfg(target_arch = "wasm32")]
            Lang::En => loaded::english().unwrap_or(&es::ES),
        }
    }

    /// Whether this language's texts are at hand: in the page, English once its file is read.
    fn ready(self) -> bool {
        self == Lang::Es || cfg!(not(target_arch = "wasm32")) || loaded::english().is_some()
    }

    /// Whether the path's texts are all at hand in this language: in the page, Spanish once
    /// `path-es.txt` is read (English carries its own).
    fn path_ready(self) -> bool {
        self == Lang::En || cfg!(not(target_arch = "wasm32")) || spanish_path::spanish_ready()
    }

    fn wb(self) -> &'static WbTexts {
        workbench::tables(self)
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
    /// Each setting's label in the controls, keyed by `Setting` (a new setting does not
    /// compile until both tables label it).
    pub settings: [&'static str; Setting::COUNT],
    pub apply: &'static str,
    pub new_seed: &'static str,
    pub ack_lost_hint: &'static str,
    pub outage: &'static str,
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
    /// Beside a veiled «?» that a later stop answers: `{0}` its number.
    pub veiled_until: &'static str,
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
    /// After `skipped`: the one event, or the events, by number (`{0}`).
    pub skipped_which: [&'static str; 2],
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
    pub expected: [&'static str; retry_lab_core::problem::Expected::COUNT],
    pub value_kinds: [&'static str; ValueKind::COUNT],
    /// Where outside input came from: the host's options, saved state, a share link.
    pub sources: [&'static str; retry_lab_core::problem::Source::COUNT],
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod workbench_texts_tests;

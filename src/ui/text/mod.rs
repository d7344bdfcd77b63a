//! Every user-facing string, keyed: [`Texts`] names each key once, and each language is one
//! table of its own (`es.rs`, the course's language and the default; `en.rs`). A table is a
//! struct literal, so a language that misses a key does not compile. Numbers are never typed
//! into a sentence: `{0}`, `{1}` mark where [`fill`] puts them.
// English is fetched as a file in the page (`loaded`); natively (tests, the prerenderer) it is
// built in, and the file is written from it.
#[cfg(not(target_arch = "wasm32"))]
mod en;
mod es;
pub mod loaded;
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

/// Visits every string of a table in declaration order: how a language table becomes a file
/// ([`loaded`]) and a file becomes a table again. `SHAPE` fingerprints the table's keys (their
/// names, order and lengths) at compile time, so a file written for other keys is refused.
pub trait Strings {
    const SHAPE: u64;
    /// How many strings [`Strings::each`] visits.
    const COUNT: usize;
    fn each(&mut self, f: &mut dyn FnMut(&mut &'static str));
}

/// FNV-1a over `bytes`, started from `h` (XORed into the offset basis): the shape's fingerprint,
/// computed by the compiler.
pub const fn mix(h: u64, bytes: &[u8]) -> u64 {
    let mut x = h ^ 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        x = (x ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    x
}

impl Strings for &'static str {
    const SHAPE: u64 = 1;
    const COUNT: usize = 1;
    fn each(&mut self, f: &mut dyn FnMut(&mut &'static str)) {
        f(self)
    }
}

impl<T: Strings, const N: usize> Strings for [T; N] {
    const SHAPE: u64 = mix(T::SHAPE, &(N as u64).to_le_bytes());
    const COUNT: usize = N * T::COUNT;
    fn each(&mut self, f: &mut dyn FnMut(&mut &'static str)) {
        for s in self {
            s.each(f);
        }
    }
}

/// The sentences behind a function (`why`, `choice`, `mistake`) are visited by [`loaded`]
/// over each function's whole domain, not here.
impl Strings for fn(&Why) -> &'static str {
    const SHAPE: u64 = 2;
    const COUNT: usize = 0;
    fn each(&mut self, _: &mut dyn FnMut(&mut &'static str)) {}
}
impl Strings for fn(Choice) -> &'static str {
    const SHAPE: u64 = 3;
    const COUNT: usize = 0;
    fn each(&mut self, _: &mut dyn FnMut(&mut &'static str)) {}
}
impl Strings for fn(Stop, Answer) -> Option<&'static str> {
    const SHAPE: u64 = 4;
    const COUNT: usize = 0;
    fn each(&mut self, _: &mut dyn FnMut(&mut &'static str)) {}
}

/// Declares a table struct (every field a string, an array of them, a nested table or a
/// function) and its [`Strings`] visitor, so a new key cannot be left out of the file.
macro_rules! strings {
    ($(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $f:ident: $t:ty,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy)]
        pub struct $name { $($(#[$fm])* pub $f: $t,)* }

        impl Strings for $name {
            const SHAPE: u64 = {
                let mut h = 0;
                $(h = mix(h, stringify!($f).as_bytes()); h = mix(h, &<$t as Strings>::SHAPE.to_le_bytes());)*
                h
            };
            const COUNT: usize = 0 $(+ <$t as Strings>::COUNT)*;
            fn each(&mut self, f: &mut dyn FnMut(&mut &'static str)) {
                $(Strings::each(&mut self.$f, f);)*
            }
        }
    };
}

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
    /// A demonstration's end: no effect, exactly one, more than one.
    pub verdicts: [&'static str; 3],
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
    pub expected: [&'static str; 6],
    pub value_kinds: [&'static str; ValueKind::COUNT],
    /// Where outside input came from: the host's options, saved state, a share link.
    pub sources: [&'static str; 3],
    /// What the live region says: an event dead-lettered (`{0}` its fact), an effect applied
    /// twice (`{0}`), a delivery on intento `{1}` (`{0}`).
    pub announce: [&'static str; 3],
    /// `{0}`: how many events in flight the lanes show.
    pub lanes_caption: &'static str,
    /// Empty where the operation's own text says it (`Done`).
    pub demo_results: [&'static str; OpResult::COUNT],
}
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
    /// `{0}` rows of the idempotent consumer, `{1}` of the naive one.
    pub rows: &'static str,
    /// `{0}` right predictions and answers, `{1}` stops.
    pub finished: &'static str,
    pub passed: &'static str,
    /// Before the links to the panels a stop is about.
    pub look: &'static str,
    /// `{0}` operations shown of the `{1}` of the demonstration the stop steps through.
    pub demo_progress: &'static str,
    /// At the end of the path: on to the consumer workbench.
    pub to_workbench: &'static str,
    /// The failure-rate stop, once predicted: where the learner sets the probability.
    pub set_rate: &'static str,
    /// The no-immediate-retry comparison: its caption, the two hubs (at once, on the table),
    /// `{0}` a minute, `{0}` a hub caught up at `{1}`, `{0}` a hub not caught up in `{1}`
    /// minutes, having delivered `{2}` events.
    pub recovery_caption: &'static str,
    pub recovery_hubs: [&'static str; 2],
    pub recovery_minute: &'static str,
    pub recovery_caught_up: &'static str,
    pub recovery_never: &'static str,
    pub acts: [&'static str; Act::COUNT],
    pub stops: [StopText; Stop::COUNT],
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

impl Texts {
    /// A path answer in words: seconds, rows per consumer, a count, or a worded choice.
    pub fn path_answer(&self, a: Answer) -> String {
        match a {
            Answer::Secs(s) => format!("{}\u{a0}s", self.count(s)),
            Answer::Rows(i, n) => fill(self.path.rows, &[&self.count(i), &self.count(n)]),
            Answer::Count(n) => self.count(n),
            // The offered shares are rounded to a tenth of a percent: "≈" where that rounds.
            Answer::Permille(0) => self.percent(0.0, 0),
            Answer::Permille(m) => format!(
                "≈\u{a0}{}",
                self.percent(f64::from(m) / 1000.0, u8::from(m % 10 != 0))
            ),
            Answer::Choice(c) => (self.choice)(c).to_string(),
        }
    }

    pub fn outcome(&self, o: Outcome) -> &'static str {
        self.outcomes[o as usize]
    }

    pub fn reason(&self, r: Reason) -> &'static str {
        self.reasons[r as usize]
    }

    pub fn fault(&self, f: Fault) -> &'static str {
        self.faults_named[f as usize]
    }

    pub fn kind(&self, k: Kind) -> &'static str {
        self.kinds[k as usize]
    }

    pub fn challenge(&self, c: Challenge) -> &'static str {
        self.challenge_goals[c as usize]
    }

    pub fn instance(&self, i: Instance) -> String {
        // Not to_uppercase(): its Unicode tables would cost the wasm about 12 KB.
        let name = match i {
            Instance::A => "A",
            Instance::B => "B",
        };
        fill(self.instance, &[name])
    }

    /// Why outside input was not used, in this language.
    pub fn problem_why(&self, why: &Why) -> String {
        why.worded(self.why, &self.expected, &self.value_kinds)
    }

    pub fn announce(&self, news: &Salient) -> String {
        match news {
            Salient::DeadLettered { fact } => fill(self.announce[0], &[fact]),
            Salient::AppliedTwice { fact } => fill(self.announce[1], &[fact]),
            Salient::Delivered { fact, attempt } => {
                fill(self.announce[2], &[fact, &attempt.to_string()])
            }
        }
    }

    pub fn did(&self, d: Did) -> &'static str {
        self.did[d as usize]
    }

    /// The verdict of a demonstration that ended with `effects` committed effects.
    pub fn verdict(&self, effects: u32) -> &'static str {
        self.verdicts[effects.min(2) as usize]
    }

    pub fn field(&self, f: Field) -> &'static str {
        self.fields[f as usize]
    }

    /// A demonstration step: what went wrong if something did, else what the operation did.
    pub fn demo_step(&self, op: Option<Op>, r: OpResult) -> &'static str {
        match (self.demo_results[r as usize], op) {
            ("", Some(op)) => self.demo_ops[op as usize],
            (text, _) => text,
        }
    }

    pub fn state(&self, s: &EventState) -> String {
        match *s {
            EventState::Delivering { .. } => self.state_delivering.into(),
            EventState::WaitingRetry { retry, .. } => {
                fill(self.state_waiting, &[&retry.to_string()])
            }
            EventState::Delivered { .. } => self.state_delivered.into(),
            EventState::DeadLettered { .. } => self.state_dead_lettered.into(),
        }
    }

    /// An attempt as the lesson counts it: the initial delivery (0), then intento 1, 2, …
    pub fn attempt(&self, n: u32) -> String {
        if n == 0 {
            self.initial_delivery.to_string()
        } else {
            fill(self.attempt_n, &[&n.to_string()])
        }
    }

    /// The analytic dead-letter rate's formula for `retries` intentos.
    /// `{0}`: the intentos, `{1}`: the same as a power, `{2}`: the power of the whole.
    pub fn analytic_formula(&self, retries: u32) -> String {
        use crate::num::superscript;
        fill(
            self.analytic_dlq,
            &[
                &retries.to_string(),
                &superscript(u64::from(retries)),
                &superscript(u64::from(retries) + 1),
            ],
        )
    }

    pub fn publication_n(&self, n: u32) -> String {
        fill(self.publication_n, &[&n.to_string()])
    }

    /// A decimal number (written with a point, as `num` writes it) the language's way.
    /// A simulated time (`31:30,000` in Spanish, `31:30.000` in English).
    pub fn time(&self, ms: u64) -> String {
        self.decimal(crate::sim::utc::format_ms(ms))
    }

    pub fn decimal(&self, text: String) -> String {
        if self.decimal_sep == "." {
            text
        } else {
            text.replace('.', self.decimal_sep)
        }
    }

    /// `fraction` as a percentage with `digits` decimals, the language's way.
    pub fn percent(&self, fraction: f64, digits: u8) -> String {
        let n = self.decimal(crate::num::fixed(fraction * 100.0, digits));
        fill(self.percent, &[&n])
    }

    /// A count written the language's way.
    pub fn count(&self, n: u64) -> String {
        crate::num::grouped(n, self.group_sep)
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
    /// By [`WbStep`]: what the step does, one line under the block in the palette.
    pub step_rules: [&'static str; WbStep::COUNT],
    pub palette: &'static str,
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
    pub drag_hint: &'static str,
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
    /// `{0}`: states explored.
    pub safe: &'static str,
    /// `{0}`: states explored.
    pub broken: &'static str,
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
    /// By [`ProgramError`] kind: empty, too long (`{0}`, `{1}`), unknown step, unknown effect (`{0}`).
    pub problems: [&'static str; 4],
}

use crate::lab::workbench::{Guess, Hint, Milestone};
use crate::sim::workbench::{
    Did as WbDid, Effect as WbEffect, Failure, ProgramError, Step as WbStep,
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
    /// A block's label: the apply block says what the effect is.
    pub fn step(&self, s: WbStep, e: WbEffect) -> &'static str {
        if s == WbStep::Apply {
            self.apply_blocks[e as usize]
        } else {
            self.steps[s as usize]
        }
    }
    /// What was wrong with a program from outside, in words.
    pub fn problem(&self, e: &ProgramError) -> String {
        match e {
            ProgramError::Empty => self.problems[0].into(),
            ProgramError::TooLong(n) => fill(
                self.problems[1],
                &[
                    &n.to_string(),
                    &crate::sim::workbench::MAX_STEPS.to_string(),
                ],
            ),
            ProgramError::UnknownStep(s) => {
                fill(self.problems[2], &[&crate::sim::utc::truncate(s, 30)])
            }
            ProgramError::UnknownEffect(s) => {
                fill(self.problems[3], &[&crate::sim::utc::truncate(s, 30)])
            }
        }
    }
}

#[cfg(test)]
mod tests;

//! Texts put into words: a table's lookups by key (a path answer, an attempt, a state, a
//! number the language's way) over the tables declared in the parent module.
use super::*;

impl Texts {
    /// A stop's own texts: built in, or (Spanish in the page, beyond the first stop's todo and
    /// prompt) from `path-es.txt` once it is read; empty until then.
    pub fn stop_text(&self, stop: Stop) -> StopText {
        let mut st = *self.path.stop(stop);
        if let Some([todo, prompt, explain]) = spanish_path::spanish_stop(stop) {
            for (field, read) in [
                (&mut st.todo, todo),
                (&mut st.prompt, prompt),
                (&mut st.explain, explain),
            ] {
                if field.is_empty() {
                    *field = read;
                }
            }
        }
        st
    }

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
            // Its words come with the path's texts (Spanish in the page): «…» until then.
            Answer::Choice(c) => match (self.choice)(c) {
                "" => "…".to_string(),
                words => words.to_string(),
            },
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
            Salient::DeadLettered { fact } => fill(self.announce.dead_lettered, &[fact]),
            Salient::AppliedTwice { fact } => fill(self.announce.applied_twice, &[fact]),
            Salient::Delivered { fact, attempt } => {
                fill(self.announce.delivered, &[fact, &attempt.to_string()])
            }
        }
    }

    pub fn did(&self, d: Did) -> &'static str {
        self.did[d as usize]
    }

    /// The verdict of a demonstration that ended with `effects` committed effects.
    pub fn verdict(&self, effects: u32) -> &'static str {
        match effects {
            0 => self.verdicts.none,
            1 => self.verdicts.one,
            _ => self.verdicts.more,
        }
    }

    /// A setting's label in the controls.
    pub fn setting(&self, s: retry_lab_core::sim::config::Setting) -> &'static str {
        self.settings[s as usize]
    }

    /// A demonstration step of `actor` (A, B): what went wrong if something did (a crash names
    /// the instance it restarts as), else what the operation did.
    pub fn demo_step(&self, actor: &str, op: Option<Op>, r: OpResult) -> String {
        match (self.demo_results[r as usize], op) {
            ("", Some(op)) => self.demo_ops[op as usize].to_string(),
            (text, _) => fill(text, &[actor]),
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

    /// An attempt of series `series` as the lesson counts it: the first series opens with the
    /// initial delivery, a later one (a replay from the dead-letter queue) with the manual retry.
    pub fn attempt_in(&self, series: u32, n: u32) -> String {
        if n == 0 && series > 0 {
            self.kind(Kind::Replayed).to_string()
        } else {
            self.attempt(n)
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
    /// `{0}`: the intentos, `{1}`: the intentos as a power, `{2}`: the power of the whole.
    pub fn analytic_formula(&self, retries: u32) -> String {
        use retry_lab_core::num::superscript;
        fill(
            self.analytic_dlq,
            &[
                &retries.to_string(),
                &superscript(u64::from(retries)),
                &superscript(u64::from(retries) + 1),
            ],
        )
    }

    /// The events a polling consumer skipped, named as events («el evento 2»), not as a count.
    pub fn skipped_events(&self, events: &[u64]) -> String {
        let list: Vec<String> = events.iter().map(u64::to_string).collect();
        let which = self.skipped_which[usize::from(events.len() > 1)];
        format!("{}: {}", self.skipped, fill(which, &[&list.join(", ")]))
    }

    pub fn publication_n(&self, n: u32) -> String {
        fill(self.publication_n, &[&n.to_string()])
    }

    /// A simulated time as every panel shows it, to the second (`31:30`): the schedule's
    /// moments are whole seconds.
    pub fn time(&self, ms: u64) -> String {
        retry_lab_core::sim::utc::format_s(ms)
    }

    /// A time left, rounded up to the second: it reads 0:00 only once the moment came.
    pub fn time_left(&self, ms: u64) -> String {
        retry_lab_core::sim::utc::format_s(ms.div_ceil(1000) * 1000)
    }

    /// A simulated time to the millisecond (`31:30,000` in Spanish, `31:30.000` in English):
    /// the log's, a record for authors and exports.
    pub fn time_ms(&self, ms: u64) -> String {
        self.decimal(retry_lab_core::sim::utc::format_ms(ms))
    }

    /// A decimal number (written with a point, as `num` writes it) the language's way.
    pub fn decimal(&self, text: String) -> String {
        if self.decimal_sep == "." {
            text
        } else {
            text.replace('.', self.decimal_sep)
        }
    }

    /// `fraction` as a percentage with `digits` decimals, the language's way.
    pub fn percent(&self, fraction: f64, digits: u8) -> String {
        let n = self.decimal(retry_lab_core::num::fixed(fraction * 100.0, digits));
        fill(self.percent, &[&n])
    }

    /// A count written the language's way.
    pub fn count(&self, n: u64) -> String {
        retry_lab_core::num::grouped(n, self.group_sep)
    }
}

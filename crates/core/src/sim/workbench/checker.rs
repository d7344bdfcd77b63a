//! The workbench's checker: every state two instances can reach running a program (each with
//! one crash), explored breadth first over a `BTreeMap`, so the shortest failing run of each
//! kind is found, and found the same way everywhere; and its report.
use std::collections::{BTreeMap, VecDeque};

use super::engine::{example_run, failures_at, moves, Move, State};
use super::{Failure, Program};

/// The checker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The failures that can happen, sorted; empty when the program is safe.
    pub failures: Vec<Failure>,
    /// Distinct states reached.
    pub states: usize,
    /// For each failure, in the same order, the shortest run that shows it.
    pub runs: Vec<Vec<Move>>,
    /// For a safe program, one run to its end ([`example_run`]): a race and a crash, met
    /// safely. Empty when the program is not safe.
    pub example: Vec<Move>,
}

impl Report {
    pub fn safe(&self) -> bool {
        self.failures.is_empty()
    }
    /// The verdict's names: the failures, or `["safe"]`.
    pub fn verdict(&self) -> Vec<&'static str> {
        if self.safe() {
            vec!["safe"]
        } else {
            self.failures.iter().map(|f| f.as_str()).collect()
        }
    }
    /// The native runner's output: one JSON object.
    pub fn to_json(&self) -> String {
        let mut runs = serde_json::Map::new();
        for (f, run) in self.failures.iter().zip(&self.runs) {
            runs.insert(
                f.as_str().into(),
                serde_json::to_value(run).unwrap_or_default(),
            );
        }
        let mut out = serde_json::json!({
            "verdict": self.verdict(),
            "states": self.states,
            "counterexamples": runs,
        });
        if self.safe() {
            out["example"] = serde_json::to_value(&self.example).unwrap_or_default();
        }
        out.to_string()
    }
}

/// Explores every state two instances can reach running `p` (each with one crash), breadth
/// first, and reports the failures with their shortest runs.
pub fn check(p: &Program) -> Report {
    let (seen, found) = explore(p, false);
    let runs = found
        .values()
        .map(|end| {
            let mut run = Vec::new();
            let mut at = *end;
            while let Some(Some((from, m))) = seen.get(&at) {
                run.push(*m);
                at = *from;
            }
            run.reverse();
            run
        })
        .collect();
    let example = if found.is_empty() {
        example_run(p)
    } else {
        Vec::new()
    };
    Report {
        failures: found.keys().copied().collect(),
        states: seen.len(),
        runs,
        example,
    }
}

/// Whether `p` is safe: the same search, stopped at the first failure.
pub(super) fn safe(p: &Program) -> bool {
    explore(p, true).1.is_empty()
}

/// Each state reached with the move that first reached it and the state it came from.
type Seen = BTreeMap<State, Option<(State, Move)>>;

/// The breadth-first search: every state reached, and for each failure the first state that
/// shows it; with `first`, it stops at the first failure.
fn explore(p: &Program, first: bool) -> (Seen, BTreeMap<Failure, State>) {
    let start = State::default();
    let mut seen: Seen = BTreeMap::new();
    seen.insert(start, None);
    let mut queue = VecDeque::from([start]);
    let mut found: BTreeMap<Failure, State> = BTreeMap::new();
    while let Some(s) = queue.pop_front() {
        for f in failures_at(p, &s) {
            found.entry(f).or_insert(s);
        }
        if first && !found.is_empty() {
            break;
        }
        for (n, m) in moves(p, &s) {
            if let std::collections::btree_map::Entry::Vacant(e) = seen.entry(n) {
                e.insert(Some((s, m)));
                queue.push_back(n);
            }
        }
    }
    (seen, found)
}

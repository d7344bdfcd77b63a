//! Reading a report: its stops in the path's order with their choices, the learners behind a
//! choice, each learner's path, and the class's misconceptions, most common first. Views
//! borrow the report; nothing here changes it.
use super::take::fnv;
use super::{Names, Report};

/// A name for a misconception, by (stop id, choice id): the lab's catalogue, wired by whoever
/// builds the report. [`no_names`] until then, and the choice's own description is shown.
pub type Namer<'a> = &'a dyn Fn(&str, &str) -> Option<Names>;

/// A [`Namer`] that knows no names.
pub fn no_names(_: &str, _: &str) -> Option<Names> {
    None
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceView<'r> {
    pub index: u16,
    pub id: &'r str,
    /// What the learner saw (the choice's description in the statements).
    pub text: &'r Names,
    /// Whether a statement named it a right response.
    pub right: bool,
    /// Learners whose first try chose it.
    pub count: u32,
    /// Of them, those for whom it was wrong: the misconception's weight.
    pub wrong: u32,
    /// Tries after a learner's first that chose it.
    pub later: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StopView<'r> {
    pub index: u16,
    pub id: &'r str,
    /// One of the lab's stops (`Stop::NAMES`), not one first seen in the statements.
    pub known: bool,
    pub name: &'r Names,
    pub question: &'r Names,
    /// Learners who answered.
    pub answered: u32,
    pub first_try_right: u32,
    /// First tries judged by a run that showed what no choice offers (the learner had changed
    /// the scene): wrong, and counted as no choice's misconception.
    pub unoffered: u32,
    /// Learners who tried more than once.
    pub retried: u32,
    /// Tries after the first, all choices together.
    pub later: u32,
    /// In the order the statements list them (the lab's own order).
    pub choices: Vec<ChoiceView<'r>>,
}

impl StopView<'_> {
    /// Right first tries out of learners who answered, in thousandths (0 when none answered).
    pub fn first_right_permille(&self) -> u32 {
        (u64::from(self.first_try_right) * 1000)
            .checked_div(u64::from(self.answered))
            .unwrap_or(0) as u32
    }
}

/// Longest gap between two answers of a learner still taken as time spent on the stop: past
/// it, they left and came back (another sitting), and the gap says nothing of the stop.
pub const SITTING_MS: i64 = 30 * 60 * 1000;

/// How long learners took to reach their first answer at a stop: from their previous answer
/// (any stop, whichever came last before it) to this one, where both have a time and the gap
/// is under [`SITTING_MS`]. A stop where nobody answered anything before (the path's first, the
/// lab's start being no answer) has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopTime {
    /// The median, in ms.
    pub median_ms: i64,
    /// How many learners' times it is of.
    pub learners: u32,
}

/// Where the next class could start: a stop, the belief held there, and by how many learners
/// (all its stops together).
#[derive(Clone, Debug, PartialEq)]
pub struct NextStep {
    pub stop: u16,
    pub name: Names,
    pub learners: u32,
}

/// A learner at one stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepView {
    pub stop: u16,
    pub choice: u16,
    pub right: bool,
    /// Judged against a run of the learner's own settings that showed what no choice offers.
    pub unoffered: bool,
    pub tries: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LearnerView<'r> {
    pub index: u32,
    pub key: &'r str,
    pub name: &'r str,
    /// The first class their statements named.
    pub class: Option<&'r str>,
    /// In the path's order.
    pub steps: Vec<StepView>,
    /// Stops whose first try was right.
    pub first_right: u32,
    /// Their earliest and latest answer's time (ms since 1970), when any had one.
    pub first_at: Option<i64>,
    pub last_at: Option<i64>,
    /// The furthest stop they answered, in the path's order (its stop index), if any.
    pub furthest: Option<u16>,
}

impl LearnerView<'_> {
    /// Stops answered.
    pub fn answered(&self) -> u32 {
        self.steps.len() as u32
    }
}

/// A wrong first choice: how many first answers made it, and by how many learners. The same
/// readable id at several stops names one misconception (the lab's slugs), so a learner who
/// chose it at three stops is three answers and one learner; positional ids ("0", "1"…, the
/// lab's statements before it named its choices) are one misconception per stop.
#[derive(Clone, Debug, PartialEq)]
pub struct Misconception<'r> {
    pub id: &'r str,
    /// Where it was chosen, as (stop, choice) indices, in the path's order.
    pub at: Vec<(u16, u16)>,
    /// First answers that chose it (wrongly), all its stops together.
    pub answers: u32,
    /// The learners who held it (learner indices, each once, in index order).
    pub learners: Vec<u32>,
    /// The catalogue's name, else the choice's description at its first stop.
    pub name: Names,
}

impl Report {
    /// The stops in the path's order.
    pub fn stops(&self) -> Vec<StopView<'_>> {
        let mut order: Vec<usize> = (0..self.stops.len()).collect();
        order.sort_by_key(|&i| self.stops[i].order);
        order.into_iter().map(|i| self.stop(i as u16)).collect()
    }

    pub fn stop(&self, index: u16) -> StopView<'_> {
        let s = &self.stops[usize::from(index)];
        let choices: Vec<ChoiceView> = s
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| ChoiceView {
                index: i as u16,
                id: &c.id,
                text: &c.name,
                right: c.right,
                count: c.first,
                wrong: c.first_wrong,
                later: c.all.saturating_sub(c.first),
            })
            .collect();
        StopView {
            index,
            id: &s.id,
            known: s.order.0 != usize::MAX,
            name: &s.name,
            question: &s.question,
            answered: s.answered,
            first_try_right: s.first_right,
            unoffered: s.first_unoffered,
            retried: s.retried,
            later: choices.iter().map(|c| c.later).sum(),
            choices,
        }
    }

    pub fn learner_count(&self) -> usize {
        self.learners.len()
    }

    pub fn learner(&self, index: u32) -> LearnerView<'_> {
        let l = &self.learners[index as usize];
        let mut steps: Vec<StepView> = l
            .entries
            .iter()
            .map(|e| StepView {
                stop: e.stop,
                choice: e.first.choice,
                right: e.first.right,
                unoffered: e.first.unoffered,
                tries: e.tries,
            })
            .collect();
        steps.sort_by_key(|s| self.stops[usize::from(s.stop)].order);
        let times = l.entries.iter().flat_map(|e| [e.first.at, e.last_at]);
        let known = || times.clone().filter(|&t| t != i64::MAX);
        let furthest = steps.last().map(|s| s.stop);
        LearnerView {
            index,
            key: &l.key,
            name: &l.name,
            class: l.class.as_deref(),
            first_right: steps.iter().filter(|s| s.right).count() as u32,
            steps,
            first_at: known().min(),
            last_at: known().max(),
            furthest,
        }
    }

    /// Learners by need, the most first: the lowest share of right first tries among the stops
    /// they answered (so a learner who stopped after 8 of 8 right is not taken for one who
    /// struggles; how far each got is told apart), then fewest stops answered, then by name.
    pub fn need_order(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.learners.len() as u32).collect();
        order.sort_by_cached_key(|&i| {
            let l = &self.learners[i as usize];
            let right = l.entries.iter().filter(|e| e.first.right).count() as u64;
            let answered = l.entries.len() as u64;
            let permille = (right * 1000).checked_div(answered).unwrap_or(0);
            (permille, answered, l.name.to_lowercase(), l.key.clone())
        });
        order
    }

    /// The stops learners answered, hardest first: the lowest share of right first tries, ties
    /// in the path's order.
    pub fn hardest(&self) -> Vec<StopView<'_>> {
        let mut stops: Vec<StopView> = self
            .stops()
            .into_iter()
            .filter(|s| s.answered > 0)
            .collect();
        stops.sort_by_key(|s| s.first_right_permille());
        stops
    }

    /// Each stop's time (see [`StopTime`]), by stop index.
    pub fn stop_times(&self) -> Vec<Option<StopTime>> {
        let mut gaps: Vec<Vec<i64>> = vec![Vec::new(); self.stops.len()];
        for l in &self.learners {
            for e in &l.entries {
                let here = e.first.at;
                if here == i64::MAX {
                    continue;
                }
                // The learner's latest answer before this first one, at another stop.
                let before = l
                    .entries
                    .iter()
                    .filter(|o| o.stop != e.stop)
                    .flat_map(|o| [o.first.at, o.last_at])
                    .filter(|&t| t < here)
                    .max();
                if let Some(b) = before {
                    if here - b <= SITTING_MS {
                        gaps[usize::from(e.stop)].push(here - b);
                    }
                }
            }
        }
        gaps.into_iter()
            .map(|mut g| {
                if g.is_empty() {
                    return None;
                }
                g.sort_unstable();
                let n = g.len();
                let median_ms = if n % 2 == 1 {
                    g[n / 2]
                } else {
                    (g[n / 2 - 1] + g[n / 2]) / 2
                };
                Some(StopTime {
                    median_ms,
                    learners: n as u32,
                })
            })
            .collect()
    }

    /// How many stops of the lab's path the report has answers of, and how many of any stop.
    pub fn stop_count(&self) -> usize {
        self.stops.len()
    }

    /// The stop's place in the path as the page numbers it (1 the first shown), by stop index.
    pub fn stop_numbers(&self) -> Vec<usize> {
        let mut n = vec![0; self.stops.len()];
        for (k, s) in self.stops().iter().enumerate() {
            n[usize::from(s.index)] = k + 1;
        }
        n
    }

    /// Learners by name (then identifier); with `anonymised`, in the order of [`anonymous`]
    /// numbers instead, so a list shown under numbers does not give the names' order away.
    ///
    /// [`anonymous`]: Report::anonymous_numbers
    pub fn learner_order(&self, anonymised: bool) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.learners.len() as u32).collect();
        if anonymised {
            order.sort_by_cached_key(|&i| self.anon_key(i));
        } else {
            order.sort_by_cached_key(|&i| {
                let l = &self.learners[i as usize];
                (l.name.to_lowercase(), l.key.clone())
            });
        }
        order
    }

    fn anon_key(&self, i: u32) -> (u64, &str) {
        let key = &*self.learners[i as usize].key;
        (fnv(0x5eed, key.as_bytes()), key)
    }

    /// Each learner's number for the anonymised mode (1 to n, indexed by learner): the order
    /// of a hash of their identifier, which does not change between reads of the same class
    /// and says nothing of their names.
    pub fn anonymous_numbers(&self) -> Vec<u32> {
        let mut numbers = vec![0; self.learners.len()];
        for (n, i) in self.learner_order(true).into_iter().enumerate() {
            numbers[i as usize] = n as u32 + 1;
        }
        numbers
    }

    /// The learners behind every choice at once (one pass over the learners): by stop index,
    /// then choice index.
    pub fn all_learners_behind(&self) -> Vec<Vec<Vec<u32>>> {
        let mut out: Vec<Vec<Vec<u32>>> = self
            .stops
            .iter()
            .map(|s| vec![Vec::new(); s.choices.len()])
            .collect();
        for (i, l) in self.learners.iter().enumerate() {
            for e in &l.entries {
                out[usize::from(e.stop)][usize::from(e.first.choice)].push(i as u32);
            }
        }
        out
    }

    /// The class's wrong first choices, held by the most learners first (then by the most
    /// answers; ties in the path's order). A run that showed what no choice offers is none.
    pub fn misconceptions(&self, namer: super::view::Namer) -> Vec<Misconception<'_>> {
        let mut by_id: Vec<Misconception> = Vec::new();
        let mut index: std::collections::HashMap<(Option<u16>, &str), usize> =
            std::collections::HashMap::new();
        // By stop index, then choice index: which misconception it is, if any.
        let mut of: Vec<Vec<Option<usize>>> = self
            .stops
            .iter()
            .map(|s| vec![None; s.choices.len()])
            .collect();
        for stop in self.stops() {
            for c in stop.choices.iter().filter(|c| c.wrong > 0) {
                let positional = c.id.bytes().all(|b| b.is_ascii_digit());
                let key = (positional.then_some(stop.index), c.id);
                let i = *index.entry(key).or_insert_with(|| {
                    by_id.push(Misconception {
                        id: c.id,
                        at: Vec::new(),
                        answers: 0,
                        learners: Vec::new(),
                        name: namer(stop.id, c.id).unwrap_or_else(|| c.text.clone()),
                    });
                    by_id.len() - 1
                });
                by_id[i].at.push((stop.index, c.index));
                by_id[i].answers += c.wrong;
                of[usize::from(stop.index)][usize::from(c.index)] = Some(i);
            }
        }
        for (li, l) in self.learners.iter().enumerate() {
            for e in l
                .entries
                .iter()
                .filter(|e| !e.first.right && !e.first.unoffered)
            {
                if let Some(i) = of[usize::from(e.stop)][usize::from(e.first.choice)] {
                    let who = &mut by_id[i].learners;
                    if who.last() != Some(&(li as u32)) {
                        who.push(li as u32);
                    }
                }
            }
        }
        // Stable: equal counts keep the path's order.
        by_id.sort_by_key(|m| std::cmp::Reverse((m.learners.len(), m.answers)));
        by_id
    }

    /// What to do next: the belief the most learners hold (the first of [`misconceptions`]),
    /// and the stop where the most held it (ties: the path's first), to start the next class
    /// with. None when nobody holds any.
    ///
    /// [`misconceptions`]: Report::misconceptions
    pub fn next_step(&self, namer: Namer) -> Option<NextStep> {
        let m = self.misconceptions(namer).into_iter().next()?;
        let wrong =
            |&(s, c): &(u16, u16)| self.stops[usize::from(s)].choices[usize::from(c)].first_wrong;
        // `at` is in the path's order; the first of the most answers wins.
        let &(stop, _) = m.at.iter().rev().max_by_key(|a| wrong(a))?;
        Some(NextStep {
            stop,
            name: m.name,
            learners: m.learners.len() as u32,
        })
    }

    /// A choice's name for the teacher: the catalogue's, else its description.
    pub fn choice_name(&self, namer: Namer, stop: u16, choice: u16) -> Names {
        let s = &self.stops[usize::from(stop)];
        let c = &s.choices[usize::from(choice)];
        namer(&s.id, &c.id).unwrap_or_else(|| c.name.clone())
    }
}

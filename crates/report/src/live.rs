//! The class as it works, for the teacher's live mode: where each learner is (the stop of their
//! latest answer, since when), who has been stuck longest where the class has moved on, the
//! stop most are on, and where the next poll of the store starts. Pure, like the rest of the
//! report: a live page feeds each poll's statements into the same [`Report`] (which counts a
//! statement once, by its id, whatever order or batch it comes in), so the live counts are
//! always those of a full re-read.
use super::Report;

/// How far back each poll asks again, in ms, before the last statement stored or the store's
/// consistent-through, whichever is earlier: statements stored in the same instant, or seen
/// late by the store's other nodes, are asked for again and counted once.
pub const OVERLAP_MS: i64 = 1000;

/// No answer for this long, where the class is further on: stuck.
pub const STUCK_MS: i64 = 3 * 60 * 1000;

/// Where the next poll starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    /// The latest `stored` of any statement read so far (ms since 1970).
    pub stored: Option<i64>,
    /// The store's `X-Experience-API-Consistent-Through` at the last poll: every statement
    /// stored before it is visible; later ones may still be arriving.
    pub consistent: Option<i64>,
}

impl Cursor {
    /// After a poll that read up to `stored` (the report's latest) and was answered with
    /// `consistent` (the header, if the store sent it and the browser let the page read it).
    pub fn after_poll(stored: Option<i64>, consistent: Option<i64>) -> Cursor {
        Cursor { stored, consistent }
    }

    /// The `since` of the next poll: the earlier of the latest statement stored and the
    /// store's consistent-through, less [`OVERLAP_MS`]. None: from the start (nothing read).
    pub fn since(&self) -> Option<i64> {
        let at = match (self.stored, self.consistent) {
            (Some(s), Some(c)) => s.min(c),
            (Some(s), None) => s,
            (None, _) => return None,
        };
        Some(at.saturating_sub(OVERLAP_MS))
    }
}

/// A learner where they are now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub learner: u32,
    /// The stop of their latest answer.
    pub stop: u16,
    /// When they answered there last (ms since 1970).
    pub since: i64,
    /// No answer for [`STUCK_MS`] while the stop most are on is further along the path.
    pub stuck: bool,
}

/// The class now: each learner's position, the stop most are on, who is stuck longest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Now {
    /// By learner index (learners with no timed answer have none).
    pub positions: Vec<Position>,
    /// The stop most learners are on (ties: the earlier in the path).
    pub busiest: Option<u16>,
    /// The stuck learner with the longest time without an answer.
    pub stuck_longest: Option<u32>,
}

impl Report {
    /// The latest `stored` of any statement read (ms since 1970).
    pub fn last_stored(&self) -> Option<i64> {
        self.last_stored
    }

    /// The class at `now` (ms since 1970).
    pub fn now(&self, now: i64) -> Now {
        let order: Vec<(usize, usize)> = self.stops.iter().map(|s| s.order).collect();
        let mut positions = Vec::with_capacity(self.learners.len());
        for (i, l) in self.learners.iter().enumerate() {
            let latest = l
                .entries
                .iter()
                .flat_map(|e| [(e.first.at, e.stop), (e.last_at, e.stop)])
                .filter(|&(t, _)| t != i64::MAX)
                // The latest answer; at one instant, the stop further along the path.
                .max_by_key(|&(t, s)| (t, order[usize::from(s)]));
            if let Some((since, stop)) = latest {
                positions.push(Position {
                    learner: i as u32,
                    stop,
                    since,
                    stuck: false,
                });
            }
        }
        let mut on = vec![0u32; self.stops.len()];
        for p in &positions {
            on[usize::from(p.stop)] += 1;
        }
        let busiest = (0..self.stops.len())
            .filter(|&s| on[s] > 0)
            .max_by_key(|&s| (on[s], std::cmp::Reverse(order[s])))
            .map(|s| s as u16);
        let mut stuck_longest: Option<(i64, u32)> = None;
        if let Some(b) = busiest {
            for p in &mut positions {
                p.stuck =
                    now - p.since >= STUCK_MS && order[usize::from(p.stop)] < order[usize::from(b)];
                if p.stuck && stuck_longest.is_none_or(|(t, _)| p.since < t) {
                    stuck_longest = Some((p.since, p.learner));
                }
            }
        }
        Now {
            positions,
            busiest,
            stuck_longest: stuck_longest.map(|(_, l)| l),
        }
    }
}

//! Readings of the run that several stops share: the first event and when its attempts came,
//! counted from its publication, and whether anything was published yet. What happened is
//! always read from the state, never assumed from the buttons pressed.
use super::spec::Answer;
use crate::lab::Lab;
use crate::sim::demos::RaceGuard;
use crate::sim::event::Event;

/// The run's first event, the one a run stop publishes.
pub fn first(lab: &Lab) -> Option<&Event> {
    lab.run.sim.events().first()
}

/// Whether nothing was published yet: the stop's scene waits for its first publication.
pub fn fresh(lab: &Lab) -> bool {
    lab.run.sim.events().is_empty()
}

/// Seconds from the first event's publication (its initial delivery) to `t_ms`.
pub fn since_publication(lab: &Lab, t_ms: u64) -> Answer {
    let from = first(lab).map_or(0, |e| e.series_started_ms);
    Answer::Secs(t_ms.saturating_sub(from) / 1000)
}

/// The rows in `passes` of the idempotent and the naive consumer.
pub fn rows(lab: &Lab) -> Answer {
    let sim = &lab.run.sim;
    Answer::Rows(
        sim.idempotent().effects.pass_rows,
        sim.naive().effects.pass_rows,
    )
}

/// The effects committed once the race with `guard` has run to its end.
pub fn race_effects(lab: &Lab, guard: RaceGuard) -> Option<Answer> {
    let race = &lab.race;
    let effects = race.steps.last()?.effects_after;
    (race.variant == guard && race.finished()).then_some(Answer::Count(u64::from(effects)))
}

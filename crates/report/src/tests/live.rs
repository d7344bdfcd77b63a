//! The live mode's pure part: where the next poll starts, where each learner is, who is stuck.
use super::*;
use crate::live::{Cursor, OVERLAP_MS, STUCK_MS};
use retry_lab_core::sim::utc as time;

/// The next poll starts at the earlier of the latest stored and the store's consistent-through,
/// a second back; from the start when nothing was read.
#[test]
fn the_next_poll_starts_before_what_may_still_arrive() {
    assert_eq!(Cursor::default().since(), None);
    assert_eq!(
        Cursor::after_poll(Some(50_000), None).since(),
        Some(50_000 - OVERLAP_MS)
    );
    assert_eq!(
        Cursor::after_poll(Some(50_000), Some(40_000)).since(),
        Some(40_000 - OVERLAP_MS)
    );
    assert_eq!(
        Cursor::after_poll(Some(30_000), Some(40_000)).since(),
        Some(30_000 - OVERLAP_MS)
    );
    // The report keeps the latest `stored` of every statement read, an answer or not.
    let mut late = a("ana", "step_backoff", "waits-add-up", 1).value();
    late["stored"] = json!("2026-12-01T00:10:00.000Z");
    let mut early = a("bruno", "step_backoff", "waits-add-up", 2).value();
    early["stored"] = json!("2026-12-01T00:05:00.000Z");
    early["verb"]["id"] = json!("http://adlnet.gov/expapi/verbs/progressed");
    let mut r = report(&[late]);
    r.feed(&[early]);
    assert_eq!(
        r.last_stored().map(time::format_utc_ms).as_deref(),
        Some("2026-12-01T00:10:00Z")
    );
}

/// Each learner is where their latest answer is; one silent for three minutes where the class
/// has moved on is stuck, and the longest stuck is marked.
#[test]
fn each_learner_is_where_they_answered_last_and_the_stuck_are_marked() {
    let r = report(&[
        a("ana", "step_backoff", "counts-initial-delivery", 0).value(),
        a("bruno", "step_backoff", "waits-add-up", 10).value(),
        a(
            "bruno",
            "step_no_jitter",
            "only-exact-schedule-shows-it",
            600,
        )
        .value(),
        a("carla", "step_no_jitter", "jitter-reveals-delays", 610).value(),
        a("dani", "step_backoff", "next-wait", 650).value(),
        // A later try at an earlier stop: that is where eva is now.
        a("eva", "step_no_jitter", "only-exact-schedule-shows-it", 100).value(),
        a("eva", "step_backoff", "waits-add-up", 120)
            .attempt(2)
            .value(),
    ]);
    let day = time::parse_ms("2026-12-01T00:00:00Z").unwrap();
    let now = r.now(day + 700_000);
    let at = |who: &str| {
        let p = now
            .positions
            .iter()
            .find(|p| r.learner(p.learner).key.ends_with(&format!(" {who}")))
            .unwrap();
        (r.stop(p.stop).id, (p.since - day) / 1000, p.stuck)
    };
    assert_eq!(
        r.stop(now.busiest.unwrap()).id,
        "step_backoff",
        "three at backoff"
    );
    // The class is mostly at backoff: nobody behind it is stuck.
    assert_eq!(at("ana"), ("step_backoff", 0, false));
    assert_eq!(at("eva"), ("step_backoff", 120, false));
    assert_eq!(now.stuck_longest, None);
    // Two more reach no_jitter: it is the busiest, and ana and eva, silent, are stuck.
    let mut r = r;
    r.feed(&[
        a(
            "dani",
            "step_no_jitter",
            "only-exact-schedule-shows-it",
            660,
        )
        .value(),
        a(
            "fabio",
            "step_no_jitter",
            "only-exact-schedule-shows-it",
            670,
        )
        .value(),
    ]);
    let now = r.now(day + 700_000);
    assert_eq!(r.stop(now.busiest.unwrap()).id, "step_no_jitter");
    let stuck: Vec<&str> = now
        .positions
        .iter()
        .filter(|p| p.stuck)
        .map(|p| r.learner(p.learner).key.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(stuck, ["ana", "eva"]);
    let longest = now.stuck_longest.unwrap();
    assert!(r.learner(longest).key.ends_with(" ana"));
    // Under three minutes is not stuck yet.
    let soon = r.now(day + STUCK_MS - 1);
    assert!(soon.positions.iter().all(|p| !p.stuck));
}

//! Reading scenario files: every field checked, every refusal named; and (`play`) a scenario
//! played in the lab gives the native runner's log.
mod play;

use super::*;

#[test]
fn only_files_next_to_the_page_can_be_named() {
    for ok in [
        "outage.json",
        "scenarios/outage-and-replay.json",
        "a_b.c.json",
    ] {
        assert!(valid_name(ok), "{ok}");
    }
    for bad in [
        "",
        "outage",
        "/etc/x.json",
        "https://evil.example/x.json",
        "//evil.example/x.json",
        "../x.json",
        "a/../../x.json",
        "a b.json",
        "x.json?y",
        "%2e%2e/x.json",
    ] {
        assert!(!valid_name(bad), "{bad}");
    }
}

#[test]
fn a_session_scenario_runs_like_the_file_says() {
    let sc = parse(
        br#"{"failure_probability":1,"ack_lost_share":0,"actions":[
        {"at_ms":0,"do":"publish","norad_id":25544,"pass_start_utc":"2026-07-29T14:00:00Z"},
        {"at_ms":5000,"do":"shares","failure_probability":0,"ack_lost_share":0}]}"#,
    )
    .unwrap();
    let sim = sc.run();
    let e = &sim.events()[0];
    assert_eq!(
        e.attempts.len(),
        2,
        "failed at 0, delivered on intento 1 at 30 s"
    );
    assert!(sim
        .log()
        .iter()
        .any(|l| l.detail.as_deref() == Some("failure_probability: 1 -> 0")));
}

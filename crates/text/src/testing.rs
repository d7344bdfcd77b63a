//! Statements as the lab sends them, for tests of what reads them (the report in the teacher's
//! page, the names it gives): built with the lab's own words. Compiled for this crate's tests and
//! with the `testing` feature (the web crate's tests), never into a module.
use retry_lab_core::lab::path::{Choice, Shown, Stop, Verdict};
use retry_lab_core::lang::Lang;
use retry_lab_core::record::{self, Object, Verb, Words};
use serde_json::{json, Value};

use crate::progress::{lab_session, LabWords};

/// The activity the statements are about.
pub const ACT: &str = "https://course.example/labs/retry";

/// `who`'s first try at `stop` (its id), predicting `choice`, at second `at` of 2026-12-01, in
/// a run that showed the stop's right answer. Panics on a stop or choice the lab does not have:
/// a test's typo.
pub fn first_try(who: &str, stop: &str, choice: &str, at: u32) -> Value {
    let stop = Stop::from_name(stop).unwrap_or_else(|| panic!("no stop {stop}"));
    let said = Choice::from_name(choice)
        .filter(|&c| stop.offer(c).is_some())
        .unwrap_or_else(|| panic!("{} offers no {choice}", stop.as_str()));
    let v = Verdict {
        stop,
        said,
        shown: Shown::Choice(stop.spec().right),
        attempt: 1,
    };
    let session = lab_session(ACT.into(), uuid::Uuid::from_u128(7), None);
    let title = LabWords.stop_title(stop);
    let object = Object {
        part: Some(stop.as_str()),
        name: &title,
    };
    let answered = Verb::Answered(record::interaction(&v, &LabWords));
    let at = format!(
        "2026-12-01T{:02}:{:02}:{:02}.000Z",
        at / 3600,
        at / 60 % 60,
        at % 60
    );
    let mut st = record::statement(&session, &answered, object, Lang::Es, &at).to_json();
    st["actor"] = json!({"objectType": "Agent", "name": who,
        "account": {"homePage": "https://course.example", "name": who}});
    st
}

//! The structured log of a run: one entry per thing that happened, at its simulated time,
//! written as JSON Lines (the native runner's and the page's export) or CSV.
use serde::Serialize;
use uuid::Uuid;

use super::consumer::Action;
use super::outcome::{Fault, Instance, Outcome, Reason};

named_enum! {
    /// What a log line records.
    pub enum Kind {
        Published = "published",
        Attempt = "attempt",
        RetryScheduled = "retry_scheduled",
        DeadLettered = "dead_lettered",
        Replayed = "replayed",
        FaultInjected = "fault_injected",
        OutageOn = "outage_on",
        OutageOff = "outage_off",
        SettingChanged = "setting_changed",
    }
}

/// One log line. Fields that do not apply to a kind are left out of the JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    pub t_ms: u64,
    pub kind: Kind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_id: Option<Uuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub derived_id: Option<Uuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fact_key: Option<String>,
    /// 0 = initial delivery, n = retry n, counted within the current series.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempt: Option<u32>,
    /// 0 for the first series, +1 for each manual replay.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub series: Option<u32>,
    /// The consumer-group instance that received a delivery (`a` or `b`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<Instance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fault: Option<Fault>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idempotent: Option<Action>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub naive: Option<Action>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_attempt_at_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Entry {
    pub fn new(t_ms: u64, kind: Kind) -> Self {
        Entry {
            t_ms,
            kind,
            event_id: None,
            derived_id: None,
            fact_key: None,
            attempt: None,
            series: None,
            instance: None,
            outcome: None,
            reason: None,
            fault: None,
            idempotent: None,
            naive: None,
            wait_ms: None,
            next_attempt_at_ms: None,
            detail: None,
        }
    }

    pub fn to_json(&self) -> String {
        // Serialising plain data with derived Serialize cannot fail; keep a visible marker anyway,
        // but without serde_json's error text: formatting it pulled serde_json's error messages
        // and their Display into the page's module (about 3 KB, docs/performance-size.md).
        serde_json::to_string(self)
            .unwrap_or_else(|_| String::from("{\"error\":\"unserialisable log entry\"}"))
    }
}

pub fn to_jsonl<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> String {
    let mut out = String::new();
    for e in entries {
        out.push_str(&e.to_json());
        out.push('\n');
    }
    out
}

pub const CSV_HEADER: &str = "t_ms,kind,event_id,derived_id,fact_key,attempt,series,instance,outcome,reason,fault,idempotent,naive,wait_ms,next_attempt_at_ms,detail";

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref()
        .map(|x| csv_field(&x.to_string()))
        .unwrap_or_default()
}

fn name<T: Copy>(v: &Option<T>, as_str: fn(T) -> &'static str) -> String {
    v.map(|x| as_str(x).to_string()).unwrap_or_default()
}

pub fn to_csv<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for e in entries {
        let row = [
            e.t_ms.to_string(),
            e.kind.as_str().to_string(),
            opt(&e.event_id),
            opt(&e.derived_id),
            opt(&e.fact_key),
            opt(&e.attempt),
            opt(&e.series),
            name(&e.instance, Instance::as_str),
            name(&e.outcome, Outcome::as_str),
            name(&e.reason, Reason::as_str),
            name(&e.fault, Fault::as_str),
            name(&e.idempotent, Action::as_str),
            name(&e.naive, Action::as_str),
            opt(&e.wait_ms),
            opt(&e.next_attempt_at_ms),
            opt(&e.detail),
        ];
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// FNV-1a 64 of a byte string: a short, dependency-free fingerprint of a log for determinism
/// checks (natively and in the browser), not a security hash.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_and_jsonl_skips_empty_fields() {
        let mut e = Entry::new(5, Kind::Published);
        e.detail = Some("a, \"b\"".into());
        assert_eq!(
            e.to_json(),
            r#"{"t_ms":5,"kind":"published","detail":"a, \"b\""}"#
        );
        let csv = to_csv([&e]);
        assert!(
            csv.ends_with("5,published,,,,,,,,,,,,,,\"a, \"\"b\"\"\"\n"),
            "{csv}"
        );
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}

//! The run's log with simulated timestamps, and its export as JSON Lines or CSV.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::export::download;
use crate::learner::PanelProps;
use retry_lab_core::lab::run::PAGE_LOG_CAP;
use retry_lab_core::sim::log::{to_csv, to_jsonl, Entry, Kind};
use retry_lab_core::sim::rng::ALGORITHM;
use retry_lab_text::fill;

/// Lines shown; the export has every entry the page keeps.
const SHOWN: usize = 60;

fn line(t: &retry_lab_text::Texts, e: &Entry) -> Html {
    // An attempt line is named by the attempt itself (entrega inicial, intento n).
    let mut parts = if e.kind == Kind::Attempt {
        Vec::new()
    } else {
        vec![t.kind(e.kind).to_string()]
    };
    if let Some(k) = &e.fact_key {
        parts.push(k.clone());
    }
    if let Some(n) = e.attempt {
        parts.push(t.attempt_in(e.series.unwrap_or(0), n));
    }
    if let Some(i) = e.instance {
        parts.push(t.instance(i));
    }
    // A redelivery cause is named as itself: its outcome (an answer the hub never got) is the
    // same for a crash, a lost ack, a rebalance and an expired timeout.
    if let (Some(o), None) = (e.outcome, e.fault) {
        parts.push(t.outcome(o).to_string());
    }
    if let (Some(r), None) = (e.reason, e.fault) {
        parts.push(format!("({})", t.reason(r)));
    }
    if let Some(f) = e.fault {
        parts.push(format!("⚡ {}", t.fault(f)));
    }
    if let (Some(i), Some(n)) = (e.idempotent, e.naive) {
        parts.push(format!(
            "{}: {} / {}: {}",
            t.idempotent,
            t.did(i),
            t.naive,
            t.did(n)
        ));
    }
    if let Some(w) = e.wait_ms {
        parts.push(format!("+{} s", w / 1000));
    }
    html! {
        <li class={format!("k-{}", e.kind.as_str())}>
            <span class="mono">{ t.time_ms(e.t_ms) }</span>{ " " }{ parts.join(" · ") }
        </li>
    }
}

#[component]
pub fn LogView(props: &PanelProps) -> Html {
    let lab_rc = props.lab.lab.clone();
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let log = lab.run.sim.log();
    let older = log.len().saturating_sub(SHOWN);
    let dropped = lab.run.sim.log_dropped();
    let seed = lab.run.sim.config().seed;
    // Back in time, the list shows the moment on screen; the export holds the whole run.
    let past = lab.run.in_past().then(|| {
        fill(
            t.log_past,
            &[
                &t.time_ms(lab.run.sim.now_ms()),
                &t.time_ms(lab.run.reached_ms),
            ],
        )
    });

    let export_jsonl = {
        let lab = lab_rc.clone();
        Callback::from(move |_| {
            let text = to_jsonl(lab.borrow().run.whole_log().iter());
            let _ = download(
                &format!("retry-lab-{seed}.jsonl"),
                "application/x-ndjson",
                &text,
            );
        })
    };
    let export_csv = Callback::from(move |_| {
        let text = to_csv(lab_rc.borrow().run.whole_log().iter());
        let _ = download(&format!("retry-lab-{seed}.csv"), "text/csv", &text);
    });

    html! {
        <section class="panel" aria-labelledby="log-h">
            <h2 id="log-h">{ t.log }</h2>
            <div class="row buttons">
                <button type="button" id="export-jsonl" class="btn small" onclick={export_jsonl}>{ t.export_jsonl }</button>
                <button type="button" id="export-csv" class="btn small" onclick={export_csv}>{ t.export_csv }</button>
                <span class="small">{ format!("{}: {seed}", t.setting(retry_lab_core::sim::config::Setting::Seed)) }</span>
                // The generator's name is for authors reproducing a run, not the running text.
                <details class="small rng"><summary>{ t.rng_details }</summary><span class="mono">{ ALGORITHM }</span></details>
            </div>
            // The scrolling region is focusable so keyboard users can scroll it; the list inside
            // keeps its list semantics (role="log" on the <ol> itself would remove them).
            <div class="log" role="log" id="log" aria-labelledby="log-h" aria-live="off" tabindex="0">
                <ol>{ for log.iter().rev().take(SHOWN).map(|e| line(t, e)) }</ol>
            </div>
            if let Some(past) = past { <p class="small" id="log-past">{ past }</p> }
            if older > 0 { <p class="small">{ fill(t.log_older, &[&older.to_string()]) }</p> }
            if dropped > 0 { <p class="small">{ fill(t.log_dropped, &[&PAGE_LOG_CAP.to_string(), &dropped.to_string()]) }</p> }
        </section>
    }
}

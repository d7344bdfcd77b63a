//! The no-jitter stop's two logs in its card: the same outage on the lesson's fixed schedule
//! and with jitter, one real delay planted in each (`crate::sim::jitter`), as one table of
//! waits beside the schedule's. Before the answer it is the material to search; after it, the
//! delayed intento is marked.
use yew::prelude::*;

use crate::sim::jitter::{self, DELAYED_RETRY, DELAY_MS};
use crate::sim::Config;
use crate::ui::text::{fill, Texts};

/// Whole seconds, rounded (the jittered waits have milliseconds nobody needs to read).
fn secs(t: &Texts, ms: u64) -> String {
    format!("{}\u{a0}s", t.count((ms + 500) / 1000))
}

pub fn logs(t: &Texts, cfg: &Config, answered: bool) -> Html {
    let j = &t.path.jitter;
    let l = jitter::logs(cfg);
    let rows = l.fixed.iter().zip(&l.jittered).map(|(f, w)| {
        let late = answered && f.retry == DELAYED_RETRY;
        html! {
            <tr class={classes!(late.then_some("late"))}>
                <th scope="row">{ f.retry }</th>
                <td>{ secs(t, f.scheduled_ms) }</td>
                <td>{ secs(t, f.wait_ms) }</td>
                <td>{ secs(t, w.wait_ms) }</td>
            </tr>
        }
    });
    html! {
        <div class="table-box jitter-logs" id="jitter-logs">
            <table class="jitter-log">
                <thead><tr>
                    <th scope="col">{ j.retry }</th><th scope="col">{ j.table }</th>
                    <th scope="col">{ j.fixed }</th><th scope="col">{ j.jittered }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            if answered {
                <p class="small" id="jitter-found">{ fill(j.found, &[&DELAYED_RETRY.to_string(), &secs(t, DELAY_MS)]) }</p>
            }
        </div>
    }
}

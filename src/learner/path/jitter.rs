//! The no-jitter stop's two logs in its card, once the learner replayed the outage: the same
//! outage on the lesson's fixed schedule and with jitter, one real delay planted in each
//! (`retry_lab_core::sim::jitter`), as one table of waits beside the schedule's, each wait with how far
//! it is from the table, and the delayed intento marked.
use yew::prelude::*;

use retry_lab_core::sim::jitter::{self, Line, DELAYED_RETRY, DELAY_MS};
use retry_lab_core::sim::Config;
use retry_lab_text::{fill, Texts};

/// Whole seconds, rounded (the jittered waits have milliseconds nobody needs to read).
fn secs(t: &Texts, ms: u64) -> String {
    format!("{}\u{a0}s", t.count((ms + 500) / 1000))
}

/// A wait, and how far from the table it is when it is (in whole seconds, signed): the
/// fixed log's one «+7 s» is the signal; the jittered log has one on every line.
fn wait(t: &Texts, l: &Line) -> Html {
    let sign = if l.wait_ms < l.scheduled_ms {
        "\u{2212}"
    } else {
        "+"
    };
    html! {
        <td>
            { secs(t, l.wait_ms) }
            if l.off_ms() > 0 {
                <span class="off">{ format!(" {sign}{}", secs(t, l.off_ms())) }</span>
            }
        </td>
    }
}

pub fn logs(t: &Texts, cfg: &Config) -> Html {
    let j = &t.path.jitter;
    let l = jitter::logs(cfg);
    let rows = l.fixed.iter().zip(&l.jittered).map(|(f, w)| {
        html! {
            <tr class={classes!((f.retry == DELAYED_RETRY).then_some("late"))}>
                <th scope="row">{ f.retry }</th>
                <td>{ secs(t, f.scheduled_ms) }</td>
                { wait(t, f) }
                { wait(t, w) }
            </tr>
        }
    });
    let apart = |name: &str, log: &[Line]| {
        let n = log.iter().filter(|x| x.off_ms() > 0).count();
        fill(j.apart, &[name, &n.to_string(), &log.len().to_string()])
    };
    html! {
        <div class="table-box jitter-logs" id="jitter-logs">
            <table class="jitter-log">
                <thead><tr>
                    <th scope="col">{ j.retry }</th><th scope="col">{ j.table }</th>
                    <th scope="col">{ j.fixed }</th><th scope="col">{ j.jittered }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p class="small" id="jitter-apart">{ apart(j.fixed, &l.fixed) }<br />{ apart(j.jittered, &l.jittered) }</p>
            <p class="small" id="jitter-found">{ fill(j.found, &[&DELAYED_RETRY.to_string(), &secs(t, DELAY_MS)]) }</p>
        </div>
    }
}

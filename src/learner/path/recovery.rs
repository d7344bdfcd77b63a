//! The no-immediate-retry stop's comparison: the attempts a recovering consumer receives each
//! minute from a hub that retries at once and from one on the wait table, and when each
//! catches up (`retry_lab_core::sim::recovery`).
use yew::prelude::*;

use retry_lab_core::sim::recovery::{self, Retries, HORIZON_S};
use retry_lab_core::sim::utc::approx_wait;
use retry_lab_core::sim::Config;
use retry_lab_text::{fill, Texts};

/// Minutes drawn: the outage, the recovery, and a few after it.
const MINUTES: usize = 8;

/// A bar's width in percent, on a log scale up to `max` (so tens and thousands both show).
fn width(n: u32, max: u32) -> String {
    let w = f64::from(n).ln_1p() / f64::from(max.max(1)).ln_1p() * 100.0;
    format!("{}%", retry_lab_core::num::fixed(w, 1))
}

pub fn chart(t: &Texts, cfg: &Config) -> Html {
    let pt = &t.path;
    let runs: Vec<_> = Retries::ALL
        .iter()
        .map(|&r| (r, recovery::run(r, cfg)))
        .collect();
    let max = runs
        .iter()
        .flat_map(|(_, r)| r.per_minute.iter().copied())
        .max()
        .unwrap_or(1);
    let summary = runs.iter().map(|(r, run)| {
        let hub = pt.recovery_hubs[*r as usize];
        let text = match run.caught_up_s {
            // A long wait with its rough minutes beside it, as the wait table writes it.
            Some(s) => {
                let secs = format!("{}\u{a0}s", t.count(s));
                // Rounded to the nearest minute first: 297 s reads «≈ 5 min», not 4.
                let at = match approx_wait((s + 30) / 60 * 60) {
                    a if a.is_empty() => secs,
                    a => format!("{secs} ({a})"),
                };
                fill(pt.recovery_caught_up, &[hub, &at])
            }
            None => fill(
                pt.recovery_never,
                &[
                    hub,
                    &(HORIZON_S / 60).to_string(),
                    &t.count(u64::from(run.delivered)),
                ],
            ),
        };
        html! { <li data-retries={r.as_str()}>{ text }</li> }
    });
    html! {
        <figure class="recovery" id="recovery">
            <figcaption class="small">{ pt.recovery_caption }</figcaption>
            <table class="small">
                <thead><tr><th scope="col"></th>
                    { for runs.iter().map(|(r, _)| html! { <th scope="col">{ pt.recovery_hubs[*r as usize] }</th> }) }
                </tr></thead>
                <tbody>
                { for (0..MINUTES).map(|m| html! {
                    <tr>
                        <th scope="row">{ fill(pt.recovery_minute, &[&m.to_string()]) }</th>
                        { for runs.iter().map(|(r, run)| {
                            let n = run.per_minute.get(m).copied().unwrap_or(0);
                            html! {
                                <td class={classes!("bar-cell", r.as_str())}>
                                    // SVG, not a styled span: the page's CSP allows no inline style.
                                    <svg class="rbar" width="100%" height="10" aria-hidden="true">
                                        <rect width={width(n, max)} height="10" />
                                    </svg>
                                    <span class="n">{ t.count(u64::from(n)) }</span>
                                </td>
                            }
                        }) }
                    </tr>
                }) }
                </tbody>
            </table>
            <ul class="small recovery-summary">{ for summary }</ul>
        </figure>
    }
}

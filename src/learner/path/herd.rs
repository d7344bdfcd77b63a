//! The jitter stop's comparison: the attempts that reach a service each second after one
//! outage, from a hub on the lesson's exact table and from one with jitter, and how many each
//! delivered (`retry_lab_core::sim::herd`).
use yew::prelude::*;

use retry_lab_core::sim::herd::{self, Waits, CAPACITY, EVENTS};
use retry_lab_core::sim::Config;
use retry_lab_text::{fill, Texts};

/// Seconds drawn: the outage and the first three waves.
const SECONDS: usize = 240;
/// Each row's height in px.
const H: u32 = 44;

fn pct(x: usize) -> String {
    format!(
        "{}%",
        retry_lab_core::num::fixed(x as f64 * 100.0 / SECONDS as f64, 2)
    )
}

/// The height of `n` attempts in a row: the service's capacity at half height, anything
/// beyond twice it clipped at the top (drawn as over). Scaled to the tallest wave, the jittered
/// hub's seconds were marks of 2-7 px on a phone, too small to see.
fn tall(n: u32) -> u32 {
    (n * H).div_ceil(2 * CAPACITY).min(H)
}

pub fn chart(t: &Texts, cfg: &Config) -> Html {
    let pt = &t.path;
    let runs = Waits::ALL.iter().map(|&w| (w, herd::run(w, cfg)));
    let rows = runs.clone().map(|(w, run)| {
        let bars = run
            .per_second
            .iter()
            .take(SECONDS)
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(s, &n)| {
                let h = tall(n).max(1);
                html! { <rect x={pct(s)} y={(H - h).to_string()} width="0.6%" height={h.to_string()}
                class={if n > CAPACITY { "over" } else { "" }} /> }
            });
        let cap = (H - tall(CAPACITY)).to_string();
        html! {
            <div class={classes!("herd-row", w.as_str())} data-waits={w.as_str()}>
                <span class="small">{ pt.herd_hubs[w as usize] }</span>
                // SVG, not styled spans: the page's CSP allows no inline style.
                <svg class="hbar" width="100%" height={H.to_string()} aria-hidden="true">
                    { for bars }
                    <line class="cap" x1="0" x2="100%" y1={cap.clone()} y2={cap} />
                </svg>
            </div>
        }
    });
    let summary = runs.map(|(w, run)| {
        let hub = pt.herd_hubs[w as usize];
        let text = match run.caught_up_s {
            Some(s) => fill(
                pt.herd_delivered,
                &[
                    hub,
                    &run.delivered.to_string(),
                    &EVENTS.to_string(),
                    &format!("{s}\u{a0}s"),
                ],
            ),
            None => fill(pt.herd_none, &[hub, &run.dead_lettered.to_string()]),
        };
        html! { <li data-waits={w.as_str()}>{ text }</li> }
    });
    html! {
        <figure class="recovery herd" id="herd">
            <figcaption class="small">{ pt.herd_caption }</figcaption>
            { for rows }
            <ul class="small recovery-summary">{ for summary }</ul>
            // Whatever the prediction, before the next stop: how this fits the lesson's table.
            <p class="small" id="herd-lesson">{ pt.herd_lesson }</p>
        </figure>
    }
}

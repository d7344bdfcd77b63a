//! The shown failure's shortest run, or a safe program's example run, drawn as the lab's sequence
//! diagram (instance A, the shared database, instance B), a row per move, stepped with the
//! buttons under it, so the newest move sits right above them. A move that ends a copy's program without an ack says, in words, that
//! the copy is stuck (and that its open transaction rolled back, when one was).
use yew::prelude::*;

use retry_lab_core::lab::workbench::{WbAction, Workbench};
use retry_lab_core::sim::outcome::Instance;
use retry_lab_core::sim::workbench::Move;
use retry_lab_text::{fill, WbTexts};

/// The element id of the run's move at `i` (brought into view when it is shown).
pub fn move_id(i: usize) -> String {
    format!("wb-move-{i}")
}

pub fn run(wb: &Workbench, t: &'static WbTexts, d: &Callback<WbAction>) -> Html {
    let (Some(c), Some(run)) = (&wb.checked, wb.run()) else {
        return html! {};
    };
    let (effect, constraint) = (c.program.effect, c.program.constraint);
    let total = run.len();
    let moves = total.to_string();
    let heading = match c.report.failures.get(wb.failure) {
        Some(&f) => fill(t.run_heading, &[t.failures[f as usize], &moves]),
        None if run.iter().any(|m| m.step.is_none()) => fill(t.example_heading, &[&moves]),
        None => fill(t.example_heading_no_crash, &[&moves]),
    };
    let shown = wb.shown.min(total);
    let go = |n: usize| d.reform(move |_| WbAction::ShowMoves(n));
    let mut before = (0u8, false);
    let rows = run[..shown].iter().enumerate().map(|(i, m): (usize, &Move)| {
        let now = (m.applied, m.marked);
        let changed = now != before;
        before = now;
        let lane = if m.instance == Instance::A { "lane-1" } else { "lane-3" };
        let who = if m.instance == Instance::A { "A" } else { "B" };
        let step = m.step.map_or(t.crash, |s| t.step(s, effect, constraint));
        let did = t.did[m.result as usize];
        let mark = if m.marked { t.mark_yes } else { t.mark_no };
        let ended = m.ended.map(|e| html! {
            <span class="wb-ending"><b class="wb-stuck">{ t.stuck_copy }</b>{ " " }{ t.endings[e as usize] }</span>
        });
        html! {
            <li id={move_id(i)} tabindex="-1"
                class={classes!("seq-row", lane, m.step.is_none().then_some("wb-crash"), m.ended.is_some().then_some("wb-ended"))}>
                <span class="seq-op"><b>{ who }</b>{ " " }<span class="wb-step">{ step }</span>{ ": " }{ did }{ ended }</span>
                <span class={classes!("seq-db", changed.then_some("changed"))}>{ fill(t.db, &[&m.applied.to_string(), mark]) }</span>
            </li>
        }
    });
    html! {
        <div class={classes!("wb-run", c.report.safe().then_some("wb-example"))}>
            <h3>{ heading }</h3>
            <div class="seq">
                <div class="seq-head" aria-hidden="true">{ for t.lanes.iter().map(|l| html! { <span>{ *l }</span> }) }</div>
                <ol class="demo-steps" id="wb-run">{ for rows }</ol>
            </div>
            <div class="row wb-stepper">
                <button id="wb-prev" class="btn small" disabled={shown <= 1} onclick={go(shown.saturating_sub(1))}>{ t.prev }</button>
                <button id="wb-next" class="btn small" disabled={shown >= total} onclick={go(shown + 1)}>{ t.next }</button>
                <button id="wb-all" class="btn small" disabled={shown >= total} onclick={go(total)}>{ t.all }</button>
                <span id="wb-move-of" class="small" aria-live="polite">{ fill(t.move_of, &[&shown.to_string(), &total.to_string()]) }</span>
            </div>
        </div>
    }
}

//! The workbench's prediction and verdict: the four guesses, the check, whether the guess was
//! right (only beside the guess it is about), safe or every failure with its meaning, what the
//! count of states means, a needless check named, the shown failure's run or a safe program's
//! example (`workbench_run`), the hint and the notes.
use yew::prelude::*;

use super::Way;
use retry_lab_core::lab::workbench::{Guard, Guess, WbAction, Workbench};
use retry_lab_core::sim::workbench::Effect;
use retry_lab_text::{fill, WbTexts};

/// The prediction, the check button and the verdict.
/// `in_lab`: opened inside the lab, whose guided path is above it (the verdict offers the way
/// back to it).
pub fn predict(
    wb: &Workbench,
    t: &'static WbTexts,
    d: &Callback<WbAction>,
    go: &Callback<Way>,
    in_lab: bool,
) -> Html {
    let n = wb.program.steps.len();
    html! {
        <section class="panel wb-verify" id="wb-verify" aria-labelledby="wb-predict-h">
            <fieldset class="wb-guesses">
                <legend id="wb-predict-h">{ t.predict }</legend>
                { for Guess::ALL.iter().map(|&g| {
                    let id = format!("wb-guess-{}", g.as_str());
                    html! {
                        <label class="field check" for={id.clone()}>
                            <input type="radio" name="wb-guess" id={id} checked={wb.guess == Some(g)}
                                onchange={d.reform(move |_: Event| WbAction::Predict(g))} />
                            <span>{ t.guesses[g as usize] }</span>
                        </label>
                    }
                }) }
            </fieldset>
            <div class="row">
                <button id="wb-check" class="btn primary" disabled={wb.guess.is_none() || n == 0}
                    onclick={d.reform(|_| WbAction::Check)}>{ t.check }</button>
                if wb.guess.is_none() {
                    <span class="hint">{ t.predict_first }</span>
                } else if wb.checked.is_none() {
                    <span class="hint">{ t.then_check }</span>
                }
            </div>
            <div id="wb-verdict" aria-live="polite">{ verdict(wb, t, d, go, in_lab) }</div>
        </section>
    }
}

/// The verdict: right or wrong while the guess is the one checked, safe or every failure, and
/// the shown failure's run.
fn verdict(
    wb: &Workbench,
    t: &'static WbTexts,
    d: &Callback<WbAction>,
    go: &Callback<Way>,
    in_lab: bool,
) -> Html {
    let Some(c) = &wb.checked else {
        return html! {};
    };
    let states = c.report.states.to_string();
    let feedback = match wb.feedback() {
        Some(true) => html! { <p class="verdict ok" id="wb-feedback">{ t.right }</p> },
        Some(false) => html! {
            <p class="verdict bad" id="wb-feedback">{ t.wrong }{ " " }{ t.missed(c.guess, c.program.effect) }</p>
        },
        None => html! { <p class="hint" id="wb-feedback">{ t.guess_changed }</p> },
    };
    let email = c.program.effect == Effect::Email;
    let redundant = t.redundant(&c.redundant).map(|named| {
        let why = match c.redundant_because {
            Some(Guard::Idempotent) => t.redundant_because[1],
            _ => t.redundant_because[0],
        };
        html! { <p class="note wb-redundant" id="wb-redundant">{ named }{ " " }{ why }</p> }
    });
    html! {
        <>
            <div id="wb-outcome">
                { feedback }
                if c.report.safe() {
                    <p class="wb-result safe">{ fill(t.safe, &[&states]) }</p>
                } else {
                    <p class="wb-result broken">{ fill(t.broken, &[&states]) }</p>
                }
                // Where the verdict comes on screen: a phone's way up to the program, which a
                // learner wants next (a table to change, a step to add) and which lies above
                // the palette; at the verdict's end, under its run, it was swiped past.
                <button type="button" class="btn small wb-jump" id="wb-to-program"
                    onclick={go.reform(|_| Way::Program)}>{ t.to_program }</button>
            </div>
            <details class="wb-states" id="wb-states">
                <summary>{ fill(t.states_summary, &[&states]) }</summary>
                <p>{ t.states_explained }</p>
            </details>
            { redundant }
            if c.report.safe() {
                { crate::workbench::run::run(wb, t, d) }
            }
            if !c.report.safe() {
                <ul class="wb-failures">
                    { for c.report.failures.iter().enumerate().map(|(i, f)| html! {
                        <li>
                            <button class="btn small" aria-pressed={(i == wb.failure).to_string()}
                                onclick={d.reform(move |_| WbAction::ShowFailure(i))}>{ t.failures[*f as usize] }</button>
                            { ": " }{ t.failure_meanings[*f as usize] }
                        </li>
                    }) }
                </ul>
                { crate::workbench::run::run(wb, t, d) }
                if let Some(h) = wb.hint().filter(|_| !email) {
                    <p class="note wb-hint"><b>{ t.hint }{ ": " }</b>{ t.hints[h as usize] }</p>
                }
            }
            if email {
                <div class="note wb-email">{ for t.email_note.iter().map(|p| html! { <p>{ *p }</p> }) }</div>
            }
            // And again where the learner who read the run to its end is; the guided path's
            // card is far above (the whole lab lies between): a learner done here looks for the
            // way back where they are, not in the bar's arrow.
            <p class="row wb-ways">
                <button type="button" class="btn small wb-jump" id="wb-to-program-end"
                    onclick={go.reform(|_| Way::Program)}>{ t.to_program }</button>
                if in_lab {
                    <button type="button" class="btn small" id="wb-to-path"
                        onclick={go.reform(|_| Way::Path)}>{ t.to_path }</button>
                }
            </p>
        </>
    }
}

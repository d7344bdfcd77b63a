//! The race of two instances and the transaction-boundary demonstration, stepped through.
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::i18n::Texts;
use super::state::Action;
use super::PanelProps;
use crate::sim::demos::{DemoStep, RaceGuard, TxBoundary};

fn steps_list(t: &Texts, steps: &[DemoStep], shown: usize, id: &'static str) -> Html {
    html! {
        <ol class="demo-steps" id={id} aria-live="polite">
            { for steps.iter().take(shown).map(|s| html! {
                <li class={classes!(format!("actor-{}", s.actor.trim_end_matches('\'')))}>
                    <b>{ s.actor }</b>{ " " }{ t.demo_step(s.op, s.result) }
                    <span class="small">{ format!(" — {}: {} · {}: {}", t.effects_committed, s.effects_after, t.marks_committed, s.marks_after) }</span>
                </li>
            }) }
        </ol>
    }
}

#[component]
pub fn Demos(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let a = &props.on_action;
    let race_done = lab.race_shown >= lab.race_steps.len();
    let tx_done = lab.tx_shown >= lab.tx_steps.len();

    let on_guard = a.reform(|e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::RaceGuard(if v == "unique" {
            RaceGuard::UniqueConstraint
        } else {
            RaceGuard::CheckThenInsert
        })
    });
    let on_tx = a.reform(|e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::TxBoundary(match v.as_str() {
            "mark" => TxBoundary::MarkFirst,
            "effect" => TxBoundary::EffectFirst,
            _ => TxBoundary::OneTransaction,
        })
    });
    let guard = lab.race_guard;
    let boundary = lab.tx_boundary;

    html! {
        <section class="panel" aria-labelledby="demos-h">
            <h2 id="demos-h">{ t.demos }</h2>
            <div class="two-col">
                <article aria-labelledby="race-h">
                    <h3 id="race-h">{ t.race }</h3>
                    <p class="hint">{ t.race_intro }</p>
                    <div class="row">
                        <select id="race-guard" aria-labelledby="race-h" onchange={on_guard}>
                            <option value="check" selected={guard == RaceGuard::CheckThenInsert}>{ t.check_then_insert }</option>
                            <option value="unique" selected={guard == RaceGuard::UniqueConstraint}>{ t.unique_constraint }</option>
                        </select>
                        if race_done {
                            <button type="button" class="btn small" onclick={a.reform(move |_| Action::RaceGuard(guard))}>{ t.restart_demo }</button>
                        } else {
                            <button type="button" id="race-step" class="btn small" onclick={a.reform(|_| Action::RaceStep)}>{ t.next_step }</button>
                        }
                    </div>
                    { steps_list(t, &lab.race_steps, lab.race_shown, "race-steps") }
                </article>
                <article aria-labelledby="tx-h">
                    <h3 id="tx-h">{ t.tx }</h3>
                    <p class="hint">{ t.tx_intro }</p>
                    <div class="row">
                        <select id="tx-boundary" aria-labelledby="tx-h" onchange={on_tx}>
                            <option value="one" selected={boundary == TxBoundary::OneTransaction}>{ t.one_tx }</option>
                            <option value="mark" selected={boundary == TxBoundary::MarkFirst}>{ t.mark_first }</option>
                            <option value="effect" selected={boundary == TxBoundary::EffectFirst}>{ t.effect_first }</option>
                        </select>
                        if tx_done {
                            <button type="button" class="btn small" onclick={a.reform(move |_| Action::TxBoundary(boundary))}>{ t.restart_demo }</button>
                        } else {
                            <button type="button" id="tx-step" class="btn small" onclick={a.reform(|_| Action::TxStep)}>{ t.next_step }</button>
                        }
                    </div>
                    { steps_list(t, &lab.tx_steps, lab.tx_shown, "tx-steps") }
                </article>
            </div>
        </section>
    }
}

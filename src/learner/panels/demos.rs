//! The race of two instances and the transaction-boundary demonstration, stepped through.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::stepper::StepperAction;
use retry_lab_core::lab::Action;
use retry_lab_core::sim::demos::{final_effects, DemoStep, RaceGuard, TxBoundary};
use retry_lab_text::Texts;

/// The steps as a sequence diagram of three lanes (`lanes`: the first actor, the shared
/// database, the second actor or the restarted one): each step is a row whose operation sits
/// in its actor's lane with an arrow to the database, which shows what is committed after it.
/// Still an ordered list, so a screen reader reads the steps in turn.
fn steps_list(t: &Texts, steps: &[DemoStep], id: String, lanes: [&'static str; 3]) -> Html {
    let mut before = (0, 0);
    html! {
        <div class="seq">
            <div class="seq-head" aria-hidden="true">{ for lanes.iter().map(|l| html! { <span>{ *l }</span> }) }</div>
            <ol class="demo-steps" id={id} aria-live="polite">
                { for steps.iter().map(|s| {
                    let first = s.actor == "A";
                    let now = (s.effects_after, s.marks_after);
                    let changed = now != before;
                    before = now;
                    html! {
                        <li class={classes!("seq-row", if first { "lane-1" } else { "lane-3" }, format!("actor-{}", s.actor.trim_end_matches('\'')))}>
                            <span class="seq-op"><b>{ s.actor }</b>{ " " }{ t.demo_step(s.actor, s.op, s.result) }</span>
                            <span class={classes!("seq-db", changed.then_some("changed"))}>{ format!("{}: {} · {}: {}", t.effects_committed, s.effects_after, t.marks_committed, s.marks_after) }</span>
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}

#[component]
pub fn Demos(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let a = &props.on_action;

    let on_guard = crate::on_choice(a, RaceGuard::from_name, |g| {
        Action::Race(StepperAction::Choose(g))
    });
    let on_tx = crate::on_choice(a, TxBoundary::from_name, |b| {
        Action::Tx(StepperAction::Choose(b))
    });
    let (guard, boundary) = (lab.race.variant, lab.tx.variant);
    let race = DemoCard {
        key: "race",
        select_id: "race-guard",
        title: t.race,
        intro: t.race_intro,
        options: vec![
            (
                RaceGuard::CheckThenInsert.as_str(),
                t.check_then_insert,
                guard == RaceGuard::CheckThenInsert,
            ),
            (
                RaceGuard::UniqueConstraint.as_str(),
                t.unique_constraint,
                guard == RaceGuard::UniqueConstraint,
            ),
        ],
        on_select: on_guard,
        done: lab.race.finished(),
        on_restart: a.reform(move |_| Action::Race(StepperAction::Choose(guard))),
        on_step: a.reform(|_| Action::Race(StepperAction::Next)),
        shown: lab.race.visible(),
        lanes: [t.demo_lanes[0], t.demo_lanes[1], t.demo_lanes[2]],
    };
    let tx = DemoCard {
        key: "tx",
        select_id: "tx-boundary",
        title: t.tx,
        intro: t.tx_intro,
        options: vec![
            (
                TxBoundary::OneTransaction.as_str(),
                t.one_tx,
                boundary == TxBoundary::OneTransaction,
            ),
            (
                TxBoundary::MarkFirst.as_str(),
                t.mark_first,
                boundary == TxBoundary::MarkFirst,
            ),
            (
                TxBoundary::EffectFirst.as_str(),
                t.effect_first,
                boundary == TxBoundary::EffectFirst,
            ),
        ],
        on_select: on_tx,
        done: lab.tx.finished(),
        on_restart: a.reform(move |_| Action::Tx(StepperAction::Choose(boundary))),
        on_step: a.reform(|_| Action::Tx(StepperAction::Next)),
        shown: lab.tx.visible(),
        lanes: [t.demo_lanes[0], t.demo_lanes[1], t.demo_lanes[3]],
    };

    let tx_first = lab.path.guided()
        && lab.path.stop().stepped() == Some(retry_lab_core::lab::path::Stepped::Tx);
    html! {
        <section class="panel" aria-labelledby="demos-h">
            <h2 id="demos-h">{ t.demos }</h2>
            // The stop's own demonstration first: on a phone the two are one above the other.
            <div class="two-col">
                if tx_first {
                    { demo_card(t, tx) }
                    { demo_card(t, race) }
                } else {
                    { demo_card(t, race) }
                    { demo_card(t, tx) }
                }
            </div>
        </section>
    }
}

/// One demonstration: its variant chooser, a step (or restart) button and the steps so far.
struct DemoCard<'a> {
    /// Prefix of the element ids: `{key}-h`, `{key}-step`, `{key}-steps`.
    key: &'static str,
    select_id: &'static str,
    title: &'static str,
    intro: &'static str,
    /// (value, label, selected)
    options: Vec<(&'static str, &'static str, bool)>,
    on_select: Callback<Event>,
    done: bool,
    on_restart: Callback<MouseEvent>,
    on_step: Callback<MouseEvent>,
    /// The steps shown so far (all of them once `done`).
    shown: &'a [DemoStep],
    lanes: [&'static str; 3],
}

fn demo_card(t: &Texts, c: DemoCard) -> Html {
    let h = format!("{}-h", c.key);
    html! {
        <article aria-labelledby={h.clone()}>
            <h3 id={h.clone()}>{ c.title }</h3>
            <p class="hint">{ c.intro }</p>
            <div class="row">
                <select id={c.select_id} aria-labelledby={h} onchange={c.on_select}>
                    { for c.options.iter().map(|&(value, label, selected)| html! { <option {value} {selected}>{ label }</option> }) }
                </select>
                if c.done {
                    <button type="button" class="btn small" onclick={c.on_restart}>{ t.restart_demo }</button>
                } else {
                    <button type="button" id={format!("{}-step", c.key)} class="btn small" onclick={c.on_step}>{ t.next_step }</button>
                }
            </div>
            { steps_list(t, c.shown, format!("{}-steps", c.key), c.lanes) }
            if c.done {
                <p class="verdict" id={format!("{}-verdict", c.key)} role="status">{ t.verdict(final_effects(c.shown)) }</p>
            }
        </article>
    }
}

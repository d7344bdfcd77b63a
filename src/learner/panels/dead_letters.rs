//! The dead-letter queue: what could not be delivered, why, and the replay actions.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::run::RunAction;
use retry_lab_core::lab::Action;
use retry_lab_core::sim::EventState;
use retry_lab_text::fill;

#[component]
pub fn DeadLetters(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let dead: Vec<_> = lab.run.sim.dead_letters().collect();
    let a = &props.on_action;

    html! {
        <section class="panel dlq" aria-labelledby="dlq-h" id="dlq">
            <h2 id="dlq-h">{ format!("{} ({})", t.dlq, dead.len()) }</h2>
            if dead.is_empty() {
                // Empty because what was here went back out with a manual retry, or never came.
                <p class="empty">{ if lab.run.sim.events().iter().any(|e| e.series > 0) { t.dlq_emptied } else { t.dlq_empty } }</p>
            } else {
                <button type="button" id="replay-all" class="btn primary" onclick={a.reform(|_| Action::Run(RunAction::ReplayAll))}>{ t.replay_all }</button>
                <ul class="dlq-list">
                { for dead.iter().rev().take(30).map(|ev| {
                    let i = ev.index;
                    let (at, reason) = match ev.state { EventState::DeadLettered { at_ms, reason } => (at_ms, Some(reason)), _ => (0, None) };
                    html! {
                        <li class="dlq-item" key={i}>
                            <div>
                                <strong>{ format!("{} {}", t.event, i + 1) }</strong>
                                <span class="mono small">{ format!(" {}", ev.id) }</span>
                            </div>
                            <div class="mono small">{ ev.fact.key() }</div>
                            <div class="small">
                                { format!("{} · {} {} · {}: {}", fill(t.dlq_attempts, &[&ev.current_series().count().saturating_sub(1).to_string()]), t.moved_at, t.time(at), t.last_reason, reason.map(|r| t.reason(r)).unwrap_or("—")) }
                            </div>
                            <button type="button" class="btn small" onclick={a.reform(move |_| Action::Run(RunAction::Replay(i)))}>{ t.replay }</button>
                        </li>
                    }
                }) }
                </ul>
                <p class="hint">{ t.replay_naive_note }</p>
            }
        </section>
    }
}

//! Events and their delivery state; selecting one shows it on the timeline.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::flash;
use crate::learner::PanelProps;
use retry_lab_core::lab::run::RunAction;
use retry_lab_core::lab::Action;
use retry_lab_core::sim::EventState;

/// Rows shown at once; counts above the table always cover every event.
const SHOWN: usize = 40;

fn state_class(s: &EventState) -> &'static str {
    match s {
        EventState::Delivering { .. } => "st-delivering",
        EventState::WaitingRetry { .. } => "st-waiting",
        EventState::Delivered { .. } => "st-delivered",
        EventState::DeadLettered { .. } => "st-dead",
    }
}

#[component]
pub fn Events(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let sim = &lab.run.sim;
    let c = sim.counts();
    let focus = lab.run.focus();
    let events = sim.events();
    let start = events.len().saturating_sub(SHOWN);

    html! {
        <section class="panel" aria-labelledby="events-h">
            <h2 id="events-h">{ t.in_flight }</h2>
            <p class="counts" id="event-counts">
                <span key={format!("p{}", c.published)} class={flash(c.published)}>{ format!("{}: {}", t.published, t.count(c.published)) }</span>
                <span key={format!("d{}", c.delivered)} class={flash(c.delivered)}>{ format!("{}: {}", t.delivered, t.count(c.delivered)) }</span>
                <span key={format!("x{}", c.dead_lettered)} class={flash(c.dead_lettered)}>{ format!("{}: {}", t.dead_lettered, t.count(c.dead_lettered)) }</span>
            </p>
            if events.is_empty() {
                <p class="empty">{ t.events_empty }</p>
            } else {
                <div class="scroll">
                <div class="table-box">
                <table class="events" id="events">
                    if start > 0 { <caption>{ retry_lab_text::fill(t.showing_latest, &[&SHOWN.to_string()]) }</caption> }
                    <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ t.fact }</th><th scope="col">{ t.state }</th><th scope="col">{ t.attempts }</th></tr></thead>
                    <tbody>
                    { for events[start..].iter().rev().map(|ev| {
                        let i = ev.index;
                        let selected = focus == Some(i);
                        html! {
                            <tr class={classes!(selected.then_some("selected"))}>
                                <td>
                                    <button type="button" class="linkish" aria-pressed={selected.to_string()}
                                        onclick={props.on_action.reform(move |_| Action::Run(RunAction::Select(i)))}>{ i + 1 }</button>
                                </td>
                                <td class="mono small">{ ev.fact.key() }</td>
                                <td><span class={classes!("state", state_class(&ev.state))}>{ t.state(&ev.state) }</span></td>
                                <td>{ match ev.current_series().count() { 0 => "—".to_string(), n => t.attempt_in(ev.series, n as u32 - 1) } }</td>
                            </tr>
                        }
                    }) }
                    </tbody>
                </table>
                </div>
                </div>
            }
        </section>
    }
}

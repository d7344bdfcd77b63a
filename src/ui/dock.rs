//! The compact bar that stays at the bottom of a narrow screen: the clock, play/pause, step,
//! and the guided path's current action, so a learner scrolled down to a panel can still act.
use yew::prelude::*;

use super::reveal::{reveal_id, Revealer};
use super::PanelProps;
use crate::embed::protocol::Align;
use crate::lab::clock::ClockAction;
use crate::lab::path::PathAction;
use crate::lab::run::RunAction;
use crate::lab::Action;

#[component]
pub fn Dock(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let a = &props.on_action;
    let playing = lab.clock.playing;
    let act = lab.path.guided().then(|| lab.path.act()).flatten();
    let host = use_context::<Revealer>();
    html! {
        <div class="dock" role="group" aria-label={t.controls}>
            <span class="mono" aria-hidden="true">{ t.time(lab.run.sim.now_ms()) }</span>
            <button type="button" id="dock-play" class="btn primary small" aria-pressed={playing.to_string()}
                onclick={a.reform(|_| Action::Clock(ClockAction::TogglePlay))}>{ if playing { t.pause } else { t.play } }</button>
            <button type="button" id="dock-step" class="btn small" aria-label={t.step} onclick={a.reform(|_| Action::Run(RunAction::Step))}>{ t.path.step_short }</button>
            if lab.path.guided() {
                <button type="button" id="dock-card" class="btn small" aria-label={t.path.to_card} title={t.path.to_card}
                    onclick={Callback::from(move |_| reveal_id("path", Align::Start, host.as_ref()))}>{ t.path.to_card_short }</button>
            }
            if let Some(act) = act {
                <button type="button" id="dock-act" class="btn small" onclick={a.reform(|_| Action::Path(PathAction::Do))}>{ t.path.acts[act as usize] }</button>
            }
        </div>
    }
}

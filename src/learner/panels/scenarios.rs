//! Scenarios in the page: a preset from the menu, a file picked or dropped, and the session
//! saved as a scenario file.
use retry_lab_text::Tables;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::learner::scenario_io;
use crate::learner::PanelProps;
use crate::reveal::{reveal_selector, Revealer};
use retry_lab_core::embed::protocol::Align;
use retry_lab_text::fill;

use retry_lab_core::lab::clock::ClockAction;
use retry_lab_core::lab::{Action, Origin};

/// The presets shipped next to the page (`dist/scenarios/`), in menu order.
pub const PRESETS: [&str; 4] = [
    "scenarios/outage-and-replay.json",
    "scenarios/burst-during-failures.json",
    "scenarios/double-publication-v4.json",
    "scenarios/double-publication-v5.json",
];

#[component]
pub fn ScenariosView(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let st = &t.scenarios;
    let chosen = use_state(|| 0usize);
    let on_choose = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            chosen.set(
                crate::select_value(&e)
                    .parse()
                    .unwrap_or(0)
                    .min(PRESETS.len() - 1),
            )
        })
    };
    let on_load = {
        let (on, k) = (props.on_action.clone(), *chosen);
        Callback::from(move |_| scenario_io::fetch(PRESETS[k], on.clone()))
    };
    let on_file = {
        let on = props.on_action.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                scenario_io::load_file(file, on.clone());
            }
            // Choosing the same file again loads it again.
            input.set_value("");
        })
    };
    let on_save = {
        let lab = props.lab.lab.clone();
        Callback::from(move |_| scenario_io::save_session(&lab.borrow()))
    };
    let host = use_context::<Revealer>();
    // What was just loaded, named, with play in reach: the clock's own button is far up.
    let loaded = lab.loaded.as_ref().map(|l| {
        let name = match &l.origin {
            Some(Origin::Link) => st.loaded_link.to_string(),
            Some(Origin::Fetched(file)) => match PRESETS.iter().position(|p| p == file) {
                Some(k) => st.presets[k].to_string(),
                None => file.clone(),
            },
            Some(Origin::Picked(file)) => file.clone(),
            None => st.loaded_unnamed.to_string(),
        };
        let playing = lab.clock.playing;
        let host = host.clone();
        let on_play = props.on_action.reform(move |_| {
            if !playing {
                reveal_selector("#timeline-h", Align::Start, host.as_ref());
            }
            Action::Clock(ClockAction::TogglePlay)
        });
        html! {
            <div class="notice loaded" role="status" id="loaded">
                <p>{ fill(st.loaded, &[&name]) }</p>
                <button type="button" class="btn primary small" id="loaded-play" onclick={on_play}>
                    { if playing { t.pause } else { t.play } }
                </button>
            </div>
        }
    });
    html! {
        <section class="panel scenarios" aria-labelledby="scenarios-h" id="scenarios">
            <h2 id="scenarios-h">{ st.heading }</h2>
            <p class="hint">{ st.intro }</p>
            { for loaded }
            <div class="row">
                <label class="field grow">
                    <span>{ st.preset }</span>
                    <select id="preset" onchange={on_choose}>
                        { for st.presets.iter().enumerate().map(|(i, name)| html! {
                            <option value={i.to_string()} selected={i == *chosen}>{ *name }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="btn" id="preset-load" onclick={on_load}>{ st.load }</button>
            </div>
            // The browser's own file button speaks the browser's language («Choose File»): it is
            // hidden (still focusable) behind one of ours.
            <label class="field">
                <span>{ st.file }</span>
                <span class="file-pick">
                    <input type="file" id="scenario-file" accept=".json,application/json" onchange={on_file} />
                    <span class="btn" aria-hidden="true">{ st.choose }</span>
                </span>
                <small>{ st.drop_hint }</small>
            </label>
            <div class="row">
                <button type="button" class="btn" id="save-session" onclick={on_save} aria-describedby="save-hint">{ st.save }</button>
            </div>
            <small id="save-hint" class="hint">{ st.save_hint }</small>
        </section>
    }
}

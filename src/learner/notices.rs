//! The notices above the lab: English that could not be loaded, what was wrong with outside
//! input (link, saved state, host options), and that the lab goes on from progress this
//! browser or the host saved.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::checkpoints::{Challenge, Stop};
use retry_lab_core::lab::Action;
use retry_lab_core::problem::Source;
use retry_lab_text::fill;

#[component]
pub fn Notices(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let a = &props.on_action;
    let problems = (!lab.boundary_notices.is_empty()).then(|| {
        html! {
            <div class="notice boundary" role="status" id="boundary-notices">
                <div>
                    <strong>{ t.input_problems }</strong>
                    <ul>{ for lab.boundary_notices.iter().map(|n| html! {
                        <li class="small">
                            { format!("{}: ", t.sources[n.source as usize]) }
                            <code>{ n.problem.field.clone() }</code>{ format!(": {}", t.problem_why(&n.problem.why)) }
                        </li>
                    }) }</ul>
                </div>
                <button type="button" class="btn small" onclick={a.reform(|_| Action::DismissBoundary)}>{ t.dismiss }</button>
            </div>
        }
    });
    let continued = lab.continued.map(|from| {
        let counts = [
            lab.path.passed().len(),
            Stop::COUNT,
            lab.challenges.len(),
            Challenge::COUNT,
        ]
        .map(|n| n.to_string());
        let counts: Vec<&str> = counts.iter().map(String::as_str).collect();
        html! {
            <div class="notice continued" role="status" id="continued">
                <p>{ fill(if from == Source::Host { t.continued_host } else { t.continued }, &counts) }</p>
                <div class="row">
                    <button type="button" class="btn small" id="start-over" onclick={a.reform(|_| Action::StartOver)}>{ t.start_over }</button>
                    <button type="button" class="btn small" id="keep-going" onclick={a.reform(|_| Action::KeepGoing)}>{ t.keep_going }</button>
                </div>
            </div>
        }
    });
    // Beside the language menu, where the learner asked for English.
    let no_english = lab.no_english.then(|| {
        html! {
            <div class="notice boundary" role="status" id="no-english">
                <span>{ t.no_english }</span>
                <button type="button" class="btn small" onclick={a.reform(|_| Action::DismissBoundary)}>{ t.dismiss }</button>
            </div>
        }
    });
    html! { <>{ for no_english }{ for problems }{ for continued }</> }
}

//! Guided challenges: what to try, and which ones the learner has already made happen.
use yew::prelude::*;

use crate::lab::checkpoints::Challenge;
use crate::ui::lab::PanelProps;

#[component]
pub fn ChallengesView(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let done = lab.challenges.len();
    html! {
        <section class="panel challenges" aria-labelledby="challenges-h" id="challenges">
            <h2 id="challenges-h">{ format!("{} ({done}/{})", t.challenges, Challenge::ALL.len()) }</h2>
            <ol class="challenge-list">
                { for Challenge::ALL.iter().map(|&c| {
                    let ok = lab.challenges.contains(&c);
                    html! {
                        <li class={classes!(ok.then_some("done"))} data-challenge={c.as_str()}>
                            <span class="check" aria-hidden="true">{ if ok { "✓" } else { "○" } }</span>
                            <span>{ t.challenge(c) }</span>
                            <span class="sr-only">{ if ok { t.done } else { t.not_done } }</span>
                        </li>
                    }
                }) }
            </ol>
            if lab.host.shown && lab.host.accepted + lab.host.ignored > 0 {
                <p class="small" id="host-diagnostics">{ format!("{}: {} · {}: {}", t.host_accepted, lab.host.accepted, t.host_ignored, lab.host.ignored) }</p>
            }
        </section>
    }
}

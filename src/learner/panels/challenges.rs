//! Guided challenges: what to try, and which ones the learner has already made happen. Drawn
//! from values (the challenges reached, the host's counts, the language): it redraws when one
//! of them changes, with no hold on the lab.
use retry_lab_text::Tables;
use yew::prelude::*;

use retry_lab_core::lab::checkpoints::Challenge;
use retry_lab_core::lab::outside::HostCounts;
use retry_lab_core::named::Set;
use retry_lab_text::Lang;

#[derive(Properties, PartialEq, Clone)]
pub struct ChallengesProps {
    pub lang: Lang,
    pub reached: Set<Challenge>,
    pub host: HostCounts,
}

#[component]
pub fn ChallengesView(props: &ChallengesProps) -> Html {
    let t = props.lang.t();
    let done = props.reached.len();
    let host = props.host;
    html! {
        <section class="panel challenges" aria-labelledby="challenges-h" id="challenges">
            <h2 id="challenges-h">{ format!("{} ({done}/{})", t.challenges, Challenge::ALL.len()) }</h2>
            <ol class="challenge-list">
                { for Challenge::ALL.iter().map(|&c| {
                    let ok = props.reached.contains(&c);
                    html! {
                        <li class={classes!(ok.then_some("done"))} data-challenge={c.as_str()}>
                            <span class="check" aria-hidden="true">{ if ok { "✓" } else { "○" } }</span>
                            <span>{ t.challenge(c) }</span>
                            <span class="sr-only">{ if ok { t.done } else { t.not_done } }</span>
                        </li>
                    }
                }) }
            </ol>
            if host.shown && host.accepted + host.ignored > 0 {
                <p class="small" id="host-diagnostics">{ format!("{}: {} · {}: {}", t.host_accepted, host.accepted, t.host_ignored, host.ignored) }</p>
            }
        </section>
    }
}

//! Double publication: the same pass published twice, its two v4 ids and its one v5 id.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::path::Veil;
use retry_lab_core::sim::config::DedupOn;
use retry_lab_core::sim::ids::PASS_NAMESPACE;

#[component]
pub fn Duplicates(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let sim = &lab.run.sim;
    let pair = lab
        .run
        .last_double
        .and_then(|(a, b)| Some((sim.event(a)?, sim.event(b)?)));

    let body = match pair {
        None => html! { <p class="empty">{ t.duplicates_empty }</p> },
        Some((a, b)) => {
            let verdict = match sim.config().dedup_on {
                DedupOn::Producer => t.dup_verdict_v4,
                DedupOn::Derived => t.dup_verdict_v5,
            };
            let same = |x: bool| if x { t.same } else { t.different };
            let veiled = lab.path.veils(Veil::DerivedIds);
            html! {
                <>
                    <dl class="ids">
                        <dt>{ t.namespace }</dt><dd class="mono" id="namespace">{ PASS_NAMESPACE.to_string() }</dd>
                        <dt>{ t.key }</dt><dd class="mono" id="natural-key">{ format!("\"{}\"", a.fact.key()) }</dd>
                    </dl>
                    <div class="table-box">
                    <table class="dup-table" id="dup-table">
                        <thead><tr><th scope="col">{ t.id_kind }</th><th scope="col">{ t.publication_n(1) }</th><th scope="col">{ t.publication_n(2) }</th><th scope="col">{ t.comparison }</th></tr></thead>
                        <tbody>
                            <tr><th scope="row">{ t.producer_id }</th><td class="mono">{ a.id.to_string() }</td><td class="mono">{ b.id.to_string() }</td><td class="tag diff">{ same(a.id == b.id) }</td></tr>
                            <tr><th scope="row">{ t.derived_id }</th>{ for [a, b].iter().map(|e| if veiled {
                                // The ids themselves would answer the v5 stop before its prediction.
                                html! { <td class="mono veiled" title={t.veiled_hint}>{ "?" }</td> }
                            } else {
                                html! { <td class="mono">{ e.derived_id.to_string() }</td> }
                            }) }{ if veiled {
                                html! { <td class="tag veiled" title={t.veiled_hint}>{ "?" }<span class="sr-only">{ t.veiled_hint }</span></td> }
                            } else {
                                html! { <td class="tag same">{ same(a.derived_id == b.derived_id) }</td> }
                            } }</tr>
                        </tbody>
                    </table>
                    </div>
                    <p class="verdict" id="dup-verdict">{ verdict }</p>
                </>
            }
        }
    };

    html! {
        <section class="panel" aria-labelledby="dup-h">
            <h2 id="dup-h">{ t.duplicates }</h2>
            { body }
        </section>
    }
}

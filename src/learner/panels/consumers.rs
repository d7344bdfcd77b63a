//! The idempotent and the naive consumer side by side on the same delivery stream.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::flash;
use crate::learner::PanelProps;
use retry_lab_core::lab::path::Veil;
use retry_lab_core::lab::run::{extra_effects, Extra};
use retry_lab_core::sim::consumer::Effects;
use retry_lab_text::fill;
use retry_lab_text::Texts;

fn effects_list(t: &Texts, e: &Effects) -> Html {
    let rows = [
        (t.pass_rows, e.pass_rows),
        (t.notifications, e.notifications),
        (t.reservations, e.reservations),
        (t.emails, e.emails),
        (t.counter, e.counter),
        (t.log_lines, e.log_lines),
        (t.status_rows, e.status.len() as u64),
    ];
    html! {
        <dl class="effects">
            { for rows.iter().map(|(k, v)| html! { <><dt>{ *k }</dt><dd>{ *v }</dd></> }) }
        </dl>
    }
}

#[component]
pub fn Consumers(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let (i, n) = (lab.run.sim.idempotent(), lab.run.sim.naive());
    // Counted against one effect per fact, per consumer, and named by their cause.
    let (idem_extra, naive_extra) = extra_effects(&lab.run.sim);
    let extra = naive_extra.total();
    let causes = |e: Extra| {
        (e.total() > 0).then(|| {
            let counts = [e.redelivered, e.republished].map(|n| t.count(n));
            html! { <p class="small extra-causes">{ fill(t.extra_causes, &[&counts[0], &counts[1]]) }</p> }
        })
    };
    let republished = naive_extra.republished > 0;

    html! {
        <section class="panel" aria-labelledby="consumers-h">
            <h2 id="consumers-h">{ t.consumers }</h2>
            <div class="two-col consumers">
                <article class="consumer ok" id="consumer-idempotent" aria-labelledby="ci-h">
                    <h3 id="ci-h">{ t.idempotent }</h3>
                    <p class="big-numbers">
                        <span><b data-test="applied" key={format!("a{}", i.effects.applications)} class={flash(i.effects.applications)}>{ t.count(i.effects.applications) }</b>{ t.effects_applied }</span>
                        <span><b data-test="discarded" key={format!("s{}", i.discarded)} class={flash(i.discarded)}>{ t.count(i.discarded) }</b>{ t.duplicates_discarded }</span>
                        if idem_extra.total() > 0 {
                            <span><b data-test="extra" key={format!("e{}", idem_extra.total())} class="flash">{ format!("+{}", idem_extra.total()) }</b>{ t.extra_applied }</span>
                        }
                        <span><b key={format!("r{}", i.deliveries)} class={flash(i.deliveries)}>{ t.count(i.deliveries) }</b>{ t.deliveries_seen }</span>
                    </p>
                    { for causes(idem_extra) }
                    { effects_list(t, &i.effects) }
                    // Open as soon as the table has stopped a duplicate: that is when it matters.
                    <details open={i.discarded > 0}>
                        <summary>{ fill(t.dedup_table, &[&t.count(i.table.len() as u64)]) }</summary>
                        <div class="table-box">
                        <table class="small">
                            <thead><tr><th scope="col">{ t.dedup_key }</th><th scope="col">{ t.fact }</th><th scope="col">{ t.sim_time }</th></tr></thead>
                            <tbody>
                            { for i.table.values().rev().take(20).map(|r| html! {
                                <tr><td class="mono id">{ super::breakable_id(&r.key.to_string(), &['-']) }</td><td class="mono id">{ super::breakable_id(&r.fact_key, &['|', 'T']) }</td><td>{ t.time(r.t_ms) }</td></tr>
                            }) }
                            </tbody>
                        </table>
                        </div>
                    </details>
                </article>
                <article class="consumer warn" id="consumer-naive" aria-labelledby="cn-h">
                    <h3 id="cn-h">{ t.naive }</h3>
                    <p class="big-numbers">
                        <span><b data-test="applied" key={format!("a{}", n.effects.applications)} class={flash(n.effects.applications)}>{ t.count(n.effects.applications) }</b>{ t.effects_applied }</span>
                        <span><b data-test="extra" key={format!("e{extra}")} class={flash(extra)}>{ format!("+{extra}") }</b>{ t.extra_applied }</span>
                        <span><b key={format!("r{}", n.deliveries)} class={flash(n.deliveries)}>{ t.count(n.deliveries) }</b>{ t.deliveries_seen }</span>
                    </p>
                    { for causes(naive_extra) }
                    { effects_list(t, &n.effects) }
                </article>
            </div>
            if naive_extra.redelivered > 0 {
                <p class="note" id="at-least-once">{ t.at_least_once }</p>
            }
            if republished {
                <p class="note" id="republished">{ t.republished_note }</p>
            }
            if !lab.path.veils(Veil::NaturalNote) {
                <p class="hint" id="natural-note">{ t.status_note }</p>
            }
        </section>
    }
}

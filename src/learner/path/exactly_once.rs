//! The exactly-once stop's two runs of one crash after the database commit, with Kafka's
//! exactly-once off and on: what the output topic and the database hold at the end
//! (`retry_lab_core::sim::exactly_once`).
use yew::prelude::*;

use retry_lab_core::sim::exactly_once::outcome;
use retry_lab_text::Texts;

pub fn table(t: &Texts) -> Html {
    let pt = &t.path;
    let runs = [outcome(false), outcome(true)];
    let cell = |(idem, naive, topic): (u32, u32, u32), row: usize| match row {
        0 => topic,
        1 => idem,
        _ => naive,
    };
    html! {
        <figure class="recovery eos" id="eos">
            <table class="small">
                <thead><tr><th scope="col" class="corner">{ pt.eos_columns[0] }</th>
                    { for pt.eos_columns[1..].iter().map(|c| html! { <th scope="col">{ *c }</th> }) }
                </tr></thead>
                <tbody>
                { for pt.eos_rows.iter().enumerate().map(|(row, name)| html! {
                    <tr>
                        <th scope="row">{ *name }</th>
                        { for runs.iter().map(|&r| {
                            let n = cell(r, row);
                            html! { <td class={classes!("n", (n > 1).then_some("twice"))}>{ n.to_string() }</td> }
                        }) }
                    </tr>
                }) }
                </tbody>
            </table>
            <p class="small">{ pt.eos_story }</p>
        </figure>
    }
}

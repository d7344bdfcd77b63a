//! Polling mode: the hub's ordered log, the consumer's cursor, and what losing it does.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::polling::PollAction;
use retry_lab_core::lab::Action;
use retry_lab_core::sim::consumer::Action as Did;
use retry_lab_core::sim::polling::CursorPolicy;

#[component]
pub fn PollingView(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let p = &lab.polling;
    let a = &props.on_action;
    let on_policy = crate::on_choice(a, CursorPolicy::from_name, |p| {
        Action::Poll(PollAction::Policy(p))
    });
    let skipped = p.skipped_seen();
    let mark = |d: Option<Did>| match d {
        Some(Did::Applied) => "✓",
        Some(Did::Discarded) => "⊘",
        None => "—",
    };

    html! {
        <section class="panel" aria-labelledby="poll-h">
            <h2 id="poll-h">{ t.polling }</h2>
            <p class="hint">{ t.polling_intro }</p>
            <div class="row buttons">
                <select id="poll-policy" aria-label={t.polling} onchange={on_policy}>
                    <option value={CursorPolicy::AfterCommit.as_str()} selected={p.policy == CursorPolicy::AfterCommit}>{ t.cursor_after_commit }</option>
                    <option value={CursorPolicy::BeforeProcessing.as_str()} selected={p.policy == CursorPolicy::BeforeProcessing}>{ t.cursor_before }</option>
                </select>
                <button type="button" id="poll-append" class="btn small" onclick={a.reform(|_| Action::Poll(PollAction::Append))}>{ t.append }</button>
                <button type="button" id="poll-read" class="btn small" onclick={a.reform(|_| Action::Poll(PollAction::Poll { crash: false }))}>{ t.poll }</button>
                <button type="button" id="poll-crash" class="btn small" onclick={a.reform(|_| Action::Poll(PollAction::Poll { crash: true }))}>{ t.poll_crash }</button>
                <button type="button" id="poll-restart" class="btn small" onclick={a.reform(|_| Action::Poll(PollAction::Restart))}>{ t.restart_consumer }</button>
                <button type="button" id="poll-lose" class="btn small danger" onclick={a.reform(|_| Action::Poll(PollAction::LoseCursor))}>{ t.lose_cursor }</button>
            </div>
            <p class="counts" id="poll-counts">
                <span>{ format!("{}: {}", t.cursor, p.cursor) }</span>
                <span>{ format!("{}: {}", t.hub_log, p.log.len()) }</span>
                <span data-test="poll-idem">{ format!("{} · {}: {}", t.idempotent, t.effects_applied, p.idempotent.effects.applications) }</span>
                <span data-test="poll-naive">{ format!("{} · {}: {}", t.naive, t.effects_applied, p.naive.effects.applications) }</span>
                if !skipped.is_empty() {
                    <span class="bad">{ t.skipped_events(&skipped) }</span>
                }
            </p>
            <ol class="hub-log" aria-label={t.hub_log}>
                { for p.log.iter().map(|r| html! {
                    <li class={classes!((r.seq <= p.cursor).then_some("read"))}>
                        <span class="mono">{ format!("seq {}", r.seq) }</span>
                        <span class="mono small">{ format!(" {}", r.fact_key) }</span>
                    </li>
                }) }
            </ol>
            if !p.steps.is_empty() {
                <div class="table-box">
                <table class="small">
                    <thead><tr><th scope="col">{ t.poll_col }</th><th scope="col">{ "seq" }</th><th scope="col">{ t.idempotent }</th><th scope="col">{ t.naive }</th><th scope="col">{ t.cursor }</th></tr></thead>
                    <tbody>
                    { for p.steps.iter().enumerate().rev().take(12).map(|(i, s)| html! {
                        <tr class={classes!(s.crashed.then_some("crashed"))}>
                            // The first read after the consumer's latest restart.
                            <td>{ s.poll }{ if p.restarted_at == Some(i) { format!(" ↻ {}", t.restarted) } else { String::new() } }</td><td>{ s.seq }{ if s.crashed { " ⚡" } else { "" } }</td>
                            <td>{ mark(s.idempotent) }</td><td>{ mark(s.naive) }</td><td>{ s.cursor_after }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                </div>
            }
        </section>
    }
}

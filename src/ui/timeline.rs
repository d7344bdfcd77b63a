//! The backoff timeline of the selected event, with the schedule table beside it.
use yew::prelude::*;

use super::text::Texts;
use super::PanelProps;
use crate::sim::event::{AttemptRecord, Event as SimEvent};
use crate::sim::utc::{approx_wait, format_ms};
use crate::sim::{EventState, Outcome};

fn marker(t: &Texts, k: u32, rec: Option<&AttemptRecord>) -> Html {
    let (class, icon, label) = match rec {
        None => ("marker pending", "·", String::new()),
        Some(r) => {
            let (c, i) = match r.outcome {
                Outcome::Delivered => ("marker ok", "✓"),
                Outcome::ConsumerError => ("marker fail", "✗"),
                Outcome::AckLost => ("marker lost", "↺"),
            };
            (
                c,
                i,
                format!("{} @ {}", t.outcome(r.outcome), format_ms(r.t_ms)),
            )
        }
    };
    let name = if k == 0 {
        t.initial_delivery.to_string()
    } else {
        format!("{} {k}", t.retry)
    };
    html! {
        <li class={class} title={format!("{name}: {label}")}>
            <span class="icon" aria-hidden="true">{ icon }</span>
            <span class="sr-only">{ format!("{name}: {}", if label.is_empty() { "—".into() } else { label }) }</span>
        </li>
    }
}

fn summary(t: &Texts, ev: &SimEvent, now: u64) -> String {
    let n = ev.current_series().count();
    let mut s = format!(
        "{} #{} — {}: {}. {}: {n}.",
        t.event,
        ev.index + 1,
        t.state,
        t.state(&ev.state),
        t.attempts
    );
    if let EventState::WaitingRetry { next_at_ms, .. } = ev.state {
        s.push_str(&format!(
            " {}: {} ({} {}).",
            t.next_attempt,
            format_ms(next_at_ms),
            t.countdown,
            format_ms(next_at_ms.saturating_sub(now))
        ));
    }
    s
}

#[component]
pub fn Timeline(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let sim = &lab.run.sim;
    let cfg = sim.config();
    let now = sim.now_ms();
    let focus = lab.run.focus().and_then(|i| sim.event(i));

    let waiting_for = focus.and_then(|ev| match ev.state {
        EventState::WaitingRetry { retry, .. } => Some(retry),
        _ => None,
    });

    let bar = match focus {
        None => html! { <p class="empty">{ t.timeline_empty }</p> },
        Some(ev) => {
            let series: Vec<&AttemptRecord> = ev.current_series().collect();
            let mut items = vec![marker(t, 0, series.first().copied())];
            for n in 1..=cfg.max_retries {
                let wait = cfg.wait_ms(n);
                let (class, fill) = match ev.state {
                    _ if series.len() > n as usize => ("segment done", 100.0),
                    EventState::WaitingRetry {
                        retry,
                        since_ms,
                        next_at_ms,
                    } if retry == n => {
                        let span = next_at_ms.saturating_sub(since_ms).max(1) as f64;
                        (
                            "segment current",
                            (now.saturating_sub(since_ms) as f64 / span * 100.0).min(100.0),
                        )
                    }
                    _ => ("segment future", 0.0),
                };
                items.push(html! {
                    <li class={class}>
                        <svg class="fill" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true">
                            <rect width={crate::num::fixed(fill, 1)} height="1" />
                        </svg>
                        <span class="seg-label">{ wait / 1000 }<span class="unit">{ " s" }</span></span>
                    </li>
                });
                items.push(marker(t, n, series.get(n as usize).copied()));
            }
            let dead = matches!(ev.state, EventState::DeadLettered { .. });
            items.push(html! {
                <li class={classes!("dlq-box", dead.then_some("active"))}>
                    <span aria-hidden="true">{ if dead { "☠ " } else { "" } }</span>{ t.dead_letter_box }
                </li>
            });
            let next = match ev.state {
                EventState::WaitingRetry { next_at_ms, .. } => html! {
                    <p class="next" id="next-attempt">
                        { format!("{}: {} · {} ", t.next_attempt, format_ms(next_at_ms), t.countdown) }
                        <strong class="mono">{ format_ms(next_at_ms.saturating_sub(now)) }</strong>
                    </p>
                },
                EventState::DeadLettered { at_ms, reason } => html! {
                    <p class="next dead">{ format!("{} {} — {}", t.moved_at, format_ms(at_ms), t.reason(reason)) }</p>
                },
                EventState::Delivered { at_ms } => html! {
                    <p class="next ok">{ format!("{} {}", t.outcome(Outcome::Delivered), format_ms(at_ms)) }</p>
                },
                EventState::Delivering { .. } => {
                    html! { <p class="next">{ t.state(&ev.state) }</p> }
                }
            };
            html! {
                <>
                    <p class="focus-title">
                        <strong>{ format!("{} #{}", t.event, ev.index + 1) }</strong>
                        <span class="mono small">{ format!(" {} · {}", ev.fact.key(), ev.id) }</span>
                        if ev.series > 0 { <span class="badge">{ format!("{} ×{}", t.replay, ev.series) }</span> }
                    </p>
                    <ol class="timeline" id="timeline" aria-hidden="true">{ for items }</ol>
                    <p class="sr-only" id="timeline-summary">{ summary(t, ev, now) }</p>
                    { next }
                </>
            }
        }
    };

    html! {
        <section class="panel timeline-panel" aria-labelledby="timeline-h">
            <h2 id="timeline-h">{ t.timeline }</h2>
            <div class="timeline-grid">
                <div class="timeline-main">
                    { bar }
                    <p class="hint">{ t.timeline_widths }</p>
                </div>
                <div class="scroll-x">
                <table class="schedule" id="schedule">
                    <caption>{ t.schedule }</caption>
                    <thead><tr><th scope="col">{ t.retry }</th><th scope="col">{ t.formula }</th><th scope="col">{ t.wait }</th><th scope="col">{ t.cumulative }</th></tr></thead>
                    <tbody>
                        { for cfg.schedule().into_iter().map(|r| html! {
                            <tr class={classes!((waiting_for == Some(r.retry)).then_some("current"))}
                                aria-current={(waiting_for == Some(r.retry)).then_some("step")}>
                                <td>{ r.retry }</td>
                                <td class="mono">{ format!("{}·2^{}", cfg.base_seconds, r.exponent) }</td>
                                <td>{ format!("{} s", r.wait_ms / 1000) }<span class="approx">{ approx_wait(r.wait_ms / 1000) }</span></td>
                                <td>{ format!("{} s", r.cumulative_ms / 1000) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                </div>
            </div>
        </section>
    }
}

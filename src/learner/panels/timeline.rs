//! The backoff timeline of the selected event, with the schedule table beside it.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::path::Veil;
use retry_lab_core::sim::event::{AttemptRecord, Event as SimEvent};
use retry_lab_core::sim::utc::approx_wait;
use retry_lab_core::sim::{Config, EventState, Outcome, Simulation};
use retry_lab_text::{fill, Texts};

/// Height of the bar and of one row of labels above it, in px.
const BAR_Y: u32 = 40;
const BAR_H: u32 = 18;
const ROW_H: u32 = 13;
/// A segment this share of the span or wider holds its own label; narrower ones (at most
/// three, the first waits) get a row of their own above the bar.
const INSIDE_LABEL: f64 = 0.08;
/// On a phone the bar is a third as wide: a segment under this share (the 240 s one, at
/// 12.7 %) cannot hold its label either, and every short wait is named in one line above the
/// bar instead (`narrow-only`; the style sheet shows one set of labels or the other).
const INSIDE_LABEL_NARROW: f64 = 0.16;

/// `ms` as a percentage of `total`, for SVG coordinates that follow the bar's width.
fn pct(ms: u64, total: u64) -> String {
    format!(
        "{}%",
        retry_lab_core::num::fixed(ms as f64 * 100.0 / total.max(1) as f64, 3)
    )
}

fn marker_class(rec: Option<&AttemptRecord>) -> &'static str {
    match rec.map(|r| r.outcome) {
        None => "marker pending",
        Some(Outcome::Delivered) => "marker ok",
        Some(Outcome::ConsumerError) => "marker fail",
        Some(Outcome::AckLost) => "marker lost",
    }
}

/// The backoff bar of one event: the initial delivery and each intento where it happens on a
/// time axis, every wait as long as it lasts, and the simulated clock's now.
/// `veiled`: the bar's end (when the event is dead-lettered) is a stop's answer not yet predicted.
fn backoff_bar(t: &Texts, ev: &SimEvent, cfg: &Config, now: u64, veiled: bool) -> Html {
    let series: Vec<&AttemptRecord> = ev.current_series().collect();
    let total = cfg.attempt_offset_ms(cfg.max_retries);
    let small: Vec<u32> = (1..=cfg.max_retries)
        .filter(|&n| (cfg.wait_ms(n) as f64) < INSIDE_LABEL * total as f64)
        .collect();
    let rows = if small.len() <= 3 {
        small.len() as u32
    } else {
        0
    };
    let bar_y = BAR_Y.max(rows * ROW_H + 6);
    let height = bar_y + BAR_H + 20;
    let since = now.saturating_sub(ev.series_started_ms);
    let mut items = Vec::new();
    for n in 1..=cfg.max_retries {
        let (from, wait) = (cfg.attempt_offset_ms(n - 1), cfg.wait_ms(n));
        let class = match ev.state {
            _ if series.len() > n as usize => "seg done",
            EventState::WaitingRetry { retry, .. } if retry == n => "seg current",
            _ => "seg future",
        };
        let label = format!("{}\u{a0}s", wait / 1000);
        let (lx, ly, anchor) = match small.iter().position(|&k| k == n) {
            Some(row) if rows > 0 => (pct(from, total), row as u32 * ROW_H + 11, "start"),
            Some(_) => (String::new(), 0, ""),
            None => (pct(from + wait / 2, total), bar_y + 13, "middle"),
        };
        // Labels that only a wide bar has room for.
        let wide_only = (wait as f64) < INSIDE_LABEL_NARROW * total as f64;
        items.push(html! {
            <g>
                <rect class={class} x={pct(from, total)} y={bar_y.to_string()} width={pct(wait, total)}
                    height={BAR_H.to_string()} data-wait-s={(wait / 1000).to_string()} />
                if !anchor.is_empty() {
                    <text class={classes!("seg-label", (ly < bar_y).then_some("above"), wide_only.then_some("wide-only"))}
                        x={lx} y={ly.to_string()} text-anchor={anchor}>{ label }</text>
                }
            </g>
        });
    }
    // A phone's one line of the short waits, in order, over the bar's start.
    let short: Vec<String> = (1..=cfg.max_retries)
        .filter(|&n| (cfg.wait_ms(n) as f64) < INSIDE_LABEL_NARROW * total as f64)
        .map(|n| (cfg.wait_ms(n) / 1000).to_string())
        .collect();
    if !short.is_empty() {
        items.push(html! {
            <text class="seg-label above narrow-only" x="0" y={(bar_y - 6).to_string()}>
                { format!("{}\u{a0}s", short.join(" · ")) }
            </text>
        });
    }
    let cy = (bar_y + BAR_H / 2).to_string();
    for k in 0..=cfg.max_retries {
        let rec = series.get(k as usize).copied();
        let what = rec.map_or(String::from("—"), |r| {
            let cause = r
                .fault
                .map(|f| format!(" · ⚡ {}", t.fault(f)))
                .unwrap_or_default();
            let who = t.instance(r.instance);
            format!(
                "{} ({who}) · {}{cause}",
                t.outcome(r.outcome),
                t.time(r.t_ms)
            )
        });
        let x = pct(cfg.attempt_offset_ms(k), total);
        items.push(html! {
            // Keyed by its outcome, so a mark that gets one is redrawn and flashes once.
            <circle key={format!("{k}{}", marker_class(rec))} class={classes!(marker_class(rec), "wide-only")} cx={x.clone()} cy={cy.clone()} r="5">
                <title>{ format!("{}: {what}", t.attempt_in(ev.series, k)) }</title>
            </circle>
        });
        // On a phone the first attempts are 5 px apart: a thin tick each, not a dot, so they
        // stay apart (a dot is wider than their gap).
        items.push(html! {
            <rect key={format!("t{k}{}", marker_class(rec))} class={classes!(marker_class(rec), "tick", "narrow-only")}
                x={x} y={(bar_y - 3).to_string()} width="2" height={(BAR_H + 6).to_string()} />
        });
    }
    let dead = matches!(ev.state, EventState::DeadLettered { .. });
    let y_end = (bar_y + BAR_H + 15).to_string();
    html! {
        <svg class="backoff" id="timeline" width="100%" height={height.to_string()} aria-hidden="true">
            { for items }
            if ev.state.in_flight() && since <= total {
                <line class="now" x1={pct(since, total)} x2={pct(since, total)} y1={(bar_y - 4).to_string()}
                    y2={(bar_y + BAR_H + 4).to_string()} />
            }
            <text class="axis" x="0" y={y_end.clone()}>{ "0 s" }</text>
            <text class={classes!("dlq-box", dead.then_some("active"))} x="100%" y={y_end} text-anchor="end">
                { if veiled {
                    let at = Veil::DeadLetterTotal.answers().number().to_string();
                    format!("{}: ? · {}", t.dead_letter_box, fill(t.veiled_until, &[&at]))
                } else {
                    format!("{}: {}\u{a0}s", t.dead_letter_box, total / 1000)
                } }
            </text>
        </svg>
    }
}

/// Lanes drawn at most: the most recent events in flight.
const MAX_LANES: usize = 24;
const LANE_H: u32 = 12;

/// Every event in flight on one time axis, one lane each: a burst of failures shows as waves
/// of retries at 30, 90, 210 … s after the burst.
fn lanes(t: &Texts, sim: &Simulation, now: u64) -> Html {
    let cfg = sim.config();
    let span = cfg.attempt_offset_ms(cfg.max_retries);
    // The hub counts what is in flight, so the scan (newest first) stops at the last one
    // instead of running through every delivered event on each tick.
    let wanted = (sim.counts().in_flight as usize).min(MAX_LANES);
    let flying: Vec<&SimEvent> = sim
        .events()
        .iter()
        .rev()
        .filter(|e| e.state.in_flight())
        .take(wanted)
        .collect();
    if flying.is_empty() {
        return Html::default();
    }
    let from = flying
        .iter()
        .map(|e| e.series_started_ms)
        .min()
        .unwrap_or(0);
    let to = flying
        .iter()
        .map(|e| e.series_started_ms)
        .max()
        .unwrap_or(0)
        + span;
    let total = to - from;
    let at = |ms: u64| pct(ms.saturating_sub(from), total);
    let height = flying.len() as u32 * LANE_H + 6;
    html! {
        <figure class="lanes-figure">
            <figcaption class="small">{ fill(t.lanes_caption, &[&flying.len().to_string()]) }</figcaption>
            <svg class="lanes" id="lanes" width="100%" height={height.to_string()} aria-hidden="true">
                { for flying.iter().enumerate().map(|(row, ev)| {
                    let y = row as u32 * LANE_H + 3;
                    let start = ev.series_started_ms;
                    let series: Vec<&AttemptRecord> = ev.current_series().collect();
                    html! {
                        <g class="lane">
                            <rect class="lane-span" x={at(start)} y={(y + 3).to_string()} width={pct(span, total)} height="4" />
                            { for series.iter().map(|r| html! {
                                <circle class={marker_class(Some(r))} cx={at(r.t_ms)} cy={(y + 5).to_string()} r="3" />
                            }) }
                            if let EventState::WaitingRetry { next_at_ms, .. } = ev.state {
                                <circle class="marker pending" cx={at(next_at_ms)} cy={(y + 5).to_string()} r="3" />
                            }
                        </g>
                    }
                }) }
                <line class="now" x1={at(now)} x2={at(now)} y1="0" y2={height.to_string()} />
            </svg>
        </figure>
    }
}

fn summary(t: &Texts, ev: &SimEvent, now: u64) -> String {
    let last = match ev.current_series().count() {
        0 => "—".to_string(),
        n => t.attempt_in(ev.series, n as u32 - 1),
    };
    let mut s = format!(
        "{} {} — {}: {}. {}: {last}.",
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
            t.time(next_at_ms),
            t.countdown,
            t.time_left(next_at_ms.saturating_sub(now))
        ));
    }
    s
}

/// Where a redelivery cause struck, its attempts in words, with the instance that made each
/// (a rebalance or an expired timeout hands the retry to the other one): the marks' titles
/// say it too, but a phone has no pointer to hover them with.
fn faulted(t: &Texts, ev: &SimEvent) -> Option<Html> {
    ev.current_series().any(|r| r.fault.is_some()).then(|| {
        let words: Vec<String> = ev
            .current_series()
            .map(|r| {
                // The cause says more than its outcome (each cause's outcome is a lost answer).
                let what = match r.fault {
                    Some(f) => format!("⚡ {}", t.fault(f)),
                    None => t.outcome(r.outcome).to_string(),
                };
                format!(
                    "{}: {what} ({})",
                    t.attempt_in(r.series, r.attempt),
                    t.instance(r.instance)
                )
            })
            .collect();
        html! { <p class="small" id="attempt-line">{ words.join(" → ") }</p> }
    })
}

#[component]
pub fn Timeline(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let sim = &lab.run.sim;
    let cfg = sim.config();
    let now = sim.now_ms();
    let focus = lab.run.focus().and_then(|i| sim.event(i));

    // On the path, a stop's answer is veiled until the learner has predicted it.
    let total_veiled = lab.path.veils(Veil::DeadLetterTotal);
    let veil = |retry: u32| {
        (retry >= 3 && lab.path.veils(Veil::ThirdCumulative))
            || (retry == cfg.max_retries && total_veiled)
    };
    let waiting_for = focus.and_then(|ev| match ev.state {
        EventState::WaitingRetry { retry, .. } => Some(retry),
        _ => None,
    });

    let bar = match focus {
        None => html! { <p class="empty">{ t.timeline_empty }</p> },
        Some(ev) => {
            let next = match ev.state {
                EventState::WaitingRetry { next_at_ms, .. } => html! {
                    <p class="next" id="next-attempt">
                        { format!("{}: {} · {} ", t.next_attempt, t.time(next_at_ms), t.countdown) }
                        <strong class="mono">{ t.time_left(next_at_ms.saturating_sub(now)) }</strong>
                    </p>
                },
                EventState::DeadLettered { at_ms, reason } => html! {
                    <p class="next dead">{ format!("{} {} — {}", t.moved_at, t.time(at_ms), t.reason(reason)) }</p>
                },
                EventState::Delivered { at_ms } => html! {
                    <p class="next ok" id="delivered-at">{ fill(t.delivered_at, &[&t.time(at_ms)]) }</p>
                },
                EventState::Delivering { .. } => {
                    html! { <p class="next">{ t.state(&ev.state) }</p> }
                }
            };
            html! {
                <>
                    <p class="focus-title">
                        <strong>{ format!("{} {}", t.event, ev.index + 1) }</strong>
                        <span class="mono small">{ format!(" {} · {}", ev.fact.key(), ev.id) }</span>
                        if ev.series > 0 { <span class="badge">{ format!("{} ×{}", t.replay, ev.series) }</span> }
                    </p>
                    { backoff_bar(t, ev, cfg, now, total_veiled) }
                    <p class="sr-only" id="timeline-summary">{ summary(t, ev, now) }</p>
                    { next }
                    { for faulted(t, ev) }
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
                    { lanes(t, sim, now) }
                </div>
                <div class="scroll-x">
                <div class="table-box">
                <table class="schedule" id="schedule">
                    <caption>{ t.schedule }</caption>
                    <thead><tr><th scope="col">{ t.retry }</th><th scope="col">{ t.formula }</th><th scope="col">{ t.wait }</th><th scope="col">{ t.cumulative }</th></tr></thead>
                    <tbody>
                        { for cfg.schedule().into_iter().map(|r| html! {
                            <tr class={classes!((waiting_for == Some(r.retry)).then_some("current"))}
                                aria-current={(waiting_for == Some(r.retry)).then_some("step")}>
                                <td>{ r.retry }</td>
                                <td class="mono">{ format!("{}·2{}", cfg.base_seconds, retry_lab_core::num::superscript(u64::from(r.exponent))) }</td>
                                <td>{ format!("{}\u{a0}s", t.count(r.wait_ms / 1000)) }<span class="approx">{ approx_wait(r.wait_ms / 1000) }</span></td>
                                if veil(r.retry) {
                                    <td class="veiled" title={t.veiled_hint}>{ "?" }<span class="sr-only">{ t.veiled_hint }</span></td>
                                } else {
                                    <td>{ format!("{}\u{a0}s", t.count(r.cumulative_ms / 1000)) }</td>
                                }
                            </tr>
                        }) }
                    </tbody>
                </table>
                </div>
                </div>
            </div>
        </section>
    }
}

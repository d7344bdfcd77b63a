//! Figures: observed versus analytic dead-letter rate across p, attempts needed, time to
//! delivery and duplicates per event, as SVG charts with a table alternative each.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::path::Veil;
use retry_lab_core::num::{fixed, power_of_ten, short};
use retry_lab_core::sim::montecarlo::{
    analytic_delivered_at, analytic_duplicates_per_event, Figures,
};
use retry_lab_text::{fill, Texts};

/// Drawing area of every chart, in SVG units.
const W: f64 = 320.0;
const H: f64 = 180.0;
const L: f64 = 44.0; // left margin for the y labels
const B: f64 = 30.0; // bottom margin for the x labels
const T: f64 = 10.0;
const R: f64 = 10.0;

fn x_of(v: f64, max: f64) -> f64 {
    L + (W - L - R) * (v / max).clamp(0.0, 1.0)
}
fn y_lin(v: f64) -> f64 {
    T + (H - T - B) * (1.0 - v.clamp(0.0, 1.0))
}
/// Log scale from 1e-6 (bottom) to 1 (top); zero sits on the bottom line.
fn y_log(v: f64) -> f64 {
    let l = if v <= 0.0 {
        -6.0
    } else {
        v.log10().clamp(-6.0, 0.0)
    };
    T + (H - T - B) * (-l / 6.0)
}
/// An SVG coordinate: a tenth of a unit is finer than a pixel at the charts' sizes.
fn coord(v: f64) -> String {
    fixed(v, 1)
}
/// A rate as a percentage: five decimals for the tiny rates of low p, else two.
pub(crate) fn pct(t: &Texts, v: f64) -> String {
    let digits = if v != 0.0 && v.abs() < 0.001 { 5 } else { 2 };
    t.percent(v, digits)
}

/// One chart: its SVG (with title and description for screen readers), its caption, and the
/// same numbers as a table.
struct Chart<'a> {
    id: &'a str,
    title: &'a str,
    desc: String,
    caption: &'a str,
    x_label: &'a str,
    y_label: &'a str,
    /// Table header (first column, observed, analytic) and rows.
    head: [&'a str; 3],
    rows: Vec<[String; 3]>,
    current_row: Option<usize>,
}

fn figure(t: &Texts, c: Chart, body: Html) -> Html {
    let id = c.id;
    html! {
        <figure>
            <svg viewBox={format!("0 0 {} {}", coord(W), coord(H))} class="chart" role="img" aria-labelledby={format!("{id}-t {id}-d")}>
                <title id={format!("{id}-t")}>{ c.title }</title>
                <desc id={format!("{id}-d")}>{ c.desc }</desc>
                <line class="axis" x1={coord(L)} y1={coord(H - B)} x2={coord(W - R)} y2={coord(H - B)} />
                <line class="axis" x1={coord(L)} y1={coord(T)} x2={coord(L)} y2={coord(H - B)} />
                { body }
                <text class="axis-label" x={coord((L + W - R) / 2.0)} y={coord(H - 2.0)} text-anchor="middle">{ c.x_label }</text>
                <text class="axis-label" x="10" y={coord((T + H - B) / 2.0)} text-anchor="middle"
                    transform={format!("rotate(-90 10 {})", coord((T + H - B) / 2.0))}>{ c.y_label }</text>
            </svg>
            <figcaption>{ c.caption }</figcaption>
            <details>
                <summary>{ t.fig_table }</summary>
                <div class="table-box">
                <table class="small">
                    <thead><tr>{ for c.head.iter().map(|h| html! { <th scope="col">{ *h }</th> }) }</tr></thead>
                    <tbody>
                        { for c.rows.iter().enumerate().map(|(i, r)| html! {
                            <tr class={classes!((c.current_row == Some(i)).then_some("current"))}>
                                { for r.iter().map(|x| html! { <td>{ x.clone() }</td> }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
                </div>
            </details>
        </figure>
    }
}

/// Horizontal grid lines with labels at 0 %, 50 % and 100 % of a linear axis.
fn linear_grid(t: &Texts) -> Html {
    html! {
        { for [0.0, 0.5, 1.0].iter().map(|&v| html! {
            <>
                <line class="grid" x1={coord(L)} x2={coord(W - R)} y1={coord(y_lin(v))} y2={coord(y_lin(v))} />
                <text class="tick" x={coord(L - 4.0)} y={coord(y_lin(v) + 3.0)} text-anchor="end">{ t.percent(v, 0) }</text>
            </>
        }) }
    }
}

fn dead_letter_chart(t: &Texts, f: &Figures) -> Html {
    let path: String = f
        .analytic_curve
        .iter()
        .enumerate()
        .map(|(i, &(p, v))| {
            format!(
                "{}{},{}",
                if i == 0 { "M" } else { " L" },
                coord(x_of(p, 1.0)),
                coord(y_log(v))
            )
        })
        .collect();
    let p_now = f.config.failure_probability;
    let body = html! {
        <>
            { for [0, -2, -4, -6].iter().map(|&exp| (exp, 10f64.powi(exp))).map(|(exp, v)| html! {
                <>
                    <line class="grid" x1={coord(L)} x2={coord(W - R)} y1={coord(y_log(v))} y2={coord(y_log(v))} />
                    <text class="tick" x={coord(L - 4.0)} y={coord(y_log(v) + 3.0)} text-anchor="end">{ power_of_ten(exp) }</text>
                </>
            }) }
            { for [0.0, 0.5, 1.0].iter().map(|&p| html! {
                <text class="tick" x={coord(x_of(p, 1.0))} y={coord(H - B + 12.0)} text-anchor="middle">{ t.decimal(short(p)) }</text>
            }) }
            <path class="analytic" d={path} />
            { for f.observed_points.iter().map(|&(p, v)| html! {
                <circle class="observed" cx={coord(x_of(p, 1.0))} cy={coord(y_log(v))} r="3.5" />
            }) }
            <line class="now" x1={coord(x_of(p_now, 1.0))} x2={coord(x_of(p_now, 1.0))} y1={coord(T)} y2={coord(H - B)} />
            <rect class="observed-now" x={coord(x_of(p_now, 1.0) - 4.0)} y={coord(y_log(f.current.dead_letter_rate()) - 4.0)} width="8" height="8" />
        </>
    };
    let desc = format!(
        "{}: {} · {}: {}",
        t.observed_dlq,
        pct(t, f.current.dead_letter_rate()),
        t.analytic_formula(f.config.max_retries),
        pct(t, f.config.analytic_dead_letter_rate())
    );
    let mut rows: Vec<[String; 3]> = f
        .observed_points
        .iter()
        .map(|&(p, v)| {
            [
                t.decimal(fixed(p, 1)),
                pct(t, v),
                pct(t, p.powi(f.config.max_retries as i32 + 1)),
            ]
        })
        .collect();
    rows.push([
        t.decimal(fixed(p_now, 2)),
        pct(t, f.current.dead_letter_rate()),
        pct(t, f.config.analytic_dead_letter_rate()),
    ]);
    let current_row = Some(rows.len() - 1);
    // The points' sample size as the figures were computed, not as a constant retyped here.
    let dlq_caption = fill(t.fig_dlq_caption, &[&t.count(f.point_events)]);
    let chart = Chart {
        id: "fig-dlq",
        title: t.fig_dlq_title,
        desc,
        caption: &dlq_caption,
        x_label: "p",
        y_label: t.fig_rate_axis,
        head: ["p", t.observed, t.analytic],
        rows,
        current_row,
    };
    figure(t, chart, body)
}

fn attempts_chart(t: &Texts, f: &Figures) -> Html {
    let n = f.current.events.max(1) as f64;
    let mut rows: Vec<(String, f64, f64)> = f
        .current
        .delivered_at
        .iter()
        .zip(analytic_delivered_at(&f.config))
        .enumerate()
        .map(|(k, (&o, a))| (k.to_string(), o as f64 / n, a))
        .collect();
    rows.push((
        t.dlq_short.to_string(),
        f.current.dead_letter_rate(),
        f.config.analytic_dead_letter_rate(),
    ));
    let slot = (W - L - R) / rows.len() as f64;
    let body = html! {
        <>
            { linear_grid(t) }
            { for rows.iter().enumerate().map(|(i, (label, o, a))| {
                let x = L + slot * i as f64;
                html! {
                    <>
                        <rect class="bar" x={coord(x + slot * 0.15)} y={coord(y_lin(*o))} width={coord(slot * 0.7)} height={coord((y_lin(0.0) - y_lin(*o)).max(0.0))} />
                        <line class="analytic-mark" x1={coord(x + slot * 0.05)} x2={coord(x + slot * 0.95)} y1={coord(y_lin(*a))} y2={coord(y_lin(*a))} />
                        <text class="tick" x={coord(x + slot / 2.0)} y={coord(H - B + 12.0)} text-anchor="middle">{ label.clone() }</text>
                    </>
                }
            }) }
        </>
    };
    let chart = Chart {
        id: "fig-attempts",
        title: t.fig_attempts_title,
        desc: t.fig_attempts_caption.to_string(),
        caption: t.fig_attempts_caption,
        x_label: t.fig_attempt_axis,
        y_label: t.fig_share_axis,
        head: [t.fig_attempt_axis, t.observed, t.analytic],
        rows: rows
            .iter()
            .map(|(l, o, a)| [l.clone(), pct(t, *o), pct(t, *a)])
            .collect(),
        current_row: None,
    };
    figure(t, chart, body)
}

fn cdf_chart(t: &Texts, f: &Figures) -> Html {
    let cdf = f.delivery_cdf();
    let max_t = cdf.last().map_or(1.0, |c| c.0).max(1.0) * 1.08;
    let steps = |pick: fn(&(f64, f64, f64)) -> f64| -> String {
        let mut d = format!("M{},{}", coord(x_of(0.0, max_t)), coord(y_lin(0.0)));
        let mut prev = 0.0;
        for c in &cdf {
            d.push_str(&format!(
                " L{},{} L{},{}",
                coord(x_of(c.0, max_t)),
                coord(y_lin(prev)),
                coord(x_of(c.0, max_t)),
                coord(y_lin(pick(c)))
            ));
            prev = pick(c);
        }
        d.push_str(&format!(
            " L{},{}",
            coord(x_of(max_t, max_t)),
            coord(y_lin(prev))
        ));
        d
    };
    let body = html! {
        <>
            { linear_grid(t) }
            { for cdf.iter().enumerate().skip(1).map(|(i, c)| {
                // Labels alternate between two rows so close steps (30 s, 90 s) both stay legible.
                let x = x_of(c.0, max_t);
                let y = H - B + if i % 2 == 1 { 10.0 } else { 18.0 };
                html! {
                    <>
                        <line class="grid" x1={coord(x)} x2={coord(x)} y1={coord(T)} y2={coord(H - B)} />
                        <text class="tick small-tick" x={coord(x)} y={coord(y)} text-anchor="middle">{ t.decimal(short(c.0)) }</text>
                    </>
                }
            }) }
            <path class="analytic" d={steps(|c| c.2)} />
            <path class="observed-line" d={steps(|c| c.1)} />
        </>
    };
    let chart = Chart {
        id: "fig-cdf",
        title: t.fig_cdf_title,
        desc: t.fig_cdf_caption.to_string(),
        caption: t.fig_cdf_caption,
        x_label: t.fig_time_axis,
        y_label: t.fig_share_axis,
        head: [t.fig_time_axis, t.observed, t.analytic],
        rows: cdf
            .iter()
            .map(|c| [t.decimal(short(c.0)), pct(t, c.1), pct(t, c.2)])
            .collect(),
        current_row: None,
    };
    figure(t, chart, body)
}

#[component]
pub fn FiguresView(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    // On the path, the dead-letter share is the failure-rate stop's answer.
    if lab.path.veils(Veil::DeadLetterShare) {
        return html! {
            <section class="panel figures" aria-labelledby="figures-h" id="figures">
                <h2 id="figures-h">{ t.figures }</h2>
                <p class="hint" id="figures-veiled">{ format!("? · {}", t.veiled_hint) }</p>
            </section>
        };
    }
    let Some(f) = lab.figures.clone() else {
        return Html::default();
    };
    let dup_obs = f.current.duplicates_per_event();
    let dup_ana = analytic_duplicates_per_event(&f.config);
    html! {
        <section class="panel figures" aria-labelledby="figures-h" id="figures">
            <h2 id="figures-h">{ t.figures }</h2>
            <p class="counts" id="figure-summary">
                <span>{ format!("{}: {}", t.observed_dlq, pct(t, f.current.dead_letter_rate())) }</span>
                <span>{ format!("{}: {}", t.analytic_formula(f.config.max_retries), pct(t, f.config.analytic_dead_letter_rate())) }</span>
                <span>{ fill(t.fig_duplicates, &[&t.decimal(fixed(dup_obs, 3)), &t.decimal(fixed(dup_ana, 3))]) }</span>
            </p>
            <p class="hint">{ format!("{} {} · {}", t.fig_runs, t.count(f.events), t.fig_legend) }</p>
            <div class="chart-grid">
                { dead_letter_chart(t, &f) }
                { attempts_chart(t, &f) }
                { cdf_chart(t, &f) }
            </div>
        </section>
    }
}

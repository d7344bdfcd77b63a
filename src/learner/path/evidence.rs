//! What a stop's run is doing, in the card itself, once the learner has predicted: the values
//! its feedback then names (each attempt's second and outcome, the rows of each consumer, the
//! ids, the polling reads, the demonstration's operations so far). On a phone the panels are
//! a screen or more below the card; the learner reads the run where they predicted it.
use retry_lab_text::Tables;
use yew::prelude::*;

use retry_lab_core::lab::path::{Evidence, Stop};
use retry_lab_core::lab::Lab;
use retry_lab_core::sim::{EventState, Fault, Outcome};
use retry_lab_text::{fill, Texts};

/// The card's evidence for the current stop, if it has any and the learner has predicted.
pub fn in_card(lab: &Lab) -> Option<Html> {
    let path = &lab.path;
    path.said()?;
    let t = lab.lang.t();
    let stop = path.stop();
    // The kinds drawn as a list here; the others are drawn by the card (`path_view`).
    let lines = match stop.spec().evidence {
        Evidence::Attempts => attempts(lab, t, false),
        Evidence::Redelivery | Evidence::TwoEffects => {
            let mut l = attempts(lab, t, true);
            l.extend(consumers(lab, t, stop.spec().evidence));
            l
        }
        Evidence::Doubled => doubled(lab, t),
        Evidence::Reads => polling(lab, t),
        Evidence::Operations => return demo(lab, t, stop),
        Evidence::None
        | Evidence::Rate
        | Evidence::JitterLogs
        | Evidence::Recovery
        | Evidence::Herd
        | Evidence::ExactlyOnce => return None,
    };
    (!lines.is_empty()).then(|| {
        html! {
            <ul class="small path-evidence" id="path-evidence">
                { for lines.into_iter().map(|l| html! { <li>{ l }</li> }) }
            </ul>
        }
    })
}

/// `s` with its first letter a capital, when it is an ASCII one (a list item starts a line;
/// Unicode's case tables would cost the module 12 KB).
fn capital(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// `s` with its first letter small, when it is an ASCII one (a name inside a line).
fn lower_first(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    out
}

/// Seconds since the first event's publication, as the stop's choices count them.
fn secs(t: &Texts, ms: u64, from_ms: u64) -> String {
    fill(
        t.evidence.at_secs,
        &[&(ms.saturating_sub(from_ms) / 1000).to_string()],
    )
}

/// The first event's attempts so far (with the instance that received each, where two
/// instances share the work), then what comes next.
fn attempts(lab: &Lab, t: &Texts, instances: bool) -> Vec<String> {
    let Some(e) = lab.run.sim.events().first() else {
        return Vec::new();
    };
    // The initial delivery is at publication: seconds count from it, replays included.
    let from = e.attempts.first().map_or(e.series_started_ms, |a| a.t_ms);
    let mut lines: Vec<String> = Vec::new();
    for (i, a) in e.attempts.iter().enumerate() {
        // A replay starts a new series: the series before it had ended in the dead-letter
        // queue at its last attempt, which the card still says (the stop asked when).
        if i > 0 && a.series != e.attempts[i - 1].series {
            let at = e.attempts[i - 1].t_ms;
            lines.push(fill(t.evidence.dead_lettered, &[&secs(t, at, from)]));
        }
        lines.push({
            let mut line = format!(
                "{} · {} · {}",
                capital(&t.attempt_in(a.series, a.attempt)),
                secs(t, a.t_ms, from),
                t.outcome(a.outcome)
            );
            // The cause injected on this attempt: four causes end the same way for the hub
            // (no answer), and the card says which one this run had.
            if let Some(f) = a.fault.filter(|&f| f != Fault::AckLost) {
                line.push_str(&format!(": {}", lower_first(t.fault(f))));
            }
            if instances {
                line.push_str(&format!(" ({})", t.instance(a.instance)));
            }
            line
        });
    }
    match e.state {
        // Once judged, the run is read: the next attempt is no news.
        EventState::WaitingRetry { .. } if lab.path.verdict().is_some() => {}
        // When the next attempt comes, from publication, as the choices count: no countdown,
        // which this card (redrawn when the run changes, not at every tick) would show stale.
        EventState::WaitingRetry {
            retry, next_at_ms, ..
        } => lines.push(fill(
            t.evidence.next,
            &[&capital(&t.attempt(retry)), &secs(t, next_at_ms, from)],
        )),
        EventState::DeadLettered { at_ms, .. } if e.series == 0 => {
            lines.push(fill(t.evidence.dead_lettered, &[&secs(t, at_ms, from)]))
        }
        _ => {}
    }
    lines
}

/// What each consumer did with the deliveries.
fn consumers(lab: &Lab, t: &Texts, evidence: Evidence) -> Vec<String> {
    let sim = &lab.run.sim;
    let (idem, naive) = (sim.idempotent(), sim.naive());
    if sim.events().first().is_none_or(|e| e.attempts.is_empty()) {
        return Vec::new();
    }
    let delivered = |o: &Outcome| *o != Outcome::ConsumerError;
    let processed = sim.events().first().map_or(0, |e| {
        e.attempts.iter().filter(|a| delivered(&a.outcome)).count()
    });
    let mut lines = vec![fill(
        t.evidence.consumers,
        &[
            &idem.discarded.to_string(),
            &naive.effects.applications.to_string(),
        ],
    )];
    if evidence == Evidence::TwoEffects {
        lines.push(fill(
            t.evidence.natural,
            &[
                &naive.effects.counter.to_string(),
                &naive.effects.status.len().to_string(),
            ],
        ));
    } else if processed > 0 {
        lines.push(format!(
            "{}: {}",
            t.pass_rows,
            fill(
                t.path.rows,
                &[
                    &idem.effects.pass_rows.to_string(),
                    &naive.effects.pass_rows.to_string(),
                ],
            )
        ));
    }
    lines
}

/// The double publication: each publication's delivery, the rows, and whether the ids match.
fn doubled(lab: &Lab, t: &Texts) -> Vec<String> {
    let sim = &lab.run.sim;
    let Some((a, b)) = lab.run.last_double else {
        return Vec::new();
    };
    let (Some(ea), Some(eb)) = (sim.event(a), sim.event(b)) else {
        return Vec::new();
    };
    let same = |x: bool| if x { t.same } else { t.different };
    let mut lines = vec![
        format!("{}: {}", t.producer_id, same(ea.id == eb.id)),
        format!("{}: {}", t.derived_id, same(ea.derived_id == eb.derived_id)),
    ];
    if ea.state.delivered() && eb.state.delivered() {
        lines.push(format!(
            "{}: {}",
            t.pass_rows,
            fill(
                t.path.rows,
                &[
                    &sim.idempotent().effects.pass_rows.to_string(),
                    &sim.naive().effects.pass_rows.to_string(),
                ]
            )
        ));
    }
    lines
}

/// The polling consumer's reads so far, the restart among them, and what was skipped.
fn polling(lab: &Lab, t: &Texts) -> Vec<String> {
    let p = &lab.polling;
    if p.steps.is_empty() {
        return Vec::new();
    }
    let mut reads = Vec::new();
    for (i, s) in p.steps.iter().enumerate() {
        if p.restarted_at == Some(i) {
            reads.push(format!("({})", t.restarted));
        }
        reads.push(if s.crashed {
            fill(t.evidence.crashed_at, &[&s.seq.to_string()])
        } else {
            s.seq.to_string()
        });
    }
    if p.restarted_at == Some(p.steps.len()) {
        reads.push(format!("({})", t.restarted));
    }
    let skipped = p.skipped_seen();
    let mut lines = vec![
        fill(t.evidence.reads, &[&reads.join(", ")]),
        format!("{}: {}", t.cursor, p.cursor),
    ];
    if !skipped.is_empty() {
        lines.push(t.skipped_events(&skipped));
    }
    lines
}

/// The demonstration's operations so far, oldest first, under the button that steps it (so
/// the button stays where it is and the interleaving reads top to bottom).
fn demo(lab: &Lab, t: &Texts, stop: Stop) -> Option<Html> {
    let steps = stop.stepped()?.visible(lab);
    if steps.is_empty() {
        return None;
    }
    Some(html! {
        <ol class="small path-ops" id="path-ops">
            { for steps.iter().map(|s| html! {
                <li><b>{ s.actor }</b>{ " " }{ t.demo_step(s.actor, s.op, s.result) }{ " · " }
                    { format!("{}: {} · {}: {}", t.effects_committed, s.effects_after, t.marks_committed, s.marks_after) }</li>
            }) }
        </ol>
    })
}

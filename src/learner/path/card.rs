//! The guided path's card: the current stop, its prediction, the stop's own action, the
//! result compared with the prediction and its explanation; back, next and free exploration.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::text_files::{failed as file_failed, prefetch_file, File};
use crate::learner::PanelProps;
use crate::reveal::{reveal_id, screen_height, screen_top, Revealer};
use retry_lab_core::embed::protocol::Align;
use retry_lab_core::lab::panels::Panel;
use retry_lab_core::lab::path::{Act, Evidence, PathAction, Shown, Stop, Verdict};
use retry_lab_core::lab::settings::SettingsAction;
use retry_lab_core::lab::{Action, Lab};

use super::card_hooks::{use_card_scroll, use_lazy_texts};
use retry_lab_text::{fill, Texts};

/// The prediction beside what happened (or, for a question or a right prediction, just the
/// answer), in words.
fn compared(t: &Texts, v: &Verdict) -> String {
    let (said, saw) = v.answers();
    // Right, or a question: the answer once is enough.
    if v.stop.is_question() || v.right() {
        fill(t.path.answer_was, &[&t.path_answer(saw)])
    } else {
        let (said, saw) = (t.path_answer(said), t.path_answer(saw));
        fill(t.path.you_said, &[&said, &saw])
    }
}

/// A verdict as the live region says it: right or not, and the comparison.
pub fn result_words(t: &Texts, v: &Verdict) -> String {
    let verdict = if v.right() {
        t.path.right
    } else {
        t.path.wrong
    };
    format!("{verdict} {}", compared(t, v))
}

/// The heading of a panel a stop is about, and its title: the stop links to it, since on a
/// phone it can be far down the page.
fn panel_link(t: &Texts, panel: Panel) -> Option<(&'static str, &'static str)> {
    Some(match panel {
        Panel::Timeline => ("#timeline-h", t.timeline),
        Panel::Events => ("#events-h", t.in_flight),
        Panel::Dlq => ("#dlq-h", t.dlq),
        Panel::Consumers => ("#consumers-h", t.consumers),
        Panel::Duplicates => ("#dup-h", t.duplicates),
        Panel::Demos => ("#demos-h", t.demos),
        Panel::Polling => ("#poll-h", t.polling),
        Panel::Figures => ("#figures-h", t.figures),
        _ => return None,
    })
}

/// Brings element `id` to the screen's top if it is not in the screen's upper half: a new
/// stop's title (the path's heading and marks above it; on a phone its question and choices
/// then fit the screen with it), or the path's bar once the learner explores freely.
pub(in crate::learner) fn bring_to_top(id: &'static str, host: Option<Revealer>) {
    if !off_top(id) {
        return;
    }
    reveal_id(id, Align::Start, host.as_ref());
    // A frame sized to the lab is resized just after (`ui::resize`, within 300 ms), which can
    // stop the course page's smooth scroll short: look again then.
    gloo::timers::callback::Timeout::new(400, move || {
        if off_top(id) {
            reveal_id(id, Align::Start, host.as_ref());
        }
    })
    .forget();
}

/// Whether element `id` is out of the screen's upper half: the learner's screen, which in a
/// frame the course page sizes to the lab is the course page's, not the frame's (as tall as
/// the lab). In a frame of another origin the lab cannot tell, so it says hidden.
// Called from the effects and again from their timeout: one copy, not one inlined in each.
#[inline(never)]
fn off_top(id: &str) -> bool {
    let Some(win) = web_sys::window() else {
        return false;
    };
    let Some(h) = win.document().and_then(|d| d.get_element_by_id(id)) else {
        return false;
    };
    match screen_height(&win) {
        Some(screen) => {
            let top = screen_top(&h);
            top < 0.0 || top > screen / 2.0
        }
        None => true,
    }
}

/// The failure-rate stop's own slider and the dead-letter rate it gives, observed over the
/// figures' runs beside the lesson's formula.
fn rate_in_card(lab: &Lab, a: &Callback<Action>) -> Html {
    let (t, cfg) = (lab.lang.t(), &lab.cfg);
    let observed = lab.figures.as_ref().filter(|f| f.config == *cfg).map(|f| {
        let pct = crate::learner::panels::figures::pct;
        html! {
            <p class="small" id="path-observed">
                { format!("{}: {} · {}: {}", t.observed_dlq, pct(t, f.current.dead_letter_rate()),
                    t.analytic_formula(cfg.max_retries), pct(t, cfg.analytic_dead_letter_rate())) }
            </p>
        }
    });
    html! {
        <div class="path-do">
            <p class="small">{ t.path.set_rate }</p>
            <label class="field">
                <span>{ format!("{}: {}", t.setting(retry_lab_core::sim::config::Setting::FailureProbability), t.percent(cfg.failure_probability, 0)) }</span>
                // Steps of 5 %: a finger lands on 50 % as easily as on 51 %.
                <input id="path-rate" type="range" min="0" max="100" step="5"
                    value={((cfg.failure_probability * 100.0).round() as u32).to_string()}
                    oninput={crate::learner::controls::on_failure(a)}
                    onchange={a.reform(|_| Action::Settings(SettingsAction::Settle))} />
            </label>
            if (cfg.failure_probability - retry_lab_core::lab::path::FAILURE_RATE_P).abs() > 1e-9 && cfg.failure_probability > 0.0 {
                <p class="small" id="path-rate-needed" role="status">{ fill(t.path.rate_needed, &[&t.percent(cfg.failure_probability, 0)]) }</p>
            }
            { for observed }
        </div>
    }
}

/// A computed comparison's chart or table, drawn in the card once the learner ran it.
fn compared_in_card(t: &Texts, cfg: &retry_lab_core::sim::Config, evidence: Evidence) -> Html {
    match evidence {
        Evidence::Recovery => crate::learner::path::recovery::chart(t, cfg),
        Evidence::Herd => crate::learner::path::herd::chart(t, cfg),
        Evidence::ExactlyOnce => crate::learner::path::exactly_once::table(t),
        Evidence::JitterLogs => crate::learner::path::jitter::logs(t, cfg),
        Evidence::None
        | Evidence::Attempts
        | Evidence::Redelivery
        | Evidence::TwoEffects
        | Evidence::Doubled
        | Evidence::Reads
        | Evidence::Operations
        | Evidence::Rate => Html::default(),
    }
}

#[component]
pub fn PathView(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let pt = &t.path;
    let a = &props.on_action;
    let path = &lab.path;
    let stop = path.stop();
    let evidence = stop.spec().evidence;
    let k = stop.number();
    let n = Stop::COUNT;
    // (Hooks come before the compact card's early return.) What the card brings on screen and
    // where the focus goes, then the texts it still lacks.
    let host = use_context::<Revealer>();
    let next_focus = use_card_scroll(&lab, host.clone());
    use_lazy_texts(&lab, a.clone());
    let go = |to: Stop| a.reform(move |_| Action::Path(PathAction::Go(to)));
    let step_of = fill(pt.step_of, &[&k.to_string(), &n.to_string()]);

    // The stops as a row of marks: passed, current, ahead.
    let marks = html! {
        <ol class="path-marks" aria-label={step_of.clone()}>
            { for Stop::ALL.iter().map(|&s| {
                let passed = path.passed().contains(&s);
                let right = path.right().contains(&s);
                let here = s == stop && path.guided();
                let class = classes!(passed.then_some(if right { "passed right" } else { "passed wrong" }), here.then_some("current"));
                let state = match (passed, right) {
                    (false, _) => String::new(),
                    (true, true) => format!(" ({})", pt.passed),
                    (true, false) => format!(" ({})", pt.passed_wrong),
                };
                let label = format!("{}. {}{state}", s.number(), pt.stop(s).title);
                html! {
                    <li {class}>
                        <button type="button" class="mark" title={label.clone()} aria-label={label}
                            aria-current={here.then_some("step")} onclick={go(s)}></button>
                    </li>
                }
            }) }
        </ol>
    };

    if !path.guided() {
        return html! {
            <section class="panel path compact" aria-labelledby="path-h" id="path">
                <div class="path-head">
                    <h2 id="path-h">{ pt.heading }</h2>
                    { marks }
                    <button type="button" class="btn primary small" id="path-resume" onclick={go(stop)}>{ pt.resume }</button>
                </div>
            </section>
        };
    }

    let st = t.stop_text(stop);
    let result = path.verdict();
    let choice_buttons = stop.offers().iter().map(|&offer| {
        let chosen = path.said() == Some(offer.choice);
        let verdict = result.map(|v| if v.right_choice() == Some(offer.choice) { "truth" } else { "" });
        html! {
            <li>
                <button type="button" class={classes!("btn", "choice", chosen.then_some("chosen"), verdict)}
                    data-choice={offer.choice.as_str()} aria-pressed={chosen.to_string()}
                    disabled={path.said().is_some()}
                    // About to predict: the feedback that follows starts coming now.
                    onfocus={Callback::from(|_| prefetch_file(File::SpanishPath))}
                    onpointerdown={Callback::from(|_| prefetch_file(File::SpanishPath))}
                    onclick={a.reform(move |_| Action::Path(PathAction::Predict(offer.choice)))}>
                    { t.path_answer(offer.shows) }
                </button>
            </li>
        }
    });
    let act = path.act();
    let doing = match (path.said(), act, result) {
        (Some(_), Some(act), _) => html! {
            <div class="path-do">
                <p class="small">{ pt.do_now }</p>
                // A demonstration runs in its panel: the card says how far it is.
                if let Some((shown, total)) = stop.stepped().map(|d| d.progress(&lab)) {
                    <p class="small" id="demo-progress">{ fill(pt.demo_progress, &[&shown.to_string(), &total.to_string()]) }</p>
                }
                <button type="button" class="btn primary" id="path-act" data-act={act.as_str()} ref={next_focus.clone()}
                    onclick={if act == Act::OpenWorkbench {
                        let (host, a) = (host.clone(), a.clone());
                        Callback::from(move |_| crate::learner::workbench_door::open(crate::learner::workbench_door::EMAIL_PROGRAM, host.as_ref(), &a))
                    } else {
                        a.reform(|_| Action::Path(PathAction::Do))
                    }}>{ pt.acts[act as usize] }</button>
                // Stepped through the first operations, the rest is one tap away.
                if stop.stepped().is_some_and(|d| d.offers_the_rest(&lab)) {
                    { " " }
                    <button type="button" class="btn" id="path-to-end"
                        onclick={a.reform(|_| Action::Path(PathAction::ToTheEnd))}>{ pt.to_the_end }</button>
                }
            </div>
        },
        // The learner sets the probability themselves, here in the card, and reads the rate
        // it gives beside it (the figures' panel draws the same run further down).
        (Some(_), None, _) if evidence == Evidence::Rate => rate_in_card(&lab, a),
        (Some(_), None, None) => html! { <p class="small path-wait">{ pt.waiting }</p> },
        _ => Html::default(),
    };
    let result_ref = if stop.is_question() {
        next_focus.clone()
    } else {
        NodeRef::default()
    };
    // One paragraph answers the choice made: what a wrong one missed, pointing at what the run
    // showed, or for a right one the explanation; never both (they would say it twice).
    let feedback_here = lab.lang.path_ready();
    let outcome = result.map(|v| {
        let right = v.right();
        let (said, saw) = v.answers();
        let unoffered = matches!(v.shown, Shown::Unoffered(_));
        let mistake = (!right && !unoffered).then(|| (t.mistake)(stop, said)).flatten();
        let explain = Some(st.explain).filter(|e| right && !e.is_empty());
        html! {
            <div class={classes!("path-result", if right { "right" } else { "wrong" })} id="path-result" data-right={right.to_string()}
                data-shown={unoffered.then_some("unoffered")} tabindex="-1" ref={result_ref.clone()}>
                <p><strong>{ if right { pt.right } else { pt.wrong } }</strong>
                    // A right answer is the choice marked above: said again it costs a phone
                    // five lines (the live region still says it whole).
                    if !right { { " " }{ compared(t, v) } }</p>
                if unoffered {
                    <p class="mistake" id="path-unoffered">{ fill(pt.unoffered, &[&t.path_answer(saw)]) }</p>
                    <p><button type="button" class="btn" id="path-again" onclick={go(stop)}>{ pt.again }</button></p>
                } else if let Some(why) = mistake {
                    <p class="mistake" id="path-mistake">{ why }</p>
                } else if let Some(explain) = explain {
                    <p id="path-explain">{ explain }</p>
                } else if !feedback_here && !file_failed(File::SpanishPath) {
                    <p class="small" id="path-feedback-wait" role="status">{ pt.feedback_loading }</p>
                } else {
                    <p class="small" id="path-feedback-missing">{ pt.feedback_missing }</p>
                }
            </div>
        }
    });
    let last = stop.next().is_none();
    html! {
        <section class="panel path" aria-labelledby="path-h" id="path" data-stop={stop.as_str()}>
            <div class="path-head">
                <h2 id="path-h">{ pt.heading }</h2>
                { marks }
                // A phone shows the stops passed as a bar: 26 marks a thumb could tap take
                // three rows there (back, next and the missed stops at the end move between stops).
                <progress class="path-meter" aria-hidden="true" value={path.passed().len().to_string()} max={n.to_string()}></progress>
            </div>
            // The stop's number, right above its title: brought to the screen's top together.
            <p class="small path-count" id="path-count">{ step_of }</p>
            <h3 id="path-title">{ st.title }</h3>
            if st.todo.is_empty() {
                <p class="small" role="status" id="path-texts-wait">{ pt.feedback_loading }</p>
            } else {
                <p>{ st.todo }</p>
            }
            if !stop.panels().is_empty() {
                <p class="small path-look">
                    { pt.look }{ " " }
                    { for stop.panels().iter().filter_map(|&p| panel_link(t, p)).enumerate().map(|(i, (href, title))| html! {
                        <>{ if i > 0 { " · " } else { "" } }<a {href}>{ title }</a></>
                    }) }
                </p>
            }
            <fieldset class="path-predict">
                <legend>{ if stop.is_question() { pt.answer } else { pt.predict } }</legend>
                <p class="path-prompt">{ st.prompt }</p>
                <ul class="choices">{ for choice_buttons }</ul>
            </fieldset>
            { doing }
            // What the run is doing, under the button that moves it on (which stays in place):
            // each attempt, the consumers' rows, the reads, the demonstration's operations.
            { for crate::learner::path::evidence::in_card(&lab) }
            if path.compared() {
                <div id="path-compared">{ compared_in_card(t, &lab.cfg, evidence) }</div>
            }
            { for outcome }
            if path.finished() && last {
                <p class="path-finished" id="path-finished">{ fill(pt.finished, &[&path.right().len().to_string(), &n.to_string()]) }</p>
            }
            // What comes after the path, right under its end: building a consumer and seeing
            // it proven (the bar at a phone's bottom offers the same).
            if last && path.passed().contains(&stop) {
                <p class="path-next-up"><a href="#workbench-h" id="path-workbench" onclick={{
                    let (host, a) = (host.clone(), a.clone());
                    Callback::from(move |e: MouseEvent| {
                        e.prevent_default();
                        crate::learner::workbench_door::open("", host.as_ref(), &a);
                    })
                }}>{ pt.to_workbench }</a></p>
            }
            if path.finished() && last && path.right().len() < n {
                <div class="path-missed" id="path-missed">
                    <p class="small">{ pt.missed }</p>
                    <ul class="row">
                        { for Stop::ALL.iter().filter(|s| !path.right().contains(s)).map(|&s| html! {
                            <li><button type="button" class="btn small" data-stop={s.as_str()} onclick={go(s)}>
                                { format!("{}. {}", s.number(), pt.stop(s).title) }</button></li>
                        }) }
                    </ul>
                </div>
            }
            <nav class="row path-nav">
                <button type="button" class="btn" id="path-back" disabled={stop.previous().is_none()} onclick={go(stop.previous().unwrap_or(stop))}>{ pt.back }</button>
                if let Some(next) = stop.next() {
                    <button type="button" class={classes!("btn", path.passed().contains(&stop).then_some("primary"))} id="path-next" onclick={go(next)}>{ pt.next }</button>
                }
                <button type="button" class="btn link" id="path-explore" onclick={a.reform(|_| Action::Path(PathAction::Explore))}>{ pt.explore }</button>
            </nav>
        </section>
    }
}

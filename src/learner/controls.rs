//! The control panel: clock, settings, publishing and fault injection.
use retry_lab_text::Tables;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::lab::clock::{ClockAction, SPEEDS};
use retry_lab_core::lab::run::RunAction;
use retry_lab_core::lab::settings::SettingsAction;
use retry_lab_core::lab::{Action, Notice};
use retry_lab_core::sim::config::Setting;
use retry_lab_core::sim::outcome::RootCause;
use retry_lab_core::sim::{DedupOn, Fault};

/// Each setting's control in this panel, by its element's id: a match over every `Setting`, so a
/// new setting does not compile until its control is placed here (and a test renders the panel
/// and finds each: `learner::tests::every_setting_has_its_control`).
pub(crate) fn control_id(s: Setting) -> &'static str {
    match s {
        Setting::Seed => "seed",
        Setting::FailureProbability => "failure",
        Setting::AckLostShare => "ack-lost",
        Setting::BaseSeconds => "base",
        Setting::MaxRetries => "retries",
        Setting::DedupOn => "dedup",
    }
}

fn input_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

/// Icons as SVG paths (16 x 16), not characters: ⏸ shows as a missing-glyph box on machines
/// whose fonts lack it.
pub(super) const PLAY: &str = "M4 2v12l10-6z";
pub(super) const PAUSE: &str = "M3 2h4v12H3zM9 2h4v12H9z";
const RESET: &str = "M8 3V0L4 4l4 4V5a3 3 0 1 1-3 3H3a5 5 0 1 0 5-5z";

pub(super) fn icon(path: &'static str) -> Html {
    html! {
        <svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d={path} /></svg>
    }
}

/// A seed from the browser's cryptographic generator, kept under 10^9 so it stays easy to read
/// and type. Without one (a very old browser) the next seed is derived from the current.
fn fresh_seed(current: u64) -> u64 {
    match getrandom::u64() {
        Ok(r) => r % 1_000_000_000,
        Err(_) => {
            current
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1)
                % 1_000_000_000
        }
    }
}

/// Sets a share (a probability) from a 0..=100 slider: its percent as a fraction (written by
/// num.rs: the wasm carries no float formatting); anything else goes to the settings as it is,
/// which refuse it.
fn on_share(a: &Callback<Action>, setting: Setting) -> Callback<InputEvent> {
    a.reform(move |e: InputEvent| {
        let percent = e.target_unchecked_into::<HtmlInputElement>().value();
        let share = percent.parse::<u32>().map_or(percent, |p| {
            retry_lab_core::num::short(f64::from(p) / 100.0)
        });
        Action::Settings(SettingsAction::Set(setting, share))
    })
}

/// Sets the failure probability from its slider (the controls' and the failure-rate stop's own,
/// in its card).
pub(super) fn on_failure(a: &Callback<Action>) -> Callback<InputEvent> {
    on_share(a, Setting::FailureProbability)
}

#[component]
pub fn Controls(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let a = &props.on_action;
    let cfg = &lab.cfg;
    let sim = &lab.run.sim;
    let now = sim.now_ms();
    let reached = lab.run.reached_ms.max(now);

    let notice = lab.notice.as_ref().map(|n| {
        let text = match n {
            Notice::BadNumber { field, input } => format!("{} ({}: «{input}»)", t.bad_number, t.setting(*field)),
            Notice::TooManyEvents => t.too_many.to_string(),
            Notice::BadScenario(p) if p.field == retry_lab_core::embed::scenario::WHOLE => {
                retry_lab_text::fill(t.scenarios.bad_whole, &[&t.problem_why(&p.why)])
            }
            Notice::BadScenario(p) => retry_lab_text::fill(t.scenarios.bad, &[&p.field, &t.problem_why(&p.why)]),
            Notice::FutureDropped => t.scenarios.future_dropped.to_string(),
        };
        html! {
            <div class="notice" role="status">
                <span>{ text }</span>
                <button type="button" class="btn small" onclick={a.reform(|_| Action::DismissNotice)}>{ t.dismiss }</button>
            </div>
        }
    });

    let on_speed = a.reform(|e: Event| {
        Action::Clock(ClockAction::SetSpeed(
            crate::select_value(&e).parse().unwrap_or(0),
        ))
    });
    let on_p = on_failure(a);
    let on_ack = on_share(a, Setting::AckLostShare);
    let on_dedup = crate::on_choice(a, DedupOn::from_name, |d| {
        Action::Settings(SettingsAction::Set(Setting::DedupOn, d.as_str().into()))
    });
    let new_seed = {
        let current = cfg.seed;
        a.reform(move |_| Action::Settings(SettingsAction::NewSeed(fresh_seed(current))))
    };
    let on_cause = crate::on_choice(a, RootCause::from_name, |c| {
        Action::Run(RunAction::SetCause(c))
    });
    // A touch on the time-travel slider moves the run only once it is a horizontal drag: a thumb
    // that lands on it to scroll the page (a vertical swipe, a tap) leaves the clock alone.
    // Holds where the touch began and whether it has turned horizontal.
    let touch = use_mut_ref(|| None::<(i32, i32, bool)>);
    let on_scrub_down = {
        let touch = touch.clone();
        Callback::from(move |e: PointerEvent| {
            *touch.borrow_mut() =
                (e.pointer_type() == "touch").then(|| (e.client_x(), e.client_y(), false));
        })
    };
    let on_scrub_move = {
        let touch = touch.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some((x, y, horizontal)) = touch.borrow_mut().as_mut() {
                let (dx, dy) = ((e.client_x() - *x).abs(), (e.client_y() - *y).abs());
                *horizontal |= dx > 8 && dx > dy;
            }
        })
    };
    let on_scrub_end = {
        let touch = touch.clone();
        Callback::from(move |_: PointerEvent| *touch.borrow_mut() = None)
    };
    let on_scrub = {
        let (touch, a) = (touch.clone(), a.clone());
        Callback::from(move |e: InputEvent| {
            let el = e.target_unchecked_into::<HtmlInputElement>();
            if matches!(*touch.borrow(), Some((_, _, false))) {
                el.set_value(&now.to_string());
                return;
            }
            a.emit(Action::Run(RunAction::TravelTo(
                el.value().parse().unwrap_or(0),
            )));
        })
    };
    {
        let chosen = [
            ("speed", lab.clock.speed.to_string()),
            ("outage-cause", lab.run.cause.as_str().to_string()),
            (
                control_id(Setting::DedupOn),
                if cfg.dedup_on == DedupOn::Producer {
                    "producer"
                } else {
                    "derived"
                }
                .to_string(),
            ),
        ];
        use_effect(move || {
            for (id, value) in &chosen {
                crate::show_choice(id, value);
            }
        });
    }
    let p_pct = (cfg.failure_probability * 100.0).round() as u32;
    let ack_pct = (cfg.ack_lost_share * 100.0).round() as u32;

    html! {
        <aside class="controls panel" aria-labelledby="controls-h">
            <h2 id="controls-h">{ t.controls }</h2>
            { for notice }
            <div class="clock" aria-live="off">
                <span class="label">{ t.clock }</span>
                // The exact moment is in data-ms (the log has it too); people read the second.
                <span class="mono big" id="clock" data-ms={sim.now_ms().to_string()}>{ t.time(sim.now_ms()) }</span>
            </div>
            <div class="row buttons">
                <button type="button" id="play" class="btn primary" aria-pressed={lab.clock.playing.to_string()}
                    onclick={a.reform(|_| Action::Clock(ClockAction::TogglePlay))}>
                    if lab.clock.playing { { icon(PAUSE) }{ t.pause } } else { { icon(PLAY) }{ t.play } }
                </button>
                <button type="button" id="step" class="btn" onclick={a.reform(|_| Action::Run(RunAction::Step))}>{ t.step }</button>
                <button type="button" id="reset" class="btn" onclick={a.reform(|_| Action::Reset)}>{ icon(RESET) }{ t.reset }</button>
            </div>
            // Time travel: any moment of this run, recomputed from its start.
            <div class="travel">
                <label class="field">
                    <span>{ t.scenarios.time_travel }</span>
                    <input id="scrub" type="range" min="0" max={reached.to_string()} step="1" value={now.to_string()}
                        aria-valuetext={t.time(now)} oninput={on_scrub} onpointerdown={on_scrub_down}
                        onpointermove={on_scrub_move} onpointerup={on_scrub_end.clone()} onpointercancel={on_scrub_end} />
                </label>
                <button type="button" id="step-back" class="btn small" disabled={now == 0}
                    onclick={a.reform(|_| Action::Run(RunAction::StepBack))}>{ t.scenarios.step_back }</button>
                if lab.run.in_past() {
                    <small class="hint" id="past-hint">{ t.scenarios.past_hint }</small>
                }
            </div>
            <label class="field">
                <span>{ t.speed }</span>
                <select id="speed" onchange={on_speed} title={t.speed_hint}>
                    { for SPEEDS.iter().map(|&s| html! {
                        <option value={s.to_string()} selected={s == lab.clock.speed}>{ format!("{s}×") }</option>
                    }) }
                </select>
            </label>
            <div class="row buttons">
                <button type="button" id="publish-one" class="btn primary" onclick={a.reform(|_| Action::Run(RunAction::PublishOne))}>{ t.publish_one }</button>
                <button type="button" id="publish-twice" class="btn" onclick={a.reform(|_| Action::Run(RunAction::PublishTwice))}>{ t.publish_twice }</button>
            </div>
            // The failure-rate stop links here (its label, so the value shows above the slider).
            <label class="field" id="failure-field">
                <span>{ format!("{}: {}", t.setting(Setting::FailureProbability), t.percent(cfg.failure_probability, 0)) }</span>
                <input id={control_id(Setting::FailureProbability)} type="range" min="0" max="100" step="1" value={p_pct.to_string()} oninput={on_p}
                    onchange={a.reform(|_| Action::Settings(SettingsAction::Settle))} />
            </label>
            <label class="field">
                <span>{ format!("{}: {}", t.setting(Setting::AckLostShare), t.percent(cfg.ack_lost_share, 0)) }</span>
                <input id={control_id(Setting::AckLostShare)} type="range" min="0" max="100" step="1" value={ack_pct.to_string()} oninput={on_ack}
                    onchange={a.reform(|_| Action::Settings(SettingsAction::Settle))}
                    aria-describedby="ack-hint" />
                <small id="ack-hint">{ t.ack_lost_hint }</small>
            </label>
            <label class="field check">
                <input id="outage" type="checkbox" checked={sim.outage().is_some()}
                    onchange={a.reform(|e: Event| Action::Run(RunAction::SetOutage(e.target_unchecked_into::<HtmlInputElement>().checked())))} />
                <span>{ t.outage }</span>
            </label>
            <div class="row">
                <label class="field grow">
                    <span>{ t.root_cause }</span>
                    <select id="outage-cause" onchange={on_cause}>
                        { for RootCause::ALL.iter().map(|&c| html! {
                            <option value={c.as_str()} selected={c == lab.run.cause}>{ t.causes[c as usize] }</option>
                        }) }
                    </select>
                </label>
                if sim.outage().is_some() {
                    <button type="button" id="fix-cause" class="btn small align-end"
                        onclick={a.reform(|_| Action::Run(RunAction::SetOutage(false)))}>{ t.fix_cause }</button>
                }
            </div>
            <div class="row">
                <label class="field small">
                    <span>{ t.setting(Setting::BaseSeconds) }</span>
                    <input id={control_id(Setting::BaseSeconds)} type="number" min="1" max="3600" value={cfg.base_seconds.to_string()}
                        onchange={a.reform(|e: Event| Action::Settings(SettingsAction::Set(Setting::BaseSeconds, input_value(&e))))} />
                </label>
                <label class="field small">
                    <span>{ t.setting(Setting::MaxRetries) }</span>
                    <input id={control_id(Setting::MaxRetries)} type="number" min="1" max="12" value={cfg.max_retries.to_string()}
                        onchange={a.reform(|e: Event| Action::Settings(SettingsAction::Set(Setting::MaxRetries, input_value(&e))))} />
                </label>
            </div>
            <label class="field">
                <span>{ t.setting(Setting::DedupOn) }</span>
                <select id={control_id(Setting::DedupOn)} onchange={on_dedup}>
                    <option value={DedupOn::Derived.as_str()} selected={cfg.dedup_on == DedupOn::Derived}>{ t.dedup_derived }</option>
                    <option value={DedupOn::Producer.as_str()} selected={cfg.dedup_on == DedupOn::Producer}>{ t.dedup_producer }</option>
                </select>
            </label>
            <div class="row">
                <label class="field grow">
                    <span>{ t.setting(Setting::Seed) }</span>
                    <input id={control_id(Setting::Seed)} type="text" inputmode="numeric" value={cfg.seed.to_string()}
                        onchange={a.reform(|e: Event| Action::Settings(SettingsAction::Set(Setting::Seed, input_value(&e))))} />
                </label>
                <button type="button" class="btn small align-end" onclick={new_seed}>{ t.new_seed }</button>
            </div>
            <crate::learner::panels::share::Share lab={crate::learner::LabRef::new(&props.lab.lab, retry_lab_core::lab::panels::SHARE)} on_action={props.on_action.clone()} />
            <fieldset class="faults">
                <legend>{ t.faults }</legend>
                { for Fault::ALL.iter().map(|&f| html! {
                    <button type="button" class="btn small" id={format!("fault-{}", f.as_str())}
                        aria-pressed={(sim.armed_fault() == Some(f)).to_string()}
                        onclick={a.reform(move |_| Action::Run(RunAction::Inject(f)))}>{ t.fault(f) }</button>
                }) }
                if let Some(f) = sim.armed_fault() {
                    <p class="armed" role="status">{ format!("⚡ {}: {}", t.fault_armed, t.fault(f)) }</p>
                    <p class="hint" id="fault-explained">{ t.fault_explained[f as usize] }</p>
                }
            </fieldset>
        </aside>
    }
}

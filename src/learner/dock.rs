//! The compact bar that stays at the bottom of a narrow screen: the clock, play/pause, step,
//! and the guided path's current action, so a learner scrolled down to a panel can still act.
//! Sticky at the bottom of the lab's own page; in a frame that the course page sizes to the lab
//! (its bottom is then the lab's end, thousands of pixels down), the host says which part of
//! the frame is on screen (`viewport`), and the bar is placed at that part's bottom.
use retry_lab_text::Tables;
use std::cell::Cell;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::learner::controls::{icon, PAUSE, PLAY};
use crate::learner::PanelProps;
use crate::reveal::{reveal_id, Revealer};
use retry_lab_core::embed::protocol::Align;
use retry_lab_core::lab::clock::ClockAction;
use retry_lab_core::lab::path::{Act, PathAction};
use retry_lab_core::lab::run::RunAction;
use retry_lab_core::lab::Action;

/// One row, whatever the phone: the clock, play, the way back to the card, and either the
/// stop's own action (its short name) or the way on; «Avanzar» only when neither is offered.
/// Words that do not fit a narrow screen (`wide-only`) give way to the icons beside them.
#[component]
pub fn Dock(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let a = &props.on_action;
    let playing = lab.clock.playing;
    let path = &lab.path;
    let next = (path.guided() && path.passed().contains(&path.stop()))
        .then(|| path.stop().next())
        .flatten();
    // The bar's main button is the way on once there is one: a stop passed whose own action
    // only opens the workbench offers it beside the way on, not in its place.
    let side_workbench = next.is_some() && path.act() == Some(Act::OpenWorkbench);
    let act = lab
        .path
        .guided()
        .then(|| path.act())
        .flatten()
        .filter(|_| !side_workbench);
    let host = use_context::<Revealer>();
    let wb_host = host.clone();
    let on_next = next.filter(|_| act.is_none());
    // The last stop passed: the way on is the workbench (as the card's link says), opened or
    // brought back on screen.
    let to_workbench = path.guided()
        && act.is_none()
        && path.stop().next().is_none()
        && path.passed().contains(&path.stop());
    let wb_open_host = host.clone();
    html! {
        <div class="dock" role="group" aria-label={t.controls}>
            <span class="mono dock-clock" aria-hidden="true">{ t.time(lab.run.sim.now_ms()) }</span>
            <button type="button" id="dock-play" class="btn primary small" aria-pressed={playing.to_string()}
                aria-label={if playing { t.pause } else { t.play }}
                onclick={a.reform(|_| Action::Clock(ClockAction::TogglePlay))}>
                { icon(if playing { PAUSE } else { PLAY }) }<span class="wide-only">{ if playing { t.pause } else { t.play } }</span>
            </button>
            if act.is_none() && on_next.is_none() && !to_workbench {
                <button type="button" id="dock-step" class="btn small" aria-label={t.step} onclick={a.reform(|_| Action::Run(RunAction::Step))}>{ t.path.step_short }</button>
            }
            if lab.path.guided() {
                <button type="button" id="dock-card" class="btn small" aria-label={t.path.to_card} title={t.path.to_card}
                    onclick={Callback::from(move |_| reveal_id("path", Align::Start, host.as_ref()))}>
                    // Its word shows on every screen: an arrow alone did not say where it leads.
                    { "↑" }<span class="dock-word">{ t.path.to_card_word }</span>
                </button>
            }
            // The stop seen through: the way on, where the thumb is (the card's «Siguiente» is
            // under its result, often under this bar on a phone).
            if let Some(next) = on_next {
                <button type="button" id="dock-next" class="btn primary small dock-main"
                    onclick={a.reform(move |_| Action::Path(PathAction::Go(next)))}>
                    { retry_lab_text::fill(t.path.next_stop, &[&next.number().to_string()]) }
                </button>
            }
            // Beside the way on where the row has room; on a phone the card's own button, on
            // screen right above, opens it (the row would cut the way on short).
            if side_workbench {
                <button type="button" id="dock-workbench" class="btn small wide-only" title={t.path.acts[Act::OpenWorkbench as usize]}
                    onclick={{
                        let (host, a) = (wb_host.clone(), a.clone());
                        Callback::from(move |_| crate::learner::workbench_door::open(crate::learner::workbench_door::EMAIL_PROGRAM, host.as_ref(), &a))
                    }}>{ t.path.workbench_short }</button>
            }
            if to_workbench {
                <button type="button" id="dock-workbench" class="btn primary small dock-main" title={t.path.to_workbench}
                    onclick={{
                        let a = a.clone();
                        Callback::from(move |_| crate::learner::workbench_door::open("", wb_open_host.as_ref(), &a))
                    }}>{ t.path.acts_short[Act::OpenWorkbench as usize] }</button>
            }
            if let Some(act) = act {
                <button type="button" id="dock-act" class="btn primary small dock-main" data-act={act.as_str()}
                    title={t.path.acts[act as usize]} onclick={if act == Act::OpenWorkbench {
                    // The workbench is the page's to open (its own module), as the card does.
                    let (host, a) = (wb_host.clone(), a.clone());
                    Callback::from(move |_| crate::learner::workbench_door::open(crate::learner::workbench_door::EMAIL_PROGRAM, host.as_ref(), &a))
                } else {
                    a.reform(|_| Action::Path(PathAction::Do))
                }}>{ t.path.acts_short[act as usize] }</button>
            }
        </div>
    }
}

thread_local! {
    /// The host's last viewport (`top`, `height`), once it sent one.
    static VIEW: Cell<Option<(i32, u32)>> = const { Cell::new(None) };
}

/// The host says which part of the frame is on screen: the bar goes to its bottom.
pub fn host_viewport(top: i32, height: u32) {
    VIEW.with(|v| v.set(Some((top, height))));
    place();
}

/// Puts the bar at the bottom of the part of the lab on screen, as the host last said it (no
/// viewport yet: the style sheet's sticky bar). Called again when the lab's height changes.
pub fn place() {
    let Some((top, height)) = VIEW.with(Cell::get) else {
        return;
    };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Some(root), Ok(Some(dock))) = (doc.document_element(), doc.query_selector(".dock")) else {
        return;
    };
    // The style sheet takes the bar out of the flow once the host speaks.
    if root.get_attribute("data-viewport").is_none() {
        let _ = root.set_attribute("data-viewport", "host");
    }
    let Ok(dock) = dock.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    // Never below the frame's own bottom: where the host has not yet grown the frame to the
    // lab, the bar placed at the lab's end was cut to a sliver (seen in two phone walks).
    let frame = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .map_or(i32::MAX, |h| h as i32);
    let page = root.scroll_height().min(frame);
    let bar = dock.offset_height();
    let shown_bottom = top.saturating_add_unsigned(height).min(page);
    // Never above the part shown, nor past the lab's end (whole pixels: formatting an f64
    // would bring float printing into the module).
    let y = (shown_bottom - bar).max(top.max(0)).min(page - bar).max(0);
    crate::reveal::set_style(&dock, "top", &format!("{y}px"));
}

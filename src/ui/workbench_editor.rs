//! The workbench's program editor: the palette of steps, the learner's consumer as a list of
//! blocks (one Tab stop, a roving tabindex: arrow keys go from block to block, Alt with an arrow
//! moves one, Delete removes it; each block's buttons and dragging do the same by pointer), the
//! effect and the lesson's patterns.
use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::text::{fill, WbTexts};
use crate::lab::workbench::{WbAction, Workbench};
use crate::sim::workbench::{Effect, Step, MAX_STEPS, PRESETS};

/// The element id of the block at `i` (focus goes there by keyboard and after a move).
pub fn block_id(i: usize) -> String {
    format!("wb-block-{i}")
}

/// The palette: a button per step, with what the step does.
pub fn palette(wb: &Workbench, t: &'static WbTexts, d: &Callback<WbAction>) -> Html {
    let (n, effect) = (wb.program.steps.len(), wb.program.effect);
    html! {
        <section class="panel wb-palette" aria-labelledby="wb-palette-h">
            <h2 id="wb-palette-h">{ t.palette }</h2>
            <ul class="wb-blocks">
                { for Step::ALL.iter().map(|&s| html! {
                    <li>
                        <button class={classes!("btn", "wb-add", format!("wb-{}", s.as_str()))} disabled={n >= MAX_STEPS}
                            aria-label={fill(t.add, &[t.step(s, effect)])} onclick={d.reform(move |_| WbAction::Add(s))}>
                            <span aria-hidden="true">{ "+ " }</span>{ t.step(s, effect) }
                        </button>
                        <small>{ t.step_rules[s as usize] }</small>
                    </li>
                }) }
            </ul>
        </section>
    }
}

/// What the editor keeps between renders that is not the workbench's state: the block being
/// dragged, and which block holds the list's one Tab stop.
#[derive(Clone)]
pub struct EditorUi {
    pub dragged: Rc<Cell<Option<usize>>>,
    pub current: UseStateHandle<usize>,
}

/// Focuses the block at `i`, if there is one.
fn focus_block(i: usize) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&block_id(i)))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    {
        let _ = el.focus();
    }
}

/// A key on the block at `i` of `n`: the action it asks for, or the block to go to.
enum Key {
    Act(WbAction),
    Go(usize),
}

fn key(e: &KeyboardEvent, i: usize, n: usize) -> Option<Key> {
    let alt = e.alt_key();
    if e.ctrl_key() || e.meta_key() {
        return None;
    }
    Some(match e.key().as_str() {
        "ArrowUp" if alt && i > 0 => Key::Act(WbAction::Move { from: i, to: i - 1 }),
        "ArrowDown" if alt && i + 1 < n => Key::Act(WbAction::Move { from: i, to: i + 1 }),
        "ArrowUp" if !alt => Key::Go(i.saturating_sub(1)),
        "ArrowDown" if !alt => Key::Go((i + 1).min(n - 1)),
        "Home" => Key::Go(0),
        "End" => Key::Go(n - 1),
        "Delete" | "Backspace" => Key::Act(WbAction::Remove(i)),
        _ => return None,
    })
}

/// One block of the program, at `i` of `n`.
fn block(
    i: usize,
    s: Step,
    n: usize,
    effect: Effect,
    t: &'static WbTexts,
    d: &Callback<WbAction>,
    ui: &EditorUi,
) -> Html {
    let on_drag_start = {
        let dragged = ui.dragged.clone();
        Callback::from(move |_: DragEvent| dragged.set(Some(i)))
    };
    let on_drop = {
        let (dragged, d) = (ui.dragged.clone(), d.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(from) = dragged.take() {
                d.emit(WbAction::Move { from, to: i });
            }
        })
    };
    let on_key = {
        let d = d.clone();
        Callback::from(move |e: KeyboardEvent| match key(&e, i, n) {
            Some(Key::Act(a)) => {
                e.prevent_default();
                d.emit(a);
            }
            Some(Key::Go(j)) => {
                e.prevent_default();
                focus_block(j);
            }
            None => {}
        })
    };
    let on_focus = {
        let current = ui.current.clone();
        Callback::from(move |_: FocusEvent| {
            if *current != i {
                current.set(i);
            }
        })
    };
    let name = t.step(s, effect);
    let label = |what: &str| format!("{what} «{name}» ({})", i + 1);
    let at = i.to_string();
    // The list's one Tab stop; its buttons are for pointers (the keys do the same).
    let tab = if i == (*ui.current).min(n - 1) {
        "0"
    } else {
        "-1"
    };
    html! {
        <li class={classes!("wb-block", format!("wb-{}", s.as_str()))} id={block_id(i)} draggable="true"
            tabindex={tab} aria-label={fill(t.block_label, &[&(i + 1).to_string(), &n.to_string(), name])}
            aria-describedby="wb-list-hint" data-tool="block" data-at={at.clone()}
            onkeydown={on_key} onfocusin={on_focus}
            ondragstart={on_drag_start} ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}>
            <span class="wb-num" aria-hidden="true">{ i + 1 }</span>
            <span class="wb-name">{ name }</span>
            <span class="wb-tools">
                <button class="btn small" tabindex="-1" disabled={i == 0} aria-label={label(t.up)}
                    data-tool="up" data-at={at.clone()} onclick={d.reform(move |_| WbAction::Move { from: i, to: i.saturating_sub(1) })}>{ "↑" }</button>
                <button class="btn small" tabindex="-1" disabled={i + 1 >= n} aria-label={label(t.down)}
                    data-tool="down" data-at={at.clone()} onclick={d.reform(move |_| WbAction::Move { from: i, to: i + 1 })}>{ "↓" }</button>
                <button class="btn small danger" tabindex="-1" aria-label={label(t.remove)}
                    data-tool="remove" data-at={at} onclick={d.reform(move |_| WbAction::Remove(i))}>{ "✕" }</button>
            </span>
        </li>
    }
}

/// A menu's change handler: the action its chosen value names, if any.
pub fn on_select(d: &Callback<WbAction>, to: fn(&str) -> Option<WbAction>) -> Callback<Event> {
    let d = d.clone();
    Callback::from(move |e: Event| {
        if let Some(a) = to(&super::select_value(&e)) {
            d.emit(a);
        }
    })
}

/// The learner's consumer: the effect, the patterns (the loaded one named), the blocks.
pub fn program(wb: &Workbench, t: &'static WbTexts, d: &Callback<WbAction>, ui: &EditorUi) -> Html {
    let (n, effect) = (wb.program.steps.len(), wb.program.effect);
    let loaded = wb.preset().map(|p| p.id);
    let on_effect = on_select(d, |v| Effect::from_name(v).map(WbAction::SetEffect));
    let on_preset = on_select(d, |v| {
        PRESETS
            .iter()
            .find(|p| p.id == v)
            .map(|p| WbAction::Preset(p.id))
    });
    html! {
        <section class="panel wb-program" aria-labelledby="wb-program-h">
            <h2 id="wb-program-h">{ t.program }</h2>
            <div class="row">
                <label class="field grow">{ t.effect }
                    <select id="wb-effect" onchange={on_effect}>
                        { for Effect::ALL.iter().map(|&e| html! {
                            <option value={e.as_str()} selected={e == effect}>{ t.effects[e as usize] }</option>
                        }) }
                    </select>
                </label>
                <label class="field grow">{ t.presets }
                    <select id="wb-preset" onchange={on_preset}>
                        <option value="" selected={loaded.is_none()}>{ t.preset_placeholder }</option>
                        { for PRESETS.iter().enumerate().map(|(i, p)| html! {
                            <option value={p.id} selected={loaded == Some(p.id)}>{ t.preset_names[i] }</option>
                        }) }
                    </select>
                </label>
            </div>
            <p class="small" aria-live="polite">{ fill(t.count, &[&n.to_string(), &MAX_STEPS.to_string()]) }
                { if n >= MAX_STEPS { html! { <>{ " " }{ t.full }</> } } else { html! {} } }</p>
            if n == 0 {
                <p class="hint">{ t.empty }</p>
            } else {
                <ol class="wb-list" id="wb-list" aria-labelledby="wb-program-h">
                    { for wb.program.steps.iter().enumerate().map(|(i, &s)| block(i, s, n, effect, t, d, ui)) }
                </ol>
                <p class="hint" id="wb-list-hint">{ t.list_hint }</p>
                <button class="btn small" onclick={d.reform(|_| WbAction::Clear)}>{ t.clear }</button>
            }
            if effect == Effect::Set {
                <p class="note">{ t.set_note }</p>
            }
        </section>
    }
}

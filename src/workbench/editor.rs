//! The workbench's program editor: the palette of steps, the learner's consumer as a list of
//! blocks (one Tab stop, a roving tabindex: arrow keys go from block to block, Alt with an arrow
//! moves one, Delete removes it; each block's buttons and dragging do the same by pointer), the
//! effect, the dedup table's constraint and the lesson's patterns; and the status line that
//! tells each change to the steps where it was made, with «Deshacer».
use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::Way;
use crate::reveal::screen_top;
use retry_lab_core::lab::workbench::{Edit, WbAction, Workbench};
use retry_lab_core::sim::workbench::{Constraint, Effect, Step, MAX_STEPS, PRESETS};
use retry_lab_text::{fill, WbTexts};

/// The element id of the block at `i` (focus goes there by keyboard and after a move).
pub fn block_id(i: usize) -> String {
    format!("wb-block-{i}")
}

/// Where a change to the steps is told: where the learner made it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Under the patterns' menu: a pattern loaded.
    Menu,
    /// Under the blocks: one removed or moved, or all of them («Vaciar»).
    List,
    /// Under the palette: a step added.
    Palette,
}

impl Place {
    fn of(e: Edit) -> Place {
        match e {
            Edit::Preset { .. } => Place::Menu,
            Edit::Added { .. } => Place::Palette,
            Edit::Removed { .. } | Edit::Moved { .. } | Edit::Cleared => Place::List,
        }
    }
    fn id(self) -> &'static str {
        match self {
            Place::Menu => "wb-status-menu",
            Place::List => "wb-status-list",
            Place::Palette => "wb-status-palette",
        }
    }
}

/// A status line at `place`: always in the page (a live region that appears with its text is
/// often not read), filled when the latest change was made there, with «Deshacer» while there
/// is a change to take back.
fn status(place: Place, wb: &Workbench, t: &'static WbTexts, d: &Callback<WbAction>) -> Html {
    let (effect, c) = (wb.program.effect, wb.program.constraint);
    let shown = wb.status.filter(|s| Place::of(s.edit) == place);
    let body = shown.map(|s| {
        let undo = wb.can_undo().map(|e| {
            let label = fill(t.undo_label, &[&t.edit(e, effect, c, false)]);
            html! {
                <button id="wb-undo" class="btn small" aria-label={label}
                    onclick={d.reform(|_| WbAction::Undo)}>{ t.undo }</button>
            }
        });
        html! { <><span>{ t.status(s.edit, s.undone, effect, c) }</span>{ " " }{ undo }</> }
    });
    html! {
        <p class={classes!("wb-status", shown.is_some().then_some("shown"))} id={place.id()} role="status">{ body }</p>
    }
}

/// The palette: a button per step, with what the step does (on a phone, folded under one
/// line, so that the guesses are not a screen away from the program).
pub fn palette(wb: &Workbench, t: &'static WbTexts, d: &Callback<WbAction>) -> Html {
    let (n, effect, c) = (
        wb.program.steps.len(),
        wb.program.effect,
        wb.program.constraint,
    );
    html! {
        <section class="panel wb-palette" aria-labelledby="wb-palette-h">
            <h2 id="wb-palette-h">{ t.palette }</h2>
            <ul class="wb-blocks">
                { for Step::ALL.iter().map(|&s| html! {
                    <li>
                        <button class={classes!("btn", "wb-add", format!("wb-{}", s.as_str()))} disabled={n >= MAX_STEPS}
                            aria-label={fill(t.add, &[t.step(s, effect, c)])}
                            onclick={d.reform(move |e: MouseEvent| { hold_in_place(&e); WbAction::Add(s) })}>
                            <span aria-hidden="true">{ "+ " }</span>{ t.step(s, effect, c) }
                        </button>
                        <small class="wb-rule">{ t.step_rule(s, effect, c) }</small>
                    </li>
                }) }
            </ul>
            <details class="wb-rules">
                <summary>{ t.palette_rules }</summary>
                <dl>
                    { for Step::ALL.iter().map(|&s| html! {
                        <><dt>{ t.step(s, effect, c) }</dt><dd>{ t.step_rule(s, effect, c) }</dd></>
                    }) }
                </dl>
            </details>
            { status(Place::Palette, wb, t, d) }
        </section>
    }
}

thread_local! {
    /// The palette button just tapped and where it was on the learner's screen: the step it
    /// adds lengthens the program above it (on a phone), and the button must not move away
    /// under the thumb ([`keep_in_place`] after the render).
    static HELD: std::cell::RefCell<Option<(web_sys::Element, f64)>> = const { std::cell::RefCell::new(None) };
}

fn hold_in_place(e: &MouseEvent) {
    // The button itself: Yew listens at its root, so the event's current target is not it.
    let el = e
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .and_then(|t| t.closest("button").ok().flatten());
    HELD.with(|h| {
        *h.borrow_mut() = el.map(|el| {
            let y = screen_top(&el);
            (el, y)
        })
    });
}

/// After the render that added a step: scrolls (at once, before the paint) by as much as the
/// tapped button moved, first the lab's own page, then a same-origin course page around its
/// frame. A frame of another origin cannot be scrolled from here: there the button moves.
pub fn keep_in_place() {
    let Some((el, was)) = HELD.with(|h| h.borrow_mut().take()) else {
        return;
    };
    let Some(win) = web_sys::window() else { return };
    let by = |w: &web_sys::Window, dy: f64| {
        let o = web_sys::ScrollToOptions::new();
        o.set_top(dy);
        o.set_behavior(web_sys::ScrollBehavior::Instant);
        w.scroll_by_with_scroll_to_options(&o);
    };
    let moved = screen_top(&el) - was;
    if moved.abs() < 1.0 {
        return;
    }
    by(&win, moved);
    let left = screen_top(&el) - was;
    if left.abs() >= 1.0 && win.frame_element().ok().flatten().is_some() {
        if let Some(parent) = win.parent().ok().flatten() {
            by(&parent, left);
        }
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
    (effect, c): (Effect, Constraint),
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
    let name = t.step(s, effect, c);
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
        if let Some(a) = to(&crate::select_value(&e)) {
            d.emit(a);
        }
    })
}

/// The learner's consumer: the effect, the dedup table, the patterns (the loaded one named),
/// the blocks.
pub fn program(
    wb: &Workbench,
    t: &'static WbTexts,
    d: &Callback<WbAction>,
    ui: &EditorUi,
    go: &Callback<Way>,
) -> Html {
    let (n, effect, constraint) = (
        wb.program.steps.len(),
        wb.program.effect,
        wb.program.constraint,
    );
    let loaded = wb.preset().map(|p| p.id);
    let on_effect = on_select(d, |v| Effect::from_name(v).map(WbAction::SetEffect));
    let on_constraint = on_select(d, |v| Constraint::from_name(v).map(WbAction::SetConstraint));
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
                <label class="field grow">{ t.table }
                    <select id="wb-constraint" onchange={on_constraint}>
                        { for Constraint::ALL.iter().map(|&c| html! {
                            <option value={c.as_str()} selected={c == constraint}>{ t.constraints[c as usize] }</option>
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
            { status(Place::Menu, wb, t, d) }
            // Right under the menus too: a learner who came up to change the table or the
            // effect goes straight back to the check, over the steps (a phone walk swiped).
            if n > 0 {
                <button type="button" class="btn small wb-jump" id="wb-to-check-top"
                    onclick={go.reform(|_| Way::Check)}>{ t.to_check }</button>
            }
            <p class="small" aria-live="polite">{ fill(t.count, &[&n.to_string(), &MAX_STEPS.to_string()]) }
                { if n >= MAX_STEPS { html! { <>{ " " }{ t.full }</> } } else { html! {} } }</p>
            if n == 0 {
                <p class="hint">{ t.empty }</p>
            } else {
                <ol class="wb-list" id="wb-list" aria-labelledby="wb-program-h">
                    { for wb.program.steps.iter().enumerate().map(|(i, &s)| block(i, s, n, (effect, constraint), t, d, ui)) }
                </ol>
                <p class="hint wb-keys" id="wb-list-hint">{ t.list_hint }</p>
                // The way to the check beside «Vaciar»: on a phone the palette lies between
                // them, and a line of its own would push an added step off the screen.
                <div class="wb-list-end">
                    <button id="wb-clear" class="btn small" onclick={d.reform(|_| WbAction::Clear)}>{ t.clear }</button>
                    <button type="button" class="btn small wb-jump" id="wb-to-check"
                        onclick={go.reform(|_| Way::Check)}>{ t.to_check }</button>
                </div>
            }
            { status(Place::List, wb, t, d) }
            if effect == Effect::Set {
                <p class="note">{ t.set_note }</p>
            }
        </section>
    }
}

//! The root component: the lab's state and its hooks (`hooks`), and the layout of the card,
//! the controls, the panels and the bar.
use retry_lab_text::Tables;
use yew::prelude::*;

use super::controls::Controls;
use super::dock::Dock;
use super::hooks::{
    use_after_first_paint, use_clock, use_document_lang, use_english_first, use_height_report,
    use_host_messages, use_lab,
};
use super::notices::Notices;
use super::panels::challenges::ChallengesView;
use super::panels::consumers::Consumers;
use super::panels::dead_letters::DeadLetters;
use super::panels::demos::Demos;
use super::panels::duplicates::Duplicates;
use super::panels::events::Events;
use super::panels::figures::FiguresView;
use super::panels::log::LogView;
use super::panels::polling::PollingView;
use super::panels::scenarios::ScenariosView;
use super::panels::timeline::Timeline;
use super::path::card::PathView;
use super::{AppProps, LabRef};
use crate::reveal::Revealer;
use retry_lab_core::embed::protocol::{Keep, MountOptions};
use retry_lab_core::lab::panels::{self, Panel};
use retry_lab_core::lab::Action;
use retry_lab_text::Lang;

/// How to draw each panel (its name, place and concerns are with [`Panel`]).
pub(super) fn render(
    panel: Panel,
    lab: LabRef,
    on_action: Callback<Action>,
    options: &MountOptions,
) -> Html {
    match panel {
        Panel::Path => html! { <PathView {lab} {on_action} /> },
        // Small enough to take its values: it redraws when they change.
        Panel::Challenges => {
            let l = lab.lab.borrow();
            html! { <ChallengesView lang={l.lang} reached={l.challenges} host={l.host} /> }
        }
        Panel::Timeline => html! { <Timeline {lab} {on_action} /> },
        Panel::Events => html! { <Events {lab} {on_action} /> },
        Panel::Dlq => html! { <DeadLetters {lab} {on_action} /> },
        Panel::Consumers => html! { <Consumers {lab} {on_action} /> },
        Panel::Duplicates => html! { <Duplicates {lab} {on_action} /> },
        Panel::Demos => html! { <Demos {lab} {on_action} /> },
        Panel::Polling => html! { <PollingView {lab} {on_action} /> },
        Panel::Figures => html! { <FiguresView {lab} {on_action} /> },
        Panel::Scenarios => html! { <ScenariosView {lab} {on_action} /> },
        Panel::Log => html! { <LogView {lab} {on_action} /> },
        Panel::Workbench => {
            let (origin, xapi) = (options.target_origin.clone(), options.xapi.clone());
            super::workbench_door::entry(lab.lab.borrow().lang, origin, xapi, &on_action)
        }
    }
}

/// The panels of the main column in their order, two side by side where a panel pairs with
/// the next; `panel` draws one (or nothing where it is not shown).
fn main_panels(panel: impl Fn(Panel) -> Html) -> Vec<Html> {
    let mut main = Vec::new();
    let mut pair = None;
    let column = Panel::ALL
        .iter()
        .copied()
        .filter(|&p| p != Panel::Path && p != Panel::Challenges);
    for p in column {
        match pair.take() {
            Some(first) => {
                main.push(html! { <div class="two-col">{ panel(first) }{ panel(p) }</div> })
            }
            None if p.pairs_with_next() => pair = Some(p),
            None => main.push(panel(p)),
        }
    }
    main
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let lab = use_lab(props);
    let (options, page_state) = (&lab.started.options, props.page_state);
    use_host_messages(&lab, page_state && options.keep == Keep::Host);
    let first_paint_done = use_after_first_paint(&lab, page_state);
    let root = use_node_ref();
    use_height_report(&lab.host, &root);
    let (playing, lang, focus) = {
        let l = lab.lab.borrow();
        // On the path, the panels the stop is about are marked and the others muted.
        let focus = l.path.guided().then(|| l.path.stop().panels());
        (l.clock.playing, l.lang, focus.filter(|p| !p.is_empty()))
    };
    use_clock(playing, &lab.dispatch);
    use_document_lang(lang, page_state);
    let on_link = use_memo((), |_| {
        crate::reveal::on_link_click(Revealer(lab.host.clone()))
    });
    if use_english_first(lang, &lab.dispatch) {
        return html! {
            <div class="lab" lang={lang.code()} ref={root}>
                <p class="loading">{ retry_lab_text::LOADING_EN }</p>
            </div>
        };
    }
    let dispatch = &lab.dispatch;
    let view = |concerns| LabRef::new(&lab.lab, concerns);
    let t = lang.t();
    let on_lang = crate::on_choice(dispatch, Lang::from_code, Action::SetLang);
    // A learner who opens the language menu may choose English: its texts start coming then,
    // so the switch does not wait a round trip.
    let prefetch_english = Callback::from(|_: FocusEvent| super::text_files::prefetch());
    // A scenario file dropped anywhere on the lab is loaded.
    let on_drop = super::scenario_io::on_drop(dispatch);
    let panel = |p: Panel| {
        if !options.shows(p) || !(first_paint_done || p.above_the_fold(focus.is_some())) {
            return Html::default();
        }
        let class = match focus {
            Some(f) if f.contains(&p) => "slot focus",
            Some(_) => "slot muted",
            None => "slot",
        };
        html! { <div {class} data-panel={p.as_str()}>{ render(p, view(p.concerns()), dispatch.clone(), options) }</div> }
    };
    let main = main_panels(panel);
    html! {
        // The views bring what they show into view through the host link (`reveal`).
        <ContextProvider<Revealer> context={Revealer(lab.host.clone())}>
        <div class={classes!("lab", focus.is_some().then_some("guided"))} lang={lang.code()} ref={root} ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}
            onclick={(*on_link).clone()}>
            <div id="announcer" class="sr-only" role="status" aria-live="polite" ref={lab.announcer.region.clone()}></div>
            <header class="lab-header">
                <div>
                    <h1>{ t.title }</h1>
                    <p class="subtitle">{ t.subtitle }</p>
                </div>
                <label class="lang">
                    <span>{ t.language }</span>
                    <select id="lang" onchange={on_lang} onfocus={prefetch_english}>
                        <option value="es" selected={lang == Lang::Es}>{ "Español" }</option>
                        <option value="en" selected={lang == Lang::En}>{ "English" }</option>
                    </select>
                </label>
            </header>
            <Notices lab={view(panels::NOTICES)} on_action={dispatch.clone()} />
            <div class="lab-body">
                // First in the page's order, so a phone shows it before the controls; the grid
                // puts it above the panels on a wide screen.
                if options.shows(Panel::Path) {
                    { render(Panel::Path, view(Panel::Path.concerns()), dispatch.clone(), options) }
                }
                <Controls lab={view(panels::CONTROLS)} on_action={dispatch.clone()} />
                <main class="lab-main">
                    // On the path, the challenges give way to the panels the stops are about.
                    if focus.is_none() { { panel(Panel::Challenges) } }
                    { for main }
                    if focus.is_some() { { panel(Panel::Challenges) } }
                </main>
            </div>
            <Dock lab={view(panels::DOCK)} on_action={dispatch.clone()} />
        </div>
        </ContextProvider<Revealer>>
    }
}

//! The root component: owns the lab, runs the clock while playing, lays out the panels.
use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use super::consumers::Consumers;
use super::controls::Controls;
use super::dead_letters::DeadLetters;
use super::demos::Demos;
use super::duplicates::Duplicates;
use super::events::Events;
use super::i18n::Lang;
use super::log_view::LogView;
use super::polling_view::PollingView;
use super::state::{Action, Lab};
use super::timeline::Timeline;
use super::LabRef;
use crate::sim::Config;

#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    #[prop_or_default]
    pub lang: Option<Lang>,
    #[prop_or_default]
    pub config: Option<Config>,
}

/// Real time between clock ticks while playing.
const TICK_MS: u32 = 50;

fn now_real_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let lab = {
        let (lang, cfg) = (
            props.lang.unwrap_or_default(),
            props.config.clone().unwrap_or_default(),
        );
        use_mut_ref(move || Lab::new(cfg, lang))
    };
    let version = use_mut_ref(|| 0u64);
    let redraw = use_force_update();

    let dispatch = {
        let (lab, version, redraw) = (lab.clone(), version.clone(), redraw.clone());
        Callback::from(move |a: Action| {
            lab.borrow_mut().apply(a);
            *version.borrow_mut() += 1;
            redraw.force_update();
        })
    };

    let (playing, lang) = {
        let l = lab.borrow();
        (l.playing, l.lang)
    };

    // The clock: while playing, advance simulated time by real time elapsed × speed.
    {
        let dispatch = dispatch.clone();
        use_effect_with(playing, move |&playing| {
            let interval = playing.then(|| {
                let last = Rc::new(RefCell::new(now_real_ms()));
                Interval::new(TICK_MS, move || {
                    let now = now_real_ms();
                    let dt = now - *last.borrow();
                    *last.borrow_mut() = now;
                    dispatch.emit(Action::Tick(dt));
                })
            });
            move || drop(interval)
        });
    }

    // Keep <html lang> in step so screen readers pronounce the right language.
    use_effect_with(lang, |lang| {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = el.set_attribute("lang", lang.code());
        }
    });

    let labref = LabRef {
        lab: lab.clone(),
        version: *version.borrow(),
    };
    let t = lang.t();
    let on_lang = dispatch.reform(|e: Event| {
        let v = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        Action::SetLang(Lang::from_code(&v).unwrap_or_default())
    });

    html! {
        <div class="lab" lang={lang.code()}>
            <header class="lab-header">
                <div>
                    <h1>{ t.title }</h1>
                    <p class="subtitle">{ t.subtitle }</p>
                </div>
                <label class="lang">
                    <span>{ t.language }</span>
                    <select id="lang" onchange={on_lang}>
                        <option value="es" selected={lang == Lang::Es}>{ "Español" }</option>
                        <option value="en" selected={lang == Lang::En}>{ "English" }</option>
                    </select>
                </label>
            </header>
            <div class="lab-body">
                <Controls lab={labref.clone()} on_action={dispatch.clone()} />
                <main class="lab-main">
                    <Timeline lab={labref.clone()} on_action={dispatch.clone()} />
                    <div class="two-col">
                        <Events lab={labref.clone()} on_action={dispatch.clone()} />
                        <DeadLetters lab={labref.clone()} on_action={dispatch.clone()} />
                    </div>
                    <Consumers lab={labref.clone()} on_action={dispatch.clone()} />
                    <Duplicates lab={labref.clone()} on_action={dispatch.clone()} />
                    <Demos lab={labref.clone()} on_action={dispatch.clone()} />
                    <PollingView lab={labref.clone()} on_action={dispatch.clone()} />
                    <LogView lab={labref} on_action={dispatch} />
                </main>
            </div>
        </div>
    }
}

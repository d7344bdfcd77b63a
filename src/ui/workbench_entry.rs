//! The lab's door to the consumer workbench: a panel whose button asks the page's loader
//! (`www/start.js`, `retryLabOpenWorkbench`) to fetch the workbench's own module and mount it
//! in place, so a learner who never opens it never downloads it. A plain function and one JS
//! call: the door is in every first load, the workbench is not. A host that mounts the lab
//! without start.js has no loader, and gets no door.
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::text::Lang;

const LOADER: &str = "retryLabOpenWorkbench";

fn loader() -> Option<Function> {
    let win = web_sys::window()?;
    Reflect::get(&win, &LOADER.into())
        .ok()?
        .dyn_into::<Function>()
        .ok()
}

/// The panel, if the page can load the workbench; `origin` is the host's, where the
/// workbench reports its checkpoints itself, and `xapi` the lab's activity (the workbench's
/// statements are about `{xapi}/workbench`).
pub fn entry(lang: Lang, origin: Option<String>, xapi: Option<String>) -> Html {
    if loader().is_none() {
        return Html::default();
    }
    let t = lang.t();
    let onclick = Callback::from(move |e: MouseEvent| {
        let (Some(button), Some(open)) = (e.target(), loader()) else {
            return;
        };
        let opt = |s: Option<String>| s.map_or(JsValue::UNDEFINED, JsValue::from);
        let args = Array::of5(
            &button,
            &lang.code().into(),
            &opt(origin.clone()),
            &opt(xapi.as_ref().map(|a| format!("{a}/workbench"))),
            &t.workbench_loading.into(),
        );
        args.push(&t.workbench_failed.into());
        let _ = open.apply(&JsValue::NULL, &args);
    });
    html! {
        <section class="panel workbench-entry" aria-labelledby="workbench-h" id="workbench-entry">
            <h2 id="workbench-h">{ t.workbench_heading }</h2>
            <p class="workbench-intro">{ t.workbench_intro }</p>
            <button id="open-workbench" class="btn primary" {onclick}>{ t.workbench_open }</button>
            <div class="workbench-mount"></div>
        </section>
    }
}

//! The lab's door to the consumer workbench: a panel whose button fetches the workbench's own
//! module (`www/open-workbench.js`) and mounts it in place, so a learner who never opens it
//! never downloads it. Kept to a plain function and one JS call: the door is in every first
//! load, the workbench is not.
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::text::Lang;

#[wasm_bindgen(module = "/www/open-workbench.js")]
extern "C" {
    fn open_workbench(
        button: web_sys::Element,
        lang: &str,
        origin: Option<String>,
        loading: &str,
        failed: &str,
    );
}

/// The panel; `origin` is the host's, where the workbench reports its checkpoints itself.
pub fn entry(lang: Lang, origin: Option<String>) -> Html {
    let t = lang.t();
    let onclick = Callback::from(move |e: MouseEvent| {
        if let Some(button) = e.target_dyn_into::<web_sys::Element>() {
            open_workbench(
                button,
                lang.code(),
                origin.clone(),
                t.workbench_loading,
                t.workbench_failed,
            );
        }
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

//! The lab's door to the consumer workbench: a panel with a button that the page's loader
//! (`www/start.js`, then `www/workbench-door.js`) turns into the workbench, fetched and mounted
//! in place, so a learner who never opens it never downloads it. Only markup here, with what
//! the workbench needs in `data-` attributes: the door is in every first load, the workbench
//! is not. Without that loader (a host that mounts the lab itself) the panel stays hidden.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::reveal::{reveal_id, Revealer};
use retry_lab_core::embed::protocol::Align;
use retry_lab_core::lab::Action;
use retry_lab_text::Lang;

/// The panel; `origin` is the host's, where the workbench reports its checkpoints itself, and
/// `xapi` the lab's activity (the workbench's statements are about `{xapi}/workbench`). The
/// lab hears of its opening (`on_action`): the path's way to it is then taken.
pub fn entry(
    lang: Lang,
    origin: Option<String>,
    xapi: Option<String>,
    on_action: &Callback<Action>,
) -> Html {
    let t = lang.t();
    let opened = on_action.reform(|_: MouseEvent| Action::WorkbenchOpened);
    html! {
        <section class="panel workbench-entry" aria-labelledby="workbench-h" id="workbench-entry">
            <h2 id="workbench-h">{ t.workbench_heading }</h2>
            <p class="workbench-intro">{ t.workbench_intro }</p>
            <button id="open-workbench" class="btn primary" data-lang={lang.code()} data-origin={origin}
                data-xapi={xapi.map(|a| format!("{a}/workbench"))} onclick={opened}>{ t.workbench_open }</button>
            <div class="workbench-mount"></div>
        </section>
    }
}

/// What the boundary stop opens the workbench on: the lesson's pattern, with an email.
pub const EMAIL_PROGRAM: &str = "steps=begin,insert,apply,commit,ack&effect=email";

/// Opens the lab's workbench (its door fetches the module) on `program` (empty: its own first
/// program), and brings it into view; an open workbench is only brought into view. The lab
/// hears of it (`on_action`).
pub fn open(program: &str, host: Option<&Revealer>, on_action: &Callback<Action>) {
    use wasm_bindgen::JsCast;
    let door = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("open-workbench"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(door) = door.filter(|d| !d.hidden()) {
        let _ = door.set_attribute("data-link", program);
        door.click();
    }
    on_action.emit(Action::WorkbenchOpened);
    // Open already: its consumer, what the learner comes back to judge; else the workbench's
    // place (the workbench brings its consumer on screen once drawn).
    let open = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("wb-program-h"))
        .is_some();
    reveal_id(
        if open {
            "wb-program-h"
        } else {
            "workbench-entry"
        },
        Align::Start,
        host,
    );
}

//! The lab's door to the consumer workbench: a panel with a button that the page's loader
//! (`www/start.js`, then `www/workbench-door.js`) turns into the workbench, fetched and mounted
//! in place, so a learner who never opens it never downloads it. Only markup here, with what
//! the workbench needs in `data-` attributes: the door is in every first load, the workbench
//! is not. Without that loader (a host that mounts the lab itself) the panel stays hidden.
use yew::prelude::*;

use super::text::Lang;

/// The panel; `origin` is the host's, where the workbench reports its checkpoints itself, and
/// `xapi` the lab's activity (the workbench's statements are about `{xapi}/workbench`).
pub fn entry(lang: Lang, origin: Option<String>, xapi: Option<String>) -> Html {
    let t = lang.t();
    html! {
        <section class="panel workbench-entry" aria-labelledby="workbench-h" id="workbench-entry">
            <h2 id="workbench-h">{ t.workbench_heading }</h2>
            <p class="workbench-intro">{ t.workbench_intro }</p>
            <button id="open-workbench" class="btn primary" data-lang={lang.code()} data-origin={origin}
                data-xapi={xapi.map(|a| format!("{a}/workbench"))}>{ t.workbench_open }</button>
            <div class="workbench-mount"></div>
        </section>
    }
}

//! The share link: what is on screen (the settings, a loaded file by name, or the run itself,
//! with the moment), copied with one button; too long for the places a teacher pastes links
//! into, the run is offered as a file instead.
use retry_lab_text::Tables;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::learner::PanelProps;
use retry_lab_core::embed::link::{share_fragment, SharedRun, MAX_SHARE};
use retry_lab_core::embed::scenario::valid_name;
use retry_lab_core::lab::{Action, Lab, Loaded, Origin};
use retry_lab_text::fill;

/// What the link must carry beyond the settings, if anything.
fn shared_run(lab: &Lab) -> Option<SharedRun> {
    match &lab.loaded {
        Some(Loaded {
            origin: Some(Origin::Fetched(name)),
            untouched: true,
        }) if valid_name(name) => Some(SharedRun::File(name.clone())),
        _ if lab.loaded.is_some() || lab.run.script_len() > 0 => {
            Some(SharedRun::Run(lab.run.to_scenario().to_json()))
        }
        _ => None,
    }
}

/// The lab's own address (never the host's query: `origin`, `xapi`…) with `fragment`.
fn share_url(fragment: &str) -> String {
    // Natively (the views' tests, the prerenderer) there is no page to link to.
    if cfg!(not(target_arch = "wasm32")) {
        return fragment.to_string();
    }
    let loc = web_sys::window().map(|w| w.location());
    let base = loc
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default();
    format!("{base}{fragment}")
}

#[derive(Clone, Copy, PartialEq)]
enum Copy {
    Not,
    Done,
    Failed,
}

#[component]
pub fn Share(props: &PanelProps) -> Html {
    let lab = props.lab.lab.borrow();
    let t = lab.lang.t();
    let copied = use_state(|| Copy::Not);
    // A run goes into the link compressed, once the browser has compressed it (until then, and
    // where it cannot, as its JSON).
    let run = lab.share_shown.then(|| shared_run(&lab)).flatten();
    let packed = use_state(|| None::<(String, Vec<u8>)>);
    {
        let packed = packed.clone();
        let json = match &run {
            Some(SharedRun::Run(json)) => Some(json.clone()),
            _ => None,
        };
        use_effect_with(json, move |json| {
            if let Some(json) = json.clone() {
                yew::platform::spawn_local(async move {
                    if let Some(bytes) = crate::learner::deflate::deflate(json.as_bytes()).await {
                        packed.set(Some((json, bytes)));
                    }
                });
            }
        });
    }
    let run = match run {
        Some(SharedRun::Run(json)) => match &*packed {
            Some((done, bytes)) if *done == json => Some(SharedRun::Packed(bytes.clone())),
            _ => Some(SharedRun::Run(json)),
        },
        other => other,
    };
    let on_share = {
        let (on, copied) = (props.on_action.clone(), copied.clone());
        Callback::from(move |_| {
            copied.set(Copy::Not);
            on.emit(Action::ShareLink);
        })
    };
    if !lab.share_shown {
        return html! {
            <div class="share">
                <button type="button" id="share" class="btn small" onclick={on_share}>{ t.share }</button>
            </div>
        };
    }
    let url = share_url(&share_fragment(
        &lab.cfg,
        lab.lang,
        run.as_ref(),
        lab.run.sim.now_ms(),
    ));
    let body = if url.len() > MAX_SHARE {
        let on_download = {
            let lab = props.lab.lab.clone();
            Callback::from(move |_| crate::learner::scenario_io::save_session(&lab.borrow()))
        };
        html! {
            <>
                <p class="small" id="share-too-long">{ fill(t.share_too_long, &[&url.len().to_string(), &MAX_SHARE.to_string()]) }</p>
                <button type="button" class="btn small" id="share-download" onclick={on_download}>{ t.share_download }</button>
            </>
        }
    } else {
        let on_copy = {
            let (url, copied) = (url.clone(), copied.clone());
            Callback::from(move |_| {
                let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
                    return copied.set(Copy::Failed);
                };
                let promise = clipboard.write_text(&url);
                let copied = copied.clone();
                yew::platform::spawn_local(async move {
                    let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                    copied.set(if ok { Copy::Done } else { Copy::Failed });
                });
            })
        };
        let said = match *copied {
            Copy::Not => None,
            Copy::Done => Some(t.share_copied),
            Copy::Failed => Some(t.share_copy_failed),
        };
        html! {
            <>
                <label class="field">
                    <span class="small">{ t.share_hint }</span>
                    <input id="share-link" type="text" readonly=true value={url}
                        onfocus={Callback::from(|e: FocusEvent| e.target_unchecked_into::<HtmlInputElement>().select())} />
                </label>
                <div class="row">
                    <button type="button" class="btn small" id="share-copy" onclick={on_copy}>{ t.share_copy }</button>
                    <span class="small" role="status" id="share-copied">{ for said }</span>
                </div>
            </>
        }
    };
    html! {
        <div class="share">
            <button type="button" id="share" class="btn small" onclick={on_share}>{ t.share }</button>
            { body }
        </div>
    }
}

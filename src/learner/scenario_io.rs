//! The browser side of scenario files: text from a file the learner picks or drops, or from a
//! preset or a file named in the query fetched from the page's own origin, read as the page
//! reads host input (the browser's JSON, then the boundary's reader); and the session saved.
use std::rc::Rc;

use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::js_value::read_within;
use retry_lab_core::embed::scenario::{json_why, read, valid_name, BOUNDS, WHOLE};
use retry_lab_core::embed::{problem, Why};
use retry_lab_core::lab::{Action, Origin};
use retry_lab_core::sim::scenario::MAX_BYTES;

/// Reads `text` as a scenario (from `origin`) and tells the lab: play it, or say why not.
pub fn load_text(text: &str, origin: Option<Origin>, on: &Callback<Action>) {
    if text.len() > MAX_BYTES {
        on.emit(Action::BadScenario(problem(
            WHOLE,
            Why::TooLarge(text.len()),
        )));
        return;
    }
    // The browser's own message is English, and engine-specific: the place is found here.
    let parsed = js_sys::JSON::parse(text).map_err(|_| {
        problem(
            WHOLE,
            json_why(retry_lab_core::embed::json_check::first_error(text)),
        )
    });
    on.emit(
        match parsed.and_then(|js| read(&read_within(&js, BOUNDS))) {
            Ok(sc) => Action::LoadScenario(Rc::new(sc), origin),
            Err(p) => Action::BadScenario(p),
        },
    );
}

/// Inflates a share link's compressed run, then loads it; a link whose run does not inflate
/// (cut short, changed) gets the notice a damaged link gets.
pub fn load_packed(bytes: Vec<u8>, on: &Callback<Action>) {
    let on = on.clone();
    yew::platform::spawn_local(async move {
        match crate::learner::deflate::inflate(&bytes)
            .await
            .and_then(|b| String::from_utf8(b).ok())
        {
            Some(text) => load_text(&text, Some(Origin::Link), &on),
            None => on.emit(Action::BadScenario(problem("runz", Why::Damaged))),
        }
    });
}

/// Awaits a promise of text (a file's `text()`, a response's `text()`), then loads it.
fn load_promise(p: js_sys::Promise, origin: Origin, on: Callback<Action>) {
    yew::platform::spawn_local(async move {
        match JsFuture::from(p).await.ok().and_then(|v| v.as_string()) {
            Some(text) => load_text(&text, Some(origin), &on),
            None => on.emit(Action::BadScenario(problem(WHOLE, Why::NotJson))),
        }
    });
}

/// Loads a file the learner chose or dropped.
/// Loads a scenario file dropped anywhere on the lab.
pub fn on_drop(dispatch: &Callback<Action>) -> Callback<yew::DragEvent> {
    let dispatch = dispatch.clone();
    Callback::from(move |e: yew::DragEvent| {
        e.prevent_default();
        if let Some(file) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            load_file(file, dispatch.clone());
        }
    })
}

pub fn load_file(file: web_sys::File, on: Callback<Action>) {
    if file.size() > MAX_BYTES as f64 {
        on.emit(Action::BadScenario(problem(
            WHOLE,
            Why::TooLarge(file.size() as usize),
        )));
        return;
    }
    load_promise(file.text(), Origin::Picked(file.name()), on);
}

/// Fetches `name` (a preset, or the query's `scenario`) relative to the page, so only from
/// the page's own origin, and loads it.
pub fn fetch(name: &str, on: Callback<Action>) {
    if !valid_name(name) {
        let shown = retry_lab_core::sim::utc::truncate(name, 40);
        on.emit(Action::BadScenario(problem(WHOLE, Why::NotFileName(shown))));
        return;
    }
    let name = name.to_string();
    yew::platform::spawn_local(async move {
        let response = crate::fetch_ok(&name).await;
        match response.and_then(|r| r.text().ok()) {
            Some(text) => load_promise(text, Origin::Fetched(name), on),
            None => on.emit(Action::BadScenario(problem(&name, Why::NotFetched))),
        }
    });
}

/// Saves the run so far as a scenario file the learner downloads (the scenarios panel's
/// button, and the share link's fallback when a link would be too long).
pub fn save_session(lab: &retry_lab_core::lab::Lab) {
    let text = lab.run.to_scenario().to_json();
    let _ = crate::export::download("retry-lab-session.json", "application/json", &text);
}

//! Brings the English texts the first time English is asked for: they are a file beside the
//! lab (`texts-en.txt`, see `text::loaded`), not part of its module.
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::problem::Why;

const FILE: &str = "texts-en.txt";

/// Fetches and reads the English texts, then calls `done`.
pub fn fetch(done: Callback<Result<(), Why>>) {
    let Some(win) = web_sys::window() else {
        return done.emit(Err(Why::NotFetched));
    };
    let url = url(&win);
    yew::platform::spawn_local(async move {
        let response = super::fetch_ok(&url).await;
        let text = match response.and_then(|r| r.text().ok()) {
            Some(p) => JsFuture::from(p).await.ok().and_then(|v| v.as_string()),
            None => None,
        };
        done.emit(match text {
            Some(text) => super::text::loaded::load_english(&text),
            None => Err(Why::NotFetched),
        });
    });
}

/// Beside the lab's own style sheet, which both an iframe's page and a direct mount link (the
/// lab's files are together); else beside the page.
fn url(win: &web_sys::Window) -> String {
    let sheet = win
        .document()
        .and_then(|d| {
            d.query_selector(r#"link[rel~="stylesheet"][href$="style.css"]"#)
                .ok()?
        })
        .and_then(|link| {
            js_sys::Reflect::get(&link, &"href".into())
                .ok()?
                .as_string()
        });
    sheet
        .and_then(|href| web_sys::Url::new_with_base(FILE, &href).ok())
        .map_or_else(|| FILE.to_string(), |u| u.href())
}

//! Brings the English texts the first time English is asked for: they are a file beside the
//! lab (`texts-en.txt`, see `text::loaded`), not part of its module.
use std::cell::RefCell;

use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::lang::Lang;
use crate::problem::Why;

const FILE: &str = "texts-en.txt";

/// Told whether the English texts were read.
type Done = Callback<Result<(), Why>>;

thread_local! {
    /// Who waits for the fetch under way: a second ask (the menu opened, then English chosen
    /// before the texts came) joins it instead of fetching again.
    static WAITING: RefCell<Option<Vec<Done>>> = const { RefCell::new(None) };
}

/// Starts bringing the English texts if they are not here yet; nobody waits for them.
pub fn prefetch() {
    if !Lang::En.ready() {
        fetch(Callback::noop());
    }
}

/// Fetches and reads the English texts, then calls `done`.
pub fn fetch(done: Done) {
    let Some(win) = web_sys::window() else {
        return done.emit(Err(Why::NotFetched));
    };
    let joined = WAITING.with(|w| match &mut *w.borrow_mut() {
        Some(waiting) => {
            waiting.push(done);
            true
        }
        idle => {
            *idle = Some(vec![done]);
            false
        }
    });
    if joined {
        return;
    }
    let places = places(&win);
    yew::platform::spawn_local(async move {
        let mut result = Err(Why::NotFetched);
        for url in places {
            let response = super::fetch_ok(&url).await;
            let text = match response.and_then(|r| r.text().ok()) {
                Some(p) => JsFuture::from(p).await.ok().and_then(|v| v.as_string()),
                None => None,
            };
            // A page of the host's at that address is not the file: its header says so.
            if let Some(text) = text {
                result = super::text::loaded::load_english(&text);
                if result.is_ok() {
                    break;
                }
            }
        }
        for done in WAITING.with(|w| w.borrow_mut().take()).unwrap_or_default() {
            done.emit(result.clone());
        }
    });
}

/// Where to look, in order: beside each `style.css` the page links (the lab's own is among
/// them: an iframe's page and a direct mount both link it, and a host may have a `style.css`
/// of its own), then beside the page.
fn places(win: &web_sys::Window) -> Vec<String> {
    let sheets = win.document().and_then(|d| {
        d.query_selector_all(r#"link[rel~="stylesheet"][href$="style.css"]"#)
            .ok()
    });
    let page = win.location().href().ok();
    let hrefs = (0..sheets.as_ref().map_or(0, |s| s.length())).filter_map(|i| {
        let link = sheets.as_ref()?.get(i)?;
        js_sys::Reflect::get(&link, &"href".into())
            .ok()?
            .as_string()
    });
    let mut places = Vec::new();
    for base in hrefs.chain(page) {
        if let Ok(url) = web_sys::Url::new_with_base(FILE, &base) {
            if !places.contains(&url.href()) {
                places.push(url.href());
            }
        }
    }
    places
}

//! Brings the texts that are files beside the lab rather than part of its module (see
//! `text::loaded`): the English texts the first time English is asked for, the Spanish feedback
//! the first time the learner predicts.
use retry_lab_text::Tables;
use std::cell::RefCell;

use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use retry_lab_core::lang::Lang;
use retry_lab_core::problem::Why;

/// A file of texts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum File {
    English,
    SpanishPath,
}

impl File {
    fn name(self) -> &'static str {
        match self {
            File::English => "texts-en.txt",
            File::SpanishPath => "path-es.txt",
        }
    }

    fn read(self, text: &str) -> Result<(), Why> {
        match self {
            File::English => retry_lab_text::loaded::load_english(text),
            File::SpanishPath => retry_lab_text::spanish_path::load_spanish_path(text),
        }
    }

    fn ready(self) -> bool {
        match self {
            File::English => Lang::En.ready(),
            File::SpanishPath => Lang::Es.path_ready(),
        }
    }
}

/// Told whether the file was read.
type Done = Callback<Result<(), Why>>;

thread_local! {
    /// The files that could not be fetched or read (a later ask tries again).
    static FAILED: RefCell<[bool; 2]> = const { RefCell::new([false, false]) };
    /// Who waits for each fetch under way: a second ask (the menu opened, then English chosen
    /// before the texts came) joins it instead of fetching again.
    static WAITING: RefCell<[Option<Vec<Done>>; 2]> = const { RefCell::new([None, None]) };
}

/// Whether the last try to fetch `file` failed.
pub fn failed(file: File) -> bool {
    FAILED.with(|f| f.borrow()[file as usize])
}

/// Starts bringing the English texts if they are not here yet; nobody waits for them.
pub fn prefetch() {
    prefetch_file(File::English);
}

/// Starts bringing `file` if it is not here yet; nobody waits for it.
pub fn prefetch_file(file: File) {
    if !file.ready() {
        fetch_file(file, Callback::noop());
    }
}

/// Fetches and reads the English texts, then calls `done`.
pub fn fetch(done: Done) {
    fetch_file(File::English, done);
}

/// Fetches and reads `file`, then calls `done`.
pub fn fetch_file(file: File, done: Done) {
    let Some(win) = web_sys::window() else {
        return done.emit(Err(Why::NotFetched));
    };
    let slot = file as usize;
    let joined = WAITING.with(|w| match &mut w.borrow_mut()[slot] {
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
    let places = places(&win, file.name());
    yew::platform::spawn_local(async move {
        let mut result = Err(Why::NotFetched);
        for url in places {
            let response = crate::fetch_ok(&url).await;
            let text = match response.and_then(|r| r.text().ok()) {
                Some(p) => JsFuture::from(p).await.ok().and_then(|v| v.as_string()),
                None => None,
            };
            // A page of the host's at that address is not the file: its header says so.
            if let Some(text) = text {
                result = file.read(&text);
                if result.is_ok() {
                    break;
                }
            }
        }
        FAILED.with(|f| f.borrow_mut()[slot] = result.is_err());
        for done in WAITING
            .with(|w| w.borrow_mut()[slot].take())
            .unwrap_or_default()
        {
            done.emit(result.clone());
        }
    });
}

/// Where to look, in order: beside each `style.css` the page links (the lab's own is among
/// them: an iframe's page and a direct mount both link it, and a host may have a `style.css`
/// of its own), then beside the page.
fn places(win: &web_sys::Window, name: &str) -> Vec<String> {
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
        if let Ok(url) = web_sys::Url::new_with_base(name, &base) {
            if !places.contains(&url.href()) {
                places.push(url.href());
            }
        }
    }
    places
}

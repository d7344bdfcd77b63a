//! The lab's three Yew programs over the core (`retry_lab_core`): the learner's lab
//! (`learner`), the consumer workbench and the teacher's page, each mounted by its own binary
//! (`src/main.rs`, `src/bin/workbench.rs`, `src/bin/teacher.rs`), and what they share in the
//! browser. Their words are in `retry_lab_text`, the teacher's report in `retry_lab_report`.
use retry_lab_core::lab::Action;

// The learner's lab, the consumer workbench (its own module, fetched when opened) and the
// teacher's page (its own module): three Yew programs.
pub mod learner;
pub mod teacher;
pub mod workbench;
// What they share: the host page, bringing things into view, panics, reading JS values,
// storage, downloads. The texts are their own crate (`retry_lab_text`).
pub mod export;
pub mod host;
pub mod js_value;
pub mod panic;
pub mod reveal;
pub mod store;

pub use learner::app::App;
pub use learner::AppProps;

/// The event the lab sends its document when its language changes: an open workbench (its own
/// module, mounted inside the lab) follows, reading the lab's «Idioma».
pub const LANG_EVENT: &str = "retry-lab-lang";

/// Sets the `<select>` `id` to `value` if it shows another: Firefox keeps showing the option
/// first rendered as chosen after Yew moves the `selected` attribute (a scenario or a stop that
/// changes a setting), so a menu driven by the state is set again after each render.
pub fn show_choice(id: &str, value: &str) {
    use wasm_bindgen::JsCast;
    let select = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok());
    if let Some(select) = select.filter(|s| s.value() != value) {
        select.set_value(value);
    }
}

/// The response to `url` (relative to the page) if the server gave one and said yes: how the
/// presets, a linked scenario and the English texts are fetched.
pub async fn fetch_ok(url: &str) -> Option<web_sys::Response> {
    use wasm_bindgen::JsCast;
    let request = web_sys::window()?.fetch_with_str(url);
    let response = wasm_bindgen_futures::JsFuture::from(request).await.ok()?;
    response
        .dyn_into::<web_sys::Response>()
        .ok()
        .filter(|r| r.ok())
}

/// The value of the `<select>` an event came from.
pub fn select_value(e: &yew::Event) -> String {
    yew::TargetCast::target_unchecked_into::<web_sys::HtmlSelectElement>(e).value()
}

/// A `<select>`'s change handler: its options' values are the names of a `named_enum!`, and
/// the chosen one becomes the action `to(choice)`; any other value is ignored.
pub fn on_choice<T: 'static>(
    on_action: &yew::Callback<Action>,
    from_name: fn(&str) -> Option<T>,
    to: fn(T) -> Action,
) -> yew::Callback<yew::Event> {
    let on_action = on_action.clone();
    yew::Callback::from(move |e: yew::Event| {
        if let Some(choice) = from_name(&select_value(&e)) {
            on_action.emit(to(choice));
        }
    })
}

/// Mounts the lab into `element` (the page uses `#lab`; a host page can pass its own).
pub fn mount(element: web_sys::Element, props: AppProps) {
    panic::install();
    yew::Renderer::<App>::with_root_and_props(element, props).render();
}

/// Entry point of the built page: mounts into `#lab` if the page has one (a host page that
/// only loads the module to call `mount_lab` has none).
pub fn start() {
    panic::install();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("lab"));
    if let Some(root) = root {
        // What the learner tapped on the prerendered first view, which this replaces.
        let taps = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"retryLabTaps".into()).ok())
            .map(|v| retry_lab_core::embed::taps::read(&js_value::read(&v)))
            .unwrap_or_default();
        root.set_inner_html(""); // the static "loading" text
        mount(
            root,
            AppProps {
                page_state: true,
                taps,
                ..AppProps::default()
            },
        );
    }
}

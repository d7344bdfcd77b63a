//! The page's entry point (built by trunk): mounts the lab into `#lab` when the page has one,
//! and exports `mount_lab` for hosts that mount it into an element of their own.
#[cfg(target_arch = "wasm32")]
mod web {
    use retry_lab::embed::protocol::MountOptions;
    use retry_lab::ui::{mount, AppProps};
    use wasm_bindgen::prelude::*;

    /// `mount_lab(element, {lang, config, panels, target_origin})`: a direct mount. Options are
    /// validated like any outside input; problems are shown in the lab, never thrown.
    #[wasm_bindgen]
    pub fn mount_lab(element: web_sys::Element, options: JsValue) {
        let json = if options.is_undefined() || options.is_null() {
            "{}".to_string()
        } else {
            js_sys::JSON::stringify(&options)
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_else(|| "null".into())
        };
        let (options, problems) = MountOptions::from_json(&json);
        let notices = problems.iter().map(|p| format!("options: {p}")).collect();
        mount(
            element,
            AppProps {
                options: Some(options),
                notices,
                page_state: true,
                ..AppProps::default()
            },
        );
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab is the browser page; run scripts/serve, or `cargo run --bin simulate -- FILE` for the native runner");
}

//! The page's entry point (built by trunk from `www/index.html`): mounts the lab into `#lab` when the page has one,
//! and exports `mount_lab` for hosts that mount it into an element of their own.
#[cfg(target_arch = "wasm32")]
mod web {
    use retry_lab::{mount, AppProps};
    use retry_lab_core::embed::protocol::MountOptions;
    use retry_lab_core::problem::{BoundaryNotice, Source};
    use wasm_bindgen::prelude::*;

    /// `mount_lab(element, {lang, config, panels, target_origin})`: a direct mount. Options are
    /// validated like any outside input; problems are shown in the lab, never thrown.
    #[wasm_bindgen]
    pub fn mount_lab(element: web_sys::Element, options: JsValue) {
        let options_js = options.clone();
        let (mut options, mut problems) =
            MountOptions::from_value(&retry_lab::js_value::read(&options));
        // A scenario object is read with a scenario file's bounds, larger than an option's.
        let scenario = js_sys::Reflect::get(&options_js, &"scenario".into()).ok();
        if let Some(v) = scenario.filter(|v| !v.is_undefined() && !v.is_null()) {
            let v = retry_lab::js_value::read_within(&v, retry_lab_core::embed::scenario::BOUNDS);
            match retry_lab_core::embed::scenario::read(&v) {
                Ok(sc) => options.scenario = Some(sc),
                Err(mut p) => {
                    p.field = format!("scenario.{}", p.field);
                    problems.push(p);
                }
            }
        }
        let notices = problems
            .into_iter()
            .map(|problem| BoundaryNotice {
                source: Source::Options,
                problem,
            })
            .collect();
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

    /// For the soak test: the wasm instance's linear memory, in bytes.
    #[wasm_bindgen]
    pub fn wasm_memory_bytes() -> f64 {
        (core::arch::wasm32::memory_size::<0>() * 65536) as f64
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab is the browser page; run scripts/serve, or `cargo run --bin simulate -- FILE` for the native runner");
}

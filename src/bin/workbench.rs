//! The consumer workbench's own module (built beside the lab by `scripts/build-workbench`):
//! mounts into `#workbench` on `workbench.html`, and exports `mount_workbench` for the lab,
//! which fetches this module only when a learner opens the workbench.
#[cfg(target_arch = "wasm32")]
mod web {
    use retry_lab::ui::text::Lang;
    use retry_lab::ui::workbench::{mount, WbProps};
    use wasm_bindgen::prelude::*;

    /// `mount_workbench(element, lang, origin, base, link, xapi)`: `origin` is where progress
    /// goes (the lab passes its host's), `base` the share link's address, `link` a program to
    /// open, `xapi` the activity IRI of its statements (none without it).
    #[wasm_bindgen]
    pub fn mount_workbench(
        element: web_sys::Element,
        lang: String,
        origin: Option<String>,
        base: String,
        link: String,
        xapi: Option<String>,
    ) {
        let origin = origin.filter(|o| retry_lab::embed::protocol::valid_origin(o));
        let xapi = xapi.filter(|x| retry_lab::embed::xapi::valid_iri(x));
        mount(
            element,
            WbProps {
                lang: Lang::from_code(&lang).unwrap_or_default(),
                link,
                origin,
                base,
                xapi,
            },
        );
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::ui::workbench::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab-workbench is a browser page; run scripts/serve and open /workbench.html");
}

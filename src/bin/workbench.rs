//! The consumer workbench's own module (built beside the lab by trunk: `Trunk.toml`, `www/index.html`):
//! mounts into `#workbench` on `workbench.html`, and exports `mount_workbench` for the lab,
//! which fetches this module only when a learner opens the workbench.
#[cfg(target_arch = "wasm32")]
mod web {
    use retry_lab::workbench::{mount, WbProps};
    use retry_lab_text::Lang;
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
        let origin = origin.filter(|o| retry_lab_core::embed::protocol::valid_origin(o));
        let xapi = xapi.filter(|x| retry_lab_core::record::contract::valid_iri(x));
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

    /// For `scripts/bench`: the checker's wall time for `steps` with `effect` (as `simulate
    /// check` takes them), in ms: the median of 15 samples of 20 checks each (the page's clock
    /// is coarse, 0.1 ms), or -1 for a program it cannot read.
    #[wasm_bindgen]
    pub fn bench_workbench(steps: &str, effect: &str) -> f64 {
        use retry_lab_core::sim::workbench::{check, Program};
        let Ok(p) = Program::parse(steps, effect, "unique") else {
            return -1.0;
        };
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let mut times: Vec<f64> = (0..15)
            .map(|_| {
                let t0 = now();
                let states: usize = (0..20).map(|_| check(&p).states).sum();
                let dt = (now() - t0) / 20.0;
                // Keep the reports alive so the search cannot be optimised away.
                if states == 0 {
                    -1.0
                } else {
                    dt
                }
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::workbench::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("workbench is a browser page (the consumer workbench); run scripts/serve and open /workbench.html");
}

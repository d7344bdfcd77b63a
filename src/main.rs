//! The page's entry point (built by `scripts/build-release`): mounts the lab into `#lab` when the page has one,
//! and exports `mount_lab` for hosts that mount it into an element of their own.
#[cfg(target_arch = "wasm32")]
mod web {
    use retry_lab::embed::protocol::MountOptions;
    use retry_lab::problem::{BoundaryNotice, Source};
    use retry_lab::ui::{mount, AppProps};
    use wasm_bindgen::prelude::*;

    /// `mount_lab(element, {lang, config, panels, target_origin})`: a direct mount. Options are
    /// validated like any outside input; problems are shown in the lab, never thrown.
    #[wasm_bindgen]
    pub fn mount_lab(element: web_sys::Element, options: JsValue) {
        let options_js = options.clone();
        let (mut options, mut problems) =
            MountOptions::from_value(&retry_lab::ui::js_value::read(&options));
        // A scenario object is read with a scenario file's bounds, larger than an option's.
        let scenario = js_sys::Reflect::get(&options_js, &"scenario".into()).ok();
        if let Some(v) = scenario.filter(|v| !v.is_undefined() && !v.is_null()) {
            let v = retry_lab::ui::js_value::read_within(&v, retry_lab::embed::scenario::BOUNDS);
            match retry_lab::embed::scenario::read(&v) {
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

    /// For `scripts/bench`: a session of `events` publications over 30 simulated minutes at
    /// p = 0.5, then the run recomputed from its start to its 30th minute (what time travel
    /// does) 15 times; returns the median wall time of one recompute, in ms.
    #[wasm_bindgen]
    pub fn bench_recompute(events: u32) -> f64 {
        use retry_lab::lab::run::{Run, RunAction};
        use retry_lab::lab::Part;
        let cfg = retry_lab::sim::Config {
            failure_probability: 0.5,
            ..Default::default()
        };
        let span: u64 = 30 * 60 * 1000;
        let mut run = Run::new(&cfg);
        for k in 0..u64::from(events.max(1)) {
            run.advance_to(k * span / u64::from(events.max(1)));
            let _ = run.apply(RunAction::PublishOne, ());
        }
        run.advance_to(span);
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let mut times = Vec::new();
        for _ in 0..15 {
            let _ = run.apply(RunAction::TravelTo(0), ());
            let t0 = now();
            let _ = run.apply(RunAction::TravelTo(span), ());
            times.push(now() - t0);
        }
        if run.sim.now_ms() != span {
            return -1.0;
        }
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    }

    /// For `scripts/bench`: runs the same Monte Carlo as `cargo bench --bench montecarlo`
    /// (1 000 000 events at p = 0.5 by default) and returns its wall time in ms.
    #[wasm_bindgen]
    pub fn bench_montecarlo(events: u32) -> f64 {
        let cfg = retry_lab::sim::Config {
            failure_probability: 0.5,
            ..Default::default()
        };
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let t0 = now();
        let r = retry_lab::sim::montecarlo::run(&cfg, u64::from(events));
        let dt = now() - t0;
        // Keep the result alive so the run cannot be optimised away.
        if r.attempts == 0 {
            -1.0
        } else {
            dt
        }
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

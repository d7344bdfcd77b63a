//! The benchmarks' own module (`scripts/bench` builds it beside the lab, in the same size-first
//! profile and wasm-opt flags): the Monte Carlo and the time-travel recompute timed in the
//! browser, kept out of the module every learner downloads.
#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::prelude::*;

    /// For `scripts/bench`: a session of `events` publications over 30 simulated minutes at
    /// p = 0.5, then the run recomputed from its start to its 30th minute (what time travel
    /// does) 15 times; returns the median wall time of one recompute, in ms.
    #[wasm_bindgen]
    pub fn bench_recompute(events: u32) -> f64 {
        use retry_lab_core::lab::run::{Run, RunAction};
        use retry_lab_core::lab::Part;
        let cfg = retry_lab_core::sim::Config {
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
        let cfg = retry_lab_core::sim::Config {
            failure_probability: 0.5,
            ..Default::default()
        };
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let t0 = now();
        let r = retry_lab_core::sim::montecarlo::run(&cfg, u64::from(events));
        let dt = now() - t0;
        // Keep the result alive so the run cannot be optimised away.
        if r.attempts == 0 {
            -1.0
        } else {
            dt
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab-bench is a browser module for scripts/bench");
}

#[cfg(target_arch = "wasm32")]
fn main() {}

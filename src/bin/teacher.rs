//! The teacher's page's own module (built beside the lab by trunk: `Trunk.toml`, `www/index.html`): mounts
//! into `#teacher` on `teacher.html`. The learner's page never loads it, and it carries the
//! report (`retry_lab::report`) that the learner's module does not.
#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::prelude::*;

    /// For `benches/teacher.mjs`: splits and aggregates `text` (a file's bytes) as the page
    /// does, without the page's yields: [ms to split and aggregate, answers counted, ms to
    /// split alone, pieces].
    #[wasm_bindgen]
    pub fn bench_teacher(text: &[u8]) -> Vec<f64> {
        use retry_lab::report::split::Splitter;
        use retry_lab::report::{Filter, Report};
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let t0 = now();
        let mut pieces = 0u32;
        let mut s = Splitter::new();
        let _ = s.push(text, &mut |_| pieces += 1);
        let split_ms = now() - t0;
        let t0 = now();
        let mut r = Report::new(Filter::default());
        let mut s = Splitter::new();
        let _ = s.push(text, &mut |p| r.feed_piece(p));
        let _ = s.finish(&mut |p| r.feed_piece(p));
        vec![
            now() - t0,
            r.counts().answers as f64,
            split_ms,
            f64::from(pieces),
        ]
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::ui::teacher::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("teacher is a browser page (the teacher's); build it with `trunk build --release` and open /teacher.html");
}

//! The teacher's page's own module (built beside the lab by trunk: `Trunk.toml`, `www/index.html`): mounts
//! into `#teacher` on `teacher.html`. The learner's page never loads it, and it carries the
//! report (`retry_lab_report`) that the learner's module does not.
#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::teacher::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("teacher is a browser page (the teacher's); build it with `trunk build --release` and open /teacher.html");
}

//! The teacher's page's own module (built beside the lab by `scripts/build-release`): mounts
//! into `#teacher` on `teacher.html`. The learner's page never loads it, and it carries the
//! report (`retry_lab::report`) that the learner's module does not.
#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::ui::teacher::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab-teacher is a browser page; build it with scripts/build-release and open /teacher.html");
}

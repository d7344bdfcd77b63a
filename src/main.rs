//! The page's entry point (built by trunk): mounts the lab into `#lab`.
#[cfg(target_arch = "wasm32")]
fn main() {
    retry_lab::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab is the browser page; run scripts/serve, or `cargo run --bin simulate -- FILE` for the native runner");
}

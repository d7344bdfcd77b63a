//! Browser test of the panic hook (its own test binary: a panic aborts the wasm instance, so
//! nothing else may run in it afterwards). The test provokes a real panic inside a timer
//! callback, a path only tests take, and checks the learner sees the error box, not a dead page.
#![cfg(target_arch = "wasm32")]

use gloo::timers::future::TimeoutFuture;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_panic_shows_the_error_box_with_a_reload_button() {
    retry_lab::panic::install();
    let window = web_sys::window().unwrap();
    // Swallow the trap that follows the hook, so it is not reported as an uncaught error.
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(|e: web_sys::Event| e.prevent_default());
    window
        .add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();
    let boom = Closure::once_into_js(|| -> () { panic!("provoked by the panic test") });
    window
        .set_timeout_with_callback_and_timeout_and_arguments_0(boom.unchecked_ref(), 0)
        .unwrap();
    let doc = window.document().unwrap();
    // Wait for the box (the timer runs, panics, and the hook draws it), at most about 5 s.
    let mut panel = None;
    for _ in 0..500 {
        panel = doc.query_selector(".crash[role=alert]").unwrap();
        if panel.is_some() {
            break;
        }
        TimeoutFuture::new(10).await;
    }
    let panel = panel.expect("error box shown");
    let text = panel.text_content().unwrap();
    assert!(text.contains("provoked by the panic test"), "{text}");
    assert!(
        text.contains("Recargar") || text.contains("Reload"),
        "{text}"
    );
    assert!(panel.query_selector("button").unwrap().is_some());
    on_error.forget();
}

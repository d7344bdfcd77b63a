//! Turns a panic (which must never happen, but would otherwise leave a dead page) into a
//! visible, friendly error box with a reload button.
use retry_lab_text::Tables;
use std::sync::Once;

use retry_lab_text::Lang;

static INSTALL: Once = Once::new();

pub fn install() {
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let detail = info.to_string();
            web_sys::console::error_1(&detail.clone().into());
            show_error_box(&detail);
        }));
    });
}

/// Builds the box with plain DOM calls: Yew may be the thing that is broken.
pub fn show_error_box(detail: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let lang = doc
        .document_element()
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|c| Lang::from_code(&c))
        .unwrap_or_default();
    let t = lang.t();
    let Ok(panel) = doc.create_element("div") else {
        return;
    };
    panel.set_class_name("crash");
    let _ = panel.set_attribute("role", "alert");
    let html = format!(
        "<h2>{}</h2><p>{}</p><pre>{}</pre><button type=\"button\" class=\"btn primary\">{}</button>",
        esc(t.crash_title),
        esc(t.crash_body),
        esc(detail),
        esc(t.reload)
    );
    panel.set_inner_html(&html);
    if let Some(body) = doc.body() {
        let _ = body.prepend_with_node_1(&panel);
    }
    if let Ok(Some(button)) = panel.query_selector("button") {
        let reload = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        let _ = button.add_event_listener_with_callback(
            "click",
            wasm_bindgen::JsCast::unchecked_ref(reload.as_ref()),
        );
        reload.forget();
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

//! Saves text as a file the learner downloads (log exports), with no network involved.
use wasm_bindgen::JsCast;

pub fn download(filename: &str, mime: &str, content: &str) -> Result<(), String> {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let parts = js_sys::Array::of1(&content.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(|_| "blob")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "url")?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a").map_err(|_| "a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

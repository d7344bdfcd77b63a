//! Compression in the browser's own streams (`CompressionStream`, raw deflate): a run in a
//! share link takes a fraction of its JSON's length, and no compressor is linked into the
//! module. Where the browser has none, the caller keeps the uncompressed form.
use js_sys::{Array, ArrayBuffer, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// web-sys has these behind its unstable flag; they are in every current browser.
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
}

const FORMAT: &str = "deflate-raw";

/// `bytes` through a transform stream (a {readable, writable} pair), read back whole.
async fn through(bytes: &[u8], pair: JsValue) -> Option<Vec<u8>> {
    let parts = Array::of1(&Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).ok()?;
    let out = blob.stream().pipe_through(pair.unchecked_ref());
    let response = web_sys::Response::new_with_opt_readable_stream(Some(&out)).ok()?;
    let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
    Some(Uint8Array::new(buffer.unchecked_ref::<ArrayBuffer>()).to_vec())
}

pub async fn deflate(bytes: &[u8]) -> Option<Vec<u8>> {
    through(bytes, CompressionStream::new(FORMAT).ok()?.into()).await
}

/// None when the browser cannot, or `bytes` are not raw deflate (a damaged link).
pub async fn inflate(bytes: &[u8]) -> Option<Vec<u8>> {
    through(bytes, DecompressionStream::new(FORMAT).ok()?.into()).await
}

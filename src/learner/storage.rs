//! Saved state in localStorage. Storage may be missing or refuse (private mode, quotas): the lab
//! then simply does not remember, and never fails because of it.
use retry_lab_core::embed::saved::{parse, Saved};
use retry_lab_core::problem::Problem;

use retry_lab_core::lab::Lab;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// What is saved under `key` (see `saved::storage_key`): None when nothing is; Some(Err) when
/// what is stored is not usable (it is removed).
pub fn load(key: &str) -> Option<Result<Saved, Problem>> {
    let s = storage()?;
    let text = s.get_item(key).ok().flatten()?;
    let r = parse(&text);
    if r.is_err() {
        let _ = s.remove_item(key);
    }
    Some(r)
}

pub fn save(key: &str, lab: &Lab) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, &Saved::of(lab).to_text());
    }
}

//! Saved state in localStorage. Storage may be missing or refuse (private mode, quotas): the lab
//! then simply does not remember, and never fails because of it.
use crate::embed::saved::{parse, Saved, STORAGE_KEY};
use crate::problem::Problem;

use crate::lab::Lab;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// None when nothing is stored; Some(Err) when what is stored is not usable (it is removed).
pub fn load() -> Option<Result<Saved, Problem>> {
    let s = storage()?;
    let text = s.get_item(STORAGE_KEY).ok().flatten()?;
    let r = parse(&text);
    if r.is_err() {
        let _ = s.remove_item(STORAGE_KEY);
    }
    Some(r)
}

pub fn save(lab: &Lab) {
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, &Saved::of(lab).to_text());
    }
}

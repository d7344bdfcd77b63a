//! The page's side of [`Value`]: copies a JS value (a host's message or mount options) into
//! the boundary's pure tree, within its bounds, and writes outgoing messages as JS objects.
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use retry_lab_core::embed::protocol::{Out, Outgoing};
use retry_lab_core::embed::value::{Bounds, Value};

pub fn read(v: &JsValue) -> Value {
    read_within(v, Bounds::MESSAGE)
}

/// Copies `v` within bounds `b` (a scenario file takes more entries than a message).
pub fn read_within(v: &JsValue, b: Bounds) -> Value {
    read_at(v, 0, b)
}

fn read_at(v: &JsValue, depth: usize, b: Bounds) -> Value {
    if v.is_undefined() {
        Value::Absent
    } else if v.is_null() {
        Value::Null
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else if let Some(n) = v.as_f64() {
        Value::Num(n)
    } else if let Some(s) = v.as_string() {
        Value::Str(s.chars().take(b.text).collect())
    } else if depth >= b.depth || v.is_function() || !v.is_object() {
        Value::Other
    } else if Array::is_array(v) {
        let a: &Array = v.unchecked_ref();
        Value::List(
            a.iter()
                .take(b.entries)
                .map(|x| read_at(&x, depth + 1, b))
                .collect(),
        )
    } else {
        // Own enumerable keys; a getter that throws leaves its key out.
        let keys = Object::keys(v.unchecked_ref::<Object>());
        Value::Obj(
            keys.iter()
                .take(b.entries)
                .filter_map(|k| {
                    let val = Reflect::get(v, &k).ok()?;
                    Some((k.as_string()?, read_at(&val, depth + 1, b)))
                })
                .collect(),
        )
    }
}

/// The message as the plain object hosts receive.
pub fn message(msg: &Outgoing) -> JsValue {
    object(&msg.fields())
}

/// A plain object with these fields.
pub fn object(fields: &[(&'static str, Out)]) -> JsValue {
    let o = Object::new();
    for (k, v) in fields {
        let val: JsValue = match v {
            Out::Str(s) => (*s).into(),
            Out::Num(n) => (*n).into(),
            Out::List(items) => items
                .iter()
                .map(|s| JsValue::from_str(s))
                .collect::<Array>()
                .into(),
            Out::Tree(v) => write(v),
        };
        let _ = Reflect::set(&o, &(*k).into(), &val);
    }
    o.into()
}

/// A [`Value`] tree as the JS value it stands for (an xAPI statement for the host).
pub fn write(v: &Value) -> JsValue {
    match v {
        Value::Absent | Value::Other => JsValue::UNDEFINED,
        Value::Null => JsValue::NULL,
        Value::Bool(b) => (*b).into(),
        Value::Num(n) => (*n).into(),
        Value::Str(s) => s.into(),
        Value::List(items) => items.iter().map(write).collect::<Array>().into(),
        Value::Obj(fields) => {
            let o = Object::new();
            for (k, v) in fields {
                let _ = Reflect::set(&o, &k.into(), &write(v));
            }
            o.into()
        }
    }
}

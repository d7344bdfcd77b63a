//! A JavaScript value as the boundary code reads it. The page copies a host's message or mount
//! options out of the JS object into this small tree, within bounds, so every check of it is
//! pure Rust that runs natively, and no JSON text or JSON parser is needed in the page.

/// How deep, how many entries and how long a string the page copies; the rest is cut off
/// (and then reported by the validation as missing or wrong).
pub const MAX_DEPTH: usize = 4;
pub const MAX_ENTRIES: usize = 64;
pub const MAX_TEXT: usize = 4096;

/// How much of a JS value the page copies: host messages and options take [`Bounds::MESSAGE`];
/// a scenario file takes more entries ([`crate::embed::scenario::BOUNDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub depth: usize,
    pub entries: usize,
    pub text: usize,
}

impl Bounds {
    pub const MESSAGE: Bounds = Bounds {
        depth: MAX_DEPTH,
        entries: MAX_ENTRIES,
        text: MAX_TEXT,
    };
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `undefined`, or a key that is not there.
    Absent,
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    List(Vec<Value>),
    /// Own enumerable keys in the object's order.
    Obj(Vec<(String, Value)>),
    /// Anything else (a function, a symbol, a bigint, a DOM node, or past `MAX_DEPTH`).
    Other,
}

pub use crate::problem::Kind;

/// Largest integer every JavaScript number below it represents exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

impl Value {
    /// As JSON, for files and record stores (natively: the page hands its values to the
    /// browser as JS objects). `Absent` and `Other` fields are left out; a number that is not
    /// finite is null.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match self {
            Value::Absent | Value::Null | Value::Other => J::Null,
            Value::Bool(b) => J::Bool(*b),
            Value::Num(n) if n.fract() == 0.0 && n.abs() <= MAX_SAFE => J::from(*n as i64),
            Value::Num(n) => serde_json::Number::from_f64(*n).map_or(J::Null, J::Number),
            Value::Str(s) => J::String(s.clone()),
            Value::List(l) => J::Array(l.iter().map(Value::to_json).collect()),
            Value::Obj(fields) => J::Object(
                fields
                    .iter()
                    .filter(|(_, v)| !matches!(v, Value::Absent | Value::Other))
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }

    /// The value at `key` of an object; `Absent` for anything else.
    pub fn get(&self, key: &str) -> &Value {
        match self {
            Value::Obj(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&Value::Absent, |(_, v)| v),
            _ => &Value::Absent,
        }
    }

    pub fn is_absent(&self) -> bool {
        matches!(self, Value::Absent | Value::Null)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// A whole number: a JS number with no fraction within the exactly representable range,
    /// or decimal digits in a string (seeds above 2^53 can only come that way).
    pub fn as_whole(&self) -> Option<u64> {
        match self {
            Value::Num(n) if n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(n) => Some(*n as u64),
            Value::Str(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.parse().ok()
            }
            _ => None,
        }
    }

    pub fn as_num(&self) -> Option<f64> {
        match self {
            Value::Num(n) if n.is_finite() => Some(*n),
            _ => None,
        }
    }

    /// What kind of value this is, for a message that says what was expected instead.
    pub fn kind(&self) -> Kind {
        match self {
            Value::Absent => Kind::Undefined,
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Boolean,
            Value::Num(_) => Kind::Number,
            Value::Str(_) => Kind::Text,
            Value::List(_) => Kind::List,
            Value::Obj(_) => Kind::Object,
            Value::Other => Kind::Unsupported,
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}

/// Native tests, fuzzing and the runner read JSON text; the page never does (so none of this
/// is linked into it).
impl Value {
    pub fn from_json(text: &str) -> Value {
        Value::from_json_within(text, Bounds::MESSAGE).unwrap_or(Value::Other)
    }

    /// The JSON text as a tree within `b`, or where it stops being JSON. A whole number too
    /// large for a JS number becomes its digits, as a string (which [`Value::as_whole`] reads).
    /// `text` read within bounds `b`, or the line and column (from 1) where it stops being JSON
    /// (0, 0 when serde_json cannot say, as for nesting too deep).
    pub fn from_json_within(text: &str, b: Bounds) -> Result<Value, (u64, u64)> {
        fn conv(v: serde_json::Value, depth: usize, b: Bounds) -> Value {
            if depth > b.depth {
                return Value::Other;
            }
            match v {
                serde_json::Value::Null => Value::Null,
                serde_json::Value::Bool(b) => Value::Bool(b),
                serde_json::Value::Number(n) => match n.as_u64() {
                    Some(u) if u as f64 > MAX_SAFE => Value::Str(u.to_string()),
                    _ => n.as_f64().map_or(Value::Other, Value::Num),
                },
                serde_json::Value::String(s) => Value::Str(s.chars().take(b.text).collect()),
                serde_json::Value::Array(a) => Value::List(
                    a.into_iter()
                        .take(b.entries)
                        .map(|x| conv(x, depth + 1, b))
                        .collect(),
                ),
                serde_json::Value::Object(o) => Value::Obj(
                    o.into_iter()
                        .take(b.entries)
                        .map(|(k, x)| (k, conv(x, depth + 1, b)))
                        .collect(),
                ),
            }
        }
        serde_json::from_str(text)
            .map(|v| conv(v, 0, b))
            .map_err(|e| (e.line() as u64, e.column() as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_a_host_would_pass() {
        let v = Value::from_json(r#"{"a":{"b":[1,"x"]},"n":42,"big":"18446744073709551615"}"#);
        assert_eq!(v.get("n").as_whole(), Some(42));
        assert_eq!(v.get("big").as_whole(), Some(u64::MAX));
        assert_eq!(
            v.get("a").get("b"),
            &Value::List(vec![Value::Num(1.0), "x".into()])
        );
        assert!(v.get("missing").is_absent());
        assert_eq!(Value::Num(1.5).as_whole(), None);
        assert_eq!(Value::Num(-1.0).as_whole(), None);
        assert_eq!(Value::Num(1e300).as_whole(), None);
        assert_eq!(Value::Str("-3".into()).as_whole(), None);
        assert_eq!(Value::Num(f64::NAN).as_num(), None);
        assert_eq!(Value::from_json("{"), Value::Other);
        let deep = format!("{}1{}", "[".repeat(50), "]".repeat(50));
        assert!(matches!(Value::from_json(&deep), Value::List(_)));
    }
}

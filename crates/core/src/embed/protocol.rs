//! The postMessage protocol with the host page: what the lab sends, what it takes, and how a
//! message is checked. The options a host embeds the lab with are in `options`.
use super::value::Value;
use crate::lang::Lang;
use crate::sim::utc::truncate;

pub const PROTOCOL_VERSION: u32 = 1;
/// `source` of every message the lab sends, so hosts can tell them apart.
pub const SOURCE: &str = "retry-lab";
/// Longest query string read.
pub const MAX_MESSAGE: usize = 4096;

/// What the lab tells its host.
#[derive(Clone, Debug, PartialEq)]
pub enum Outgoing {
    Ready {
        lang: Lang,
    },
    Checkpoint {
        id: &'static str,
    },
    Completed {
        checkpoints: Vec<&'static str>,
    },
    Height {
        px: u32,
    },
    /// An xAPI statement for the host to complete with its actor and forward.
    Xapi {
        statement: Value,
    },
    /// Bring the lab's part from `top` to `bottom` (pixels from the top of the lab's page) into
    /// the host's view: its top at the top of the screen (`start`), or with the least scrolling
    /// (`nearest`). Sent from a cross-origin frame, where the lab cannot scroll the page.
    Scroll {
        top: u32,
        bottom: u32,
        align: Align,
    },
    /// The lab's progress as it saves it (the text it keeps in `localStorage` otherwise), for a
    /// host that keeps it (`keep=host`): sent whenever the lab saves, and once when it starts.
    Saved {
        state: String,
    },
}

/// Where a part brought into view goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Its top at the top of the screen (a new stop's card).
    Start,
    /// Only as far as needed to show it whole (a step's result, a new move).
    Nearest,
}

impl Align {
    pub fn as_str(self) -> &'static str {
        match self {
            Align::Start => "start",
            Align::Nearest => "nearest",
        }
    }
}

/// One field of an outgoing message, as the page writes it into a JS object.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    Str(&'static str),
    Num(u32),
    List(Vec<&'static str>),
    Tree(Value),
}

impl Outgoing {
    /// Every field of the message, `source`, `version` and `type` first.
    pub fn fields(&self) -> Vec<(&'static str, Out)> {
        let (kind, fields) = match self {
            Outgoing::Ready { lang } => ("ready", vec![("lang", Out::Str(lang.code()))]),
            Outgoing::Checkpoint { id } => ("checkpoint", vec![("id", Out::Str(id))]),
            Outgoing::Completed { checkpoints } => (
                "completed",
                vec![("checkpoints", Out::List(checkpoints.clone()))],
            ),
            Outgoing::Height { px } => ("height", vec![("px", Out::Num(*px))]),
            Outgoing::Xapi { statement } => {
                ("xapi", vec![("statement", Out::Tree(statement.clone()))])
            }
            Outgoing::Scroll { top, bottom, align } => (
                "scroll",
                vec![
                    ("top", Out::Num(*top)),
                    ("bottom", Out::Num(*bottom)),
                    ("align", Out::Str(align.as_str())),
                ],
            ),
            Outgoing::Saved { state } => (
                "saved",
                vec![("state", Out::Tree(Value::Str(state.clone())))],
            ),
        };
        let mut all = vec![
            ("source", Out::Str(SOURCE)),
            ("version", Out::Num(PROTOCOL_VERSION)),
            ("type", Out::Str(kind)),
        ];
        all.extend(fields);
        all
    }
}

/// What a host may ask of the lab.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    Reset {
        version: u32,
    },
    SetLanguage {
        version: u32,
        lang: Lang,
    },
    /// Which part of the lab's frame is on the learner's screen, from a host that sizes the
    /// frame to the lab (so the frame never scrolls, the page does): `top` is how far the
    /// screen's top is below the frame's top, in the lab's pixels (negative while the frame
    /// starts lower on the screen), `height` the screen's height. The lab keeps its control
    /// bar at the bottom of that part.
    Viewport {
        version: u32,
        top: i32,
        height: u32,
    },
}

/// The farthest a viewport's `top` may be from the frame's top, and the tallest screen.
pub const MAX_VIEWPORT_TOP: f64 = 10_000_000.0;
pub const MAX_VIEWPORT_HEIGHT: f64 = 100_000.0;

/// True for a message the lab itself sent (a direct mount hears its own posts).
pub fn is_own(v: &Value) -> bool {
    v.get("source").as_str() == Some(SOURCE)
}

/// Validates an incoming message. `Err` says why it is ignored.
pub fn parse_incoming(v: &Value) -> Result<Incoming, String> {
    let Value::Obj(fields) = v else {
        return Err(format!(
            "not a valid message: {} instead of an object",
            super::KIND_EN[v.kind() as usize]
        ));
    };
    if let Some((k, _)) = fields
        .iter()
        .find(|(k, _)| !["type", "version", "lang", "top", "height"].contains(&k.as_str()))
    {
        return Err(format!(
            "not a valid message: unknown field «{}»",
            truncate(k, 30)
        ));
    }
    // A number, as hosts send it; "1" as text is not the protocol's version.
    let version = match v.get("version") {
        Value::Num(n) if *n == f64::from(PROTOCOL_VERSION) => PROTOCOL_VERSION,
        Value::Num(n) if n.fract() == 0.0 && (0.0..1e9).contains(n) => {
            return Err(format!(
                "protocol version {}; this lab speaks {PROTOCOL_VERSION}",
                *n as u64
            ))
        }
        _ => return Err("not a valid message: no protocol version (a number)".into()),
    };
    let lang = v.get("lang");
    let (top, height) = (v.get("top"), v.get("height"));
    let geometry = !top.is_absent() || !height.is_absent();
    match (v.get("type").as_str(), lang) {
        (Some("viewport"), Value::Absent) => match (top, height) {
            (Value::Num(t), Value::Num(h))
                if t.is_finite()
                    && t.abs() <= MAX_VIEWPORT_TOP
                    && h.is_finite()
                    && *h >= 1.0
                    && *h <= MAX_VIEWPORT_HEIGHT =>
            {
                Ok(Incoming::Viewport {
                    version,
                    top: t.round() as i32,
                    height: h.round() as u32,
                })
            }
            _ => Err("not a valid message: a viewport needs top and height in pixels".into()),
        },
        _ if geometry => Err(format!(
            "not a valid message: type «{}» with these fields",
            truncate(v.get("type").as_str().unwrap_or("?"), 30)
        )),
        (Some("reset"), Value::Absent) => Ok(Incoming::Reset { version }),
        (Some("set_language"), l) => match l.as_str().and_then(Lang::from_code) {
            Some(lang) => Ok(Incoming::SetLanguage { version, lang }),
            None => Err("not a valid message: lang must be es or en".into()),
        },
        (kind, _) => Err(format!(
            "not a valid message: type «{}» with these fields",
            truncate(kind.unwrap_or("?"), 30)
        )),
    }
}

pub use super::options::{valid_id, valid_origin, Keep, MountOptions, Resize, MAX_ID};

#[cfg(test)]
mod tests;

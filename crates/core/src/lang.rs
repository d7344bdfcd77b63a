//! The lab's languages, and how a text's `{0}` marks are filled. Pure, so the boundary can use
//! it; the page's strings live in `retry_lab_text`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// Spanish, the course's language.
    #[default]
    Es,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }
    pub fn from_code(s: &str) -> Option<Lang> {
        match s {
            "es" => Some(Lang::Es),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// `tpl` with `{0}`, `{1}`, … replaced by `args`; a brace that is no such mark stays as it is.
pub fn fill(tpl: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(tpl.len() + 16);
    let mut rest = tpl;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let mark = after
            .find('}')
            .and_then(|j| Some((j, after[..j].parse::<usize>().ok()?)));
        match mark {
            Some((j, n)) if n < args.len() => {
                out.push_str(args[n]);
                rest = &after[j + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

//! Where a text stops being JSON, for the notice about a scenario file that is not: the
//! browser's `JSON.parse` says so in English and each engine differently (WebKit not at all),
//! so the page finds the place itself. Only run after a parse has failed.

/// The line and column (both from 1, the column in characters) of the first character that
/// makes `text` not JSON, or of its end when it stops too early; None if it is JSON.
pub fn first_error(text: &str) -> Option<(u64, u64)> {
    let b = text.as_bytes();
    let mut p = Parser { b, i: 0, depth: 0 };
    let ok = p.value() && {
        p.ws();
        p.i == b.len()
    };
    if ok {
        return None;
    }
    // Counted over bytes (a character is one byte that is not a UTF-8 continuation): no
    // string searching, which would cost the page more code than this whole reader.
    let (mut line, mut column) = (1u64, 1u64);
    for &c in &b[..p.i.min(b.len())] {
        if c == b'\n' {
            line += 1;
            column = 1;
        } else if c & 0xC0 != 0x80 {
            column += 1;
        }
    }
    Some((line, column))
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        let ok = self.peek() == Some(c);
        self.i += usize::from(ok);
        ok
    }
    fn word(&mut self, w: &[u8]) -> bool {
        for &c in w {
            if self.peek() != Some(c) {
                return false;
            }
            self.i += 1;
        }
        true
    }
    fn value(&mut self) -> bool {
        self.ws();
        // As deep as any reader would go; deeper is refused (and reported) like a syntax error.
        if self.depth > 512 {
            return false;
        }
        match self.peek() {
            Some(b'{') => self.seq(b'}', true),
            Some(b'[') => self.seq(b']', false),
            Some(b'"') => self.string(),
            Some(b't') => self.word(b"true"),
            Some(b'f') => self.word(b"false"),
            Some(b'n') => self.word(b"null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => false,
        }
    }
    /// An object (`keyed`) or an array, from its opening bracket to `close`.
    fn seq(&mut self, close: u8, keyed: bool) -> bool {
        self.i += 1;
        self.depth += 1;
        if self.eat(close) {
            self.depth -= 1;
            return true;
        }
        loop {
            if keyed {
                self.ws();
                if !(self.peek() == Some(b'"') && self.string() && self.eat(b':')) {
                    return false;
                }
            }
            if !self.value() {
                return false;
            }
            if self.eat(close) {
                self.depth -= 1;
                return true;
            }
            if !self.eat(b',') {
                return false;
            }
        }
    }
    fn string(&mut self) -> bool {
        self.i += 1;
        while let Some(c) = self.peek() {
            match c {
                b'"' => {
                    self.i += 1;
                    return true;
                }
                b'\\' => {
                    self.i += 1;
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.i += 1,
                        Some(b'u') => {
                            self.i += 1;
                            for _ in 0..4 {
                                if !self.peek().is_some_and(|h| h.is_ascii_hexdigit()) {
                                    return false;
                                }
                                self.i += 1;
                            }
                        }
                        _ => return false,
                    }
                }
                0..=0x1f => return false,
                _ => self.i += 1,
            }
        }
        false
    }
    fn digits(&mut self) -> bool {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        self.i > start
    }
    fn number(&mut self) -> bool {
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        if self.peek() == Some(b'0') {
            self.i += 1;
        } else if !self.digits() {
            return false;
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !self.digits() {
                return false;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !self.digits() {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::first_error;

    #[test]
    fn finds_where_json_stops() {
        assert_eq!(
            first_error(r#"{"a": [1, 2.5e-3, "x\u00e9", true, null]}"#),
            None
        );
        assert_eq!(first_error("{\"events\": [hola]}"), Some((1, 13)));
        assert_eq!(
            first_error("{\n  \"a\": 1,\n  \"b\": tru\n}"),
            Some((3, 11))
        );
        assert_eq!(first_error("{\"a\": 1"), Some((1, 8)));
        assert_eq!(first_error("{\"a\": 1,}"), Some((1, 9)));
        assert_eq!(first_error(""), Some((1, 1)));
        assert_eq!(first_error("[1] x"), Some((1, 5)));
        assert_eq!(first_error("«ñ» {"), Some((1, 1)));
        assert_eq!(first_error("{\"é\": x}"), Some((1, 7)));
        assert!(first_error(&"[".repeat(100_000)).is_some());
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::first_error;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]
            /// JSON or not JSON, as serde_json decides (shallow texts: serde_json stops at a
            /// depth of 128).
            #[test]
            fn agrees_with_serde_json(text in "[\\[\\]{}\",:0-9a-z. \\n-]{0,40}") {
                let serde = serde_json::from_str::<serde_json::Value>(&text).is_ok();
                prop_assert_eq!(first_error(&text).is_none(), serde, "{:?}", text);
            }
        }
    }
}

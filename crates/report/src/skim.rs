//! Cuts the `"definition"` objects out of a statement's text before it is read for its head:
//! the definition (names, question and choices in two languages) is about half of what the lab
//! sends, and a report needs it only until each stop is named, so most statements are read
//! without it, as if it were `null`. A scan of strings and brackets, eight bytes at a time
//! inside strings; anything it cannot follow is left as it was.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The first byte from `from` that is `a` or `b`, eight bytes at a time (a word's bytes equal
/// to either become zero, found by the borrow trick; the lowest is the first in memory).
pub fn find2(s: &[u8], from: usize, a: u8, b: u8) -> Option<usize> {
    let (wa, wb) = (LO * u64::from(a), LO * u64::from(b));
    let mut i = from;
    while let Some(word) = s.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let w = u64::from_le_bytes(w);
        let (x, y) = (w ^ wa, w ^ wb);
        let zero = (x.wrapping_sub(LO) & !x | y.wrapping_sub(LO) & !y) & HI;
        if zero != 0 {
            return Some(i + (zero.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let tail = s.get(i..)?;
    tail.iter().position(|&c| c == a || c == b).map(|k| i + k)
}

/// Where the string whose content starts at `from` ends (the index of its closing quote).
fn string_end(s: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        let k = find2(s, i, b'"', b'\\')?;
        if s[k] == b'"' {
            return Some(k);
        }
        i = k + 2; // an escape and the byte it escapes
    }
}

fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while s
        .get(i)
        .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
    {
        i += 1;
    }
    i
}

/// The index just past the object that opens at `from` (`s[from]` is `{`).
fn object_end(s: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0u32;
    let mut i = from;
    loop {
        match *s.get(i)? {
            b'"' => i = string_end(s, i + 1)?,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// `text` with the value of every `"definition"` key that is an object replaced by `null`,
/// written into `out`. False (and `out` unspecified) when there was none to cut.
pub fn without_definitions(text: &[u8], out: &mut Vec<u8>) -> bool {
    const KEY: &[u8] = b"definition\"";
    out.clear();
    let (mut copied, mut i) = (0, 0);
    // Outside strings, each quote opens one: so every string is stepped over whole.
    while let Some(q) = find2(text, i, b'"', b'"') {
        let Some(end) = string_end(text, q + 1) else {
            break;
        };
        i = end + 1;
        if text.get(q + 1..q + 1 + KEY.len()) != Some(KEY) {
            continue;
        }
        let colon = skip_ws(text, i);
        if text.get(colon) != Some(&b':') {
            continue;
        }
        let value = skip_ws(text, colon + 1);
        if text.get(value) != Some(&b'{') {
            continue;
        }
        let Some(value_end) = object_end(text, value) else {
            break;
        };
        out.extend_from_slice(&text[copied..value]);
        out.extend_from_slice(b"null");
        copied = value_end;
        i = value_end;
    }
    if copied == 0 {
        return false;
    }
    out.extend_from_slice(&text[copied..]);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> String {
        let mut out = Vec::new();
        if without_definitions(text.as_bytes(), &mut out) {
            String::from_utf8(out).unwrap()
        } else {
            text.to_string()
        }
    }

    #[test]
    fn definitions_become_null_and_nothing_else_changes() {
        assert_eq!(
            cut(
                r#"{"object":{"id":"x","definition" : {"name":{"es":"}\"{"},"c":[{"a":1}]}},"v":2}"#
            ),
            r#"{"object":{"id":"x","definition" : null},"v":2}"#
        );
        // Not a key, not an object, or inside a string: left alone.
        for same in [
            r#"{"name":"definition","x":1}"#,
            r#"{"definition":"text"}"#,
            r#"{"a":"\"definition\":{}"}"#,
            r#"{"definition":{"broken":"#,
            "",
        ] {
            assert_eq!(cut(same), same);
        }
        let two = r#"{"definition":{},"context":{"parent":[{"definition":{"a":[]}}]}}"#;
        assert_eq!(
            cut(two),
            r#"{"definition":null,"context":{"parent":[{"definition":null}]}}"#
        );
    }

    #[test]
    fn find2_finds_the_first_of_two_bytes_at_every_offset() {
        let text = b"abcdefghijklmnopqrstuvwxyz0123456789";
        for (i, &c) in text.iter().enumerate() {
            for from in 0..=i {
                assert_eq!(find2(text, from, c, b'#'), Some(i));
            }
        }
        assert_eq!(find2(text, 0, b'#', b'!'), None);
        assert_eq!(find2(text, 99, b'a', b'b'), None);
        assert_eq!(find2("é\u{80}\"".as_bytes(), 0, b'"', b'\\'), Some(4));
    }
}

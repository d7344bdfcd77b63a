//! Reading a whole input through the [`Splitter`]: a file or a stream in 64 KB chunks (the
//! command line), a text at once (tests); and what the splitter's errors say, in English, for
//! the command line (the page words them in its own texts).
use super::split::{Format, Piece, SplitError, Splitter};

/// A whole text split: its pieces' bytes (empty for one too large), the format and `more`.
pub type Split = (Vec<Vec<u8>>, Format, Option<String>);

/// Splits a whole text at once (tests, a store's page).
pub fn split_all(text: &[u8]) -> Result<Split, SplitError> {
    let mut out = Vec::new();
    let mut s = Splitter::new();
    let mut each = |p: Piece| {
        out.push(match p {
            Piece::Statement(b) => b.to_vec(),
            Piece::TooLarge => Vec::new(),
        })
    };
    s.push(text, &mut each)?;
    let (f, more) = s.finish(&mut each)?;
    Ok((out, f, more))
}

impl std::fmt::Display for SplitError {
    /// In English, for the command line (the page says it in its own texts).
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        const SHAPES: &str =
            "a JSON array of statements, a statements page ({\"statements\": [...]}) or JSON Lines";
        match self {
            SplitError::Empty => write!(f, "it is empty; expected {SHAPES}"),
            SplitError::NotJson(c) => write!(f, "it starts with «{c}»; expected {SHAPES}"),
            SplitError::Trailing(at) => write!(f, "something follows the statements at byte {at}"),
            SplitError::Truncated => write!(f, "it ends in the middle of a statement"),
        }
    }
}

/// Why a file could not be read to its end.
#[derive(Debug)]
pub enum ReadError {
    Io(std::io::Error),
    Split(SplitError),
}

/// Reads `from` in chunks of 64 KB to its end, handing each piece to `each`: a file of any
/// size in a few KB of memory beyond the statement being read.
pub fn read_from(
    mut from: impl std::io::Read,
    each: &mut dyn FnMut(Piece),
) -> Result<(Format, Option<String>), ReadError> {
    let mut s = Splitter::new();
    let mut chunk = vec![0; 64 << 10];
    loop {
        let n = match from.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        s.push(&chunk[..n], each).map_err(ReadError::Split)?;
    }
    s.finish(each).map_err(ReadError::Split)
}

/// `scheme://host[:port]` of an http(s) address, or None for anything else.
pub fn origin(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &rest[..host_end];
    let ok = !host.is_empty()
        && !host.contains('@')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]_".contains(c));
    ok.then(|| &url[..url.len() - rest.len() + host_end])
}

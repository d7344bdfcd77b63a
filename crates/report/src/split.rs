//! Cuts a stream of bytes into its top-level statements, chunk by chunk, so a file of millions
//! of statements is never one string in memory: a JSON array (`[{…},{…}]`), a statements page
//! (`{"statements": […], "more": "…"}`, whose `more` is kept) or JSON Lines (one object after
//! another). It only tracks strings and nesting; each statement's own JSON is read by the
//! report. A chunk may end anywhere, in the middle of a string or a UTF-8 sequence included.

/// Longest statement kept (a real one is a few KB): a longer one is skipped, not buffered.
pub const MAX_STATEMENT: usize = 1 << 20;
/// Longest `more` kept.
const MAX_MORE: usize = 8 << 10;

/// What the input turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Array,
    Page,
    Lines,
}

/// Why the input is not statements at all (each statement's own faults are the report's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// Nothing but white space.
    Empty,
    /// It starts with something that is no JSON array or object: its first character.
    NotJson(char),
    /// Something follows the array or the page, at this byte.
    Trailing(u64),
    /// It ends inside a statement, a string or the array.
    Truncated,
}

/// One top-level piece: a statement's bytes, or one too long to keep.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Statement(&'a [u8]),
    TooLarge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Before the first byte that is not white space.
    Start,
    /// Between the elements of the top-level array (depth 1) or of a page's `statements`.
    Between,
    /// Inside an element (or a JSON Lines object) at `depth` below where it started.
    Element,
    /// Inside the top-level object, not yet known to be a page or a statement.
    Top,
    /// A page, outside its `statements` array.
    PageRest,
    /// After the whole array or page: only white space may follow.
    After,
    /// JSON Lines, between objects.
    Lines,
    /// JSON Lines, a line that is no object: skipped up to its end.
    BadLine,
}

pub struct Splitter {
    mode: Mode,
    format: Option<Format>,
    /// Nesting inside the current element (Element) or the top-level object (Top, PageRest).
    depth: u32,
    in_str: bool,
    escaped: bool,
    /// An element that is a bare value (not an object or array) ends at `,`, `]` or space.
    scalar: bool,
    buf: Vec<u8>,
    too_large: bool,
    /// Top-level object's key being read (at depth 1), and whether a key or a value is next.
    key: Vec<u8>,
    in_key: bool,
    expect_key: bool,
    last_key: Vec<u8>,
    /// The page's `more`, as its JSON string.
    more_raw: Option<Vec<u8>>,
    in_more: bool,
    pos: u64,
    error: Option<SplitError>,
}

impl Default for Splitter {
    fn default() -> Self {
        Self::new()
    }
}

/// The bytes a run stops at outside strings: strings and brackets. A table, so the scan is one
/// load and test per byte (inside strings, `skim::find2` goes eight bytes at a time).
const STRUCTURE: [bool; 256] = table(b"\"{}[]");

const fn table(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl Splitter {
    pub fn new() -> Self {
        Splitter {
            mode: Mode::Start,
            format: None,
            depth: 0,
            in_str: false,
            escaped: false,
            scalar: false,
            buf: Vec::new(),
            too_large: false,
            key: Vec::new(),
            in_key: false,
            expect_key: false,
            last_key: Vec::new(),
            more_raw: None,
            in_more: false,
            pos: 0,
            error: None,
        }
    }

    /// What the input is, once its start has been seen (JSON Lines once its first object ended).
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// Reads `chunk`, handing each complete piece to `each`. After an error nothing more is read.
    pub fn push(&mut self, chunk: &[u8], each: &mut dyn FnMut(Piece)) -> Result<(), SplitError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let mut i = 0;
        while i < chunk.len() {
            if self.mode == Mode::Element && !self.scalar {
                i = self.run(chunk, i, each);
                continue;
            }
            let b = chunk[i];
            if matches!(self.mode, Mode::Between | Mode::Lines) && matches!(b, b'{' | b'[') {
                self.start_element(b);
                i = self.run(chunk, i, each);
                continue;
            }
            i += 1;
            self.pos += 1;
            let bom = [0xEF, 0xBB, 0xBF];
            if self.mode == Mode::Start && self.pos <= 3 && bom[self.pos as usize - 1] == b {
                continue; // a UTF-8 byte order mark
            }
            if let Err(e) = self.byte(b, each) {
                self.error = Some(e.clone());
                return Err(e);
            }
        }
        Ok(())
    }

    /// The hot path: the bytes of an object or array element from `from`, in runs between the
    /// bytes that matter (quotes, escapes, brackets), up to the element's end or the chunk's.
    /// An element wholly inside the chunk is handed out as a slice of it, uncopied. Returns
    /// where it stopped.
    fn run(&mut self, chunk: &[u8], from: usize, each: &mut dyn FnMut(Piece)) -> usize {
        let mut j = from;
        let mut ended = false;
        while j < chunk.len() {
            let rest = &chunk[j..];
            if self.escaped {
                self.escaped = false;
                j += 1;
            } else if self.in_str {
                match super::skim::find2(chunk, j, b'"', b'\\') {
                    None => j = chunk.len(),
                    Some(k) => {
                        if chunk[k] == b'"' {
                            self.in_str = false;
                        } else {
                            self.escaped = true;
                        }
                        j = k + 1;
                    }
                }
            } else {
                let hit = rest.iter().position(|&b| STRUCTURE[usize::from(b)]);
                let Some(k) = hit else {
                    j = chunk.len();
                    break;
                };
                j += k + 1;
                match rest[k] {
                    b'"' => self.in_str = true,
                    b'{' | b'[' => self.depth += 1,
                    _ => {
                        self.depth = self.depth.saturating_sub(1);
                        if self.depth == 0 {
                            ended = true;
                            break;
                        }
                    }
                }
            }
        }
        self.pos += (j - from) as u64;
        let part = &chunk[from..j];
        if ended && self.buf.is_empty() && !self.too_large && part.len() <= MAX_STATEMENT {
            each(Piece::Statement(part));
        } else {
            self.keep_all(part);
            if ended {
                self.end_element(each);
            }
        }
        if ended {
            self.mode = if self.format == Some(Format::Lines) {
                Mode::Lines
            } else {
                Mode::Between
            };
        }
        j
    }

    fn keep_all(&mut self, part: &[u8]) {
        if self.too_large {
            return;
        }
        if self.buf.len() + part.len() > MAX_STATEMENT {
            self.too_large = true;
            self.buf = Vec::new();
        } else {
            self.buf.extend_from_slice(part);
        }
    }

    /// The end of the input: the format and the page's `more` (if any), or why it is not whole.
    pub fn finish(
        mut self,
        each: &mut dyn FnMut(Piece),
    ) -> Result<(Format, Option<String>), SplitError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.mode == Mode::BadLine {
            self.end_element(each);
            self.mode = Mode::Lines;
        }
        let more = self
            .more_raw
            .as_deref()
            .filter(|_| self.format == Some(Format::Page))
            .and_then(|raw| serde_json::from_slice::<String>(raw).ok());
        match (self.mode, self.format) {
            (Mode::Start, _) => Err(SplitError::Empty),
            (Mode::After, Some(f)) | (Mode::Lines, Some(f)) => Ok((f, more)),
            _ => Err(SplitError::Truncated),
        }
    }

    fn start_element(&mut self, b: u8) {
        self.mode = Mode::Element;
        self.buf.clear();
        self.too_large = false;
        self.depth = 0;
        self.scalar = !matches!(b, b'{' | b'[');
    }

    fn keep(&mut self, b: u8) {
        if self.too_large {
            return;
        }
        if self.buf.len() >= MAX_STATEMENT {
            self.too_large = true;
            self.buf = Vec::new();
        } else {
            self.buf.push(b);
        }
    }

    fn end_element(&mut self, each: &mut dyn FnMut(Piece)) {
        if self.too_large {
            each(Piece::TooLarge);
        } else {
            each(Piece::Statement(&self.buf));
        }
        self.buf.clear();
        self.too_large = false;
    }

    /// Tracks a string's end; true while inside one (the byte is part of it).
    fn string(&mut self, b: u8) -> bool {
        if !self.in_str {
            return false;
        }
        if self.escaped {
            self.escaped = false;
        } else if b == b'\\' {
            self.escaped = true;
        } else if b == b'"' {
            self.in_str = false;
        }
        true
    }

    fn byte(&mut self, b: u8, each: &mut dyn FnMut(Piece)) -> Result<(), SplitError> {
        match self.mode {
            Mode::Start => {
                if is_ws(b) {
                } else if b == b'[' {
                    self.format = Some(Format::Array);
                    self.mode = Mode::Between;
                } else if b == b'{' {
                    self.mode = Mode::Top;
                    self.depth = 1;
                    self.expect_key = true;
                    self.buf.clear();
                    self.keep(b);
                } else {
                    return Err(SplitError::NotJson(self.first_char(b)));
                }
            }
            Mode::Between => {
                if is_ws(b) || b == b',' {
                } else if b == b']' {
                    self.mode = if self.format == Some(Format::Page) {
                        self.depth = 1;
                        self.expect_key = false;
                        Mode::PageRest
                    } else {
                        Mode::After
                    };
                } else {
                    self.start_element(b);
                    return self.element(b, each);
                }
            }
            Mode::Element => return self.element(b, each),
            Mode::Top | Mode::PageRest => self.top(b, each),
            Mode::After => {
                if !is_ws(b) {
                    return Err(SplitError::Trailing(self.pos));
                }
            }
            Mode::Lines => {
                if is_ws(b) {
                } else {
                    self.start_element(b);
                    if self.scalar {
                        // Not an object: the rest of the line is one unreadable piece.
                        self.mode = Mode::BadLine;
                        self.keep(b);
                    } else {
                        return self.element(b, each);
                    }
                }
            }
            Mode::BadLine => {
                if b == b'\n' {
                    self.end_element(each);
                    self.mode = Mode::Lines;
                } else {
                    self.keep(b);
                }
            }
        }
        Ok(())
    }

    /// A byte of a bare value in the array (objects and arrays go through [`Splitter::run`]):
    /// it ends at a comma, the array's end or white space outside a string.
    fn element(&mut self, b: u8, each: &mut dyn FnMut(Piece)) -> Result<(), SplitError> {
        if !self.string(b) {
            if b == b',' || b == b']' || is_ws(b) {
                self.end_element(each);
                self.mode = Mode::Between;
                return self.byte(b, each);
            }
            if b == b'"' {
                self.in_str = true;
            }
        }
        self.keep(b);
        Ok(())
    }

    /// A byte of the top-level object: a statement (JSON Lines) until its `statements` key
    /// shows it is a page.
    fn top(&mut self, b: u8, each: &mut dyn FnMut(Piece)) {
        let page = self.mode == Mode::PageRest;
        if !page {
            self.keep(b);
        }
        if self.in_str {
            let was_key = self.in_key;
            self.string(b);
            if self.in_more {
                self.more(b);
            }
            if was_key {
                if !self.in_str {
                    self.in_key = false;
                    self.last_key = std::mem::take(&mut self.key);
                } else if self.key.len() < 16 {
                    self.key.push(b);
                }
            }
            if !self.in_str {
                self.in_more = false;
            }
            return;
        }
        if is_ws(b) {
            return;
        }
        match b {
            b'"' => {
                self.in_str = true;
                if self.depth == 1 && self.expect_key {
                    self.in_key = true;
                    self.key.clear();
                    self.expect_key = false;
                } else if self.depth == 1 && self.last_key == b"more" {
                    self.more_raw = Some(vec![b'"']);
                    self.in_more = true;
                }
            }
            b',' if self.depth == 1 => self.expect_key = true,
            b'[' if self.depth == 1 && !page && self.last_key == b"statements" => {
                // A page: what was kept of the object so far is no statement.
                self.format = Some(Format::Page);
                self.buf.clear();
                self.too_large = false;
                self.last_key.clear();
                self.mode = Mode::Between;
            }
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => {
                self.depth = self.depth.saturating_sub(1);
                if self.depth == 0 {
                    if page {
                        self.mode = Mode::After;
                    } else {
                        // A whole object without `statements`: the first line of JSON Lines.
                        self.format = Some(Format::Lines);
                        self.end_element(each);
                        self.mode = Mode::Lines;
                    }
                }
            }
            _ => {}
        }
        if b != b'"' && self.depth == 1 && !matches!(b, b':' | b',') {
            // A value other than a string at depth 1: the key it belonged to is done with.
            self.last_key.clear();
        }
    }

    fn more(&mut self, b: u8) {
        if let Some(raw) = self.more_raw.as_mut() {
            if raw.len() < MAX_MORE {
                raw.push(b);
            } else {
                self.more_raw = None;
            }
        }
    }

    /// The character a non-JSON input starts with, for the message (a byte that starts no
    /// UTF-8 character is shown as U+FFFD).
    fn first_char(&self, b: u8) -> char {
        if b.is_ascii() {
            b as char
        } else {
            char::REPLACEMENT_CHARACTER
        }
    }
}

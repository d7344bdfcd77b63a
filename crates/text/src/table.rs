//! The machinery of the text tables: `keyed!` (an array keyed by an enum, checked by the
//! compiler), `later!` (a Spanish path text that comes in a file), `strings!` (a table struct
//! and its visitor) and the [`Strings`] trait that turns a table into a file and back.
use super::Why;
use retry_lab_core::lab::path::{Answer, Choice, Stop};

/// A text table indexed by an enum, written as `keyed!(Enum { A: "…", B: "…" })`: each text
/// names its variant, and the compiler checks that every variant is named, once, in the
/// enum's order (the array is then indexed by `variant as usize`). A table in another order, or
/// one missing a variant, does not compile; the missing variant is named in the error
/// («Stop::Rebalance has no text in this table»).
macro_rules! keyed {
    ($enum:ident { $($variant:ident: $value:expr,)* }) => {{
        const _: () = {
            let mut i = 0;
            $(
                // A variant the table skips is named as itself, not as the next one.
                if ($enum::$variant as usize) > i {
                    panic!("{}", $enum::UNKEYED[i]);
                }
                assert!(
                    $enum::$variant as usize == i,
                    concat!(stringify!($enum), "::", stringify!($variant), " is out of place")
                );
                i += 1;
            )*
            if i < $enum::COUNT {
                panic!("{}", $enum::UNKEYED[i]);
            }
        };
        [$($value,)*]
    }};
}

/// A text of the Spanish table's path beyond its first view (a stop's todo, prompt and
/// explanation): built in natively; in the page it comes with `path-es.txt`, fetched when the
/// learner first predicts or reaches another stop (`loaded`, `ui::text_files`), so the first
/// load does not carry it.
#[cfg(target_arch = "wasm32")]
macro_rules! later {
    ($s:expr) => {
        ""
    };
}
#[cfg(not(target_arch = "wasm32"))]
macro_rules! later {
    ($s:expr) => {
        $s
    };
}

/// Visits every string of a table in declaration order: how a language table becomes a file
/// ([`loaded`]) and a file becomes a table again. `SHAPE` fingerprints the table's keys (their
/// names, order and lengths) at compile time, so a file written for other keys is refused.
///
/// The visit goes by the strings' places in the table (`offsets`: a table of fields per struct
/// and a loop per array) rather than one line of code per string: written out, the English
/// table's 550 strings were 9.7 KB of the page's module.
pub trait Strings: Sized {
    const SHAPE: u64;
    /// How many strings [`Strings::each`] visits.
    const COUNT: usize;
    /// Calls `f` with the byte offset, in a `Self` placed at `base`, of each of its strings in
    /// declaration order. Every offset it gives is that of a `&'static str` inside `Self`.
    fn offsets(base: usize, f: &mut dyn FnMut(usize));
    fn each(&mut self, f: &mut dyn FnMut(&mut &'static str)) {
        let start = (self as *mut Self).cast::<u8>();
        Self::offsets(0, &mut |off| {
            // SAFETY: `offsets` gives only offsets of `&'static str` fields of `Self` (each impl
            // below derives them from the field's own type), so `start + off` is such a field
            // of `*self`, which nothing else borrows while `each` runs.
            f(unsafe { &mut *start.add(off).cast::<&'static str>() })
        });
    }
}

/// The lines of a fetched text file after its header, one per call (empty past the end), if
/// its first line is `header` and exactly `n` lines follow; else `Why::Damaged` (a cached file
/// for other keys, cut short or lengthened). `lines` also takes CRLF line ends, which a server
/// may have made of the file's. Checked, the text is kept for the page's life, as the built-in
/// tables are.
pub fn file_lines(data: &str, header: &str, n: usize) -> Result<impl FnMut() -> &'static str, Why> {
    let mut lines = data.lines();
    if lines.next() != Some(header) || lines.count() != n {
        return Err(Why::Damaged);
    }
    let data: &'static str = Box::leak(data.to_owned().into_boxed_str());
    let mut lines = data.lines().skip(1);
    Ok(move || lines.next().unwrap_or_default())
}

/// FNV-1a over `bytes`, started from `h` (XORed into the offset basis): the shape's fingerprint,
/// computed by the compiler.
pub const fn mix(h: u64, bytes: &[u8]) -> u64 {
    let mut x = h ^ 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        x = (x ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    x
}

impl Strings for &'static str {
    const SHAPE: u64 = 1;
    const COUNT: usize = 1;
    fn offsets(base: usize, f: &mut dyn FnMut(usize)) {
        f(base)
    }
}

impl<T: Strings, const N: usize> Strings for [T; N] {
    const SHAPE: u64 = mix(T::SHAPE, &(N as u64).to_le_bytes());
    const COUNT: usize = N * T::COUNT;
    fn offsets(base: usize, f: &mut dyn FnMut(usize)) {
        for i in 0..N {
            T::offsets(base + i * std::mem::size_of::<T>(), f);
        }
    }
}

/// The sentences behind a function (`why`, `choice`, `mistake`) are visited by [`loaded`]
/// over each function's whole domain, not here.
impl Strings for fn(&Why) -> &'static str {
    const SHAPE: u64 = 2;
    const COUNT: usize = 0;
    fn offsets(_: usize, _: &mut dyn FnMut(usize)) {}
}
impl Strings for fn(Choice) -> &'static str {
    const SHAPE: u64 = 3;
    const COUNT: usize = 0;
    fn offsets(_: usize, _: &mut dyn FnMut(usize)) {}
}
impl Strings for fn(Stop, Answer) -> Option<&'static str> {
    const SHAPE: u64 = 4;
    const COUNT: usize = 0;
    fn offsets(_: usize, _: &mut dyn FnMut(usize)) {}
}

/// Declares a table struct (every field a string, an array of them, a nested table or a
/// function) and its [`Strings`] visitor, so a new key cannot be left out of the file.
macro_rules! strings {
    ($(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $f:ident: $t:ty,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy)]
        pub struct $name { $($(#[$fm])* pub $f: $t,)* }

        impl Strings for $name {
            const SHAPE: u64 = {
                let mut h = 0;
                $(h = mix(h, stringify!($f).as_bytes()); h = mix(h, &<$t as Strings>::SHAPE.to_le_bytes());)*
                h
            };
            const COUNT: usize = 0 $(+ <$t as Strings>::COUNT)*;
            fn offsets(base: usize, f: &mut dyn FnMut(usize)) {
                // Each field's place and how to visit it: data, not a line of code per field.
                type Visit = fn(usize, &mut dyn FnMut(usize));
                const FIELDS: &[(usize, Visit)] = &[
                    $((std::mem::offset_of!($name, $f), <$t as Strings>::offsets),)*
                ];
                for &(off, visit) in FIELDS {
                    visit(base + off, f);
                }
            }
        }
    };
}

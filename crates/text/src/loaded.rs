//! Language tables that come as files, so the lab's module does not carry them: the English
//! texts (`texts-en.txt`, `en.rs` written out, read when a learner chooses English) here, and
//! the Spanish path texts beyond the first view (`path-es.txt`) in `spanish_path.rs`. The build
//! writes both from the tables (`built_files`); the native tests read them back.
use std::mem::discriminant;
use std::sync::OnceLock;

use super::spanish_path::mistake_keys;
use super::{es::ES, Strings, Texts};
use retry_lab_core::lab::path::{Answer, Choice, Stop};
use retry_lab_core::problem::{every_why, Why};

/// The file's first line: this, the fingerprint of the table's shape, and how many lines follow.
const MAGIC: &str = "retry-lab texts 1";

struct Table {
    texts: Texts,
    why: Vec<&'static str>,
    choice: Vec<&'static str>,
    mistakes: Vec<(Stop, Answer, &'static str)>,
}

static ENGLISH: OnceLock<Table> = OnceLock::new();

/// The English table, once its file has been read.
pub fn english() -> Option<&'static Texts> {
    ENGLISH.get().map(|t| &t.texts)
}

/// The header: the table's shape (its keys' fingerprint, and how many sentences each function
/// adds) and the number of strings. A file written for other keys (a cached file of another
/// version) is refused rather than read into the wrong ones.
fn header() -> (String, usize) {
    let functions = [every_why().len(), Choice::COUNT, mistake_keys().count()];
    let mut print = Texts::SHAPE;
    for k in functions {
        print = super::mix(print, &(k as u64).to_le_bytes());
    }
    let n = Texts::COUNT + functions.iter().sum::<usize>();
    (format!("{MAGIC} {print:016x} {n}"), n)
}

/// Every string of `t`, in the file's order.
pub fn strings(t: &Texts) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut copy = *t;
    copy.each(&mut |s| out.push(*s));
    out.extend(every_why().iter().map(t.why));
    out.extend(Choice::ALL.iter().map(|&c| (t.choice)(c)));
    out.extend(mistake_keys().map(|(s, c)| (t.mistake)(s, c).unwrap_or_default()));
    out
}

/// The file of `t`: the header line, then one string a line.
pub fn file(t: &Texts) -> String {
    let mut out = header().0;
    out.push('\n');
    for s in strings(t) {
        out.push_str(s);
        out.push('\n');
    }
    out
}

/// The two files the build writes beside the page (`src/bin/prerender.rs`): `texts-en.txt`,
/// `en.rs` written out, and `path-es.txt`, `es.rs`'s path texts. Never kept in the sources: a
/// text changed in either table is in the next build's files, with nothing to regenerate.
#[cfg(not(target_arch = "wasm32"))]
pub fn built_files() -> [(&'static str, String); 2] {
    [
        ("texts-en.txt", file(&super::en::EN)),
        ("path-es.txt", super::spanish_path::path_file(&ES)),
    ]
}

/// Reads the English file. A file of another shape, cut short or with lines added is refused
/// (`Why::Damaged`) and the page stays in Spanish; read once, later calls change nothing.
pub fn load_english(data: &str) -> Result<(), Why> {
    if ENGLISH.get().is_none() {
        let _ = ENGLISH.set(read(data)?);
    }
    Ok(())
}

fn read(data: &str) -> Result<Table, Why> {
    let (header, n) = header();
    let mut next = super::file_lines(data, &header, n)?;
    let mut texts = ES;
    texts.each(&mut |s| *s = next());
    texts.why = why;
    texts.choice = choice;
    texts.mistake = mistake;
    Ok(Table {
        texts,
        why: every_why().iter().map(|_| next()).collect(),
        choice: Choice::ALL.iter().map(|_| next()).collect(),
        mistakes: mistake_keys().map(|(s, c)| (s, c, next())).collect(),
    })
}

fn why(w: &Why) -> &'static str {
    let i = every_why()
        .iter()
        .position(|x| discriminant(x) == discriminant(w));
    i.and_then(|i| Some(*ENGLISH.get()?.why.get(i)?))
        .unwrap_or_else(|| (ES.why)(w))
}

fn choice(c: Choice) -> &'static str {
    // Read in `Choice::ALL`'s order, which is the enum's: its index is the variant's.
    let read = ENGLISH
        .get()
        .and_then(|t| t.choice.get(c as usize).copied());
    read.unwrap_or_else(|| (ES.choice)(c))
}

fn mistake(stop: Stop, said: Answer) -> Option<&'static str> {
    let table = ENGLISH.get()?;
    let found = table.mistakes.iter().find(|m| (m.0, m.1) == (stop, said));
    found.map(|m| m.2)
}

// Natively: English is built in there, and the file is written from it.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::en::EN;
    use super::super::spanish_path::*;
    use super::*;

    #[test]
    fn english_read_back_from_its_file_is_en_rs() {
        let file = file(&EN);
        load_english(&file).unwrap();
        let back = english().unwrap();
        assert_eq!(strings(back), strings(&EN));
        // Each function's lookup, not only the list it reads from.
        let why = Why::NotJsonAt(3, 4);
        assert_eq!((back.why)(&why), (EN.why)(&why));
        assert_eq!(
            (back.choice)(Choice::AckUnknown),
            (EN.choice)(Choice::AckUnknown)
        );
        assert_eq!(
            back.path_answer(Answer::Secs(90)),
            EN.path_answer(Answer::Secs(90))
        );
        for &stop in Stop::ALL {
            for o in stop.offers() {
                assert_eq!(
                    (back.mistake)(stop, o.shows),
                    (EN.mistake)(stop, o.shows),
                    "{stop:?} {o:?}"
                );
            }
        }
    }

    #[test]
    fn a_file_cut_short_lengthened_or_of_another_shape_is_refused() {
        let file = file(&EN);
        let cut = &file[..file.len() / 2];
        let longer = format!("{file}one more\n");
        let other = file.replacen(MAGIC, "retry-lab texts 0", 1);
        for bad in [cut, &longer, &other, "", "\n\n"] {
            assert!(
                matches!(read(bad), Err(Why::Damaged)),
                "{:?}",
                &bad[..bad.len().min(60)]
            );
        }
        // CRLF line ends are still the same file.
        let crlf = file.replace('\n', "\r\n");
        let table = read(&crlf).unwrap();
        assert_eq!(table.texts.title, EN.title);
        assert_eq!(table.mistakes.len(), mistake_keys().count());
    }

    #[test]
    fn no_string_of_either_table_breaks_a_line() {
        for t in [&ES, &EN] {
            for s in strings(t) {
                assert!(!s.contains(['\n', '\r']), "{s:?}");
            }
        }
    }

    #[test]
    fn spanish_path_texts_read_back_from_their_file_are_es_rs() {
        let file = path_file(&ES);
        assert!(matches!(
            load_spanish_path(&file[..file.len() / 2]),
            Err(Why::Damaged)
        ));
        assert!(matches!(
            load_spanish_path(&file.replacen(
                "retry-lab path texts 1",
                "retry-lab path texts 0",
                1
            )),
            Err(Why::Damaged)
        ));
        load_spanish_path(&file.replace('\n', "\r\n")).unwrap();
        for &stop in Stop::ALL {
            let st = ES.path.stop(stop);
            assert_eq!(spanish_stop(stop), Some([st.todo, st.prompt, st.explain]));
            for o in stop.offers() {
                assert_eq!(
                    spanish_mistake(stop, o.shows),
                    (ES.mistake)(stop, o.shows),
                    "{stop:?} {o:?}"
                );
            }
        }
        for &c in Choice::ALL {
            assert_eq!(spanish_choice(c), (ES.choice)(c));
        }
    }
}

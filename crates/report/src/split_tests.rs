//! The splitter on each input shape, cut anywhere, and on what is not statements.
use super::read::split_all;
use super::split::{self, Format, SplitError, Splitter};
use super::tests::{a, report};
use super::Skip;

#[test]
fn the_splitter_reads_arrays_pages_and_lines() {
    let st = |n: u32| {
        a("ana", "step_backoff", "only-its-own-wait", n)
            .value()
            .to_string()
    };
    let array = format!("\u{feff}[ {} ,\n{} ]\n", st(1), st(2));
    let (pieces, f, more) = split_all(array.as_bytes()).unwrap();
    assert_eq!((pieces.len(), f, more), (2, Format::Array, None));
    assert_eq!(pieces[0], st(1).as_bytes());
    let page = format!(
        r#"{{"more": "/xapi/statements?more=a\"b", "statements": [{}, {}], "x": [1]}}"#,
        st(1),
        st(2)
    );
    let (pieces, f, more) = split_all(page.as_bytes()).unwrap();
    assert_eq!((pieces.len(), f), (2, Format::Page));
    assert_eq!(more.as_deref(), Some("/xapi/statements?more=a\"b"));
    let page_after = format!(r#"{{"statements":[{}],"more":""}}"#, st(3));
    let (pieces, f, more) = split_all(page_after.as_bytes()).unwrap();
    assert_eq!(
        (pieces.len(), f, more.as_deref()),
        (1, Format::Page, Some(""))
    );
    let lines = format!("{}\n{}\r\ngarbage line\n{}", st(1), st(2), st(3));
    let (pieces, f, _) = split_all(lines.as_bytes()).unwrap();
    assert_eq!((pieces.len(), f), (4, Format::Lines));
    assert_eq!(pieces[2], b"garbage line");
    // Chunked anywhere, the same pieces.
    for text in [&array, &page, &lines] {
        let whole = split_all(text.as_bytes()).unwrap();
        for at in 0..text.len() {
            let mut s = Splitter::new();
            let mut got = Vec::new();
            let mut each = |p: split::Piece| {
                if let split::Piece::Statement(b) = p {
                    got.push(b.to_vec())
                }
            };
            s.push(&text.as_bytes()[..at], &mut each).unwrap();
            s.push(&text.as_bytes()[at..], &mut each).unwrap();
            let (f, more) = s.finish(&mut each).unwrap();
            assert_eq!((got, f, more), whole, "cut at {at}");
        }
    }
}

#[test]
fn what_is_not_statements_is_said_so() {
    assert_eq!(split_all(b"  \n").unwrap_err(), SplitError::Empty);
    assert_eq!(
        split_all(b"actor,verb\nana,answered").unwrap_err(),
        SplitError::NotJson('a')
    );
    assert_eq!(
        split_all(b"\x89PNG").unwrap_err(),
        SplitError::NotJson('\u{fffd}')
    );
    assert_eq!(split_all(b"[{}] x").unwrap_err(), SplitError::Trailing(6));
    assert_eq!(
        split_all(b"[{\"a\": \"]").unwrap_err(),
        SplitError::Truncated
    );
    assert_eq!(split_all(b"{\"a\": 1").unwrap_err(), SplitError::Truncated);
    let huge = format!(
        "[{{\"a\": \"{}\"}}, {{}}]",
        "x".repeat(split::MAX_STATEMENT)
    );
    let mut r = report(&[]);
    let mut s = Splitter::new();
    s.push(huge.as_bytes(), &mut |p| r.feed_piece(p)).unwrap();
    s.finish(&mut |p| r.feed_piece(p)).unwrap();
    assert_eq!(r.counts().skipped(Skip::TooLarge), 1);
    assert_eq!(r.counts().read, 2);
}

//! The path's texts: every stop's choices worded, every wrong choice answered, every answer one
//! short paragraph, in both languages.
use super::*;

#[test]
fn every_stop_words_each_of_its_choices_in_both_languages() {
    use retry_lab_core::lab::path::{Answer, Choice, Stop};
    // Every choice is offered somewhere, in words at one stop at most (a belief offered at
    // two stops is shown as numbers at least at one); within a stop no two choices share an
    // id or what their buttons show.
    for &c in Choice::ALL {
        let at: Vec<Stop> = Stop::ALL
            .iter()
            .copied()
            .filter(|s| s.offer(c).is_some())
            .collect();
        assert!(!at.is_empty(), "{c:?} is offered nowhere");
        let worded = at
            .iter()
            .filter(|s| s.offer(c).unwrap().shows == Answer::Choice(c));
        assert!(worded.count() <= 1, "{c:?} in words at {at:?}");
    }
    for &stop in Stop::ALL {
        let offers = stop.offers();
        for (i, a) in offers.iter().enumerate() {
            for b in &offers[i + 1..] {
                assert!(
                    a.choice != b.choice && a.shows != b.shows,
                    "{stop:?}: {a:?} {b:?}"
                );
            }
        }
        assert!(
            stop.offer(stop.spec().right).is_some(),
            "{stop:?}: its answer is not offered"
        );
    }
    for lang in [Lang::Es, Lang::En] {
        let t = lang.t();
        for &stop in Stop::ALL {
            for o in stop.offers() {
                assert!(
                    !t.path_answer(o.shows).is_empty(),
                    "{lang:?} {stop:?} {o:?}"
                );
            }
        }
    }
    assert_eq!(Lang::Es.t().path_answer(Answer::Secs(1890)), "1890\u{a0}s");
    assert_eq!(
        Lang::En.t().path_answer(Answer::Rows(1, 2)),
        "idempotent 1, naive 2"
    );
}

/// Every string literal of a table's source file: the whole Spanish table, not a chosen list, so
/// a word planted anywhere in it is seen.

#[test]
fn every_wrong_choice_of_a_stop_has_its_mistake_answered_in_both_languages() {
    use retry_lab_core::lab::path::Stop;
    for lang in [Lang::Es, Lang::En] {
        let t = lang.t();
        for &stop in Stop::ALL {
            let right = stop.lesson_answer();
            for c in stop.offers().iter().map(|o| o.shows) {
                let said = (t.mistake)(stop, c);
                if c == right {
                    assert!(
                        said.is_none(),
                        "{lang:?} {stop:?} {c:?}: a right answer is no mistake"
                    );
                } else {
                    let file = format!("crates/text/src/{lang:?}.rs").to_lowercase();
                    assert!(
                        said.is_some_and(|s| s.len() > 40),
                        "{lang:?} {stop:?} {c:?}: a wrong choice with no mistake of its own \
                         (open {file}, its `mistake` function: the choice's arm, by stop)"
                    );
                }
            }
        }
        assert_no_english(
            &retry_lab_core::lab::path::Stop::ALL
                .iter()
                .flat_map(|&s| {
                    s.offers()
                        .iter()
                        .filter_map(move |o| (Lang::Es.t().mistake)(s, o.shows))
                })
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
}

/// The words of a text (a token with a letter in it: «30 + 60» is no three words).
fn words(text: &str) -> usize {
    text.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .count()
}

#[test]
fn the_feedback_after_a_prediction_is_one_short_paragraph() {
    // The card shows the verdict line and one paragraph: the mistake for a wrong choice, the
    // explanation for a right one. Each fits a phone's screen with the verdict line.
    use retry_lab_core::lab::path::Stop;
    const MOST: usize = 45;
    for lang in [Lang::Es, Lang::En] {
        let t = lang.t();
        for &stop in Stop::ALL {
            let explain = t.path.stop(stop).explain;
            assert!(
                words(explain) <= MOST,
                "{lang:?} {stop:?}: {} words: {explain}",
                words(explain)
            );
            for c in stop.offers().iter().map(|o| o.shows) {
                if let Some(m) = (t.mistake)(stop, c) {
                    assert!(
                        words(m) <= MOST,
                        "{lang:?} {stop:?} {c:?}: {} words: {m}",
                        words(m)
                    );
                    assert_ne!(m, explain, "{lang:?} {stop:?}");
                }
            }
        }
    }
}

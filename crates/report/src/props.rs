//! Properties of the report over generated classes and bytes: no input panics; the counts add
//! up; the order statements come in, how they are batched or chunked, and duplicates change
//! nothing.
use proptest::prelude::*;
use serde_json::Value;

use super::split::{Piece, Splitter};
use super::tests::{a, foreign, ACT};
use super::{Filter, Report};
use retry_lab_core::lab::path::Stop;

const WHO: [&str; 4] = ["ana", "bruno", "carla", "dani"];
/// Two of the lab's stops (their own choices, as the lab sends them) and one it does not have.
const STOPS: [Option<Stop>; 3] = [Some(Stop::Backoff), Some(Stop::AskNatural), None];

/// A class's statements: (learner, stop, choice, second, attempt), each with its own id.
fn class() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec((0..4usize, 0..3usize, 0..4usize, 0..50u32, 1..4u32), 0..40).prop_map(
        |tries| {
            tries
                .into_iter()
                .enumerate()
                .map(|(id, (w, s, c, at, attempt))| {
                    let mut v = match STOPS[s] {
                        Some(stop) => {
                            let offers = stop.offers();
                            let choice = offers[c % offers.len()].choice.as_str();
                            a(WHO[w], stop.as_str(), choice, at)
                                .attempt(attempt)
                                .value()
                        }
                        None => {
                            let mut v =
                                foreign(WHO[w], &format!("{ACT}/new_stop"), ["x", "y"][c % 2]);
                            v["result"]["extensions"]
                                ["https://w3id.org/xapi/retry-lab/extensions/attempt"] =
                                attempt.into();
                            v["timestamp"] = format!("2026-12-01T00:00:{at:02}.000Z").into();
                            v
                        }
                    };
                    v["id"] = format!("00000000-0000-4000-8000-{id:012}").into();
                    v
                })
                .collect()
        },
    )
}

/// What a report says, in a form that does not depend on interning order.
fn digest(r: &Report) -> Vec<String> {
    let mut out: Vec<String> = r
        .stops()
        .iter()
        .map(|s| {
            let mut choices: Vec<String> = s
                .choices
                .iter()
                .map(|c| format!("{}:{}/{}/{}/{}", c.id, c.count, c.wrong, c.later, c.right))
                .collect();
            choices.sort();
            format!(
                "{} {} {} {} {:?}",
                s.id, s.answered, s.first_try_right, s.retried, choices
            )
        })
        .collect();
    let mut paths: Vec<String> = (0..r.learner_count() as u32)
        .map(|i| {
            let l = r.learner(i);
            let steps: Vec<String> = l
                .steps
                .iter()
                .map(|st| {
                    let s = r.stop(st.stop);
                    format!(
                        "{}={}:{}:{}",
                        s.id,
                        s.choices[usize::from(st.choice)].id,
                        st.right,
                        st.tries
                    )
                })
                .collect();
            format!("{} {:?}", l.name, steps)
        })
        .collect();
    paths.sort();
    out.extend(paths);
    out.push(format!("answers {}", r.counts().answers));
    out
}

fn fresh() -> Report {
    Report::new(Filter {
        activity: Some(ACT.into()),
        class: None,
        ..Filter::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn order_batches_and_duplicates_change_nothing(s in class(), seed in any::<u64>(), cut in 0..40usize) {
        let mut whole = fresh();
        whole.feed(&s);
        // Shuffled (a seeded Fisher-Yates), in two batches, then everything again.
        let mut shuffled = s.clone();
        let mut x = seed | 1;
        for i in (1..shuffled.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            shuffled.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let cut = cut.min(shuffled.len());
        let mut parts = fresh();
        parts.feed(&shuffled[..cut]);
        parts.feed(&shuffled[cut..]);
        parts.feed(&s);
        prop_assert_eq!(digest(&whole), digest(&parts));
        prop_assert_eq!(whole.anonymous_numbers().len(), whole.learner_count());
    }

    /// The live mode: a store where each statement becomes visible some time after it is
    /// stored (up to `LAG`; the store's consistent-through says how far everything is visible),
    /// polled `since` the report's cursor at moments of its own, each poll's answer in any order.
    /// Every statement is counted once: the live report equals a full read at the end.
    #[test]
    fn polls_since_the_cursor_count_every_statement_once(
        s in class(),
        lags in prop::collection::vec(0..8_000i64, 40),
        polls in prop::collection::vec(500..6_000i64, 1..30),
        seed in any::<u64>(),
        with_header in any::<bool>(),
    ) {
        use super::live::Cursor;
        const LAG: i64 = 8_000;
        let t0 = 1_796_083_200_000i64; // 2026-12-01
        // Without the header, a store whose statements are all visible within the overlap.
        let lag = |i: usize| if with_header { lags[i] } else { lags[i] % (super::live::OVERLAP_MS + 1) };
        let store: Vec<(i64, i64, Value)> = s.iter().enumerate().map(|(i, v)| {
            let stored = t0 + 1_000 * i as i64;
            let mut v = v.clone();
            v["stored"] = retry_lab_core::sim::utc::format_utc_ms(stored).into();
            (stored, stored + lag(i), v)
        }).collect();
        let mut whole = fresh();
        whole.feed(&store.iter().map(|x| x.2.clone()).collect::<Vec<_>>());
        let mut live = fresh();
        let mut cursor = Cursor::default();
        let mut now = t0;
        let mut x = seed | 1;
        let end = t0 + 1_000 * s.len() as i64 + LAG;
        for step in polls.iter().cycle() {
            now += step;
            // What the store answers now: visible, stored after `since` (exclusive, as xAPI says).
            let since = cursor.since();
            let mut page: Vec<Value> = store.iter()
                .filter(|(st, vis, _)| *vis <= now && since.is_none_or(|f| *st > f))
                .map(|x| x.2.clone()).collect();
            for i in (1..page.len()).rev() {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                page.swap(i, (x % (i as u64 + 1)) as usize);
            }
            live.feed(&page);
            let consistent = with_header.then_some(now - LAG);
            cursor = Cursor::after_poll(live.last_stored(), consistent);
            if now > end + 2 * LAG {
                break;
            }
        }
        prop_assert_eq!(digest(&whole), digest(&live));
        prop_assert_eq!(whole.counts().answers, live.counts().answers);
    }

    #[test]
    fn text_read_without_definitions_gives_what_values_give(s in class(), noise in "[ a-z\\\\\"{}:,]{0,12}") {
        // The learner's name carries quotes, braces and backslashes the skim must step over.
        let mut values = s.clone();
        for v in &mut values {
            v["actor"]["name"] = Value::String(format!("{noise}\"definition\":{{"));
        }
        let mut from_values = fresh();
        from_values.feed(&values);
        let mut from_text = fresh();
        for v in &values {
            from_text.feed_bytes(v.to_string().as_bytes());
        }
        prop_assert_eq!(digest(&from_values), digest(&from_text));
        let names = |r: &Report| r.stops().iter().map(|s| format!("{:?}{:?}", s.name, s.choices.iter().map(|c| c.text.clone()).collect::<Vec<_>>())).collect::<Vec<_>>();
        prop_assert_eq!(names(&from_values), names(&from_text));
    }

    #[test]
    fn counts_add_up(s in class()) {
        let mut r = fresh();
        r.feed(&s);
        let c = r.counts();
        prop_assert_eq!(c.read, s.len() as u64);
        prop_assert_eq!(c.read, c.answers + c.skipped.iter().sum::<u64>());
        let mut tries = 0;
        for st in r.stops() {
            prop_assert!(st.first_try_right <= st.answered);
            prop_assert_eq!(st.choices.iter().map(|c| c.count).sum::<u32>(), st.answered);
            prop_assert_eq!(st.choices.iter().map(|c| c.wrong).sum::<u32>(), st.answered - st.first_try_right);
            tries += u64::from(st.answered + st.later);
        }
        prop_assert_eq!(tries, c.answers);
        let steps: usize = (0..r.learner_count() as u32).map(|i| r.learner(i).steps.len()).sum();
        let answered: u32 = r.stops().iter().map(|s| s.answered).sum();
        prop_assert_eq!(steps, answered as usize);
    }

    #[test]
    fn chunks_anywhere_give_the_same_report(s in class(), cuts in prop::collection::vec(0..4000usize, 0..6), lines in any::<bool>()) {
        let texts: Vec<String> = s.iter().map(Value::to_string).collect();
        let text = if lines { texts.join("\n") } else { format!("[{}]", texts.join(",")) };
        let mut whole = fresh();
        let mut sp = Splitter::new();
        let ok = sp.push(text.as_bytes(), &mut |p| whole.feed_piece(p)).is_ok()
            && sp.finish(&mut |p| whole.feed_piece(p)).is_ok();
        prop_assert!(ok || (lines && s.is_empty()));
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(text.len())).collect();
        cuts.sort();
        let mut chunked = fresh();
        let mut sp = Splitter::new();
        let mut from = 0;
        for c in cuts.into_iter().chain([text.len()]) {
            let _ = sp.push(&text.as_bytes()[from..c], &mut |p| chunked.feed_piece(p));
            from = c;
        }
        let _ = sp.finish(&mut |p| chunked.feed_piece(p));
        prop_assert_eq!(digest(&whole), digest(&chunked));
        prop_assert_eq!(whole.counts(), chunked.counts());
    }

    #[test]
    fn any_bytes_are_read_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..400), cut in 0..400usize) {
        let mut r = Report::new(Filter::default());
        let mut sp = Splitter::new();
        let cut = cut.min(bytes.len());
        let _ = sp.push(&bytes[..cut], &mut |p| r.feed_piece(p));
        let _ = sp.push(&bytes[cut..], &mut |p| r.feed_piece(p));
        let _ = sp.finish(&mut |p| r.feed_piece(p));
        r.feed_bytes(&bytes);
        let _ = (r.stops(), r.misconceptions(&super::no_names));
    }

    #[test]
    fn json_shaped_noise_is_read_without_a_panic(text in "[\\[\\]{}\",:0-9a-z. \\n-]{0,200}") {
        let mut r = Report::new(Filter::default());
        let mut sp = Splitter::new();
        let _ = sp.push(text.as_bytes(), &mut |p: Piece| r.feed_piece(p));
        let _ = sp.finish(&mut |p| r.feed_piece(p));
        let c = r.counts();
        prop_assert_eq!(c.read, c.answers + c.skipped.iter().sum::<u64>());
    }

    #[test]
    fn statements_with_any_field_changed_are_read_without_a_panic(
        s in class(),
        path in prop::sample::select(vec!["actor", "actor.account", "actor.name", "verb", "verb.id", "object",
            "object.id", "object.definition", "object.definition.choices", "object.definition.name",
            "object.definition.correctResponsesPattern", "result", "result.response", "result.success",
            "result.extensions", "context", "context.contextActivities", "context.contextActivities.grouping",
            "timestamp", "id"]),
        value in prop_oneof![Just(Value::Null), Just(serde_json::json!(7)), Just(serde_json::json!("x")),
            Just(serde_json::json!([])), Just(serde_json::json!({})), Just(serde_json::json!([{"id": 1}])),
            Just(serde_json::json!("2026-13-45T99:99:99Z"))]
    ) {
        let mut changed = s.clone();
        for v in &mut changed {
            let mut at = &mut *v;
            let keys: Vec<&str> = path.split('.').collect();
            for k in &keys[..keys.len() - 1] {
                at = &mut at[*k];
            }
            at[*keys.last().unwrap()] = value.clone();
        }
        let mut r = fresh();
        r.feed(&changed);
        let text: Vec<String> = changed.iter().map(Value::to_string).collect();
        for t in &text {
            r.feed_bytes(t.as_bytes());
        }
        let c = r.counts();
        prop_assert_eq!(c.read, 2 * s.len() as u64);
        prop_assert_eq!(c.read, c.answers + c.skipped.iter().sum::<u64>());
    }
}

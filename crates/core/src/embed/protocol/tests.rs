//! Native tests of the protocol: outgoing fields, incoming messages, origins, mount options.
use super::*;
use crate::embed::link::Start;
use crate::lab::panels::Panel;

fn json(text: &str) -> Value {
    Value::from_json(text)
}

#[test]
fn messages_out_and_in() {
    assert_eq!(
        Outgoing::Height { px: 640 }.fields(),
        vec![
            ("source", Out::Str("retry-lab")),
            ("version", Out::Num(1)),
            ("type", Out::Str("height")),
            ("px", Out::Num(640)),
        ]
    );
    assert_eq!(
        Outgoing::Completed {
            checkpoints: vec!["race"]
        }
        .fields()[3],
        ("checkpoints", Out::List(vec!["race"]))
    );
    assert_eq!(
        parse_incoming(&json(r#"{"type":"set_language","version":1,"lang":"en"}"#)),
        Ok(Incoming::SetLanguage {
            version: 1,
            lang: Lang::En
        })
    );
    assert_eq!(
        parse_incoming(&json(r#"{"type":"reset","version":1}"#)),
        Ok(Incoming::Reset { version: 1 })
    );
    assert_eq!(
        parse_incoming(&json(
            r#"{"type":"viewport","version":1,"top":-120.4,"height":740}"#
        )),
        Ok(Incoming::Viewport {
            version: 1,
            top: -120,
            height: 740
        })
    );
    for (bad, why) in [
        (
            r#"{"type":"viewport","version":1,"top":0}"#,
            "top and height",
        ),
        (
            r#"{"type":"viewport","version":1,"top":0,"height":0}"#,
            "top and height",
        ),
        (
            r#"{"type":"viewport","version":1,"top":1e12,"height":700}"#,
            "top and height",
        ),
        (
            r#"{"type":"viewport","version":1,"top":"0","height":700}"#,
            "top and height",
        ),
        (
            r#"{"type":"viewport","version":1,"top":0,"height":700,"lang":"es"}"#,
            "«viewport»",
        ),
        (
            r#"{"type":"reset","version":1,"top":0,"height":700}"#,
            "«reset»",
        ),
        (r#"{"type":"reset"}"#, "no protocol version"),
        (r#"{"type":"reset","version":2}"#, "version 2"),
        (r#"{"type":"reset","version":1.5}"#, "no protocol version"),
        (r#"{"type":"reset","version":"1"}"#, "no protocol version"),
        (
            r#"{"type":"set_language","version":1,"lang":"de"}"#,
            "es or en",
        ),
        (r#"{"type":"explode","version":1}"#, "«explode»"),
        (r#"{"type":"reset","version":1,"lang":"es"}"#, "«reset»"),
        (r#"{"type":"reset","version":1,"extra":true}"#, "«extra»"),
        ("[]", "a list instead"),
        ("\"reset\"", "a string instead"),
    ] {
        let e = parse_incoming(&json(bad)).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
    assert!(is_own(&json(r#"{"source":"retry-lab","type":"height"}"#)));
    assert!(!is_own(&json(r#"{"type":"reset","version":1}"#)));
}

/// The character sets of ids and hosts, each character in and just out of them (they were once
/// `"._-".contains(c)`, now `matches!`: see docs/performance-size.md).
#[test]
fn id_and_host_characters() {
    for ok in ["a", "lab.1_b-2", &"x".repeat(MAX_ID)] {
        assert!(valid_id(ok), "{ok}");
    }
    for bad in ["", "a b", "a/b", "a:b", "a,b", "ñ", &"x".repeat(MAX_ID + 1)] {
        assert!(!valid_id(bad), "{bad}");
    }
    assert!(valid_origin("https://a-b.c"));
    assert!(!valid_origin("https://a_b.c"));
    assert!(valid_origin("http://[fe80::1]:8080"));
    assert!(!valid_origin("http://a[b]"));
}

#[test]
fn origins_and_options() {
    for ok in [
        "*",
        "https://course.example",
        "http://127.0.0.1:8080",
        "http://[::1]:80",
    ] {
        assert!(valid_origin(ok), "{ok}");
    }
    for bad in [
        "",
        "course.example",
        "https://",
        "https://a.b/path",
        "javascript:alert(1)",
        "https://a:99999",
        "ftp://a",
    ] {
        assert!(!valid_origin(bad), "{bad}");
    }
    let (o, p) = MountOptions::from_query(
        "?lang=en&origin=https%3A%2F%2Fcourse.example&panels=timeline,dlq,bogus&x=1",
    );
    assert_eq!(o.lang, Some(Lang::En));
    assert_eq!(o.target_origin.as_deref(), Some("https://course.example"));
    assert!(o.shows(Panel::Dlq) && !o.shows(Panel::Log));
    assert_eq!(p.len(), 2, "{p:?}");
    let (o, p) = MountOptions::from_value(&json(
        r#"{"lang":"es","config":{"seed":5,"max_retries":99},"target_origin":"nope"}"#,
    ));
    assert_eq!(
        o.config.as_ref().map(|c| (c.seed, c.max_retries)),
        Some((5, 6))
    );
    assert_eq!(o.target_origin, None);
    let fields: Vec<&str> = p.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["config.max_retries", "target_origin"], "{p:?}");
    // A bad field is named and dropped; the good ones are kept.
    let (o, p) = MountOptions::from_value(&json(r#"{"lang":7,"panels":["dlq"]}"#));
    assert_eq!(
        (o.lang, o.shows(Panel::Dlq), o.shows(Panel::Log)),
        (None, true, false)
    );
    assert_eq!(p[0].field, "lang");
    let (o, p) = MountOptions::from_value(&json(r#"{"lang":"en","config":{"seed":"x","p":1}}"#));
    assert_eq!(o.lang, Some(Lang::En));
    let named: Vec<String> = p.iter().map(ToString::to_string).collect();
    assert_eq!(
        named,
        // (from_json sorts keys; the page keeps the object's order)
        [
            "config.p: unknown, ignored",
            "config.seed: must be a whole number, not a string",
        ]
    );
    let (o, p) = MountOptions::from_value(&json(r#"{"config":{"seed":"18446744073709551615"}}"#));
    assert_eq!((o.config.map(|c| c.seed), p.len()), (Some(u64::MAX), 0));
    let (_, p) = MountOptions::from_value(&json(r#"{"lang":"en","zoom":2}"#));
    assert_eq!(p[0].field, "zoom");
    let (_, p) = MountOptions::from_value(&json("[1]"));
    assert_eq!(p[0].to_string(), "options: must be an object, not a list");
    let (o, _) = MountOptions::from_query("?resize=lti");
    assert_eq!(o.resize, Resize::Lti);
    assert_eq!(o.start, None, "not said");
    let (o, p) = MountOptions::from_query("?xapi=https%3A%2F%2Fcourse.example%2Flab");
    assert_eq!(
        (o.xapi.as_deref(), p.len()),
        (Some("https://course.example/lab"), 0)
    );
    let (o, p) = MountOptions::from_query("?xapi=not%20an%20iri");
    assert_eq!((o.xapi, p[0].field.as_str()), (None, "xapi"));
    let (o, _) = MountOptions::from_query("?start=free");
    assert_eq!(o.start, Some(Start::Free));
    let (o, p) = MountOptions::from_value(&Value::from_json(r#"{"start":"tour"}"#));
    assert_eq!(
        (o.start, p[0].to_string()),
        (None, "start: must be path or free".into())
    );
    let (o, p) = MountOptions::from_query("?resize=big");
    assert_eq!(o.resize, Resize::Lab, "the default stays");
    assert_eq!(p[0].to_string(), "resize: must be one of: lab | lti | none");
    let (o, _) = MountOptions::from_value(&json(r#"{"resize":"none"}"#));
    assert_eq!(o.resize, Resize::None);
    let (o, p) = MountOptions::from_value(&Value::Absent);
    assert_eq!((o, p.len()), (MountOptions::default(), 0));
}

#[test]
fn diagnostics_are_shown_only_when_the_host_asks() {
    assert!(!MountOptions::from_query("lang=es").0.diagnostics);
    assert!(MountOptions::from_query("diagnostics=on").0.diagnostics);
    let (o, p) = MountOptions::from_query("diagnostics=maybe");
    assert!(!o.diagnostics);
    assert_eq!(p.len(), 1);
    assert!(
        MountOptions::from_value(&Value::from_json(r#"{"diagnostics":"on"}"#))
            .0
            .diagnostics
    );
}

#[test]
fn a_host_that_keeps_the_progress_hands_it_over_and_hears_each_save() {
    let state =
        "v=2&seed=42&lang=es&guide=1&at=step_crash&passed=step_backoff&tries=step_backoff:2";
    assert_eq!(
        Outgoing::Saved {
            state: state.into()
        }
        .fields()[2..],
        [
            ("type", Out::Str("saved")),
            ("state", Out::Tree(Value::Str(state.into())))
        ]
    );
    // Nothing kept yet: the host keeps it, the browser's storage is not read.
    let (o, p) = MountOptions::from_query("?origin=https%3A%2F%2Fa.b&keep=host");
    assert_eq!((o.keep, o.saved, p.len()), (Keep::Host, None, 0));
    assert_eq!(MountOptions::from_query("?lang=es").0.keep, Keep::Browser);
    // The state as the host kept it, percent-encoded as a launch page writes it.
    let encoded = state
        .replace('&', "%26")
        .replace('=', "%3D")
        .replace(':', "%3A");
    let (o, p) = MountOptions::from_query(&format!("?keep=host&saved={encoded}"));
    assert_eq!((o.saved.as_deref(), p.len()), (Some(state), 0));
    // Handing it over says who keeps it.
    let (o, _) = MountOptions::from_query(&format!("?saved={encoded}"));
    assert_eq!(o.keep, Keep::Host);
    // The state's own bound, not the query's: a long state beside the other options is read
    // (and refused later, by the saved state's own reading, if it is too large).
    let long = "x".repeat(3 * MAX_MESSAGE);
    let (o, p) = MountOptions::from_query(&format!("?lang=en&keep=host&saved={long}"));
    assert_eq!(
        (o.lang, o.saved.map(|s| s.len()), p.len()),
        (Some(Lang::En), Some(long.len()), 0)
    );
    let (_, p) = MountOptions::from_query(&format!("?lang={long}&saved=v%3D2"));
    assert_eq!(p[0].field, "?", "the other options keep their bound");
    let (o, p) = MountOptions::from_query("?saved=v%3D2&saved=v%3D3");
    assert_eq!(
        (o.saved.as_deref(), p[0].to_string()),
        (Some("v=2"), "saved: given twice; the first is used".into())
    );
    // Handed over by message: the host keeps it, nothing of it in the address.
    let (o, p) = MountOptions::from_query("?origin=https%3A%2F%2Fa.b&restore=message");
    assert_eq!(
        (o.keep, o.restore_by_message, o.saved, p.len()),
        (Keep::Host, true, None, 0)
    );
    // The address's state wins over a message; another way of handing over is named.
    let (o, _) = MountOptions::from_query("?restore=message&saved=v%3D2");
    assert_eq!(
        (o.restore_by_message, o.saved.as_deref()),
        (false, Some("v=2"))
    );
    let (o, p) = MountOptions::from_query("?restore=post");
    assert_eq!(
        (o.keep, o.restore_by_message, p[0].to_string()),
        (
            Keep::Browser,
            false,
            "restore: must be one of: message".into()
        )
    );
    let (o, p) = MountOptions::from_query("?keep=lms");
    assert_eq!(
        (o.keep, p[0].to_string()),
        (Keep::Browser, "keep: must be browser or host".into())
    );
    // A direct mount passes them as fields.
    let (o, p) = MountOptions::from_value(&json(r#"{"keep":"host","saved":"v=2&seed=1"}"#));
    assert_eq!(
        (o.keep, o.saved.as_deref(), p.len()),
        (Keep::Host, Some("v=2&seed=1"), 0)
    );
    let (o, p) = MountOptions::from_value(&json(r#"{"keep":"host","saved":7}"#));
    assert_eq!(
        (o.keep, o.saved, p[0].to_string()),
        (
            Keep::Host,
            None,
            "saved: must be a string, not a number".into()
        )
    );
}

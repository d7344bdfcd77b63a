//! One xAPI statement as the report reads it: only the fields a report needs, borrowed from
//! the text (or from a `serde_json::Value`) and never copied, every other field skipped
//! unread. A statement whose fields have other types than xAPI's is not an error of the whole
//! read: [`why`] names the first field at fault, for the skipped counts.
use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use retry_lab_core::record::contract;

/// A string as the input spelled it: borrowed when it had no escapes.
#[derive(Debug, PartialEq, Eq)]
pub struct Text<'a>(pub Cow<'a, str>);

impl Text<'_> {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Text<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Owned(s)))
            }
        }
        d.deserialize_str(V(std::marker::PhantomData))
    }
}

/// A language map, reduced to the lab's two languages: `es`, `es-ES`… and `en`, `en-US`…
/// (the first key of each wins); other languages are skipped.
#[derive(Debug, Default)]
pub struct LangMap<'a> {
    pub es: Option<Text<'a>>,
    pub en: Option<Text<'a>>,
}

fn is_lang(key: &str, lang: &str) -> bool {
    key.get(..2).is_some_and(|k| k.eq_ignore_ascii_case(lang))
        && (key.len() == 2 || key.as_bytes()[2] == b'-')
}

impl<'de: 'a, 'a> Deserialize<'de> for LangMap<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = LangMap<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a language map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<LangMap<'a>, A::Error> {
                let mut out = LangMap::default();
                while let Some(key) = m.next_key::<Text>()? {
                    let k = key.as_str();
                    let slot = if is_lang(k, "es") && out.es.is_none() {
                        &mut out.es
                    } else if is_lang(k, "en") && out.en.is_none() {
                        &mut out.en
                    } else {
                        m.next_value::<IgnoredAny>()?;
                        continue;
                    };
                    *slot = Some(m.next_value()?);
                }
                Ok(out)
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

/// `contextActivities` entries: xAPI 1.0.3 stores take one activity or an array of them.
#[derive(Debug, Default)]
pub struct Refs<'a>(pub Vec<Ref<'a>>);

#[derive(Debug, Deserialize)]
pub struct Ref<'a> {
    #[serde(borrow, default)]
    pub id: Option<Text<'a>>,
}

impl<'de: 'a, 'a> Deserialize<'de> for Refs<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Refs<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an activity or a list of them")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Refs<'a>, A::Error> {
                let mut out = Vec::new();
                while let Some(r) = s.next_element()? {
                    out.push(r);
                }
                Ok(Refs(out))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<Refs<'a>, A::Error> {
                let one = Ref::deserialize(de::value::MapAccessDeserializer::new(m))?;
                Ok(Refs(vec![one]))
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// `result.extensions`, of which only the lab's attempt and what the run showed are read.
#[derive(Debug, Default)]
pub struct Extensions {
    pub attempt: Option<u32>,
    /// The run showed what none of the stop's choices offers ([`contract::SHOWN`]).
    pub unoffered: bool,
}

impl<'de> Deserialize<'de> for Extensions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Extensions;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("extensions")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Extensions, A::Error> {
                let mut out = Extensions::default();
                while let Some(key) = m.next_key::<Text>()? {
                    if key.as_str() == contract::ATTEMPT {
                        // Any JSON value is an extension's; only a whole number is an attempt.
                        let v: serde_json::Value = m.next_value()?;
                        out.attempt = v.as_u64().and_then(|n| u32::try_from(n).ok());
                    } else if key.as_str() == contract::SHOWN {
                        let v: serde_json::Value = m.next_value()?;
                        out.unoffered = v.get(contract::UNOFFERED).is_some();
                    } else {
                        m.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Debug, Deserialize)]
pub struct Statement<'a> {
    #[serde(borrow, default)]
    pub id: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub actor: Option<Actor<'a>>,
    #[serde(borrow, default)]
    pub verb: Option<Verb<'a>>,
    #[serde(borrow, default)]
    pub object: Option<Object<'a>>,
    #[serde(borrow, default)]
    pub result: Option<Outcome<'a>>,
    #[serde(borrow, default)]
    pub context: Option<Context<'a>>,
    #[serde(borrow, default)]
    pub timestamp: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub stored: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct Actor<'a> {
    #[serde(borrow, default, rename = "objectType")]
    pub object_type: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub name: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub mbox: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub mbox_sha1sum: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub openid: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub account: Option<Account<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct Account<'a> {
    #[serde(borrow, default, rename = "homePage")]
    pub home_page: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub name: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct Verb<'a> {
    #[serde(borrow, default)]
    pub id: Option<Text<'a>>,
}

/// The object's id; its definition (most of a statement's bytes) is read apart, by
/// [`Defined`], only when the report still needs names from it.
#[derive(Debug, Deserialize)]
pub struct Object<'a> {
    #[serde(borrow, default)]
    pub id: Option<Text<'a>>,
}

/// A statement read for its object's definition alone.
#[derive(Debug, Deserialize)]
pub struct Defined<'a> {
    #[serde(borrow, default)]
    pub object: Option<DefinedObject<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct DefinedObject<'a> {
    #[serde(borrow, default)]
    pub definition: Option<Definition<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct Definition<'a> {
    #[serde(borrow, default)]
    pub name: Option<LangMap<'a>>,
    #[serde(borrow, default)]
    pub description: Option<LangMap<'a>>,
    #[serde(borrow, default, rename = "correctResponsesPattern")]
    pub correct: Option<Vec<Text<'a>>>,
    #[serde(borrow, default)]
    pub choices: Option<Vec<Choice<'a>>>,
}

#[derive(Debug, Deserialize)]
pub struct Choice<'a> {
    #[serde(borrow, default)]
    pub id: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub description: Option<LangMap<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct Outcome<'a> {
    #[serde(default)]
    pub success: Option<bool>,
    #[serde(borrow, default)]
    pub response: Option<Text<'a>>,
    #[serde(default)]
    pub extensions: Option<Extensions>,
}

#[derive(Debug, Deserialize)]
pub struct Context<'a> {
    #[serde(borrow, default, rename = "contextActivities")]
    pub activities: Option<ContextActivities<'a>>,
}

#[derive(Debug, Deserialize)]
pub struct ContextActivities<'a> {
    // `parent` is the lab itself: the object id already says which activity it is about.
    #[serde(borrow, default)]
    pub grouping: Option<Refs<'a>>,
}

/// What a field of a statement that could not be read should have been, found by walking it
/// as a plain JSON value: the first of the report's fields, in this order, that has another type.
pub fn why(v: &serde_json::Value) -> &'static str {
    use serde_json::Value as J;
    let at = |path: &str| path.split('.').try_fold(v, |v, k| v.get(k));
    type Check = (&'static str, fn(&J) -> bool);
    let checks: [Check; 16] = [
        ("id", J::is_string),
        ("actor", J::is_object),
        ("actor.name", J::is_string),
        ("actor.mbox", J::is_string),
        ("actor.account", J::is_object),
        ("actor.account.name", J::is_string),
        ("actor.account.homePage", J::is_string),
        ("verb", J::is_object),
        ("verb.id", J::is_string),
        ("object", J::is_object),
        ("object.id", J::is_string),
        ("result", J::is_object),
        ("result.response", J::is_string),
        ("result.success", J::is_boolean),
        ("context", J::is_object),
        ("timestamp", J::is_string),
    ];
    checks
        .iter()
        .find(|(path, ok)| at(path).is_some_and(|x| !x.is_null() && !ok(x)))
        .map_or("?", |(path, _)| path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_borrowed_and_escaped_strings_and_both_activity_shapes() {
        let text = r#"{"id":"a\"b","verb":{"id":"v"},"context":{"contextActivities":
            {"parent":{"id":"p"},"grouping":{"id":"g1"}}},
            "object":{"definition":{"name":{"es-ES":"uno","en-US":"one","fr":"un","es":"dos"}}}}"#;
        let s: Statement = serde_json::from_str(text).unwrap();
        let d: Defined = serde_json::from_str(text).unwrap();
        assert_eq!(s.id.unwrap().as_str(), "a\"b");
        let ca = s.context.unwrap().activities.unwrap();
        assert_eq!(
            ca.grouping.unwrap().0.len(),
            1,
            "one activity, not in a list"
        );
        let name = d.object.unwrap().definition.unwrap().name.unwrap();
        assert_eq!(name.es.unwrap().as_str(), "uno");
        assert_eq!(name.en.unwrap().as_str(), "one");
    }

    #[test]
    fn a_field_of_another_type_is_named() {
        for (text, field) in [
            (r#"{"verb":{"id":5}}"#, "verb.id"),
            (r#"{"actor":"ana"}"#, "actor"),
            (r#"{"result":{"response":["0"]}}"#, "result.response"),
        ] {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            assert!(serde_json::from_str::<Statement>(text).is_err(), "{text}");
            assert_eq!(why(&v), field, "{text}");
        }
        // A definition of another shape is no fault of the statement: read without it.
        let text = r#"{"object":{"id":"x","definition":{"choices":3}}}"#;
        assert!(serde_json::from_str::<Statement>(text).is_ok());
        assert!(serde_json::from_str::<Defined>(text).is_err());
    }
}

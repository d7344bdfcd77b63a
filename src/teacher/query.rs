//! The record store's addresses as xAPI 1.0.3 spells them: the first statements query (by
//! activity with related activities, the answered verb, `since`, `limit`), where a page's
//! `more` leads (only ever on the store's own origin: the key is not sent elsewhere), and the
//! Basic credentials. Plain string work, tested natively.
use retry_lab_core::record::contract::ANSWERED;
use retry_lab_text::teacher_keys::Problem;

/// What the teacher typed to read from a store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    pub endpoint: String,
    /// The `Authorization` header's value.
    pub auth: String,
    pub activity: String,
    /// ISO 8601 instants, or None.
    pub since: Option<String>,
    pub until: Option<String>,
    pub limit: u32,
}

/// Answers of any activity asked for at once when the activity asked for had none, to name
/// those the store does have.
pub const PROBE: u32 = 200;

/// Percent-encodes all but RFC 3986's unreserved characters.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3 / 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub use retry_lab_report::read::origin;

/// The endpoint as typed, checked: an http(s) address without spaces, credentials or a query,
/// ending in `/` (xAPI resources are relative to it).
pub fn endpoint(typed: &str) -> Result<String, Problem> {
    let e = typed.trim();
    let bad = origin(e).is_none() || e.contains(char::is_whitespace) || e.contains(['?', '#']);
    if bad || e.len() > 2000 {
        return Err(Problem::BadEndpoint);
    }
    Ok(if e.ends_with('/') {
        e.to_string()
    } else {
        format!("{e}/")
    })
}

impl Query {
    /// The first page's address.
    pub fn first_url(&self) -> String {
        let mut url = format!(
            "{}statements?activity={}&related_activities=true&verb={}&limit={}",
            self.endpoint,
            encode(&self.activity),
            encode(ANSWERED),
            self.limit
        );
        for (k, v) in [("since", &self.since), ("until", &self.until)] {
            if let Some(v) = v {
                url.push_str(&format!("&{k}={}", encode(v)));
            }
        }
        url
    }

    /// The latest answers of any activity (see [`PROBE`]).
    pub fn probe_url(&self) -> String {
        format!(
            "{}statements?verb={}&limit={PROBE}",
            self.endpoint,
            encode(ANSWERED)
        )
    }

    /// Where a page's `more` leads: a path on the store's origin (what xAPI says it is), or an
    /// address on that same origin; anything that leaves the origin is refused. Only the part
    /// before the query can name a scheme or a host: a store may repeat its query unencoded
    /// (Learning Locker's `more` carries `activity=https://…&verb=http://…`).
    pub fn next_url(&self, more: &str) -> Result<String, Problem> {
        let own = origin(&self.endpoint).unwrap_or_default();
        let refuse = || Problem::ForeignMore(retry_lab_core::sim::utc::truncate(more, 80));
        let path = more.split(['?', '#']).next().unwrap_or("");
        if more.is_empty()
            || more.contains(|c: char| c.is_whitespace() || c.is_control() || c == '\\')
            || path.starts_with("//")
        {
            return Err(refuse());
        }
        if let Some(o) = origin(more) {
            let whole_host = more.len() == o.len() || more[o.len()..].starts_with(['/', '?']);
            return if o == own && whole_host {
                Ok(more.to_string())
            } else {
                Err(refuse())
            };
        }
        // A scheme of its own (`javascript:`, `data:`, an `http://` origin() refused…) is no
        // path on the store.
        let first = path.split('/').next().unwrap_or("");
        if path.contains("://") || first.contains(':') {
            return Err(refuse());
        }
        Ok(if more.starts_with('/') {
            format!("{own}{more}")
        } else {
            format!("{}{more}", self.endpoint)
        })
    }
}

/// Most pages one read follows: at [`source::LIMIT`](super::source::LIMIT) statements a page,
/// a million statements, far more than a course's class leaves; a store still offering pages
/// after that is said to, and what was read is kept (partial).
pub const MAX_PAGES: u32 = 2000;
/// Longest `more` followed, in bytes: a store's continuation is an address, not a document.
pub const MAX_MORE: usize = 8 << 10;

/// The pages a read has followed: how many, and every address it was sent to, so a store whose
/// `more` leads back to any page already read (two addresses in turn, not only the last one
/// again) is stopped, and so is one that offers new pages for ever ([`MAX_PAGES`]). Carried
/// over when «Reintentar» goes on from a page that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// Pages read whole.
    pub pages: u32,
    /// The address to read next (the first page's, then each `more`'s).
    pub next: String,
    seen: std::collections::BTreeSet<String>,
}

impl Walk {
    pub fn new(q: &Query) -> Walk {
        let first = q.first_url();
        Walk {
            pages: 0,
            seen: [first.clone()].into(),
            next: first,
        }
    }

    /// After a page read whole whose `more` is `more`: Ok(false) at the end, Ok(true) with
    /// `next` set to the following page, Err when `more` leads off the store's origin, to an
    /// address already read, is longer than [`MAX_MORE`], or the read is at [`MAX_PAGES`].
    pub fn read(&mut self, q: &Query, more: Option<&str>) -> Result<bool, Problem> {
        self.pages += 1;
        let Some(m) = more.filter(|m| !m.is_empty()) else {
            return Ok(false);
        };
        if m.len() > MAX_MORE {
            return Err(Problem::MoreTooLong(m.len()));
        }
        let next = q.next_url(m)?;
        if !self.seen.insert(next.clone()) {
            return Err(Problem::Loop);
        }
        if self.pages >= MAX_PAGES {
            return Err(Problem::TooManyPages(MAX_PAGES));
        }
        self.next = next;
        Ok(true)
    }
}

/// Whether an answer came from `url`'s origin (`final_url` is the address the browser says
/// the answer is from, after any redirect): the store's key and the statements counted are
/// only ever the store's own.
pub fn same_origin(final_url: &str, url: &str) -> bool {
    final_url.is_empty() || (origin(final_url).is_some() && origin(final_url) == origin(url))
}

/// The `Authorization` value for a key and secret (HTTP Basic); a key typed as a whole
/// `Basic …` header with no secret is taken as it is.
pub fn basic(key: &str, secret: &str) -> String {
    let key = key.trim();
    if secret.is_empty() && key.len() > 6 && key[..6].eq_ignore_ascii_case("basic ") {
        return format!("Basic {}", key[6..].trim());
    }
    format!(
        "Basic {}",
        retry_lab_core::embed::link::base64::standard(format!("{key}:{secret}").as_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q() -> Query {
        Query {
            endpoint: endpoint("https://lrs.example.org:8443/xapi").unwrap(),
            auth: basic("reader", "s3cret"),
            activity: "https://course.example/labs/retry".into(),
            since: Some("2026-12-01T00:00:00.000Z".into()),
            until: None,
            limit: 500,
        }
    }

    #[test]
    fn until_joins_since_and_the_probe_asks_for_any_activity() {
        let q = Query {
            until: Some("2026-12-02T00:00:00.000Z".into()),
            ..q()
        };
        assert!(q
            .first_url()
            .ends_with("&since=2026-12-01T00%3A00%3A00.000Z&until=2026-12-02T00%3A00%3A00.000Z"));
        assert_eq!(
            q.probe_url(),
            "https://lrs.example.org:8443/xapi/statements?verb=http%3A%2F%2Fadlnet.gov%2Fexpapi%2Fverbs%2Fanswered&limit=200"
        );
    }

    #[test]
    fn the_first_query_asks_for_answers_of_the_activity_and_what_it_relates_to() {
        assert_eq!(
            q().first_url(),
            "https://lrs.example.org:8443/xapi/statements?activity=https%3A%2F%2Fcourse.example%2Flabs%2Fretry\
             &related_activities=true&verb=http%3A%2F%2Fadlnet.gov%2Fexpapi%2Fverbs%2Fanswered&limit=500\
             &since=2026-12-01T00%3A00%3A00.000Z"
        );
    }

    #[test]
    fn a_more_that_cycles_or_never_ends_is_stopped_with_its_reason() {
        let q = q();
        // Two addresses in turn: the third page is the first `more` again.
        let mut w = Walk::new(&q);
        assert_eq!(w.read(&q, Some("/xapi/statements?more=a")), Ok(true));
        assert_eq!(w.read(&q, Some("/xapi/statements?more=b")), Ok(true));
        assert_eq!(
            w.read(&q, Some("/xapi/statements?more=a")),
            Err(Problem::Loop)
        );
        // Back to the first page's own address.
        let mut w = Walk::new(&q);
        assert_eq!(w.read(&q, Some(&q.first_url())), Err(Problem::Loop));
        // A new `more` every time: stopped at the page limit, having read that many pages.
        let mut w = Walk::new(&q);
        let mut n = 0;
        let end = loop {
            n += 1;
            match w.read(&q, Some(&format!("/xapi/statements?more={n}"))) {
                Ok(true) => assert!(w.next.ends_with(&format!("more={n}"))),
                other => break other,
            }
        };
        assert_eq!(end, Err(Problem::TooManyPages(MAX_PAGES)));
        assert_eq!(w.pages, MAX_PAGES);
        // The end, and a `more` that is a document rather than an address.
        let mut w = Walk::new(&q);
        assert_eq!(w.read(&q, Some("")), Ok(false));
        assert_eq!(w.read(&q, None), Ok(false));
        let huge = format!("/xapi/statements?more={}", "x".repeat(MAX_MORE));
        assert_eq!(
            w.read(&q, Some(&huge)),
            Err(Problem::MoreTooLong(huge.len()))
        );
    }

    #[test]
    fn an_answer_from_another_origin_is_not_the_stores() {
        let url = "https://lrs.example.org:8443/xapi/statements?x=1";
        assert!(same_origin(url, url));
        assert!(same_origin("https://lrs.example.org:8443/other", url));
        assert!(!same_origin("https://evil.example/xapi/statements", url));
        assert!(!same_origin("https://lrs.example.org/xapi/statements", url));
        assert!(!same_origin("http://lrs.example.org:8443/xapi/", url));
    }

    #[test]
    fn more_stays_on_the_stores_origin() {
        let q = q();
        assert_eq!(
            q.next_url("/xapi/statements?more=abc").unwrap(),
            "https://lrs.example.org:8443/xapi/statements?more=abc"
        );
        assert_eq!(
            q.next_url("https://lrs.example.org:8443/xapi/statements?more=1")
                .unwrap(),
            "https://lrs.example.org:8443/xapi/statements?more=1"
        );
        assert_eq!(
            q.next_url("statements?more=2").unwrap(),
            "https://lrs.example.org:8443/xapi/statements?more=2"
        );
        for foreign in [
            "",
            "https://evil.example/xapi/statements?more=1",
            "https://lrs.example.org:8443.evil.example/x",
            "https://lrs.example.org/xapi/statements",
            "https://lrs.example.org:8443@evil.example/x",
            "http://lrs.example.org:8443/xapi/statements?more=1",
            "//evil.example/x",
            "//evil.example?activity=https://lrs.example.org:8443/",
            "javascript:alert(1)",
            "javascript:alert('?https://x')",
            "data:text/plain,x",
            "/x y",
            "/xapi/statements?more=a\tb",
            "/xapi/statements?more=a\nb",
            "\\\\evil.example\\x",
            "/\\evil.example/x",
            "/xapi/statements?more=1\\x",
        ] {
            assert!(
                matches!(q.next_url(foreign), Err(Problem::ForeignMore(_))),
                "{foreign:?}"
            );
        }
    }

    #[test]
    fn every_stores_own_more_is_followed_whatever_its_query_holds() {
        let q = Query {
            endpoint: endpoint("http://127.0.0.1:41234/xAPI").unwrap(),
            ..q()
        };
        // Learning Locker (xapi-statements 5.0.1): the query repeated unencoded, then a cursor.
        let ll = "/xAPI/statements?activity=https://course.example/labs/retry&verb=http://adlnet.gov/expapi/verbs/answered\
                  &related_activities=true&since=2026-12-01T00:00:00.000Z&limit=500&cursor=afbbec46-ef1b-11f1-9242-eb6dda975188";
        assert_eq!(
            q.next_url(ll).unwrap(),
            format!("http://127.0.0.1:41234{ll}")
        );
        // Ralph: the query encoded, a point in time and where to search after.
        let ralph = "/xAPI/statements/?activity=https%3A%2F%2Fcourse.example%2Flabs%2Fretry&related_activities=true\
                     &pit_id=46ToAwMD&search_after=1701600000000%7C5&limit=500";
        assert_eq!(
            q.next_url(ralph).unwrap(),
            format!("http://127.0.0.1:41234{ralph}")
        );
        // The tests' stand-in: an opaque token.
        assert_eq!(
            q.next_url("/xapi/statements?more=9f86d081884c7d65")
                .unwrap(),
            "http://127.0.0.1:41234/xapi/statements?more=9f86d081884c7d65"
        );
        // A whole address on the store's origin, its query holding other addresses.
        let whole = format!("http://127.0.0.1:41234{ll}");
        assert_eq!(q.next_url(&whole).unwrap(), whole);
        // The same query on another origin, or after `//`, is still refused.
        for foreign in [
            format!("http://evil.example{ll}"),
            format!("//evil.example{ll}"),
            format!("http://127.0.0.1:41235{ll}"),
        ] {
            assert!(
                matches!(q.next_url(&foreign), Err(Problem::ForeignMore(_))),
                "{foreign}"
            );
        }
    }

    #[test]
    fn endpoints_are_whole_http_addresses() {
        assert_eq!(
            endpoint(" http://127.0.0.1:9000/xapi/ ").unwrap(),
            "http://127.0.0.1:9000/xapi/"
        );
        for bad in [
            "",
            "lrs.example.org/xapi",
            "ftp://x/",
            "https://",
            "https://a b/",
            "https://user:pw@lrs/",
            "https://lrs/xapi?x=1",
        ] {
            assert_eq!(endpoint(bad), Err(Problem::BadEndpoint), "{bad}");
        }
    }

    #[test]
    fn basic_credentials() {
        use retry_lab_core::embed::link::base64::standard;
        assert_eq!(standard(b""), "");
        assert_eq!(standard(b"f"), "Zg==");
        assert_eq!(standard(b"fo"), "Zm8=");
        assert_eq!(standard(b"foo"), "Zm9v");
        assert_eq!(standard(b"\xfb\xff"), "+/8=");
        assert_eq!(basic("lab", "secret"), "Basic bGFiOnNlY3JldA==");
        assert_eq!(basic("ñ", ""), "Basic w7E6");
        assert_eq!(
            basic("basic  bGFiOnNlY3JldA== ", ""),
            "Basic bGFiOnNlY3JldA=="
        );
    }
}

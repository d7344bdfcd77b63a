//! The xAPI contract between the lab, which writes statements, and the teacher's report, which
//! reads them: the verbs, activity types and extension keys, and the rules that make an object
//! id out of the lab's parts and read it back. Both sides name things only through this module,
//! so a change of a name is made once and fails the tests of both. `docs/record.md` says the
//! same in words.

/// The xAPI version the statements follow, and the header every request to a store carries.
pub const XAPI_VERSION: &str = "1.0.3";

named_enum! {
    /// The ADL verbs the lab uses (their machine names end ADL's IRIs).
    pub enum Verb {
        /// The learner opened the lab (or the workbench).
        Initialized = "initialized",
        /// A checkpoint reached: a stop passed, a challenge, a workbench milestone.
        Progressed = "progressed",
        /// Every challenge reached, or the whole path (with its score).
        Completed = "completed",
        /// A prediction or a lesson question answered: the statements the report reads.
        Answered = "answered",
    }
}

impl Verb {
    /// The verb's IRI.
    pub fn iri(self) -> String {
        format!("{ADL_VERBS}{}", self.as_str())
    }

    /// How the verb is shown: (en-US, es).
    pub fn display(self) -> (&'static str, &'static str) {
        match self {
            Verb::Initialized => ("initialized", "inició"),
            Verb::Progressed => ("progressed", "avanzó"),
            Verb::Completed => ("completed", "completó"),
            Verb::Answered => ("answered", "respondió"),
        }
    }
}

const ADL_VERBS: &str = "http://adlnet.gov/expapi/verbs/";
/// The answered verb's IRI, which the report asks a store for.
pub const ANSWERED: &str = "http://adlnet.gov/expapi/verbs/answered";

/// The lab itself, as an activity.
pub const SIMULATION: &str = "http://adlnet.gov/expapi/activities/simulation";
/// A stop's prediction or question, and the workbench's prediction.
pub const INTERACTION: &str = "http://adlnet.gov/expapi/activities/cmi.interaction";

/// cmi5's progress extension (0 to 100), which record stores and their reports know.
pub const PROGRESS: &str = "https://w3id.org/xapi/cmi5/result/extensions/progress";
/// Which try at this stop an answer is (1 the first), as the learner's browser counted them.
pub const ATTEMPT: &str = "https://w3id.org/xapi/retry-lab/extensions/attempt";
/// What the run showed, by which the answer was judged: `{"choice": id}` when one of the
/// stop's choices says it, else `{"unoffered": value}` with the value itself (`{"secs": 70}`,
/// `{"rows": [3, 3]}`, `{"count": 2}`, `{"permille": 8}`, `{"choice": id}`), which no choice
/// of the stop offers: every choice was wrong in that run.
pub const SHOWN: &str = "https://w3id.org/xapi/retry-lab/extensions/shown";

/// The segment under the lab's activity that holds the workbench's parts.
pub const WORKBENCH: &str = "workbench";
/// The key of [`SHOWN`]'s value when no choice offers what the run showed.
pub const UNOFFERED: &str = "unoffered";
/// The workbench's prediction, a part of the workbench's activity.
pub const WORKBENCH_PREDICT: &str = "predict";

/// Longest activity IRI taken from a host.
pub const MAX_IRI: usize = 512;
/// Longest stop id the reader takes.
pub const MAX_PART: usize = 128;

/// An absolute IRI: a scheme (`https:`, `urn:` …), then no spaces, controls or characters IRIs
/// exclude.
pub fn valid_iri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let mut sc = scheme.chars();
    s.len() <= MAX_IRI
        && !rest.is_empty()
        && sc.next().is_some_and(|c| c.is_ascii_alphabetic())
        && sc.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && rest.chars().all(|c| {
            !c.is_control()
                && !c.is_whitespace()
                && !matches!(c, '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`')
        })
}

/// An activity as a teacher or a host types it: without spaces around it or a final `/` (the
/// same activity either way).
pub fn activity_key(activity: &str) -> &str {
    activity.trim().trim_end_matches('/')
}

/// A part's object id: `{activity}/{part}` (a stop, a challenge, the workbench's prediction).
pub fn part_id(activity: &str, part: &str) -> String {
    format!("{}/{part}", activity_key(activity))
}

/// The workbench's own activity, under the lab's: `{activity}/workbench`.
pub fn workbench_activity(activity: &str) -> String {
    part_id(activity, WORKBENCH)
}

/// The stop an answered statement's object id is about, read back by the rule [`part_id`]
/// writes: one path segment after `{activity}/` when the activity is known (so the workbench's
/// `{activity}/workbench/predict` is none); without an activity, the last segment, unless it is
/// under `/workbench/`.
pub fn stop_of<'s>(activity: Option<&str>, id: &'s str) -> Option<&'s str> {
    let rest = match activity {
        Some(a) => id
            .strip_prefix(activity_key(a))?
            .strip_prefix('/')
            .filter(|_| !activity_key(a).is_empty())?,
        None => {
            let (head, tail) = id.rsplit_once('/')?;
            let under = head.rsplit('/').next().unwrap_or("");
            if under == WORKBENCH || head.ends_with(':') || head.is_empty() {
                return None;
            }
            tail
        }
    };
    (!rest.is_empty() && !rest.contains('/') && rest.len() <= MAX_PART).then_some(rest)
}

/// The activity an object id belongs to, as a teacher would type it: all but its last segment
/// (for a stop's answer, the lab's activity).
pub fn activity_of(id: &str) -> Option<&str> {
    id.rsplit_once('/')
        .map(|(head, _)| head)
        .filter(|h| !h.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iris_are_checked() {
        for ok in [
            "https://course.example/labs/retry",
            "urn:uuid:6a1b0c2e-0000-4000-8000-000000000000",
            "http://x.example/a?b=c#d",
            "git+ssh.x-y:z",
        ] {
            assert!(valid_iri(ok), "{ok}");
        }
        for bad in [
            "",
            "course.example/labs",
            "https://a b",
            "1http://x",
            "javascript:",
            "https://x/<script>",
            "a_b:c",
            "https://x/\"",
            "https://x/{",
            "https://x/|",
            "https://x/\\",
            "https://x/^",
            "https://x/`",
            &format!("https://{}", "a".repeat(MAX_IRI)),
        ] {
            assert!(!valid_iri(bad), "{bad}");
        }
    }

    #[test]
    fn a_part_id_is_read_back_as_its_stop() {
        for activity in [
            "https://course.example/labs/retry",
            "https://course.example/labs/retry/",
            " https://course.example/labs/retry ",
        ] {
            let id = part_id(activity, "step_backoff");
            assert_eq!(id, "https://course.example/labs/retry/step_backoff");
            assert_eq!(stop_of(Some(activity), &id), Some("step_backoff"));
            assert_eq!(stop_of(None, &id), Some("step_backoff"));
            assert_eq!(activity_of(&id), Some("https://course.example/labs/retry"));
            // The workbench's prediction is no stop, whichever way it is read.
            let wb = part_id(&workbench_activity(activity), WORKBENCH_PREDICT);
            assert_eq!(wb, "https://course.example/labs/retry/workbench/predict");
            assert_eq!(stop_of(Some(activity), &wb), None);
            assert_eq!(stop_of(None, &wb), None);
        }
        // Another activity that starts like the lab's is not the lab's.
        let lab = "https://course.example/labs/retry";
        assert_eq!(
            stop_of(Some(lab), "https://course.example/labs/retry2/x"),
            None
        );
        assert_eq!(stop_of(Some(lab), lab), None);
        assert_eq!(stop_of(Some(lab), &format!("{lab}/")), None);
        assert_eq!(stop_of(Some(""), "/x"), None);
        assert_eq!(stop_of(None, "urn:x"), None);
        assert_eq!(stop_of(None, "stop"), None);
        let long = format!("{lab}/{}", "a".repeat(MAX_PART + 1));
        assert_eq!(stop_of(Some(lab), &long), None);
    }

    #[test]
    fn verbs_are_adls() {
        assert_eq!(Verb::Answered.iri(), ANSWERED);
        assert_eq!(
            Verb::Initialized.iri(),
            "http://adlnet.gov/expapi/verbs/initialized"
        );
        for v in Verb::ALL {
            assert!(v.iri().ends_with(v.display().0));
        }
    }
}

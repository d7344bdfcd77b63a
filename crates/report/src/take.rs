//! How a statement becomes counts: the checks it must pass (verb, activity, class, learner,
//! response, duplicate), the tables it lands in (stops and their choices, learners and their
//! first try at each stop), and the first try kept up to date as earlier tries come in later.
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::statement::{Actor, Definition, Statement};
use super::{cut, Report, Skip, MAX_CHOICES, MAX_KEY, MAX_NAME, MAX_STOPS};
use super::{statement, Catalogue, Names, Part};
use retry_lab_core::record::contract::{self, ANSWERED};
use retry_lab_core::sim::utc as time;

/// Whether a statement is done with (counted or skipped), or needs its definition read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    Done,
    NeedDefinition,
}

/// The tables' hash: FNV-style over 8 bytes at a time, then mixed (a multiply and a shift,
/// so the high bits the table probes by depend on every input bit), several times faster than
/// std's SipHash for these short keys. Its weakness, keys chosen to collide, would only slow
/// a teacher's own file down, never change its counts.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0 ^ 0xcbf2_9ce4_8422_2325;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ w).wrapping_mul(0x0100_0000_01b3).rotate_left(23);
        }
        for &b in chunks.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
    fn write_u128(&mut self, n: u128) {
        // Statement ids are UUIDs, random or (in some stores) sequential: `finish` mixes them.
        self.0 ^= (n as u64) ^ ((n >> 64) as u64).rotate_left(29);
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
pub type FastSet<K> = std::collections::HashSet<K, BuildHasherDefault<Fnv>>;

/// One try: when, which attempt the lab said it was, what was chosen and whether it was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Try {
    pub(super) at: i64,
    pub(super) attempt: u32,
    pub(super) choice: u16,
    pub(super) right: bool,
    /// The run it was judged by showed what no choice offers: wrong, but no belief.
    pub(super) unoffered: bool,
}

/// A learner at a stop: their first try (the earliest) and how many tries there were.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) stop: u16,
    pub(super) first: Try,
    pub(super) tries: u32,
    /// The latest try's time (`i64::MAX` when none had one).
    pub(super) last_at: i64,
}

pub(super) struct Learner {
    pub(super) key: Box<str>,
    pub(super) name: Box<str>,
    /// Whether `name` is the actor's `name`, not a fallback from the identifier.
    pub(super) named: bool,
    /// The first class (`grouping` activity) a statement of theirs named.
    pub(super) class: Option<Box<str>>,
    pub(super) entries: Vec<Entry>,
}

pub(super) struct ChoiceAcc {
    pub(super) id: Box<str>,
    pub(super) name: Names,
    pub(super) right: bool,
    /// Learners whose first try chose it, and of them those for whom it was wrong.
    pub(super) first: u32,
    pub(super) first_wrong: u32,
    /// Every try that chose it.
    pub(super) all: u32,
}

pub(super) struct StopAcc {
    pub(super) id: Box<str>,
    /// Position in the lab's path (`Stop::NAMES`), else after them in the order first seen.
    pub(super) order: (usize, usize),
    pub(super) name: Names,
    pub(super) question: Names,
    pub(super) choices: Vec<ChoiceAcc>,
    pub(super) index: FastMap<Box<str>, u16>,
    pub(super) answered: u32,
    pub(super) first_right: u32,
    /// First tries judged by a run that showed what no choice offers.
    pub(super) first_unoffered: u32,
    pub(super) retried: u32,
    /// Named in both languages, every choice too: later definitions have nothing to add.
    pub(super) complete: bool,
}

impl StopAcc {
    /// The choice `id`, added if new (None past [`MAX_CHOICES`]), named by `catalogue` first.
    pub(super) fn choice(&mut self, id: &str, catalogue: Option<Catalogue>) -> Option<u16> {
        if let Some(&i) = self.index.get(id) {
            return Some(i);
        }
        if self.choices.len() >= MAX_CHOICES || id.len() > MAX_NAME {
            return None;
        }
        let i = self.choices.len() as u16;
        let name = catalogue.and_then(|c| c(&self.id, Part::Choice(id)));
        self.choices.push(ChoiceAcc {
            id: id.into(),
            name: name.unwrap_or_default(),
            right: false,
            first: 0,
            first_wrong: 0,
            all: 0,
        });
        self.index.insert(id.into(), i);
        Some(i)
    }

    /// Whether try `a` comes before `b`: by time, then attempt, then (for a total order that
    /// does not depend on the order statements came in) choice id and rightness.
    fn earlier(&self, a: &Try, b: &Try) -> bool {
        let id = |t: &Try| &*self.choices[usize::from(t.choice)].id;
        (a.at, a.attempt, id(a), a.right, a.unoffered)
            < (b.at, b.attempt, id(b), b.right, b.unoffered)
    }

    fn count_first(&mut self, t: &Try, sign: i32) {
        let c = &mut self.choices[usize::from(t.choice)];
        let add = |n: &mut u32| *n = n.saturating_add_signed(sign);
        add(&mut c.first);
        if t.right {
            add(&mut self.first_right);
        } else if t.unoffered {
            add(&mut self.first_unoffered);
        } else {
            add(&mut c.first_wrong);
        }
    }
}

impl Report {
    pub(super) fn skip(&mut self, why: Skip) -> Taken {
        self.counts.skipped[why as usize] += 1;
        Taken::Done
    }

    /// A piece the statement reader refused: not JSON, not an object, or a field at fault.
    pub(super) fn unreadable(&mut self, v: Option<&serde_json::Value>) {
        let why = match v {
            None => Skip::NotJson,
            Some(v) if !v.is_object() => Skip::NotAStatement,
            Some(v) => {
                self.counts.shape_example.get_or_insert(statement::why(v));
                Skip::Shape
            }
        };
        self.skip(why);
    }

    /// Counts one statement, or says it needs the object's definition first: when its stop
    /// has not got its names in both languages yet, or its response is a choice not seen yet.
    /// `def` is None until the definition is read, then what was read (None if it had none or
    /// could not be read: the statement counts all the same, without names from it).
    pub(super) fn take(&mut self, s: &Statement, def: Option<Option<&Definition>>) -> Taken {
        // Any statement read moves a live poll's start on, counted or not.
        if let Some(t) = s.stored.as_ref().and_then(|t| time::parse_ms(t.as_str())) {
            self.last_stored = Some(self.last_stored.map_or(t, |l| l.max(t)));
        }
        let (Some(verb), Some(object)) = (s.verb.as_ref().and_then(|v| v.id.as_ref()), &s.object)
        else {
            return self.skip(Skip::NotAStatement);
        };
        if verb.as_str() != ANSWERED {
            return self.skip(Skip::OtherVerb);
        }
        let Some(object_id) = object.id.as_ref() else {
            return self.skip(Skip::NotAStatement);
        };
        let Some(stop) = contract::stop_of(self.activity.as_deref(), object_id.as_str()) else {
            if self.counts.other_activity_example.is_none() {
                self.counts.other_activity_example = Some(cut(object_id.as_str()));
            }
            self.counts.saw_activity(object_id.as_str());
            return self.skip(Skip::OtherActivity);
        };
        let grouping = s.context.as_ref().and_then(|c| c.activities.as_ref());
        let grouping = grouping.and_then(|a| a.grouping.as_ref());
        if let Some(class) = &self.class {
            let of_class = grouping.is_some_and(|g| {
                g.0.iter()
                    .any(|r| r.id.as_ref().is_some_and(|id| id.as_str() == class))
            });
            if !of_class {
                let named = grouping.and_then(|g| g.0.iter().find_map(|r| r.id.as_ref()));
                if let Some(other) = named {
                    self.counts.saw_class(other.as_str());
                }
                return self.skip(Skip::OtherClass);
            }
        }
        let at = [&s.timestamp, &s.stored]
            .iter()
            .find_map(|t| time::parse_ms(t.as_ref()?.as_str()));
        if self.since.is_some() || self.until.is_some() {
            // Of the period asked for: a statement without a time cannot be placed in it.
            let inside = at.is_some_and(|t| {
                self.since.is_none_or(|from| t >= from) && self.until.is_none_or(|to| t < to)
            });
            if !inside {
                return self.skip(Skip::OutOfTime);
            }
        }
        let class_of = grouping
            .and_then(|g| g.0.iter().find_map(|r| r.id.as_ref()))
            .map(|id| cut(id.as_str()));
        let mut key = std::mem::take(&mut self.scratch);
        let named = s.actor.as_ref().and_then(|a| learner_key(a, &mut key));
        let Some((name, named)) = named else {
            self.scratch = key;
            return self.skip(Skip::NoLearner);
        };
        let result = s.result.as_ref();
        let Some(response) = result.and_then(|r| r.response.as_ref()) else {
            self.scratch = key;
            return self.skip(Skip::NoResponse);
        };
        let Some(si) = self.intern_stop(stop) else {
            self.scratch = key;
            return self.skip(Skip::TooMany);
        };
        let catalogue = self.catalogue;
        let st = &mut self.stops[usize::from(si)];
        let Some(def) = def.or_else(|| {
            // Nothing to learn from the definition: no need to read it.
            let known = st.complete && st.index.contains_key(response.as_str());
            known.then_some(None)
        }) else {
            self.scratch = key;
            return Taken::NeedDefinition;
        };
        // The definition before the response, so choices keep the order the lab lists them
        // in. A duplicate carries the same definition, so reading it first changes nothing.
        let mut right_by_pattern = None;
        if let Some(d) = def {
            if let Some(m) = &d.name {
                st.name.fill(m);
            }
            if let Some(m) = &d.description {
                st.question.fill(m);
            }
            for c in d.choices.iter().flatten() {
                let Some(cid) = c.id.as_ref() else { continue };
                if let (Some(i), Some(m)) = (st.choice(cid.as_str(), catalogue), &c.description) {
                    st.choices[usize::from(i)].name.fill(m);
                }
            }
            for pattern in d.correct.iter().flatten() {
                for id in pattern.as_str().split("[,]") {
                    let hit = id == response.as_str();
                    right_by_pattern = Some(right_by_pattern.unwrap_or(false) || hit);
                    if let Some(i) = st.choice(id, catalogue) {
                        st.choices[usize::from(i)].right = true;
                    }
                }
            }
            st.complete = st.name.es.is_some()
                && st.name.en.is_some()
                && st
                    .choices
                    .iter()
                    .all(|c| c.name.es.is_some() && c.name.en.is_some());
        }
        let Some(ci) = st.choice(response.as_str(), catalogue) else {
            self.scratch = key;
            return self.skip(Skip::TooMany);
        };
        if let Some(id) = s.id.as_ref() {
            if !self.seen.insert(id_key(id.as_str())) {
                self.scratch = key;
                return self.skip(Skip::Duplicate);
            }
        }
        // Right: as the statement says, else as its pattern, else as earlier patterns said.
        let right = result
            .and_then(|r| r.success)
            .or(right_by_pattern)
            .unwrap_or(st.choices[usize::from(ci)].right);
        let ext = result.and_then(|r| r.extensions.as_ref());
        let attempt = ext.and_then(|e| e.attempt);
        let t = Try {
            at: at.unwrap_or(i64::MAX),
            attempt: attempt.unwrap_or(u32::MAX),
            choice: ci,
            // A right answer was judged by an offered choice, whatever the extension says.
            unoffered: !right && ext.is_some_and(|e| e.unoffered),
            right,
        };
        let li = self.intern_learner(key, name, named);
        let l = &mut self.learners[li as usize];
        if l.class.is_none() {
            l.class = class_of;
        }
        self.record(li, si, t);
        Taken::Done
    }

    pub(super) fn intern_stop(&mut self, id: &str) -> Option<u16> {
        if let Some(&i) = self.stop_index.get(id) {
            return Some(i);
        }
        if self.stops.len() >= MAX_STOPS {
            return None;
        }
        let i = self.stops.len() as u16;
        let known = retry_lab_core::lab::checkpoints::Stop::NAMES
            .iter()
            .position(|n| *n == id);
        let named = |part| self.catalogue.and_then(|c| c(id, part)).unwrap_or_default();
        let (name, question) = (named(Part::Name), named(Part::Question));
        self.stops.push(StopAcc {
            id: id.into(),
            order: (known.unwrap_or(usize::MAX), self.stops.len()),
            name,
            question,
            choices: Vec::new(),
            index: FastMap::default(),
            answered: 0,
            first_right: 0,
            first_unoffered: 0,
            retried: 0,
            complete: false,
        });
        self.stop_index.insert(id.into(), i);
        Some(i)
    }

    /// The learner whose key is in `key` (the scratch buffer, handed back after).
    fn intern_learner(&mut self, key: String, name: &str, named: bool) -> u32 {
        let i = match self.learner_index.get(key.as_str()) {
            Some(&i) => {
                let l = &mut self.learners[i as usize];
                if named && !l.named {
                    (l.name, l.named) = (cut(name), true);
                }
                i
            }
            None => {
                let i = self.learners.len() as u32;
                let k: Box<str> = key.as_str().into();
                self.learners.push(Learner {
                    key: k.clone(),
                    name: cut(name),
                    named,
                    class: None,
                    entries: Vec::new(),
                });
                self.learner_index.insert(k, i);
                i
            }
        };
        self.scratch = key;
        i
    }

    fn record(&mut self, li: u32, si: u16, t: Try) {
        self.counts.answers += 1;
        let st = &mut self.stops[usize::from(si)];
        st.choices[usize::from(t.choice)].all += 1;
        let entries = &mut self.learners[li as usize].entries;
        match entries.iter_mut().find(|e| e.stop == si) {
            None => {
                entries.push(Entry {
                    stop: si,
                    first: t,
                    tries: 1,
                    last_at: t.at,
                });
                st.answered += 1;
                st.count_first(&t, 1);
            }
            Some(e) => {
                e.tries += 1;
                if t.at != i64::MAX && (e.last_at == i64::MAX || t.at > e.last_at) {
                    e.last_at = t.at;
                }
                if e.tries == 2 {
                    st.retried += 1;
                }
                if st.earlier(&t, &e.first) {
                    st.count_first(&e.first, -1);
                    st.count_first(&t, 1);
                    e.first = t;
                }
            }
        }
    }
}

/// The learner's identifier (xAPI's inverse functional identifier) written into `out`, and
/// their display name: the actor's `name`, else the account's name, else the mailbox. None
/// for a group or an actor without an identifier.
fn learner_key<'a>(a: &'a Actor, out: &mut String) -> Option<(&'a str, bool)> {
    out.clear();
    if a.object_type
        .as_ref()
        .is_some_and(|t| t.as_str() == "Group")
    {
        return None;
    }
    let account = a.account.as_ref().and_then(|acc| {
        let (home, name) = (acc.home_page.as_ref()?, acc.name.as_ref()?);
        Some((home.as_str(), name.as_str()))
    });
    let fallback = if let Some(m) = &a.mbox {
        out.push_str("mbox:");
        out.push_str(m.as_str());
        m.as_str().strip_prefix("mailto:").unwrap_or(m.as_str())
    } else if let Some(h) = &a.mbox_sha1sum {
        out.push_str("sha1:");
        out.push_str(h.as_str());
        h.as_str()
    } else if let Some(o) = &a.openid {
        out.push_str("openid:");
        out.push_str(o.as_str());
        o.as_str()
    } else if let Some((home, name)) = account {
        // An IRL has no spaces, so the first one ends the home page.
        out.push_str("account:");
        out.push_str(home);
        out.push(' ');
        out.push_str(name);
        name
    } else {
        return None;
    };
    if out.len() > MAX_KEY || out.trim().is_empty() {
        return None;
    }
    let name = a.name.as_ref().map(|n| n.as_str().trim());
    Some(match name.filter(|n| !n.is_empty()) {
        Some(n) => (n, true),
        None => (account.map_or(fallback, |(_, n)| n), false),
    })
}

/// A statement id as a set key: the UUID's 128 bits, or for another id (xAPI wants UUIDs, not
/// every file has them) a 128-bit hash of the text.
fn id_key(id: &str) -> u128 {
    if let Ok(u) = uuid::Uuid::try_parse(id) {
        return u.as_u128();
    }
    (u128::from(fnv(1, id.as_bytes())) << 64 | u128::from(fnv(2, id.as_bytes()))) ^ (1 << 127)
}

/// FNV-1a, from a seed: cheap, stable across runs and machines (the anonymised order uses it).
pub(super) fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325 ^ seed, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

//! A second enumerator, written apart from the checker from the spec's rules: depth first over
//! every schedule, the database as unsaturated counts of committed marks and of each
//! transaction's uncommitted ones, and of effects.
use super::*;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Handler {
    at: usize,
    in_tx: bool,
    tx_effects: u32,
    acked: bool,
    may_crash: bool,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct World {
    /// Marks committed, and held uncommitted by each handler's transaction.
    committed: u32,
    held: [u32; 2],
    effects: u32,
    h: [Handler; 2],
}

fn abort(w: &mut World, i: usize) {
    w.held[i] = 0;
    w.h[i].in_tx = false;
    w.h[i].tx_effects = 0;
}

fn done(steps: &[Step], h: &Handler) -> bool {
    h.at >= steps.len()
}

/// Leaves for the ack after a refused insert or a seen id.
fn to_ack(steps: &[Step], w: &mut World, i: usize) {
    abort(w, i);
    let from = w.h[i].at + 1;
    w.h[i].at = steps[from..]
        .iter()
        .position(|s| *s == Step::Ack)
        .map_or(steps.len(), |k| from + k);
}

fn run_step(steps: &[Step], effect: Effect, unique: bool, w: &World, i: usize) -> Option<World> {
    let mut w = w.clone();
    let step = *steps.get(w.h[i].at)?;
    match step {
        Step::Begin => w.h[i].in_tx = true,
        Step::Check => {
            if w.committed > 0 || w.held[i] > 0 {
                to_ack(steps, &mut w, i);
                return Some(finish(steps, w, i));
            }
        }
        // Under the constraint: one's own or a committed mark refuses, the other's waits.
        Step::Insert if unique && (w.committed > 0 || w.held[i] > 0) => {
            to_ack(steps, &mut w, i);
            return Some(finish(steps, w, i));
        }
        Step::Insert if unique && w.held[1 - i] > 0 => return None,
        Step::Insert => {
            if w.h[i].in_tx {
                w.held[i] += 1;
            } else {
                w.committed += 1;
            }
        }
        Step::Apply => {
            if w.h[i].in_tx && effect != Effect::Email {
                w.h[i].tx_effects += 1;
            } else {
                w.effects += 1;
            }
        }
        Step::Commit => {
            if w.h[i].in_tx {
                w.committed += w.held[i];
                w.held[i] = 0;
                w.effects += w.h[i].tx_effects;
                w.h[i].tx_effects = 0;
                w.h[i].in_tx = false;
            }
        }
        Step::Ack => {
            abort(&mut w, i);
            w.h[i].acked = true;
            w.h[i].at = steps.len();
            return Some(w);
        }
    }
    w.h[i].at += 1;
    Some(finish(steps, w, i))
}

/// A handler that ran off its end returns, and its connection rolls back.
fn finish(steps: &[Step], mut w: World, i: usize) -> World {
    if done(steps, &w.h[i]) && !w.h[i].acked {
        abort(&mut w, i);
    }
    w
}

fn explore(
    steps: &[Step],
    (effect, unique): (Effect, bool),
    w: World,
    seen: &mut HashSet<World>,
    out: &mut BTreeSet<Failure>,
) {
    if !seen.insert(w.clone()) {
        return;
    }
    if effect != Effect::Set && w.effects > 1 {
        out.insert(Failure::DoubleEffect);
    }
    if w.h.iter().any(|h| done(steps, h) && !h.acked) {
        out.insert(Failure::Stuck);
    }
    if w.h.iter().all(|h| done(steps, h)) && w.effects == 0 && w.h.iter().any(|h| h.acked) {
        out.insert(Failure::Lost);
    }
    for i in 0..2 {
        if let Some(n) = run_step(steps, effect, unique, &w, i) {
            explore(steps, (effect, unique), n, seen, out);
        }
        let h = &w.h[i];
        if h.may_crash && h.at > 0 && !done(steps, h) {
            let mut n = w.clone();
            abort(&mut n, i);
            n.h[i].at = 0;
            n.h[i].may_crash = false;
            explore(steps, (effect, unique), n, seen, out);
        }
    }
}

pub fn failures(steps: &[Step], effect: Effect, constraint: Constraint) -> Vec<Failure> {
    let h = Handler {
        at: 0,
        in_tx: false,
        tx_effects: 0,
        acked: false,
        may_crash: true,
    };
    let w = World {
        committed: 0,
        held: [0, 0],
        effects: 0,
        h: [h.clone(), h],
    };
    let mut out = BTreeSet::new();
    let unique = constraint == Constraint::Unique;
    explore(steps, (effect, unique), w, &mut HashSet::new(), &mut out);
    out.into_iter().collect()
}

#[test]
fn the_brute_force_enumerator_agrees_on_every_ordering_on_either_table() {
    for s in orderings() {
        for effect in Effect::ALL.iter().copied() {
            for constraint in Constraint::ALL.iter().copied() {
                assert_eq!(
                    check(&prog(&s, effect).with_constraint(constraint)).failures,
                    failures(&s, effect, constraint),
                    "{:?} {effect:?} {constraint:?}",
                    s
                );
            }
        }
    }
}

// A planned class for the record store's tests and for trying the loop by hand: learners of
// known habits, each a list of answers at the lab's own stops (the table `simulate stops`
// writes), walked natively by `simulate learners` into the statements the lab sends. What the
// teacher's page must then show is computed here from the plan alone, never from statements.
import { simulate } from '../e2e/lib.mjs';

export const ACTIVITY = 'https://course.example/labs/retry';
export const CLASS = 'https://course.example/classes/3b';
export const OTHER_CLASS = 'https://course.example/classes/3c';

/** A small deterministic generator (mulberry32), so a plan is the same every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The habits a planned learner can have; `at(stop, i)` is their answer at the i-th stop. */
export const HABITS = {
  // Right everywhere.
  right: () => (s) => [[s.id, s.right]],
  // Counts the initial delivery as an intento wherever a choice says so; right elsewhere.
  initial: () => (s) => [[s.id, s.choices.some((c) => c.id === 'counts-initial-delivery') ? 'counts-initial-delivery' : s.right]],
  // Believes the application's check is enough: wrong at the race and the stops about the
  // constraint, right elsewhere.
  check: () => (s) => {
    const belief = { step_race: 'app-check-is-enough', step_insert_first: 'constraint-lets-both-apply', ask_same_transaction: 'less-sql' }[s.id];
    return [[s.id, belief ?? s.right]];
  },
  // Answers at random, and tries about a third of the stops again with another choice.
  random: (seed) => {
    const r = random(seed);
    return (s) => {
      const pick = () => s.choices[Math.floor(r() * s.choices.length)].id;
      const first = pick();
      const out = [[s.id, first]];
      if (r() < 0.34) out.push([s.id, s.choices.map((c) => c.id).find((c) => c !== first)]);
      return out;
    };
  },
  // Changes the scene before each stop that allows it (its run shows what no choice offers).
  changed: () => (s) => [s.changeable ? [s.id, s.right, 'changed'] : [s.id, s.right]],
};

/** A learner of `habit` who answers the first `stops` stops of `table`. */
export function learner(table, name, habit, { stops = table.length, seed = 1, cls } = {}) {
  const at = HABITS[habit](seed);
  const answers = table.slice(0, stops).flatMap((s) => at(s));
  return cls ? { name, class: cls, answers } : { name, answers };
}

/** The plan of `n` learners: the habits in turn, every seventh stopping after 8 stops, one in
 * another class. */
export function plannedClass(table, n, { start = '2026-12-03T08:00:00Z' } = {}) {
  const habits = Object.keys(HABITS);
  const learners = Array.from({ length: n }, (_, i) => learner(table, `Planned ${String(i + 1).padStart(3, '0')}`, habits[i % habits.length], {
    stops: i % 7 === 6 ? 8 : table.length,
    seed: i + 1,
    cls: i === n - 1 ? OTHER_CLASS : undefined,
  }));
  return { activity: ACTIVITY, class: CLASS, start, learners };
}

/** The statements the lab sends for `plan`, as `simulate learners` writes them. */
export function statementsOf(plan) {
  return simulate(['learners', '-'], JSON.stringify(plan)).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** Each learner's first try at each stop in `plan`, of `cls` (null: any): {learner, class,
 * stop, choice, right, unoffered}, with `later` the tries after it. */
export function firstTries(plan, table, cls = null) {
  const out = [];
  for (const l of plan.learners) {
    const lc = l.class ?? plan.class;
    if (cls && lc !== cls) continue;
    const seen = new Map();
    for (const [stop, choice, how] of l.answers) {
      if (seen.has(stop)) { seen.get(stop).later.push(choice); continue; }
      const right = table.find((s) => s.id === stop).right;
      const unoffered = how === 'changed';
      const t = { learner: l.name, class: lc, stop, choice, right: choice === right && !unoffered, unoffered, later: [] };
      seen.set(stop, t);
      out.push(t);
    }
  }
  return out;
}

export const SMALL_CLASS = 'https://course.example/classes/4a';
export const OTHER_ACTIVITY = 'https://course.example/labs/other';

/** The class of issue 43's trial, as a teacher would meet it: one learner always right, one
 * counting the initial delivery as an intento, one believing the application's check is
 * enough, one answering at random and trying stops again, one stopping after 8 stops; and a
 * learner of another class. `otherActivity` is a plan of one learner of another activity (its
 * statements are mixed into the same store). */
export function smallClass(table, { start = '2026-12-04T08:00:00Z' } = {}) {
  const learners = [
    learner(table, 'Alba', 'right'),
    learner(table, 'Bruno', 'initial'),
    learner(table, 'Carmen', 'check'),
    learner(table, 'Diego', 'random', { seed: 7 }),
    learner(table, 'Elena', 'right', { stops: 8 }),
    learner(table, 'Fabio', 'initial', { cls: OTHER_CLASS }),
  ];
  const otherActivity = { activity: OTHER_ACTIVITY, class: SMALL_CLASS, start, learners: [learner(table, 'Gala', 'check', { stops: 5 })] };
  return { plan: { activity: ACTIVITY, class: SMALL_CLASS, start, learners }, otherActivity };
}

/** What the teacher's first screen must show for the first tries `firsts` (firstTries of a
 * plan, one class) at the stops of `table`: the stops hardest first, the beliefs held (answers
 * and learners, who) in the order the page lists them, and the learners by need (the lowest share
 * right of the stops each answered first). Computed from
 * the plan alone. */
export function tomorrow(firsts, table) {
  const stops = table.filter((s) => firsts.some((t) => t.stop === s.id));
  const number = new Map(stops.map((s, i) => [s.id, i + 1]));
  const permille = (right, of) => (of ? Math.floor((right * 1000) / of) : 0);
  const hardest = stops.map((s, i) => {
    const at = firsts.filter((t) => t.stop === s.id);
    const right = at.filter((t) => t.right).length;
    return { id: s.id, answered: at.length, right, key: permille(right, at.length), i };
  }).sort((a, b) => a.key - b.key || a.i - b.i).map(({ id, answered, right }) => ({ id, answered, right }));
  // Beliefs: a wrong first try (not one judged by a changed scene), one per readable id.
  const beliefs = [];
  for (const s of stops) {
    for (const c of s.choices) {
      const held = firsts.filter((t) => t.stop === s.id && t.choice === c.id && !t.right && !t.unoffered);
      if (!held.length) continue;
      let b = beliefs.find((x) => x.id === c.id);
      if (!b) beliefs.push(b = { id: c.id, answers: 0, who: new Set() });
      b.answers += held.length;
      for (const t of held) b.who.add(t.learner);
    }
  }
  const byName = (a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
  const held = beliefs.map((b, i) => ({ id: b.id, answers: b.answers, learners: b.who.size, who: [...b.who].sort(byName), i }))
    .sort((a, b) => b.learners - a.learners || b.answers - a.answers || a.i - b.i)
    .map(({ i, ...b }) => b);
  const names = [...new Set(firsts.map((t) => t.learner))];
  const need = names.map((name) => {
    const mine = firsts.filter((t) => t.learner === name);
    const furthest = Math.max(...mine.map((t) => number.get(t.stop)));
    return { name, right: mine.filter((t) => t.right).length, answered: mine.length, furthest };
  }).sort((a, b) => permille(a.right, a.answered) - permille(b.right, b.answered) || a.answered - b.answered || byName(a.name, b.name));
  return { stops: stops.length, hardest, beliefs: held, need };
}

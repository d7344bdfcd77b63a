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

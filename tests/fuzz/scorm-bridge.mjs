// Fuzz of the SCORM bridge (www/scorm/scorm-bridge.js), run by scripts/fuzz: FUZZ_CASES launches
// (default 1 000 000), each with a runtime that misbehaves at random (calls missing, throwing,
// refusing, answering any type, values whose toString throws, suspend_data of any length and
// content, the bridge's own part damaged) and random messages from the lab's frame and from
// elsewhere (saved states, statements of any shape, heights), then the page closing. Each case
// must hold: nothing thrown out of the bridge, the lab always opened (or, without a runtime,
// the page sent to index.html), its address bounded and free of the kept state (handed over by
// message, to the page's own origin only), a failure always said on the page, every
// value handed to the runtime a string, suspend_data within the version's limit, interactions
// numbered on from the bridge's count without gaps. Seeded: a failure names its case's seed.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The bridge is an ES module in a .js file of a package that is not: imported as .mjs.
const tmp = mkdtempSync(join(tmpdir(), 'scorm-bridge-fuzz-'));
copyFileSync(join(ROOT, 'www/scorm/scorm-bridge.js'), join(tmp, 'bridge.mjs'));
const { start, MAX_ADDRESS, MAX_KEPT } = await import(join(tmp, 'bridge.mjs'));
rmSync(tmp, { recursive: true, force: true });

const CASES = Number(process.env.FUZZ_CASES ?? 1000000);
const ORIGIN = 'https://lms.example';
const ACTIVITY = `${ORIGIN}/pkg/index.html`;
const STOPS = ['step_backoff', 'step_crash', 'ask_natural', 'step_dead_letter', 'x', ''];

/** xorshift32: the same seed, the same case. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
  const r = {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
  return r;
}

const throwing = () => ({ toString() { throw new Error('toString'); } });
/** Any text: short or huge, ASCII or not, lone surrogates, the lab's own separators. */
function anyText(r) {
  switch (r.int(8)) {
    case 0: return '';
    case 1: return 'x'.repeat(r.pick([4095, 4096, 4097, 6001, 64001, 120000, 3000000]));
    case 2: return String.fromCharCode(...Array.from({ length: r.int(40) }, () => r.int(0x10000)));
    case 3: return '\ud800' + '&=%,:'.repeat(r.int(2000));
    case 4: return '{"slide":7,"score":3}';
    default: return Array.from({ length: r.int(30) }, () => r.pick(['v=2', '&', '=', 'at=', r.pick(STOPS), ',', '%', '&scorm=', String(r.int(1e7)), 'f', 'lang=en', 'passed=', 'é', '\u202e'])).join('');
  }
}
/** What a runtime call may answer. */
function anyAnswer(r) {
  return r.pick([() => 'true', () => 'false', () => true, () => false, () => '', () => '0', () => '101', () => null, () => undefined,
    () => 42, () => ({}), () => [], throwing, () => anyText(r), () => Symbol('s')])();
}
/** suspend_data as a runtime may hand it back: the lab's, with the bridge's part, damaged, foreign. */
function anyKept(r) {
  const lab = 'v=2&seed=42&lang=es&guide=1&at=step_crash&passed=step_backoff&right=step_backoff&tries=step_backoff:1';
  return r.pick([() => lab, () => `${lab}&scorm=${r.int(30)}`, () => `${lab}&scorm=${r.int(30)}f`, () => `${lab}&scorm=9999999`,
    () => `${lab}&scorm=`, () => anyText(r), () => `${anyText(r)}&scorm=3f`])();
}

const NAMES = {
  '1.2': ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString'],
  2004: ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString'],
};

/** A runtime of `version` whose every call misbehaves at random; `sets` records what was set. */
function runtime(r, version, sets) {
  const api = {};
  const kept = anyKept(r);
  const count = r.pick(['', '3', 'NaN', '-1', '1e9', throwing()]);
  for (const name of NAMES[version]) {
    const mode = r.int(10);
    if (mode === 0) continue; // missing
    if (mode === 1) { api[name] = () => { throw new Error(`${name} failed`); }; continue; }
    if (mode === 2) { api[name] = () => anyAnswer(r); continue; }
    if (/GetValue$/.test(name)) {
      api[name] = (k) => (k === 'cmi.suspend_data' ? kept : k === 'cmi.interactions._count' ? count : r.chance(0.5) ? '' : anyAnswer(r));
    } else if (/SetValue$/.test(name)) {
      api[name] = (k, v) => { sets.push([k, v]); return r.chance(0.9) ? 'true' : 'false'; };
    } else if (/LastError$/.test(name)) {
      api[name] = () => (r.chance(0.9) ? '0' : r.pick(['101', 405, '', throwing()]));
    } else {
      api[name] = () => 'true';
    }
  }
  return api;
}

/** A statement from the lab, of any shape. */
function anyStatement(r) {
  if (r.chance(0.1)) return r.pick([null, 7, 'x', [], throwing()]);
  const verb = r.pick(['answered', 'completed', 'progressed', 'initialized', '']);
  const stop = r.pick(STOPS);
  return {
    verb: { id: r.chance(0.9) ? `http://adlnet.gov/expapi/verbs/${verb}` : throwing() },
    object: {
      id: r.pick([`${ACTIVITY}/${stop}`, ACTIVITY, `${ACTIVITY}/${anyText(r)}`, 7, null]),
      definition: r.chance(0.8)
        ? { name: r.pick([{ es: 'Paso', en: 'Step' }, { es: 7 }, null, { en: anyText(r) }]), correctResponsesPattern: r.pick([[stop], [7], [], null, [anyText(r)]]) }
        : null,
    },
    result: r.chance(0.9)
      ? { success: r.pick([true, false, 'true', null]), response: r.pick(['waits-add-up', 7, null, throwing(), anyText(r)]), score: r.pick([undefined, { raw: r.int(30), max: 25 }, { raw: -1, max: 25 }, { raw: 5, max: 0 }, { raw: 'x', max: 'y' }, { raw: 1e300, max: Infinity }]) }
      : r.pick([null, 7]),
    context: r.chance(0.9) ? { language: r.pick(['es', 'en', 7, null]) } : null,
  };
}

let failures = 0;
let handovers = 0;
const t0 = process.hrtime.bigint();
for (let c = 0; c < CASES; c++) {
  const seed = c * 2654435761 + 1;
  const r = rng(seed);
  const version = r.pick(['1.2', '2004', 'none']);
  const sets = [];
  const listeners = { message: [], pagehide: [] };
  const status = { textContent: '', hidden: true };
  // The frame, and what is posted to it (the kept state's handover, when the lab asks), which
  // may throw as a frame of a page gone elsewhere would.
  const posted = [];
  const frame = {
    src: '', style: {},
    contentWindow: { postMessage: (data, origin) => { if (r.chance(0.02)) throw new Error('gone'); posted.push({ data, origin }); } },
  };
  let replaced = null;
  const win = {
    document: {
      getElementById: (id) => (id === 'scorm-status' ? status : frame),
      documentElement: { getAttribute: () => r.pick([null, '80', '0', '100', 'x', '1e400']) },
    },
    location: { href: `${ORIGIN}/pkg/scorm.html`, origin: ORIGIN, replace: (u) => { replaced = u; } },
    performance: { now: () => r.int(1e7) },
    addEventListener: (type, fn) => listeners[type]?.push(fn),
    opener: null,
  };
  win.parent = win;
  win.top = win;
  if (version !== 'none') win[version === '1.2' ? 'API' : 'API_1484_11'] = runtime(r, version, sets);
  const fail = (why) => {
    failures++;
    console.error(`scorm-bridge fuzz: case ${c} (seed ${seed}, SCORM ${version}): ${why}`);
    if (failures > 5) process.exit(1);
  };
  try {
    const bridge = start(win);
    for (let m = r.int(12); m > 0; m--) {
      const fromLab = r.chance(0.9);
      const data = r.chance(0.1) ? anyAnswer(r) : {
        source: r.chance(0.95) ? 'retry-lab' : 'other',
        type: r.pick(['saved', 'xapi', 'height', 'restore', 'other']),
        state: r.chance(0.7) ? anyKept(r).replace(/&scorm=.*$/, '') : anyAnswer(r),
        statement: anyStatement(r),
        px: r.pick([100, -5, 1e9, NaN, '300']),
      };
      for (const fn of listeners.message) fn({ source: fromLab ? frame.contentWindow : {}, origin: r.chance(0.95) ? ORIGIN : 'https://evil.example', data });
    }
    for (const fn of listeners.pagehide) fn({});
    if (version === 'none') {
      if (replaced !== 'index.html') fail(`without a runtime, not sent to index.html (${replaced})`);
      continue;
    }
    if (!frame.src.startsWith('index.html')) fail(`the lab was not opened (src «${frame.src.slice(0, 80)}»)`);
    if (/[?&]saved=/.test(frame.src)) fail(`suspend_data in the lab's address: ${frame.src.slice(0, 80)}`);
    if (frame.src.length > MAX_ADDRESS) fail(`an address of ${frame.src.length} characters`);
    handovers += posted.length;
    for (const p of posted) {
      if (p.origin !== ORIGIN) fail(`the state handed to ${p.origin}`);
      if (p.data?.type !== 'restore' || typeof p.data.state !== 'string' || p.data.state.length > MAX_KEPT) fail(`a handover of ${String(p.data?.state).length} characters`);
    }
    if (posted.length > 0 && !/[?&]restore=message/.test(frame.src)) fail('a state handed over to a lab that does not wait for it');
    if (bridge.errors.length > 0 && (status.hidden || status.textContent.length < 20)) fail(`failures not said: ${bridge.errors[0]}`);
    const limit = version === '1.2' ? 4096 : 64000;
    const indices = [];
    for (const [k, v] of sets) {
      if (typeof k !== 'string' || typeof v !== 'string') fail(`a value that is not a string: ${String(k)} = ${typeof v}`);
      if (k === 'cmi.suspend_data' && v.length > limit) fail(`suspend_data of ${v.length} characters, over ${limit}`);
      const m = /^cmi\.interactions\.(\d+)\.id$/.exec(k);
      if (m) indices.push(Number(m[1]));
    }
    for (let i = 1; i < indices.length; i++) if (indices[i] !== indices[i - 1] + 1) fail(`interactions numbered ${indices.join(',')}`);
  } catch (e) {
    fail(`threw: ${e?.stack ?? e}`);
  }
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(`fuzz scorm-bridge: ${CASES} launches with misbehaving runtimes and messages (${handovers} states handed over), ${failures} failures, ${(ms / 1000).toFixed(1)} s (${((1000 * ms) / CASES).toFixed(1)} µs each)`);
process.exit(failures ? 1 : 0);

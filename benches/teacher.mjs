// Benchmark of the teacher's page for scripts/bench (not a test: figures, nothing asserted).
// 100 000 answered statements as the lab sends them (each stop's statement as `simulate
// learners` writes it, for 4 348 learners, their choices varied) are read by teacher.html in
// headless Chromium from a JSON Lines file, from the tests' stand-in record store and from
// Learning Locker's statements service (pages of 500), median of three: the page's own
// splitting and aggregation time (data-feed-ms) apart from the whole read (data-wall-ms), the
// longest gap between two frames while it reads (how long the tab was unresponsive at most),
// and the module's wasm memory after; the same file by `simulate class` natively; the module's
// gzipped size. TEACHER_SCALE=1 adds 3 000 000 statements of 50 000 learners piped through
// `simulate class` natively (time, peak memory).
// Usage: node benches/teacher.mjs [DIST]
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, serveDir, simulate as runSimulate } from '../tests/e2e/lib.mjs';
import { TABLE } from '../tests/e2e/path-walk.mjs';
import { startLearningLocker } from '../tests/lrs/learning-locker.mjs';
import { startStandin } from '../tests/lrs/standin.mjs';
import { ACTIVITY as ACT, CLASS, learner, statementsOf } from '../tests/lrs/class-plan.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(root, 'dist');
const STOPS = TABLE.length;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

// Each stop's answered statement as the lab sends it, for one learner who answers every stop.
const TEMPLATES = statementsOf({ activity: ACT, class: CLASS, learners: [learner(TABLE, 'template', 'right')] })
  .filter((s) => s.verb.id.endsWith('/answered'));

/** The k-th statement of a class of `learners` learners, each answering every stop once. */
function statement(k, learners) {
  const who = k % learners;
  const stop = Math.floor(k / learners) % STOPS;
  const s = structuredClone(TEMPLATES[stop]);
  const choices = TABLE[stop].choices;
  const pick = choices[(who * 7 + stop * 3) % choices.length].id;
  s.id = `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
  s.actor = { objectType: 'Agent', name: `Estudiante de prueba ${who}`, account: { homePage: 'https://course.example', name: `learner-${who}` } };
  s.result.response = pick;
  s.result.success = pick === TABLE[stop].right;
  s.context.registration = `6a1b0c2e-0000-4000-8000-${String(who).padStart(12, '0')}`;
  s.timestamp = new Date(Date.UTC(2026, 11, 1, 8) + k * 1000).toISOString();
  return s;
}

const tmp = mkdtempSync(join(tmpdir(), 'teacher-bench-'));
const N = 100000;
const LEARNERS = Math.ceil(N / STOPS);
const file = join(tmp, 'statements.jsonl');
{
  const w = createWriteStream(file);
  for (let k = 0; k < N; k++) if (!w.write(JSON.stringify(statement(k, LEARNERS)) + '\n')) await new Promise((r) => w.once('drain', r));
  await new Promise((r) => w.end(r));
}
const mb = (b) => (b / 1048576).toFixed(1);
console.log(`teacher: ${N} statements, ${LEARNERS} learners × ${STOPS} stops, ${mb(statSync(file).size)} MB of JSON Lines`);

const standin = await startStandin({ pageMax: 500, validateAll: false });
standin.add(Array.from({ length: N }, (_, k) => statement(k, LEARNERS)));
const ll = await startLearningLocker();
{
  const t0 = Date.now();
  for (let k = 0; k < N; k += 5000) await ll.post(Array.from({ length: Math.min(5000, N - k) }, (_, i) => statement(k + i, LEARNERS)));
  console.log(`teacher: ${N} statements posted to Learning Locker's statements service in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const stores = { standin, ll };
const site = await serveDir(dist);
const browser = await launchChromium();
try {
  const runs = { file: [], standin: [], ll: [] };
  for (let run = 0; run < 3; run++) {
    for (const source of ['file', 'standin', 'll']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${site.url}teacher.html`);
      await page.locator('#teacher-app').waitFor({ timeout: 30000 });
      await page.evaluate(() => {
        window.__gaps = [];
        let last = performance.now();
        const tick = (t) => { window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      });
      if (source === 'file') {
        await page.locator('#t-file').setInputFiles(file);
      } else {
        const store = stores[source];
        await page.locator('#t-activity').fill(ACT);
        await page.locator('#t-endpoint').fill(store.endpoint);
        await page.locator('#t-key').fill(store.keys.read[0]);
        await page.locator('#t-secret').fill(store.keys.read[1]);
        await page.locator('#t-read').click();
      }
      await page.waitForFunction(() => document.getElementById('teacher-app').dataset.state !== 'loading'
        && document.getElementById('teacher-app').dataset.state !== 'idle', null, { timeout: 600000 });
      const r = await page.evaluate(async () => {
        const app = document.getElementById('teacher-app').dataset;
        const wasm = await (await import('./teacher.js')).default();
        return { state: app.state, answers: Number(app.answers), feed: Number(app.feedMs), wall: Number(app.wallMs),
          gap: Math.max(...window.__gaps), memory: wasm.memory.buffer.byteLength };
      });
      if (r.state !== 'done' || r.answers !== N) throw new Error(`${source}: ${JSON.stringify(r)}`);
      runs[source].push(r);
      await page.close();
    }
  }
  for (const [source, rs] of Object.entries(runs)) {
    const m = (k) => median(rs.map((r) => r[k]));
    const from = { file: 'file', standin: 'stand-in store (200 pages)', ll: "statements service of Learning Locker (200 pages)" }[source];
    console.log(`teacher: 100 000 statements from the ${from}: aggregation ${m('feed').toFixed(0)} ms `
      + `in the page, the whole read ${m('wall').toFixed(0)} ms, longest frame gap ${m('gap').toFixed(0)} ms, wasm memory ${mb(m('memory'))} MB `
      + `(runs: ${rs.map((r) => r.feed.toFixed(0)).join(' ')} ms)`);
  }
} finally {
  await browser.close();
  site.server.close();
  await standin.close();
  await ll.close();
}

runSimulate(['stops']);
const simulate = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'native-test', 'simulate');
const native = [];
for (let run = 0; run < 3; run++) {
  const t0 = process.hrtime.bigint();
  execFileSync(simulate, ['class', '--statements', file, '--format', 'table'], { stdio: ['ignore', 'ignore', 'ignore'] });
  native.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
console.log(`teacher: the same file by simulate class natively: ${median(native).toFixed(0)} ms (runs: ${native.map((x) => x.toFixed(0)).join(' ')})`);

let gz = 0;
for (const f of ['teacher_bg.wasm', 'teacher.js', 'teacher-start.js', 'teacher.css', 'teacher.html']) {
  const g = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  gz += g;
  console.log(`teacher: dist/${f.padEnd(17)} ${String(g).padStart(7)} bytes gzipped`);
}
console.log(`teacher: the teacher's page beside the lab's style.css: ${gz} bytes gzipped (${(gz / 1024).toFixed(1)} KiB)`);

if (process.env.TEACHER_SCALE === '1') {
  const SCALE = 3000000;
  const child = spawn('/usr/bin/time', ['-f', '%e %M', simulate, 'class', '--statements', '-', '--format', 'table'], { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  for (let k = 0; k < SCALE; k++) {
    if (!child.stdin.write(JSON.stringify(statement(k, 50000)) + '\n')) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
  await new Promise((r) => child.on('close', r));
  const [secs, kb] = err.trim().split('\n').pop().split(' ');
  console.log(`teacher: 3 000 000 statements of 50 000 learners through simulate class natively (generated as they are read): ${secs} s, peak memory ${(Number(kb) / 1024).toFixed(0)} MB`);
}
rmSync(tmp, { recursive: true, force: true });

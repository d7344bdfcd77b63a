// Benchmark of the teacher's page for scripts/bench (not a test: figures, nothing asserted).
// 100 000 answered statements shaped as the lab sends them (5 000 learners × 20 stops, names
// and choices in both languages) are read by teacher.html in headless Chromium from a JSON
// Lines file and from the stand-in record store (pages of 500), median of three: the page's
// own splitting and aggregation time (data-feed-ms) apart from the whole read (data-wall-ms),
// the longest gap between two frames while it reads (how long the tab was unresponsive at
// most), and the module's wasm memory after; the same file by `simulate class` natively; the
// module's gzipped size. TEACHER_SCALE=1 adds 3 000 000 statements of 50 000 learners piped
// through `simulate class` natively (time, peak memory).
// Usage: node benches/teacher.mjs [DIST]
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, serveDir } from '../tests/e2e/lib.mjs';
import { startStandin } from '../tests/lrs/standin.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(root, 'dist');
const ACT = 'https://course.example/labs/retry';
const STOPS = 20;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

/** The k-th statement of a class of `learners` learners, each answering every stop once. */
function statement(k, learners) {
  const who = k % learners;
  const stop = Math.floor(k / learners) % STOPS;
  const choices = ['counts-initial-delivery', 'one-wait-for-total', 'cumulative-schedule', 'no-jitter'];
  const pick = (who * 7 + stop * 3) % 4;
  return {
    id: `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
    actor: { objectType: 'Agent', name: `Estudiante de prueba ${who}`, account: { homePage: 'https://course.example', name: `learner-${who}` } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered', es: 'respondió' } },
    object: {
      objectType: 'Activity',
      id: `${ACT}/stop_${stop}`,
      definition: {
        name: { es: `Parada ${stop}: la barra de backoff exponencial`, en: `Stop ${stop}: the exponential backoff bar` },
        description: { es: '¿En qué segundo, contado desde la publicación, ocurre el intento 3?', en: 'At what second, counted from publication, does retry 3 happen?' },
        type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
        interactionType: 'choice',
        correctResponsesPattern: ['cumulative-schedule'],
        choices: choices.map((id, i) => ({ id, description: { es: `${30 * (i + 1)} s desde la entrega inicial`, en: `${30 * (i + 1)} s from the initial delivery` } })),
      },
    },
    result: { success: pick === 2, response: choices[pick], extensions: { 'https://w3id.org/xapi/retry-lab/extensions/attempt': 1 } },
    context: {
      registration: `6a1b0c2e-0000-4000-8000-${String(who).padStart(12, '0')}`,
      language: 'es',
      contextActivities: { parent: [{ objectType: 'Activity', id: ACT }], grouping: [{ objectType: 'Activity', id: 'https://course.example/classes/all' }] },
    },
    timestamp: new Date(Date.UTC(2026, 11, 1, 8) + k * 1000).toISOString(),
  };
}

const tmp = mkdtempSync(join(tmpdir(), 'teacher-bench-'));
const N = 100000;
const LEARNERS = 5000;
const file = join(tmp, 'statements.jsonl');
{
  const w = createWriteStream(file);
  for (let k = 0; k < N; k++) if (!w.write(JSON.stringify(statement(k, LEARNERS)) + '\n')) await new Promise((r) => w.once('drain', r));
  await new Promise((r) => w.end(r));
}
const mb = (b) => (b / 1048576).toFixed(1);
console.log(`teacher: ${N} statements, ${LEARNERS} learners × ${STOPS} stops, ${mb(statSync(file).size)} MB of JSON Lines`);

const store = await startStandin({ pageMax: 500, validateAll: false });
store.add(Array.from({ length: N }, (_, k) => statement(k, LEARNERS)));
const site = await serveDir(dist);
const browser = await launchChromium();
try {
  const runs = { file: [], store: [] };
  for (let run = 0; run < 3; run++) {
    for (const source of ['file', 'store']) {
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
    console.log(`teacher: 100 000 statements from the ${source === 'file' ? 'file' : 'store (200 pages)'}: aggregation ${m('feed').toFixed(0)} ms `
      + `in the page, the whole read ${m('wall').toFixed(0)} ms, longest frame gap ${m('gap').toFixed(0)} ms, wasm memory ${mb(m('memory'))} MB `
      + `(runs: ${rs.map((r) => r.feed.toFixed(0)).join(' ')} ms)`);
  }
} finally {
  await browser.close();
  site.server.close();
  await store.close();
}

const simulate = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'release', 'simulate');
execFileSync('cargo', ['build', '--release', '-q', '--bin', 'simulate'], { cwd: root, stdio: 'inherit' });
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

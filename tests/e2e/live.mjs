// The teacher's live mode («En directo», issue 57) against Learning Locker's statements service
// (tests/lrs/learning-locker.mjs): after the first full read, a class walks its path into the
// store at a pace while the page follows. Checked: every answer appears, nobody's twice; the
// store unreachable for 30 s in the middle (the page's requests refused by route interception:
// the store's memory cannot be stopped and restarted) is said, what was read stays, and the page
// catches up; consecutive polls overlap (each asks again from a second before the last statement
// stored) and nothing counts twice; the live counts equal a full re-read at the end; a key that
// loses its permission ends the polling with one sentence and no more requests; the projected
// view hides names and the right answer until revealed.
// `node tests/e2e/live.mjs --bench` measures instead (docs/performance.md): from a learner's
// answer stored to the teacher's screen (median, 95th percentile) for a class of 40, requests a
// minute, and the page's memory after a 90-minute class of 60 learners walked in compressed time.
// OUTAGE_MS changes the outage's length (30 000 by default); SHOTS a folder for the screenshots.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir } from './lib.mjs';
import { TABLE } from './path-walk.mjs';
import { startLearningLocker } from '../lrs/learning-locker.mjs';
import { ACTIVITY as ACT, CLASS, firstTries, plannedClass, statementsOf } from '../lrs/class-plan.mjs';
import { answered, counts, until } from './teacher-lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const shots = process.env.SHOTS || join(here, 'out');
mkdirSync(shots, { recursive: true });
const BENCH = process.argv.includes('--bench');
const OUTAGE_MS = Number(process.env.OUTAGE_MS) || 30000;
const { check, done } = checks(BENCH ? 'bench-live' : 'e2e-live');

let store = await startLearningLocker();
const site = await serveDir(join(root, 'dist'));
const browser = await launchChromium();
let page;

/** The class's statements (those of CLASS), in the order the learners made them, each to be
 * stamped with the moment it is posted. */
function classOf(n) {
  const plan = plannedClass(TABLE, n);
  plan.learners = plan.learners.filter((l) => !l.class);
  const list = statementsOf(plan)
    .filter((s) => s.context?.contextActivities?.grouping?.some((g) => g.id === CLASS))
    .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
  return { plan, list };
}

/** Posts `list` in batches of `batch` every `every` ms, each stamped now (or by `stamp`);
 * calls `after(k, answersSoFar, postedAt)` after each. */
async function walk(list, { batch, every, after = () => {}, stamp = () => new Date().toISOString() }) {
  let sent = 0;
  for (let i = 0; i < list.length; i += batch) {
    const part = list.slice(i, i + batch).map((s) => { const { stored, ...rest } = s; return { ...rest, timestamp: stamp(s) }; });
    await store.post(part);
    sent += answered(part).length;
    await after(i / batch, sent, Date.now());
    await new Promise((r) => setTimeout(r, every));
  }
  return sent;
}

/** The page's own count of answers (its `data-answers`). */
const shown = () => page.locator('#teacher-app').evaluate((e) => Number(e.dataset.answers));

/** Records every moment the page's answer count changes (a MutationObserver in the page). */
async function watchAnswers() {
  await page.evaluate(() => {
    window.__answersSeen = [];
    const app = document.getElementById('teacher-app');
    new MutationObserver(() => window.__answersSeen.push([Date.now(), Number(document.getElementById('teacher-app').dataset.answers)]))
      .observe(app, { attributes: true, attributeFilter: ['data-answers'] });
  });
}

async function readStore(auth = store.auth.read) {
  const [key, secret] = Buffer.from(auth.slice(6), 'base64').toString().split(':');
  if (!(await page.locator('#t-fold').evaluate((d) => d.open))) await page.locator('#t-fold > summary').click();
  await page.locator('#t-activity').fill(ACT);
  await page.locator('#t-class').fill(CLASS);
  await page.locator('#t-endpoint').fill(store.endpoint);
  await page.locator('#t-key').fill(key);
  await page.locator('#t-secret').fill(secret);
  await page.locator('#t-read').click();
  await until(page, () => document.getElementById('teacher-app').dataset.state === 'done', 'the read ends');
}

const gets = [];
/** The page's requests to the store (one matcher, so `unroute` finds the route it set). */
const toStore = (url) => url.href.startsWith(store.endpoint);
async function openPage(width = 1280) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => { if (r.url().startsWith(store.endpoint) && r.method() === 'GET') gets.push({ at: Date.now(), url: r.url() }); });
  await page.goto(`${site.url}teacher.html`);
  await page.locator('#teacher-app').waitFor({ timeout: 30000 });
  return errors;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : NaN; };

/** From each batch stored to the page showing it, in ms. */
async function latencies(posted) {
  const seenAt = await page.evaluate(() => window.__answersSeen);
  return posted.map(([at, want]) => {
    const hit = seenAt.find(([t, n]) => n >= want && t >= at - 5);
    return hit ? hit[0] - at : Infinity;
  });
}

try {
  if (!BENCH) {
    const { plan, list } = classOf(12);
    const firstPart = Math.floor(list.length / 5);
    const errors = await openPage();

    await check('the first read, then «En directo»: the live view shows where each learner is and the busiest stop', async () => {
      await walk(list.slice(0, firstPart), { batch: 200, every: 0 });
      await readStore();
      assert(await page.locator('#t-live').isEnabled(), '«En directo» is not offered after a store read');
      await watchAnswers();
      await page.locator('#t-live').click();
      await until(page, () => document.getElementById('t-live-view')?.dataset.state === 'ok', 'the first poll comes through');
      const learners = await page.locator('.live-learner').count();
      assert(learners === Number(await page.locator('#teacher-app').getAttribute('data-learners')), `${learners} learners in the live list`);
      assert(await page.locator('#t-live-stop .live-choice').count() >= 2, 'no stop on screen');
    });

    let total = 0;
    const down = { seen: false, kept: 0 };
    await check(`the class walks in at a pace; the store refused for ${OUTAGE_MS / 1000} s in the middle is said, what was read stays, and the page catches up`, async () => {
      const rest = list.slice(firstPart);
      const half = Math.floor(rest.length / 2);
      total = answered(list.slice(0, firstPart)).length;
      const sent1 = await walk(rest.slice(0, half), { batch: 12, every: 400 });
      total += sent1;
      await until(page, (n) => Number(document.getElementById('teacher-app').dataset.answers) === n, 'the first half appears', total);
      // The store unreachable: every request of the page refused.
      const before = await shown();
      await page.route(toStore, (route) => route.abort('connectionrefused'));
      const outageEnd = Date.now() + OUTAGE_MS;
      await until(page, () => document.getElementById('t-live-view')?.dataset.state === 'down', 'the outage is said');
      const said = await page.locator('#t-live-status').innerText();
      assert(/^El LRS no responde desde las [0-9:]+\. .+ Se muestra lo que ya había; en cuanto vuelva se pondrá al día/.test(said), said);
      // The class goes on answering meanwhile.
      const sent2 = await walk(rest.slice(half), { batch: 12, every: Math.max(50, (OUTAGE_MS - 2000) / Math.ceil((rest.length - half) / 12)) });
      total += sent2;
      down.kept = await shown();
      assert(down.kept === before, `the page showed ${down.kept} answers during the outage, ${before} before`);
      await page.screenshot({ path: join(shots, 'live-down-1280.png') });
      await new Promise((r) => setTimeout(r, Math.max(0, outageEnd - Date.now())));
      await page.unroute(toStore);
      // Back: within the longest wait after failures (15 s) and a poll.
      await until(page, (n) => Number(document.getElementById('teacher-app').dataset.answers) === n
        && document.getElementById('t-live-view')?.dataset.state === 'ok', 'the page catches up', total);
      const stored = answered(await store.all()).length;
      assert(stored === total, `the store has ${stored} answers, ${total} posted`);
    });

    await check('consecutive polls overlap (since a second before the last stored) and nothing counts twice', async () => {
      const since = gets.map((g) => new URL(g.url).searchParams.get('since')).filter(Boolean);
      assert(since.length >= 5, `${since.length} polls with since`);
      // Each poll asks from before the last statement the one before it read: a statement
      // stored at the edge comes twice, and is counted once.
      const all = await store.all();
      const storedTimes = all.map((s) => Date.parse(s.stored));
      let overlapping = 0;
      for (const s of since.map(Date.parse)) if (storedTimes.some((t) => t > s && t <= s + 1000)) overlapping++;
      assert(overlapping > 0, 'no poll asked again for a statement already read');
      const dup = await page.locator('#teacher-app').evaluate((e) => e.dataset.read);
      assert(Number(dup) > total, `the page read ${dup} statements for ${total} answers: no overlap at all`);
      assert(await shown() === total, `shown ${await shown()} of ${total}`);
      console.log(`     ${since.length} polls with since; ${overlapping} overlapped the previous one; ${dup} statements read for ${total} answers`);
    });

    await check('every answer appears: the live counts equal the plan and a full re-read', async () => {
      const live = await counts(page);
      const firsts = firstTries(plan, TABLE, CLASS);
      const want = TABLE.filter((s) => firsts.some((r) => r.stop === s.id)).map((s) => {
        const at = firsts.filter((r) => r.stop === s.id);
        return { id: s.id, answered: at.length, right: at.filter((r) => r.right).length, choices: Object.fromEntries(s.choices.map((c) => [c.id, at.filter((r) => r.choice === c.id).length])) };
      });
      assert(JSON.stringify(live) === JSON.stringify(want), `live ${JSON.stringify(live)}\nplan ${JSON.stringify(want)}`);
      // Projected: names hidden, the stop's answer hidden until revealed.
      await page.locator('#t-project').click();
      await page.locator('#t-live-pick').selectOption({ index: 1 });
      const names = await page.locator('.live-learner').evaluateAll((els) => els.map((e) => e.dataset.learner));
      assert(names.every((n) => /^Estudiante \d+$/.test(n)), `names while projected: ${names.slice(0, 3)}`);
      assert(await page.locator('#t-live-stop .live-choice.right').count() === 0, 'the answer shows before it is revealed');
      await page.screenshot({ path: join(shots, 'live-projected-hidden-1280.png') });
      await page.locator('#t-live-reveal').click();
      assert(await page.locator('#t-live-stop .live-choice.right').count() === 1, 'the answer is not shown once revealed');
      await page.screenshot({ path: join(shots, 'live-projected-revealed-1280.png') });
      await page.locator('#t-live-reveal').click();
      // «Congelar»: the picture stays while new answers are counted behind it.
      await page.locator('#t-live-pick').selectOption({ index: 0 });
      await page.locator('#t-live-freeze').click();
      const frozen = await page.locator('#t-live-stop').evaluate((e) => [e.dataset.stop, Number(e.dataset.answered)]);
      const extra = classOf(12).list.filter((s) => s.object.id === `${ACT}/${frozen[0]}` && answered([s]).length)
        .slice(0, 3).map((s, i) => ({ ...s, id: undefined, actor: { ...s.actor, name: `Tarde ${i}`, account: { homePage: 'https://course.example', name: `tarde-${i}` } } }));
      await walk(extra, { batch: 3, every: 0 });
      total += extra.length;
      await until(page, (n) => Number(document.getElementById('t-live-new')?.dataset.new) === n, 'the new answers behind the freeze are counted', extra.length);
      assert(await page.locator('#t-live-stop').evaluate((e) => Number(e.dataset.answered)) === frozen[1], 'the frozen picture moved');
      await page.locator('#t-live-freeze').click();
      await page.locator('#t-project').click();
      await until(page, (n) => Number(document.getElementById('teacher-app').dataset.answers) === n, 'the late answers appear', total);
      const liveAfter = await counts(page);
      // A full re-read into a fresh report: the same counts.
      await readStore();
      assert(await page.locator('#t-live-view').count() === 0, 'a new read did not end the live mode');
      const reread = await counts(page);
      assert(JSON.stringify(liveAfter) === JSON.stringify(reread), `live ${JSON.stringify(liveAfter)}\nre-read ${JSON.stringify(reread)}`);
      assert(await shown() === total, `re-read shows ${await shown()} of ${total}`);
    });

    await check('at 375 px the live view is usable: one column, the stop first, nothing wider than the screen', async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.locator('#t-live').click();
      await until(page, () => document.getElementById('t-live-view')?.dataset.state === 'ok', 'live again');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(wide <= 375, `the page is ${wide} px wide at 375`);
      await page.locator('#t-live-view').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, 'live-375.png') });
      await page.screenshot({ path: join(shots, 'live-375-full.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, 'live-1280.png') });
    });

    await check('a key that loses its permission: one sentence, and the polling ends (no loop of errors)', async () => {
      const origin = new URL(site.url).origin;
      await page.route(toStore, (route) => route.fulfill({
        status: 403, contentType: 'application/json', body: '{"message":"forbidden"}',
        headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' },
      }));
      await until(page, () => document.getElementById('t-live-view')?.dataset.state === 'ended', 'the denied key is said');
      const said = await page.locator('#t-live-status').innerText();
      assert(said.startsWith('El directo se ha detenido: la clave ya no puede leer del LRS'), said);
      const asked = gets.length;
      await new Promise((r) => setTimeout(r, 8000));
      assert(gets.length === asked, `${gets.length - asked} requests after the key was refused`);
      await page.unroute(toStore);
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
    });
  } else {
    // Tap to screen, for a class of 40 walking at a classroom's pace.
    const { list } = classOf(40);
    await openPage();
    await walk(list.slice(0, 40), { batch: 40, every: 0 });
    await readStore();
    await watchAnswers();
    await page.locator('#t-live').click();
    await until(page, () => document.getElementById('t-live-view')?.dataset.state === 'ok', 'live');
    const startGets = gets.length;
    const t0 = Date.now();
    const posted = [];
    let sent = answered(list.slice(0, 40)).length;
    const rest = list.slice(40, 40 + 1200);
    await walk(rest, { batch: 4, every: 300, after: (k, n, at) => { posted.push([at, sent + n]); } });
    const minutes = (Date.now() - t0) / 60000;
    sent += answered(rest).length;
    await until(page, (n) => Number(document.getElementById('teacher-app').dataset.answers) >= n, 'all shown', sent);
    const lat = (await latencies(posted)).filter(Number.isFinite);
    const perMinute = (gets.length - startGets) / minutes;
    console.log(`bench: tap to screen, class of 40, ${lat.length} batches over ${minutes.toFixed(1)} min: median ${median(lat)} ms, p95 ${pct(lat, 0.95)} ms, max ${Math.max(...lat)} ms; ${perMinute.toFixed(1)} requests a minute`);
    await check('bench: median tap to screen within 5 s', async () => assert(median(lat) <= 5000, `${median(lat)} ms`));

    // A 90-minute class of 60 learners, compressed: stamped over 90 minutes, posted in 4.
    await page.context().close();
    // A store of its own: the class of 60 has the same learners (and statement ids) as the 40.
    await store.close();
    store = await startLearningLocker();
    const big = classOf(60).list;
    const start = Date.now() - 90 * 60000;
    const span = big.length;
    let k = 0;
    await openPage();
    await readStore();
    await page.locator('#t-live').click();
    const g0 = gets.length;
    const t1 = Date.now();
    await walk(big, { batch: 20, every: 4 * 60000 / (span / 20), stamp: () => new Date(start + (k++ / span) * 90 * 60000).toISOString() });
    const total = answered(await store.all()).length;
    await until(page, (n) => Number(document.getElementById('teacher-app').dataset.answers) >= n, 'all shown', answered(big).length);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const proto = await cdp.send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const mems = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
    const wasm = await cdp.send('Runtime.callFunctionOn', { objectId: mems.objects.objectId, functionDeclaration: 'function () { return this.map((m) => m.buffer.byteLength); }', returnByValue: true });
    const mb = (b) => (b / 1048576).toFixed(1);
    console.log(`bench: 90-minute class of 60 (${answered(big).length} answers, ${total} in the store) posted in ${((Date.now() - t1) / 60000).toFixed(1)} min: ${((gets.length - g0) / ((Date.now() - t1) / 60000)).toFixed(1)} requests a minute; JS heap ${mb(metrics.JSHeapUsedSize)} MB, wasm memory ${wasm.result.value.map(mb).join(' + ')} MB, ${metrics.Nodes} DOM nodes`);
  }
} finally {
  await browser.close();
  site.server.close();
  await store.close();
}
done();

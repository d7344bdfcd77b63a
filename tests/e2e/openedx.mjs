// End-to-end check of the SCORM packages in a real learning platform's player: Open edX's
// SCORM XBlock (openedx-scorm-xblock), run by the XBlock SDK's workbench with a small host
// module of ours (tests/scorm-openedx/, installed by scripts/setup). As an author, each package
// is uploaded through the XBlock's own handler; as a learner, in Chromium, the unit is opened
// through the platform's page, stops are answered by tapping the lab, the page is closed and
// opened again (a fresh browser: only the platform kept anything), the path is finished and
// visited once more. Then what the platform stored (the block's fields in its database, the
// grade it published) is compared with what the learner did: status, score (first tries
// only), every interaction's id, response and result, exit and session time, pass or fail by
// the package's mastery score, and a finished path that stays finished.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST, WAIT, assert, checks, launchChromium, settled, until } from './lib.mjs';
import { STOPS, after, choiceIds, passStop, predict, tapStill } from './path-walk.mjs';

const t0 = Date.now();
const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const PLATFORM = join(ROOT, 'tests/scorm-openedx');
const ADMIN = join(PLATFORM, 'venv/bin/django-admin');
if (!existsSync(ADMIN)) {
  console.error('openedx: Open edX\'s SCORM player is not installed: run scripts/setup all');
  process.exit(1);
}
const { check, done } = checks('e2e-openedx');

// The packages: as the build made them, and with a mastery score (80 %).
const MASTERY = 80;
const work = mkdtempSync(join(tmpdir(), 'retry-lab-openedx-'));
execFileSync(join(ROOT, 'scripts/package'), [`--mastery=${MASTERY}`, `--dist=${DIST}`, `--out=${join(work, 'zips')}`], { stdio: 'inherit' });
const ZIP = {
  12: join(DIST, 'scorm/retry-lab-scorm12.zip'),
  2004: join(DIST, 'scorm/retry-lab-scorm2004.zip'),
  '12m': join(work, 'zips/retry-lab-scorm12.zip'),
  '2004m': join(work, 'zips/retry-lab-scorm2004.zip'),
};
// One unit (one SCORM block) per learner's story: its package and SCORM version.
const UNITS = {
  walk12: { zip: '12', version: '1.2' },
  walk2004: { zip: '2004m', version: '2004' },
  pass12: { zip: '12m', version: '1.2' },
  fail12: { zip: '12m', version: '1.2' },
  fail2004: { zip: '2004m', version: '2004' },
  foreign: { zip: '12', version: '1.2' },
};

/** A free port on 127.0.0.1 for the platform's server. */
const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});
const env = {
  ...process.env,
  RETRYLAB_VAR: work,
  RETRYLAB_UNITS: Object.keys(UNITS).join(','),
  DJANGO_SETTINGS_MODULE: 'retrylab_host.settings',
  PYTHONPATH: PLATFORM,
  EXCLUDE_SAMPLE_XBLOCKS: 'yes',
};
execFileSync(ADMIN, ['migrate', '--run-syncdb', '-v0'], { env, cwd: work });
const port = await freePort();
const server = spawn(ADMIN, ['runserver', `127.0.0.1:${port}`, '--noreload'], { env, cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
let serverLog = '';
server.stderr.on('data', (d) => { serverLog = (serverLog + d).slice(-4000); });
const base = `http://127.0.0.1:${port}/`;
/** What the platform stored: each unit's usage id, every block's fields, the events published. */
const stored = async () => (await fetch(`${base}retry-lab/stored/`)).json();
const { units } = await until('the platform to answer', () => stored().catch(() => null), 2 * WAIT, 200);
console.log(`     Open edX's SCORM XBlock in the workbench at ${base} (${((Date.now() - t0) / 1000).toFixed(1)} s to start)`);

/** The learner's fields of `unit` (the workbench's learner, student_1). */
async function fieldsOf(unit) {
  const all = await stored();
  const row = all.state.find((s) => s.scope_id === units[unit] && s.user_id === 'student_1' && s.fields.scorm_data);
  return { ...(row?.fields ?? {}), scorm_data: row?.fields.scorm_data ?? {}, events: all.events.filter((e) => e.usage_id === units[unit]) };
}

/** The interactions in the cmi values the platform stored, by their index. */
function interactionsOf(cmi) {
  const list = [];
  for (const [k, v] of Object.entries(cmi)) {
    const m = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(k);
    if (m) (list[Number(m[1])] ??= {})[m[2]] = v;
  }
  return list;
}

const browser = await launchChromium();
/** The platform's csrf token for requests made as the workbench's own pages make them. */
async function csrf(ctx) {
  return (await ctx.cookies(base)).find((c) => c.name === 'csrftoken')?.value;
}

/** A handler of `unit`'s block, called as the platform's pages call it. */
async function handler(ctx, unit, name, options) {
  const r = await ctx.request.post(`${base}handler/${units[unit]}/${name}`, { ...options, headers: { 'X-CSRFToken': await csrf(ctx) } });
  assert(r.ok(), `${name}: ${r.status()} ${(await r.text()).slice(0, 200)}`);
  return r.json();
}

await check('an author uploads each package through the XBlock\'s own handler, and the platform reads its version and launch page', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${base}scenario/walk12/`);
  for (const [unit, { zip, version }] of Object.entries(UNITS)) {
    const answer = await handler(ctx, unit, 'studio_submit', {
      multipart: {
        display_name: 'Laboratorio de reintentos', width: '', height: '', has_score: '1', weight: '1',
        enable_navigation_menu: '0', enable_fullscreen_button: '0', navigation_menu_width: '', popup_on_launch: '0',
        file: { name: `retry-lab-${zip}.zip`, mimeType: 'application/zip', buffer: readFileSync(ZIP[zip]) },
      },
    });
    assert(answer.result === 'success' && answer.errors.length === 0, `${unit}: ${JSON.stringify(answer)}`);
    const all = await stored();
    const settings = all.state.find((s) => s.scope_id === units[unit] && s.fields.index_page_path);
    assert(settings?.fields.index_page_path === 'scorm.html', `${unit}: launch page ${settings?.fields.index_page_path}`);
    assert(settings.fields.scorm_version === (version === '1.2' ? 'SCORM_12' : 'SCORM_2004'), `${unit}: ${settings.fields.scorm_version}`);
    // The player scans a package for a status it could track when the author first sees the
    // unit, and warns them otherwise.
    await page.goto(`${base}scenario/${unit}/author_view/`);
    await page.locator('.scorm-xblock iframe.scorm-embedded').waitFor({ state: 'attached' });
    const warned = await page.locator('.scorm-package-warning').allTextContents();
    assert(warned.length === 0, `${unit}: the author is warned: ${warned.join(' | ')}`);
  }
  await ctx.close();
});

/** Opens `unit` as the learner in a fresh browser (another device) at `width`: the platform's
 * page, its SCORM frame (our launch page) and the lab's frame inside it. */
async function visit(unit, width = 1280) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 900 } });
  // What the lab last asked its host (the launch page) to keep, recorded in the launch page.
  await ctx.addInitScript(() => addEventListener('message', (e) => {
    if (e.data?.source === 'retry-lab' && e.data.type === 'saved') window.labSaved = e.data.state;
  }));
  const page = await ctx.newPage();
  const seen = { errors: [], pending: 0, sets: 0 };
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) seen.errors.push(`${r.status()} ${r.url()}`); });
  // The player sends values in the background: how many of its requests are on their way.
  const isSet = (r) => /\/scorm_set_values$/.test(r.url());
  page.on('request', (r) => { if (isSet(r)) { seen.pending++; seen.sets++; } });
  for (const ev of ['requestfinished', 'requestfailed']) page.on(ev, (r) => { if (isSet(r)) seen.pending--; });
  await page.goto(`${base}scenario/${unit}/`);
  const lab = page.frameLocator('iframe.scorm-embedded').frameLocator('#lab-frame');
  await lab.locator('#lab > .lab #path').waitFor();
  const sco = page.frames().find((f) => /\/assets_proxy\/scorm\.html/.test(f.url()));
  assert(sco, `no launch page among ${page.frames().map((f) => f.url()).join(', ')}`);
  return { ctx, page, lab, sco, seen, unit };
}

/** What the bridge did on the launch page. */
const bridgeOf = (v) => v.sco.evaluate(() => ({ ...window.scormBridge }));

/** Waits until the player has sent every value the launch page gave it and the platform
 * stored the lab's last state (with the bridge's own part after it) and the stop it is at: a
 * learner who closes the page a moment after their last tap. The player sends a value at once
 * and queues the next until that request ends, so between them none is on its way: the stored
 * values themselves say when it is done (CI left between suspend_data and the location). */
async function sent(v) {
  const location = is12(UNITS[v.unit].version) ? 'cmi.core.lesson_location' : 'cmi.location';
  let quiet = { sets: -1, since: 0 };
  const seen = {};
  await until('the player to send every value', async () => {
    const saved = await v.sco.evaluate(() => window.labSaved);
    // No request on its way, and none started for 300 ms (the queue's next starts at once).
    if (v.seen.sets !== quiet.sets || v.seen.pending > 0) quiet = { sets: v.seen.sets, since: Date.now() };
    Object.assign(seen, { pending: v.seen.pending, sets: v.seen.sets, saved: saved?.slice(0, 80) });
    if (v.seen.pending > 0 || !saved || Date.now() - quiet.since < 300) return false;
    const cmi = (await fieldsOf(v.unit)).scorm_data;
    const kept = cmi['cmi.suspend_data'] ?? '';
    const at = new URLSearchParams(saved).get('at');
    Object.assign(seen, { kept: kept.slice(0, 80), at, location: cmi[location] });
    return (kept === saved || kept.startsWith(`${saved}&scorm=`)) && (!at || cmi[location] === at);
  }, WAIT, 100, () => seen);
}

/** The learner leaves: the platform's page goes away. */
async function leave(v) {
  await v.page.goto('about:blank');
  await v.ctx.close();
}

/** Predicts at the i-th stop (the lesson's answer, or the choice after it when `wrong`), runs it
 * until it is passed and goes on to the next. */
async function walkStop(v, i, wrong) {
  const said = await passStop(v.sco, v.lab, i, wrong);
  if (i + 1 < STOPS.length) await tapStill(v.sco, v.lab, '#path-next');
  return said;
}

const is12 = (version) => version === '1.2';
const statusOf = (version, cmi) => (is12(version) ? cmi['cmi.core.lesson_status'] : cmi['cmi.completion_status']);

/** Every interaction the platform stored is one of the learner's predictions, in order. */
function sameInteractions(version, cmi, answers) {
  const list = interactionsOf(cmi);
  assert(list.length === answers.length, `${list.length} interactions stored for ${answers.length} predictions: ${JSON.stringify(list).slice(0, 300)}`);
  answers.forEach((a, n) => {
    const x = list[n] ?? {};
    const response = is12(version) ? x.student_response : x.learner_response;
    const result = a.right ? 'correct' : is12(version) ? 'wrong' : 'incorrect';
    assert(x.id === a.stop && x.type === 'choice' && response === a.said && x.result === result,
      `interaction ${n}: ${JSON.stringify(x).slice(0, 300)} for ${JSON.stringify(a)}`);
    assert(x['correct_responses.0.pattern'] === a.answer, `interaction ${n}: the right answer ${x['correct_responses.0.pattern']}`);
  });
}

/** Exit «suspend» and a session time were stored (before the page's end). */
function suspended(version, cmi) {
  const exit = cmi[is12(version) ? 'cmi.core.exit' : 'cmi.exit'];
  const time = cmi[is12(version) ? 'cmi.core.session_time' : 'cmi.session_time'];
  assert(exit === 'suspend', `exit «${exit}»`);
  assert(/^(\d{2,4}:\d\d:\d\d(\.\d+)?|PT.*S)$/.test(time ?? ''), `session time «${time}»`);
}

const WALKS = [
  // SCORM 1.2, no mastery score: the first stop predicted wrongly and left before its run (the
  // page closed), answered right on the next visit: a second try, no first-try right.
  { unit: 'walk12', leaveAt: 10, wrong: new Set(['step_no_jitter', 'step_crash', 'ask_natural']), retry: true },
  // SCORM 2004 with the mastery score: two wrong first tries, 24 of 26 (92.31 %): «passed».
  { unit: 'walk2004', leaveAt: 13, wrong: new Set(['step_failure_rate', 'step_rebalance']) },
];
const finals = {};

for (const { unit, leaveAt, wrong, retry } of WALKS) {
  const { version } = UNITS[unit];
  const answers = [];
  let visits = 0;
  await check(`SCORM ${version} in Open edX: a first visit answers ${leaveAt} stops; the platform stored where the learner is, every prediction, exit and session time`, async () => {
    if (retry) {
      const v = await visit(unit);
      visits++;
      const [stop, answer] = STOPS[0];
      await predict(v.sco, v.lab, stop, after(await choiceIds(v.lab), answer));
      await until('the platform to store the try', async () => /(^|&)tries=step_backoff:1/.test((await fieldsOf(unit)).scorm_data['cmi.suspend_data'] ?? ''), WAIT, 100);
      await sent(v);
      await leave(v);
    }
    const v = await visit(unit);
    visits++;
    assert(await bridgeOf(v).then((b) => b.version) === version, 'the bridge did not find the player\'s runtime');
    for (let i = 0; i < leaveAt; i++) answers.push(await walkStop(v, i, wrong.has(STOPS[i][0])));
    if (retry) answers[0].later = true;
    await v.lab.locator(`#path[data-stop=${STOPS[leaveAt][0]}]`).waitFor();
    await sent(v);
    assert(v.seen.errors.length === 0, v.seen.errors.join(' | '));
    assert((await bridgeOf(v)).errors.length === 0, `the bridge saw ${(await bridgeOf(v)).errors}`);
    await leave(v);
    const { scorm_data: cmi, lesson_status: field } = await fieldsOf(unit);
    assert(statusOf(version, cmi) === 'incomplete' && field === 'incomplete', `status ${statusOf(version, cmi)}, field ${field}`);
    const at = cmi[is12(version) ? 'cmi.core.lesson_location' : 'cmi.location'];
    assert(at === STOPS[leaveAt][0], `location «${at}», not ${STOPS[leaveAt][0]}`);
    sameInteractions(version, cmi, answers);
    suspended(version, cmi);
  });

  await check(`SCORM ${version} in Open edX: a new browser resumes at stop ${leaveAt + 1} with the same answers; the finished path is stored with its status, first-try score and every interaction`, async () => {
    assert(answers.length === leaveAt, 'no first visit');
    const v = await visit(unit);
    visits++;
    await v.lab.locator(`#path[data-stop=${STOPS[leaveAt][0]}]`).waitFor();
    const continued = (await v.lab.locator('#continued').textContent()).replace(/\s+/g, ' ');
    assert(continued.includes('plataforma') && continued.includes(`${leaveAt} de ${STOPS.length} pasos`), continued);
    assert(await v.lab.locator('.path-marks li.passed').count() === leaveAt, 'passed marks lost');
    for (let i = leaveAt; i < STOPS.length; i++) answers.push(await walkStop(v, i, wrong.has(STOPS[i][0])));
    const rights = answers.filter((a) => a.right && !a.later).length;
    const fin = await v.lab.locator('#path-finished').textContent();
    assert(fin.includes(`acertaste ${rights} de ${STOPS.length}`), `the lab: ${fin.replace(/\s+/g, ' ').slice(0, 160)}; first-try rights: ${rights}`);
    await sent(v);
    assert(v.seen.errors.length === 0, v.seen.errors.join(' | '));
    await leave(v);
    const f = await fieldsOf(unit);
    const cmi = f.scorm_data;
    // The path is finished as far as the lab knows, whatever the platform stored of it.
    finals[unit] = { cmi, answers };
    sameInteractions(version, cmi, answers);
    const percent = Math.round((10000 * rights) / STOPS.length) / 100;
    const raw = Number(cmi[is12(version) ? 'cmi.core.score.raw' : 'cmi.score.raw']);
    assert(raw === percent, `raw score ${raw}, not ${percent} (${rights} first-try rights of ${STOPS.length})`);
    assert(statusOf(version, cmi) === 'completed' && f.lesson_status === 'completed', `status ${statusOf(version, cmi)}, field ${f.lesson_status}`);
    if (!is12(version)) {
      const expect = percent >= MASTERY ? 'passed' : 'failed';
      assert(cmi['cmi.success_status'] === expect && f.success_status === expect, `success ${cmi['cmi.success_status']} / ${f.success_status}, not ${expect} (${percent} % against ${MASTERY})`);
    }
    assert(Math.abs(f.lesson_score - percent / 100) < 1e-6, `the platform's score ${f.lesson_score}`);
    const grade = f.events.filter((e) => e.type === 'grade').at(-1);
    assert(grade && Math.abs(grade.data.value - percent / 100) < 1e-6 && grade.data.max_value === 1, `grade published: ${JSON.stringify(grade)}`);
    assert(f.events.some((e) => e.type === 'completion' && e.data.completion === 1), 'no completion published');
    suspended(version, cmi);
    console.log(`     ${answers.length} interactions stored for ${answers.length} predictions; ${rights} first-try rights: ${percent} %, ` +
      `${statusOf(version, cmi)}${is12(version) ? '' : ` / ${cmi['cmi.success_status']}`}, grade ${grade.data.value}; ${visits} visits`);
  });

  await check(`SCORM ${version} in Open edX: a later visit to the finished path leaves it completed, with its score`, async () => {
    assert(finals[unit], 'no finished path');
    const v = await visit(unit, 375);
    const shown = (await v.page.locator('.scorm-xblock .completion-status').textContent()).trim();
    assert(shown === 'completed', `the platform's page says «${shown}»`);
    await v.lab.locator('#path-finished').waitFor();
    // Whatever the bridge wrote on opening has reached the platform.
    await until('the player to send what the launch wrote', async () => v.seen.pending === 0, WAIT, 100);
    await leave(v);
    const f = await fieldsOf(unit);
    assert(statusOf(version, f.scorm_data) === 'completed' && f.lesson_status === 'completed', `after a revisit: ${statusOf(version, f.scorm_data)}, field ${f.lesson_status}`);
    const v2 = await visit(unit);
    const again = (await v2.page.locator('.scorm-xblock .completion-status').textContent()).trim();
    await leave(v2);
    assert(again === 'completed', `the next visit reads «${again}»`);
  });
}

/** The lab's text of a path whose last stop is not yet passed, with `rights` of the others
 * right on the first try: a learner a stop away from the end (the lab's own format:
 * crates/core/src/embed/saved.rs; settings left at their defaults). */
function beforeTheLast(rights) {
  const last = STOPS.at(-1)[0];
  const others = STOPS.slice(0, -1).map(([s]) => s);
  return `v=2&seed=42&lang=es&done=&guide=1&at=${last}&passed=${others.join(',')}` +
    `&right=${others.slice(0, rights).join(',')}&tries=${others.map((s) => `${s}:1`).join(',')}`;
}

for (const [unit, answerLast] of [['pass12', true], ['fail12', false], ['fail2004', false]]) {
  const { version } = UNITS[unit];
  // Right on the first try at all but one of the stops the mastery score needs, before the
  // last: with the last right the path just reaches it, without it just misses it (26 stops:
  // 21 of 26, 80.77 %, passed; 20, 76.92 %, failed).
  const N = STOPS.length;
  const needed = Math.ceil((MASTERY * N) / 100);
  const rights = needed - 1 + (answerLast ? 1 : 0);
  const percent = Math.round((10000 * rights) / N) / 100;
  const expect = percent >= MASTERY ? 'passed' : 'failed';
  await check(`SCORM ${version} in Open edX, mastery score ${MASTERY} in the package (the player passes none): ${rights} of ${N} is «${expect}»`, async () => {
    // What an earlier session stored: the lab a stop from the end.
    const ctx = await browser.newContext();
    await (await ctx.newPage()).goto(`${base}scenario/${unit}/`);
    const location = is12(version) ? 'cmi.core.lesson_location' : 'cmi.location';
    await handler(ctx, unit, 'scorm_set_values', {
      data: JSON.stringify([{ name: 'cmi.suspend_data', value: `${beforeTheLast(needed - 1)}&scorm=${N - 1}` }, { name: location, value: STOPS.at(-1)[0] }]),
    });
    await ctx.close();
    const v = await visit(unit);
    await v.lab.locator(`#path[data-stop=${STOPS.at(-1)[0]}]`).waitFor();
    await walkStop(v, STOPS.length - 1, !answerLast);
    await v.lab.locator('#path-finished').waitFor();
    await sent(v);
    await leave(v);
    const f = await fieldsOf(unit);
    const cmi = f.scorm_data;
    const raw = Number(cmi[is12(version) ? 'cmi.core.score.raw' : 'cmi.score.raw']);
    assert(raw === percent, `raw ${raw}, not ${percent}`);
    if (is12(version)) {
      assert(cmi['cmi.core.lesson_status'] === expect && f.success_status === expect, `lesson_status ${cmi['cmi.core.lesson_status']}, success ${f.success_status}: not ${expect}`);
    } else {
      assert(cmi['cmi.success_status'] === expect && f.success_status === expect && f.lesson_status === 'completed', `${cmi['cmi.success_status']} / ${f.success_status} / ${f.lesson_status}: not ${expect}, completed`);
    }
    // A failed path is worth nothing in Open edX's grade; a passed one its score.
    const grade = f.events.filter((e) => e.type === 'grade').at(-1);
    assert(grade && Math.abs(grade.data.value - (expect === 'passed' ? percent / 100 : 0)) < 1e-6, `grade ${JSON.stringify(grade)}`);
    console.log(`     ${rights} of ${N}: ${JSON.stringify({ raw, status: statusOf(version, cmi), success: f.success_status, grade: grade.data.value })}`);
  });
}

await check('another tool\'s suspend_data in Open edX: the lab starts afresh and says it is not its state (not «an earlier version»), and the platform gets the fresh state', async () => {
  const ctx = await browser.newContext();
  await (await ctx.newPage()).goto(`${base}scenario/foreign/`);
  await handler(ctx, 'foreign', 'scorm_set_values', { data: JSON.stringify([{ name: 'cmi.suspend_data', value: '{"slide":7,"score":3}' }]) });
  await ctx.close();
  const v = await visit('foreign', 375);
  await v.lab.locator('#path[data-stop=step_backoff]').waitFor();
  const notice = (await v.lab.locator('#boundary-notices').textContent()).replace(/\s+/g, ' ');
  assert(notice.includes('plataforma') && notice.includes('no es el estado de este laboratorio') && !notice.includes('versión anterior'), notice);
  await until('the fresh state to reach the platform', async () => /^v=2&/.test((await fieldsOf('foreign')).scorm_data['cmi.suspend_data'] ?? ''), WAIT, 100);
  await v.page.screenshot({ path: join(tmpdir(), 'openedx-foreign-375.png') });
  await leave(v);
  console.log(`     ${notice.slice(0, 160)}`);
});

await check('the lab inside Open edX\'s page at 1280 and 375 px: drawn, no status line, no wider than the platform\'s frame, and the frame (no height set by the author: the player leaves it at 150 px) as tall as the lab', async () => {
  for (const width of [1280, 375]) {
    const v = await visit('walk2004', width);
    await settled(v.sco);
    const heights = () => Promise.all([
      v.page.evaluate(() => document.querySelector('iframe.scorm-embedded').getBoundingClientRect().height),
      v.sco.evaluate(() => document.body.getBoundingClientRect().height),
    ]);
    await until('the platform\'s frame to be as tall as the lab', async () => {
      const [outer, inner] = await heights();
      return outer >= 600 && Math.abs(outer - inner) <= 2 && [outer, inner];
    }, WAIT, 100).catch(async (e) => { throw new Error(`${e.message.split(';')[0]}: ${JSON.stringify(await heights())}`); });
    assert(await v.sco.locator('#scorm-status').isHidden(), `a status line: ${await v.sco.locator('#scorm-status').textContent()}`);
    const [frameW, pageW] = await v.sco.evaluate(() => [document.getElementById('lab-frame').clientWidth, document.documentElement.scrollWidth]);
    const outer = await v.page.evaluate(() => document.querySelector('iframe.scorm-embedded').clientWidth);
    assert(frameW <= outer && pageW <= outer, `wider than the platform's frame (${outer}): ${frameW}, ${pageW}`);
    // The platform's page as the learner sees it, and its SCORM block alone (the workbench
    // lists the block's fields below it, far wider than a screen).
    await v.page.screenshot({ path: join(tmpdir(), `openedx-lab-${width}.png`) });
    await v.page.locator('.scorm-xblock').screenshot({ path: join(tmpdir(), `openedx-block-${width}.png`) });
    await leave(v);
  }
});

await browser.close();
server.kill();
await new Promise((r) => { server.on('exit', r); setTimeout(r, 3000); });
if (process.exitCode) console.log(serverLog);
rmSync(work, { recursive: true, force: true });
console.log(`     ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
done();

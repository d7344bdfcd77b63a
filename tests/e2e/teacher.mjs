// End-to-end check of the teacher's page (dist/teacher.html, served with no header: under its
// own CSP, which lets it read any store), against a real record store: Learning Locker's statements
// service (tests/lrs/learning-locker.mjs). Four learners walk the first stops of the guided
// path from the xAPI example host (three in one class, one in another), each choosing other
// choices, read from the lab's data-choice attributes; the host stores their statements in it.
// A planned class of 48 (tests/lrs/class-plan.mjs: habits, retries, unfinished paths, changed
// scenes, another class) is walked natively by `simulate learners` and posted to it too, so
// the class's answers fill more than three pages of 500. The teacher's page, pointed at the
// store, must show exactly the first tries the walks and the plan made; the same from a file
// exported from the store; `simulate class` on that file must agree with the page. Then bad
// input: wrong keys (the real store's 401 and 403), and, from the tests' stand-in store (a
// store will not do these on demand), a store that refuses CORS, answers 500 or another shape,
// or answers slowly; files of another activity or of no statements, names with markup.
// Screenshots: tests/e2e/out/teacher-*.png.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, simulate } from './lib.mjs';
import { TABLE, isQuestion, predict, tapStill } from './path-walk.mjs';
import { startLearningLocker } from '../lrs/learning-locker.mjs';
import { startStandin } from '../lrs/standin.mjs';
import { ACTIVITY as ACT, CLASS, OTHER_CLASS as OTHER, OTHER_ACTIVITY, SMALL_CLASS, firstTries, plannedClass, smallClass, statementsOf, tomorrow } from '../lrs/class-plan.mjs';
import { answered, axe, counts, exportAll, markupFile, until } from './teacher-lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const { check, done } = checks('e2e-teacher');
const WALKED = 3;
const PLANNED = 48;
// Each learner's pick at each stop, as a position in the stop's list of choices.
const LEARNERS = [
  { name: 'Ana', class: CLASS, picks: [0, 1, 2], again: 2 },
  { name: 'Bruno', class: CLASS, picks: [1, 0, 0] },
  { name: 'Carla', class: CLASS, picks: [2, 2, 1] },
  { name: 'Dani', class: OTHER, picks: [0, 0, 0] },
];

const store = await startLearningLocker();
// The tests' stand-in, only for what a real store will not do on demand: refuse CORS, answer
// 500 or another shape; and a second one whose pages come slowly, for the Stop button.
const standin = await startStandin({ pageMax: 5 });
const slow = await startStandin({ pageMax: 10, validateAll: false });
// Issue 58's hostile stores: another origin that answers any read with its own statements
// (allowed by CORS and by the page's CSP, so only the page's own refusal keeps them
// out), a stand-in that redirects there, cycles, hangs or closes; and a port nobody listens on.
const foreign = await serveForeign();
const hostile = await startStandin({ pageMax: 10, validateAll: false, redirectTo: `${foreign.url}xapi/statements` });
const closedPort = await freePort();
const storeOrigin = new URL(store.endpoint).origin;
const host = await serveDir(join(root, 'dist'));
// No header: the page's own policy (its meta) is the one that must let it read the stores.
const teacherSite = await serveDir(join(root, 'dist'));
const browser = await launchChromium();
const records = [];
const plan = plannedClass(TABLE, PLANNED);
const small = smallClass(TABLE);
let page;

try {
  await check('four learners walk the first stops from the xAPI host; the store keeps their answers', async () => {
    for (const l of LEARNERS) await walk(l);
    const kept = answered(await store.all());
    for (const l of LEARNERS) {
      const mine = kept.filter((s) => s.actor.account.name === l.name);
      assert(mine.length >= WALKED, `${l.name}: ${mine.length} answers stored`);
    }
    const picks = records.filter((r) => r.first && r.stop === records[0].stop).map((r) => r.choice);
    assert(new Set(picks).size >= 3, `the learners chose alike: ${picks}`);
    console.log(`     first tries: ${records.filter((r) => r.first).map((r) => `${r.learner} ${r.stop}=${r.choice}${r.right ? '✓' : '✗'}`).join(', ')}`);
  });

  await check(`a planned class of ${PLANNED}, walked by simulate learners, is stored beside them`, async () => {
    const statements = statementsOf(plan);
    const ids = await store.post(statements);
    assert(ids.length === statements.length, `${ids.length} of ${statements.length} stored`);
    const answers = answered(statements).filter((s) => s.context.contextActivities.grouping?.[0]?.id === CLASS).length;
    assert(answers > 1000, `${answers} answers of the class: fewer than three pages of 500`);
    console.log(`     ${statements.length} statements posted, ${answers} of them the class's answers`);
  });

  await check('the class of issue 43 (five learners, one retrying, one unfinished; another class and another activity mixed in) is stored', async () => {
    const statements = [...statementsOf(small.plan), ...statementsOf(small.otherActivity)];
    const ids = await store.post(statements);
    assert(ids.length === statements.length, `${ids.length} of ${statements.length} stored`);
    const firsts = firstTries(small.plan, TABLE, SMALL_CLASS);
    assert(firsts.some((t) => t.later.length > 0), 'nobody tried a stop again');
    assert(new Set(firsts.map((t) => t.learner)).size === 5, 'five learners of the class');
  });

  const want = expected(CLASS);

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The browser itself logs each refused request of the bad-input cases (401, 403, 500, CORS);
  // anything else logged as an error is the page's.
  const refused = /^Failed to load resource|blocked by CORS policy|net::ERR_FAILED/;
  page.on('console', (m) => { if (m.type() === 'error' && !refused.test(m.text())) errors.push(m.text()); });
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.goto(`${teacherSite.url}teacher.html`);
  await page.locator('#teacher-app').waitFor({ timeout: 30000 });

  await check('the page reads the store page by page, following its own more, and shows exactly the first tries made', async () => {
    const gets = [];
    const more = [];
    const onRequest = (r) => { if (r.url().startsWith(store.endpoint) && r.method() === 'GET') gets.push(r); };
    const onResponse = async (r) => {
      if (!r.url().startsWith(store.endpoint) || r.request().method() !== 'GET' || !r.ok()) return;
      more.push((await r.json().catch(() => ({}))).more ?? null);
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    await readStore(store.auth.read, CLASS);
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'done', 'the read ends');
    page.off('request', onRequest);
    page.off('response', onResponse);
    const got = await counts(page);
    assert(JSON.stringify(got) === JSON.stringify(want), `page ${JSON.stringify(got)}\nwalks ${JSON.stringify(want)}`);
    assert(await page.locator('#t-endpoint').inputValue() === store.endpoint, 'the typed address is gone after the read');
    const first = new URL(gets[0].url()).searchParams;
    assert(first.get('activity') === ACT && first.get('related_activities') === 'true'
      && first.get('verb') === 'http://adlnet.gov/expapi/verbs/answered' && first.get('limit') === '500', gets[0].url());
    assert(gets.length >= 3, `${gets.length} pages read`);
    // Each page after the first is the store's own `more` (Learning Locker's repeats the query
    // unencoded, addresses and all), on its origin.
    for (let i = 1; i < gets.length; i++) {
      assert(more[i - 1] && gets[i].url() === new URL(more[i - 1], storeOrigin).href, `page ${i + 1}: ${gets[i].url()} for more ${more[i - 1]}`);
      assert(more[i - 1].includes('activity=https://'), `not Learning Locker's shape: ${more[i - 1]}`);
    }
    assert(more.at(-1) === '' || more.at(-1) === null, `the last page's more: ${more.at(-1)}`);
    for (const r of gets) {
      const h = await r.allHeaders();
      assert(h['x-experience-api-version'] === '1.0.3' && h.authorization === store.auth.read, `headers of ${r.url()}`);
    }
    console.log(`     ${gets.length} pages of 500 read from Learning Locker; ${await page.locator('#t-status').innerText()}`);
  });

  await check('the key stays in the tab: not in the address, not in localStorage', async () => {
    const secret = store.keys.read[1];
    assert(!page.url().includes(secret) && !page.url().includes(store.auth.read.slice(6)), page.url());
    const kept = await page.evaluate(() => ({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage) }));
    assert(!kept.local.includes(secret) && kept.local === '{}', `localStorage: ${kept.local}`);
    assert(kept.session.includes(secret), 'sessionStorage keeps it for the tab');
  });

  await check('later answers are counted apart from first tries', async () => {
    const later = await page.locator('.t-choice').evaluateAll((els) => els.reduce((n, e) => n + Number(e.dataset.later), 0));
    const stored = answered(await store.all()).filter((s) => s.context?.contextActivities?.grouping?.some((g) => g.id === CLASS));
    const firsts = want.reduce((n, s) => n + s.answered, 0);
    const retried = records.filter((r) => !r.first && r.class === CLASS).length
      + firstTries(plan, TABLE, CLASS).reduce((n, t) => n + t.later.length, 0);
    assert(later === stored.length - firsts, `later ${later}, stored ${stored.length}, first tries ${firsts}`);
    assert(later === retried && retried > 0, `${retried} tried a stop again, ${later} later answers counted`);
    console.log(`     ${later} later answers`);
  });

  await check('the learners behind a choice, drawn when its list is opened', async () => {
    const first = page.locator('.stop-card .who').first();
    await first.locator('summary').click();
    await until(page, () => document.querySelectorAll('.who-list li').length > 0, 'the list opens');
    const names = await first.locator('.who-list li').allTextContents();
    const card = await page.locator('.stop-card').first().getAttribute('data-stop');
    const choice = await page.locator('.stop-card').first().locator('.t-choice:has(.who)').first().getAttribute('data-choice');
    const walked = records.filter((r) => r.first && r.stop === card && r.choice === choice && r.class === CLASS).map((r) => r.learner);
    const planned = firstTries(plan, TABLE, CLASS).filter((t) => t.stop === card && t.choice === choice).map((t) => t.learner);
    const key = (n) => n.toLowerCase();
    const want = [...walked, ...planned].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    assert(JSON.stringify(names) === JSON.stringify(want), `${names} for ${want}`);
  });
  await check('a choice shown as a number is named by the belief behind it', async () => {
    // At the backoff stop the buttons read «90 s» … and so do the statements: the page adds
    // the lab's name for each (here: counting the initial delivery as an intento).
    const named = await page.locator('.stop-card[data-stop=step_backoff] .t-choice[data-choice=counts-initial-delivery] .m-name').innerText();
    assert(/entrega inicial/.test(named), `the belief read «${named}»`);
    const top = await page.locator('.misconception .m-name').allTextContents();
    assert(top.length > 0 && top.every((t) => !/^[≈\d]/.test(t.trim())), `the misconceptions read: ${top.join(' | ')}`);
  });
  await page.screenshot({ path: join(out, 'teacher-1280.png'), fullPage: true });
  await check('axe-core: no serious or critical violation, with a report on the page', async () => {
    const bad = await axe(page);
    assert(bad.length === 0, bad.join(' | '));
  });
  await check('anonymised: numbers instead of names everywhere, the same counts', async () => {
    await page.locator('#t-anon').check();
    await until(page, () => [...document.querySelectorAll('.learner-name')].every((n) => /^Estudiante \d+$/.test(n.textContent)), 'names replaced');
    const text = await page.locator('#teacher-app').evaluate((e) => e.textContent);
    for (const l of [...LEARNERS, ...plan.learners]) assert(!text.includes(l.name), `${l.name} still shown`);
    assert(JSON.stringify(await counts(page)) === JSON.stringify(want), 'counts changed');
    await page.screenshot({ path: join(out, 'teacher-1280-anon.png'), fullPage: true });
    await page.locator('#t-anon').uncheck();
  });

  await check('projecting hides the sources and the names; English on request', async () => {
    await page.locator('#t-project').click();
    await until(page, () => !document.querySelector('.teacher-sources') && document.getElementById('t-anon').checked, 'projecting');
    await page.locator('#t-project').click();
    await page.locator('#t-lang').selectOption('en');
    await until(page, () => document.documentElement.lang === 'en' && document.getElementById('t-stops-h')?.textContent === 'Stop by stop', 'English');
    await page.locator('#t-lang').selectOption('es');
    await page.locator('#t-anon').uncheck();
  });

  await check('375 px: nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 375, `the page is ${wide} px wide`);
    await page.screenshot({ path: join(out, 'teacher-375.png'), fullPage: true });
    // As a phone shows it, screen by screen (a full-page capture leaves the cards that are
    // off screen undrawn: they are laid out only when near the screen).
    for (const [name, css] of [['top', '#teacher-app'], ['misconceptions', '.teacher-misconceptions'], ['stop', '.stop-card[data-stop=step_backoff]'], ['learners', '.learner-name']]) {
      await page.locator(css).first().evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(out, `teacher-375-${name}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  const file = join(out, 'teacher-export.jsonl');
  await check('the same counts from a file exported from the store, and from simulate class', async () => {
    const all = await exportAll(store.endpoint, store.auth.read);
    writeFileSync(file, all.map((s) => JSON.stringify(s)).join('\n') + '\n');
    await page.locator('#t-file').setInputFiles(file);
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'done', 'the file is read');
    const got = await counts(page);
    assert(JSON.stringify(got) === JSON.stringify(want), `file ${JSON.stringify(got)}`);
    const report = JSON.parse(simulate(['class', '--statements', file, '--activity', ACT, '--class', CLASS]));
    const native = report.stops.map((s) => ({ id: s.id, answered: s.answered, right: s.first_try_right, choices: Object.fromEntries(s.choices.map((c) => [c.id, c.count])) }));
    assert(JSON.stringify(native) === JSON.stringify(got), `simulate ${JSON.stringify(native)}`);
  });

  await check('the CSV export: a row per learner and stop', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.locator('#t-export').click()]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
    const rows = want.reduce((n, s) => n + s.answered, 0);
    assert(csv.length === 1 + rows && csv[0].startsWith('estudiante,clase,paso'), `${csv.length} lines for ${rows} answers`);
  });

  await check('the first screen for the class of five: the hardest stops, the beliefs counted both ways with who, who needs help; every number from the plan', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await readStore(store.auth.read, SMALL_CLASS);
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'done', 'the read ends');
    await page.evaluate(() => window.scrollTo(0, 0));
    const firsts = firstTries(small.plan, TABLE, SMALL_CLASS);
    const plan = tomorrow(firsts, TABLE);
    let numbers = 0;
    const eq = (got, want, what) => { numbers += Array.isArray(want) ? want.length : 1; assert(JSON.stringify(got) === JSON.stringify(want), `${what}: page ${JSON.stringify(got)}\nplan ${JSON.stringify(want)}`); };
    // The summary: learners, answers (first tries and later ones), stops; singular where 1.
    const answers = firsts.length + firsts.reduce((n, t) => n + t.later.length, 0);
    eq(await page.locator('#t-summary').innerText(), `5 estudiantes · ${answers} respuestas · ${plan.stops} pasos`, 'summary');
    // The three blocks start on the first screen.
    for (const css of ['.teacher-hardest', '.teacher-misconceptions', '.teacher-need']) {
      const top = await page.locator(css).evaluate((e) => e.getBoundingClientRect().top);
      assert(top < 900 - 120, `${css} starts at ${top} px: not on the first screen`);
    }
    assert(!(await page.locator('#t-fold').evaluate((d) => d.open)), 'the form is still open after the read');
    // What to do next: the belief most learners hold, at the stop where most held it.
    const top = plan.beliefs[0];
    const where = TABLE.filter((s) => firsts.some((t) => t.stop === s.id)).map((s) => [s.id, firsts.filter((t) => t.stop === s.id && t.choice === top.id && !t.right && !t.unoffered).length])
      .reduce((best, x) => (x[1] > best[1] ? x : best), ['', 0]);
    eq(await page.locator('#t-next').evaluate((e) => [e.dataset.stop, Number(e.dataset.learners)]), [where[0], top.learners], 'what to do next');
    assert((await page.locator('#t-next').innerText()).startsWith('Para la próxima clase: empieza por el paso '), 'the next step is not said');
    assert(await page.locator('#t-next').evaluate((e) => e.getBoundingClientRect().bottom < 900), 'the next step is below the first screen');

    await page.screenshot({ path: join(out, 'teacher-first-1280.png') });
    // The hardest stops, the five first, and how many more.
    const hard = await page.locator('.hard').evaluateAll((els) => els.map((e) => ({ id: e.dataset.stop, answered: Number(e.dataset.answered), right: Number(e.dataset.firstRight) })));
    eq(hard, plan.hardest.slice(0, 5), 'hardest stops');
    eq(await page.locator('#t-hard-more').innerText(), `y ${plan.stops - 5} pasos más en «Paso a paso»`, 'hardest, more');
    for (const h of hard) assert(await page.locator(`#stop-${h.id}`).count() === 1, `no card for ${h.id}`);
    // The beliefs: each with its answers, its learners and who; none hidden without «N más».
    const beliefs = async () => page.locator('.misconception').evaluateAll((els) => els.map((e) => ({ id: e.dataset.choice, answers: Number(e.dataset.answers), learners: Number(e.dataset.learners), who: e.dataset.who.split('\n') })));
    const first = await beliefs();
    eq(first, plan.beliefs.slice(0, first.length), 'beliefs shown first');
    if (plan.beliefs.length > first.length) {
      const rest = plan.beliefs.length - first.length;
      eq(await page.locator('#t-more-beliefs').innerText(), rest === 1 ? 'Mostrar 1 idea más' : `Mostrar las ${rest} ideas restantes`, 'beliefs, more');
      await page.locator('#t-more-beliefs').click();
      await until(page, (n) => document.querySelectorAll('.misconception').length === n, 'every belief shown', plan.beliefs.length);
    }
    eq(await beliefs(), plan.beliefs, 'every belief');
    const check = plan.beliefs.find((b) => b.id === 'app-check-is-enough');
    assert(check && check.who.includes('Carmen'), 'the check-then-insert belief is not among them');
    // Who needs help, by need; the unfinished path with where it stopped.
    const need = await page.locator('.needy').evaluateAll((els) => els.map((e) => ({ name: e.dataset.learner, right: Number(e.dataset.right), answered: Number(e.dataset.answered), furthest: Number(e.dataset.furthest) })));
    eq(need, plan.need, 'who needs help');
    const elena = page.locator('.needy[data-learner=Elena]');
    const stop8 = TABLE[7];
    const title8 = await page.locator(`#stop-${stop8.id} h3`).textContent();
    eq(await elena.locator('.unfinished-line').innerText(), `Sin terminar: se quedó en el paso 8 de ${plan.stops} (${title8.replace(/^8\. /, '')})`, 'the unfinished path');
    eq(await page.locator('.needy.unfinished').count(), 1, 'unfinished paths');
    eq(await page.locator('.needy[data-learner=Alba] .score').innerText(), `${plan.stops} de ${plan.stops} a la primera`, 'a whole right path');
    // No count meets a noun in the wrong number.
    const text = await page.locator('#teacher-app').innerText();
    assert(!/(^|\D)1 (estudiantes|respuestas|pasos|declaraciones)/.test(text), 'a plural after 1');
    assert(!/ingenuo|Parada|restricción única/.test(text), 'an old word on the page');
    // When each learner answered: within their own hour of the plan (simulate starts each an
    // hour after the one before).
    const t0 = Date.parse(small.plan.start);
    const when = await page.locator('.learner').evaluateAll((els) => els.map((e) => [e.dataset.learner, e.dataset.firstAt, e.dataset.lastAt]));
    for (const [name, a, b] of when) {
      const i = small.plan.learners.findIndex((l) => l.name === name);
      assert(i >= 0 && Date.parse(a) >= t0 + 3600e3 * i && Date.parse(b) < t0 + 3600e3 * (i + 1) && Date.parse(a) <= Date.parse(b), `${name} answered ${a} to ${b}`);
    }
    numbers += 2 * when.length;
    const timed = await page.locator('.stop-card[data-time-ms]').count();
    assert(timed >= plan.stops - 1, `${timed} stops with a time`);
    console.log(`     ${numbers} numbers of the first screen checked against the plan`);
  });

  await check('each stop as the learners saw it: its setting and question; projected, the right choice hidden until shown; a link opens the lab at it', async () => {
    const card = page.locator('#stop-step_race');
    await card.scrollIntoViewIfNeeded();
    const setting = await card.locator('.setting').textContent();
    assert(setting.length > 40 && !setting.includes('…'), `the card's setting: «${setting}»`);
    assert((await card.locator('.question').textContent()).trim().endsWith('?'), 'no question on the card');
    await page.locator('#t-project').click();
    await until(page, () => [...document.querySelectorAll('.stop-card')].every((c) => c.dataset.revealed === 'false') && !document.querySelector('.t-choice.right'), 'the right choices hidden');
    // Nor does the count of first-try rights beside the choices' counts (it would tell which).
    const hidden = await card.locator('.counts > span').allTextContents();
    await card.locator('.reveal').click();
    await until(page, () => document.querySelector('#stop-step_race .t-choice.right')?.dataset.choice === 'both-instances-apply', 'the right choice shown');
    const shown = await card.locator('.counts > span').allTextContents();
    const rights = shown.filter((x) => !hidden.includes(x));
    assert(rights.length === 1 && /\d+\s\(\d+\s%\)/.test(rights[0]), `projected ${hidden.join(' | ')}; shown ${shown.join(' | ')}`);
    await page.screenshot({ path: join(out, 'teacher-projecting.png') });
    await page.locator('#t-project').click();
    // Projecting hid the names; they come back only when asked.
    await page.locator('#t-anon').uncheck();
    const href = await card.locator('.lab-link').getAttribute('href');
    const lab = await browser.newPage();
    await lab.goto(new URL(href, `${host.url}teacher.html`).href);
    await lab.locator('#path[data-stop]').waitFor({ timeout: 30000 });
    assert(await lab.locator('#path').getAttribute('data-stop') === 'step_race', `the lab opened at ${await lab.locator('#path').getAttribute('data-stop')}`);
    await lab.close();
  });

  await check('the CSV: the class, the question, the choice as the learner saw it, the belief, the time', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.locator('#t-export').click()]);
    const lines = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
    assert(lines[0] === 'estudiante,clase,paso,nombre del paso,pregunta,primera respuesta,opción como se mostró,idea que revela,acertó,respuestas,hora de la primera respuesta', lines[0]);
    const firsts = firstTries(small.plan, TABLE, SMALL_CLASS);
    assert(lines.length === 1 + firsts.length, `${lines.length - 1} rows for ${firsts.length} first tries`);
    const bruno = lines.find((l) => l.startsWith(`Bruno,${SMALL_CLASS},step_backoff,`));
    assert(bruno && /,counts-initial-delivery,90 s,"Cuenta la entrega inicial como intento, o cree que cada reintento espera lo mismo",no,1,2026-12-04T09:/.test(bruno), bruno);
    // Plain characters (a search finds «dead-letter», «90 s»), and every wrong answer's belief.
    assert(!lines.some((l) => /[\u2060\u00a0\u202f]/.test(l)), 'a word joiner or no-break space in the CSV');
    const cells = (line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, 11);
    const wrong = lines.slice(1).map(cells).filter((c) => c[8] === 'no');
    assert(wrong.length > 0 && wrong.every((c) => c[7].trim() !== ''), `a wrong answer without its belief: ${JSON.stringify(wrong.find((c) => !c[7].trim()))}`);
  });

  await check('print: no form, no tools, one stop per block', async () => {
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(() => ['#t-fold', '.teacher-tools', '.card-tools'].map((c) => getComputedStyle(document.querySelector(c)).display));
    assert(hidden.every((d) => d === 'none'), `printed: ${hidden}`);
    const avoid = await page.locator('.stop-card').first().evaluate((e) => getComputedStyle(e).breakInside);
    assert(avoid === 'avoid', `a stop breaks across pages: ${avoid}`);
    await page.screenshot({ path: join(out, 'teacher-print.png'), fullPage: true });
    await page.pdf({ path: join(out, 'teacher-print.pdf') }).catch(() => {});
    await page.emulateMedia({ media: 'screen' });
  });

  await check('an activity that matches nothing says so from a store and names what it has; a trailing slash is the same activity', async () => {
    await readStore(store.auth.read, SMALL_CLASS, store.endpoint, `${ACT}x`);
    await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'none-here', 'nothing of a typo is told');
    const said = await page.locator('#t-problem').innerText();
    assert(said.includes(`actividad ${ACT}x.`), `the activity asked for is not named: ${said}`);
    const seenList = said.split('Sí hay respuestas de: ')[1] ?? '';
    const seenActs = seenList.replace(/\.$/, '').split(', ');
    assert(seenActs.includes(ACT) && seenActs.includes(OTHER_ACTIVITY), `the activities the store has: ${said}`);
    await readStore(store.auth.read, SMALL_CLASS, store.endpoint, `${ACT}/`);
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'done' && !document.getElementById('t-problem'), 'a trailing slash reads the class');
    const firsts = firstTries(small.plan, TABLE, SMALL_CLASS);
    assert(Number(await page.locator('#teacher-app').getAttribute('data-learners')) === 5, 'five learners');
    const answered = await page.locator('.stop-card').evaluateAll((els) => els.reduce((n, e) => n + Number(e.dataset.answered), 0));
    assert(answered === firsts.length, `${answered} first tries for ${firsts.length}`);
  });

  await check('on a phone, after a read the form folds away and the page opens on the first blocks', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const p = await phone.newPage();
    await p.goto(`${teacherSite.url}teacher.html`);
    await p.locator('#teacher-app').waitFor({ timeout: 30000 });
    const [key, secret] = Buffer.from(store.auth.read.slice(6), 'base64').toString().split(':');
    await p.locator('#t-activity').fill(ACT);
    await p.locator('#t-class').fill(SMALL_CLASS);
    await p.locator('#t-endpoint').fill(store.endpoint);
    await p.locator('#t-key').fill(key);
    await p.locator('#t-secret').fill(secret);
    await p.screenshot({ path: join(out, 'teacher-375-form.png') });
    await p.locator('#t-read').tap();
    await until(p, () => document.getElementById('teacher-app').dataset.state === 'done', 'the read ends');
    await p.waitForTimeout(300);
    const top = await p.locator('#t-tomorrow').evaluate((e) => e.getBoundingClientRect().top);
    assert(top >= 0 && top < 200, `the first block is at ${top} px`);
    assert(!(await p.locator('#t-fold').evaluate((d) => d.open)), 'the form is open');
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 375, `the page is ${wide} px wide`);
    await p.screenshot({ path: join(out, 'teacher-375-after-read.png') });
    for (const [name, css] of [['beliefs', '.teacher-misconceptions'], ['need', '.teacher-need'], ['card', '#stop-step_race']]) {
      await p.locator(css).evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await p.screenshot({ path: join(out, `teacher-375-${name}.png`) });
    }
    await phone.close();
  });

  await check('bad keys (the real store), a store that refuses CORS, answers 500 or another shape (the stand-in): each said clearly', async () => {
    const cases = [
      ['wrong-key', () => readStore(basicOf('teacher', 'wrong'), CLASS)],
      ['forbidden', () => readStore(store.auth.none, CLASS)],
      ['unreachable', () => { standin.setMode('nocors'); return readStore(standin.auth.read, CLASS, standin.endpoint); }],
      ['server', () => { standin.setMode('error500'); return readStore(standin.auth.read, CLASS, standin.endpoint); }],
      ['shape', () => { standin.setMode('shape'); return readStore(standin.auth.read, CLASS, standin.endpoint); }],
    ];
    for (const [kind, run] of cases) {
      await run();
      await until(page, (k) => document.getElementById('t-problem')?.dataset.problem === k, `${kind} is told`, kind);
      standin.setMode('normal');
    }
    await openForm();
    await page.locator('#t-endpoint').fill('lrs.example.org/xapi');
    await page.locator('#t-read').click();
    await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'bad-endpoint', 'a bad address is told');
  });

  await check('a long read is stopped half-way and keeps what it read', async () => {
    slow.add(Array.from({ length: 400 }, (_, i) => answerOf(`L${i}`, 'step_backoff', String(i % 3), i % 3 === 2)));
    slow.setMode('slow');
    await readStore(slow.auth.read, null, slow.endpoint);
    await until(page, () => Number(document.getElementById('teacher-app').dataset.read) > 0, 'the first pages come');
    await page.locator('#t-stop').click();
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'stopped', 'stopped');
    const read = Number(await page.locator('#teacher-app').getAttribute('data-read'));
    assert(read > 0 && read < 400, `read ${read} of 400`);
    await openForm();
    await page.locator('#t-endpoint').fill(store.endpoint);
  });

  await check('issue 58: a store that redirects, on the first page or on a more, is refused, not followed to the other origin', async () => {
    hostile.add(Array.from({ length: 25 }, (_, i) => answerOf(`H${i}`, 'step_backoff', String(i % 3), i % 3 === 2)));
    for (const mode of ['redirect', 'redirect-more']) {
      hostile.setMode(mode);
      const before = foreign.reads;
      await readStore(hostile.auth.read, null, hostile.endpoint);
      await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'redirected', `${mode} is told`, mode);
      assert(foreign.reads === before, `${mode}: the other origin was read ${foreign.reads - before} times`);
      const names = await page.locator('.learner-name').allTextContents();
      assert(!names.includes('Foreign'), `${mode}: the other origin's learner is counted`);
    }
    hostile.setMode('normal');
  });

  await check('issue 58: a more that cycles between two addresses is stopped at the first repeat', async () => {
    hostile.setMode('cycle');
    const before = hostile.requests.length;
    await readStore(hostile.auth.read, null, hostile.endpoint);
    await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'loop', 'the cycle is told');
    const asked = hostile.requests.slice(before).filter((r) => r.method === 'GET').length;
    assert(asked === 3, `${asked} reads for a cycle of two (the first page, a, b)`);
    hostile.setMode('normal');
  });

  await check('issue 58: «Detener» cancels a read that hangs at once; a read that gets no byte is cancelled after the time-out, which is said', async () => {
    hostile.setMode('hang');
    await readStore(hostile.auth.read, null, hostile.endpoint);
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'loading', 'loading');
    await page.waitForTimeout(500);
    await page.locator('#t-stop').click();
    const t0 = Date.now();
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'stopped', 'stopped while the store hangs');
    assert(Date.now() - t0 < 3000, `stopped ${Date.now() - t0} ms after «Detener»`);
    await readStore(hostile.auth.read, null, hostile.endpoint);
    await page.waitForFunction(() => document.getElementById('t-problem')?.dataset.problem === 'timed-out', null, { timeout: 40000 });
    const said = await page.locator('#t-problem').textContent();
    assert(/20 s/.test(said), said);
    hostile.setMode('normal');
  });

  await check('issue 58: a port nobody listens on is said to be that, not CORS; a store refusing CORS is still CORS', async () => {
    await readStore(hostile.auth.read, null, `http://127.0.0.1:${closedPort}/xapi/`);
    await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'no-answer', 'nobody answers');
  });

  await check('issue 58: a store that closes after page 1 leaves a report said to be partial (status, report, CSV, printout) with its cause; «Reintentar» goes on from page 2 to the whole class', async () => {
    hostile.setMode('close');
    await readStore(hostile.auth.read, null, hostile.endpoint);
    await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'closed', 'the closed connection is told');
    const partial = await page.locator('#t-partial').textContent();
    assert(partial.startsWith('Parcial: se leyeron 1 página; faltan las demás.') && partial.includes('cortó la conexión'), partial);
    const answers = Number(await page.locator('#teacher-app').getAttribute('data-answers'));
    assert(answers === 10, `page 1 holds 10 answers, shown ${answers}`);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.locator('#t-export').click()]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    assert(/^"?Parcial: se leyeron 1 página; faltan las demás\./.test(csv.split('\r\n')[0]), csv.slice(0, 200));
    await page.emulateMedia({ media: 'print' });
    assert(await page.locator('#t-partial').isVisible(), 'the printout says it is partial');
    await page.emulateMedia({ media: 'screen' });
    const before = hostile.requests.length;
    hostile.setMode('normal');
    await page.locator('#t-resume').click();
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'done', 'the read goes on to its end');
    const first = hostile.requests.slice(before).find((r) => r.method === 'GET');
    assert(first && first.url.includes('more='), `«Reintentar» asked ${first?.url} first, not the failed page`);
    const whole = Number(await page.locator('#teacher-app').getAttribute('data-answers'));
    assert(whole === 25, `the whole class is 25 answers, shown ${whole}`);
    assert(await page.locator('#t-partial').count() === 0, 'whole now: no partial note');
  });

  await check('a mistyped class, an empty class and an empty store: each its own sentence, with the classes that have answers, in view on a phone', async () => {
    let bare;
    try {
      const typo = SMALL_CLASS.replace('/classes/', '/clases/');
      await readStore(store.auth.read, typo);
      await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'class-typo', 'a mistyped class is told');
      let said = await page.locator('#t-problem').innerText();
      assert(said.startsWith(`No hay respuestas de la clase ${typo}. ¿Es ${SMALL_CLASS}? Clases con respuestas de esta actividad: `), `the typo: ${said}`);
      for (const c of [CLASS, OTHER, SMALL_CLASS]) assert(said.includes(c), `${c} is not among the classes named: ${said}`);
      const smallAnswers = answered(statementsOf(small.plan)).filter((st) => st.context?.contextActivities?.grouping?.some((g) => g.id === SMALL_CLASS)).length;
      assert(said.includes(`${SMALL_CLASS} (${smallAnswers} respuestas)`), `the small class's ${smallAnswers} answers: ${said}`);
      assert(!said.includes('actividad ' + ACT), 'the activity is blamed for a class');
      const empty = 'https://course.example/classes/5-tarde';
      await page.setViewportSize({ width: 375, height: 740 });
      await readStore(store.auth.read, empty);
      await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'class-empty', 'an empty class is told');
      said = await page.locator('#t-problem').innerText();
      assert(said.startsWith(`La clase ${empty} aún no tiene respuestas de esta actividad. Sí tienen respuestas: `) && said.includes(SMALL_CLASS), `the empty class: ${said}`);
      await until(page, () => { const r = document.getElementById('t-problem').getBoundingClientRect(); return r.top >= 0 && r.top <= innerHeight - 48; }, 'the sentence starts on screen at 375 px');
      await page.screenshot({ path: join(out, 'teacher-class-empty-375.png') });
      bare = await startLearningLocker();
      await readStore(bare.auth.read, '', bare.endpoint);
      await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'store-empty', 'an empty store is told');
      said = await page.locator('#t-problem').innerText();
      assert(said.startsWith('El LRS aún no tiene ninguna respuesta, de ninguna actividad'), `the empty store: ${said}`);
      await until(page, () => { const r = document.getElementById('t-problem').getBoundingClientRect(); return r.top >= 0 && r.top <= innerHeight - 48; }, 'the sentence starts on screen at 375 px');
    } finally {
      await bare?.close();
      await page.setViewportSize({ width: 1280, height: 900 });
      // Whatever this check left in the form, the next ones read files of no class.
      await openForm().catch(() => {});
      await page.locator('#t-class').fill('').catch(() => {});
    }
  });

  await check('files of another activity, of no statements, and names with markup', async () => {
    const other = join(out, 'teacher-other.json');
    writeFileSync(other, JSON.stringify([answerOf('Eva', 'step_backoff', '0', false, 'https://elsewhere.example/lab')]));
    await page.locator('#t-file').setInputFiles(other);
    await until(page, () => document.getElementById('t-problem')?.dataset.problem === 'none-here'
      && /1 de otra actividad/.test(document.getElementById('t-skipped')?.textContent)
      && /Sí hay respuestas de: https:\/\/elsewhere\.example\/lab\./.test(document.getElementById('t-problem')?.textContent), 'another activity is told, and named');
    for (const [name, body, kind] of [['teacher-not.csv', 'estudiante,parada\nAna,step_backoff\n', 'not-statements'],
      ['teacher-empty.json', '  \n', 'file-empty'], ['teacher-cut.json', '[{"verb": {"id": "x"', 'truncated'],
      ['teacher-foo.json', '{"foo": 1}\n{"bar": 2}', 'none-here']]) {
      writeFileSync(join(out, name), body);
      await page.locator('#t-file').setInputFiles(join(out, name));
      await until(page, (k) => document.getElementById('t-problem')?.dataset.problem === k, `${name} is told`, kind);
    }
    const evil = join(out, 'teacher-markup.json');
    writeFileSync(evil, JSON.stringify(markupFile(ACT)));
    await page.locator('#t-file').setInputFiles(evil);
    await until(page, () => document.getElementById('teacher-app').dataset.state === 'done', 'the markup file is read');
    const shown = await page.evaluate(() => ({
      pwned: window.__pwned, imgs: document.querySelectorAll('#teacher-app img, #teacher-app script, #teacher-app b').length,
      names: [...document.querySelectorAll('.learner-name')].map((n) => n.textContent),
      title: document.querySelector('.stop-card h3')?.textContent,
      choices: [...document.querySelectorAll('.stop-card .t-choice')].map((c) => c.textContent).join(' | '),
    }));
    assert(shown.pwned === undefined && shown.imgs === 0, JSON.stringify(shown));
    // Markup is text: a learner's name, a choice the lab does not word. The stop's title is the
    // lab's own, whatever the statement calls it (issue 58).
    assert(shown.names.includes('<img src=x onerror="window.__pwned=1">') && shown.choices.includes('<img src=y onerror="window.__pwned=3">'), JSON.stringify(shown));
    assert(!shown.title.includes('negrita'), `a statement renamed the stop: ${shown.title}`);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.locator('#t-export').click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    assert(csv.includes("'=HYPERLINK(") && !/(^|,)=HYPERLINK/m.test(csv), csv);
  });

  await check('no page error, no dialog', async () => {
    assert(errors.length === 0, errors.join(' | '));
  });
} finally {
  await browser.close();
  host.server.close();
  teacherSite.server.close();
  await store.close();
  await standin.close();
  await slow.close();
  await hostile.close();
  foreign.server.close();
}
done();

/** Another origin that answers any read with a page of its own learner's answer (CORS open,
 * no key asked): where a store's redirect would lead. Counts the reads it gets. */
function serveForeign() {
  const state = { reads: 0 };
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'Authorization, X-Experience-API-Version' };
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); return res.end(); }
    state.reads += 1;
    res.writeHead(200, { 'content-type': 'application/json', ...cors });
    res.end(JSON.stringify({ statements: [{ id: '58585858-5858-4858-8858-585858585858', ...answerOf('Foreign', 'step_backoff', '0', true) }], more: '' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    Object.assign(state, { server, url: `http://127.0.0.1:${server.address().port}/` });
    resolve(state);
  }));
}

/** A port free a moment ago, with nobody listening on it now. */
function freePort() {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  }));
}

/** A learner's walk: the first WALKED stops, then (if `again`) back to the first for a later try. */
async function walk(l) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await ctx.newPage();
  const requests = [];
  p.on('request', (r) => requests.push(r.url()));
  const q = new URLSearchParams({ lrs: store.endpoint, auth: store.auth.write, activity: ACT, learner: l.name, class: l.class });
  await p.goto(`${host.url}examples/xapi-host.html?${q}`);
  const lab = p.frameLocator('#lab-frame');
  for (let i = 0; i < WALKED; i++) {
    await answer(p, lab, l, i, l.picks[i], true);
    if (i + 1 < WALKED) await tapStill(p, lab, '#path-next');
  }
  const mine = async () => answered(await store.all()).filter((s) => s.actor.account.name === l.name).length;
  for (const t0 = Date.now(); await mine() < WALKED; await p.waitForTimeout(100)) {
    assert(Date.now() - t0 < 30000, `${l.name}: the store has ${await mine()} of ${WALKED} answers after 30 s`);
  }
  if (l.again !== undefined) {
    await tapStill(p, lab, '.path-marks li:nth-child(1) .mark');
    await answer(p, lab, l, 0, l.again, false);
  }
  await p.waitForFunction(() => [...document.querySelectorAll('#statements li')].every((li) => / · (enviada|error)/.test(li.textContent)), null, { timeout: 30000 });
  const failed = await p.locator('#statements li', { hasText: 'error' }).allInnerTexts();
  assert(failed.length === 0, `the store refused: ${failed.join(' | ')}`);
  assert(!requests.some((u) => /teacher/.test(u)), 'the learner loaded the teacher\'s files');
  await ctx.close();
}

/** Answers stop `i` with the choice at position `pick`, runs it to its result, records it. */
async function answer(p, lab, l, i, pick, first) {
  const card = lab.locator('#path[data-stop]');
  await card.waitFor({ timeout: 30000 });
  const stop = await card.getAttribute('data-stop');
  const ids = await lab.locator('.choice').evaluateAll((els) => els.map((e) => e.dataset.choice));
  const choice = ids[pick % ids.length];
  await predict(p, lab, stop, choice);
  if (!isQuestion(stop)) await lab.locator('#speed').selectOption('3600');
  const passed = lab.locator(`.path-marks li:nth-child(${i + 1}).passed`);
  const ready = async () => (await lab.locator('#path-result').count()) > 0 && (await passed.count()) > 0;
  for (const t0 = Date.now(); !(await ready()); ) {
    if (Date.now() - t0 > 30000) throw new Error(`${l.name} at ${stop}: no result after 30 s; the card says «${(await card.innerText()).slice(0, 160)}»`);
    if (await lab.locator('#path-act').count()) await lab.locator('#path-act').click();
    else await p.waitForTimeout(100);
  }
  const right = (await lab.locator('#path-result').getAttribute('data-right')) === 'true';
  records.push({ learner: l.name, class: l.class, stop, choice, right, first });
}

/** Per stop with answers of `cls`: learners who answered, right first, and each choice's
 * first tries (every choice the lab lists there, chosen or not), from the walks' records and
 * the plan, never from the statements. */
function expected(cls) {
  const firsts = [
    ...records.filter((r) => r.first && r.class === cls),
    ...firstTries(plan, TABLE, cls),
  ];
  return TABLE.filter((s) => firsts.some((r) => r.stop === s.id)).map((s) => {
    const at = firsts.filter((r) => r.stop === s.id);
    for (const r of at) assert(s.choices.some((c) => c.id === r.choice), `${r.choice} not among ${s.id}'s choices`);
    return { id: s.id, answered: at.length, right: at.filter((r) => r.right).length, choices: Object.fromEntries(s.choices.map((c) => [c.id, at.filter((r) => r.choice === c.id).length])) };
  });
}

/** Fills the store's form (the real store's address unless another is given) and reads. */
async function readStore(auth, cls, endpoint = store.endpoint, activity = ACT) {
  const [key, secret] = Buffer.from(auth.slice(6), 'base64').toString().split(':');
  await openForm();
  await page.locator('#t-activity').fill(activity);
  await page.locator('#t-class').fill(cls ?? '');
  await page.locator('#t-endpoint').fill(endpoint);
  await page.locator('#t-key').fill(key);
  await page.locator('#t-secret').fill(secret);
  await page.locator('#t-read').click();
}

/** Opens the form if a read folded it away. */
async function openForm() {
  if (!(await page.locator('#t-fold').evaluate((d) => d.open))) await page.locator('#t-fold > summary').click();
  await page.locator('#t-endpoint').waitFor({ state: 'visible' });
}

function basicOf(key, secret) { return `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`; }

function answerOf(who, stop, choice, right, activity = ACT) {
  return {
    actor: { name: who, account: { homePage: 'https://course.example', name: who } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
    object: { id: `${activity}/${stop}`, definition: { name: { es: stop }, choices: ['0', '1', '2'].map((id) => ({ id, description: { es: `opción ${id}` } })) } },
    result: { success: right, response: choice },
    context: { contextActivities: { parent: [{ id: activity }] } },
    timestamp: new Date(Date.UTC(2026, 11, 1, 10)).toISOString(),
  };
}

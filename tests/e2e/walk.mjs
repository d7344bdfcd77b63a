// The learner's main walk through the built page, the same script in Chromium, Firefox and WebKit
// through one WebDriver client: load, play until an event is dead-lettered, switch the outage
// off and replay it, publish a pass twice and read both consumers, switch the language. Then a
// stepped (so wall-clock-free) state is screenshotted in each engine and its text compared.
// Usage: node tests/e2e/walk.mjs [chromium] [firefox] [webkit]   (default: all three)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WAIT, assert, checks, serveDir } from './lib.mjs';
import { Session, engineInstalled } from './webdriver.mjs';
import { STOPS, isQuestion, setRate } from './path-walk.mjs';
import { createRequire } from 'node:module';

const validate = createRequire(import.meta.url)('xapi-validation').default;

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ['chromium', 'firefox', 'webkit'];
const { check, fail, done } = checks('walk');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));

const counts = (s) => s.text('#event-counts');
const num = async (s, css) => Number(await s.text(css));
const hasText = (css, re) => { const el = document.querySelector(css); return !!el && new RegExp(re).test(el.textContent); };
const exists = (css) => !!document.querySelector(css);

/** Passes the path's stop `i` in the current frame: the right choice, the stop's action at
 * 3600x until the stop is marked passed. */
async function passStop(s, i) {
  const [stop, right] = STOPS[i];
  await s.waitFor(`stop ${stop}`, exists, [`#path[data-stop=${stop}]`]);
  if (await s.run(exists, '.choice:not([disabled])')) await s.click(`.choice[data-choice="${right}"]`);
  // Set as a script: WebKit's driver does not always choose an option by clicking it.
  if (stop === 'step_failure_rate') await s.run(setRate);
  if (!isQuestion(stop)) {
    await s.run(() => {
      const el = document.querySelector('#speed');
      el.value = '3600';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  const passed = `.path-marks li:nth-child(${i + 1}).passed`;
  const end = Date.now() + 2 * WAIT;
  for (;;) {
    // The stop passed, or its own action offered: wait for one or the other.
    const left = end - Date.now();
    if (left <= 0) throw new Error(`${stop} never passed in ${2 * WAIT / 1000} s: ${await s.describe()}`);
    const now = await s.waitFor(`${stop} passed or its action`, (a, b) => (document.querySelector(a) && 'passed') || (document.querySelector(b) && 'act'), [passed, '#path-act'], left);
    if (now === 'passed') return;
    // The button may go as the run moves on (the stop passing): then look again.
    await s.click('#path-act').catch(async (e) => { if (await s.run(exists, '#path-act')) throw e; });
  }
}

/** The walk in one engine; returns the text of the final stepped state, for comparison. */
async function walk(s) {
  const tag = (what) => `${s.name}: ${what}`;
  let fingerprint = null;
  await check(tag('the first stop answers before the module, and the live lab keeps the choice'), async () => {
    await s.cmd('POST', '/window/rect', { width: 1280, height: 900 });
    // The default first view: the module waits for the learner's first touch (www/start.js).
    await s.goto(url);
    await s.waitFor('the first stop taking taps', exists, ['#lab > .prerendered:not([inert]) [data-choice="waits-add-up"]']);
    assert(!(await s.run(exists, '#lab > .lab')), 'the live lab started before any touch');
    await s.click('#lab > .prerendered [data-choice="waits-add-up"]');
    await s.waitFor('the live lab with the choice', exists, ['#lab > .lab [data-choice="waits-add-up"][aria-pressed="true"]']);
    await s.waitFor('the stop\'s action', exists, ['#lab > .lab #path-act']);
    // The walk below starts from nothing saved.
    await s.run(() => localStorage.clear());
  });
  await check(tag('the lab loads in Spanish'), async () => {
    await s.cmd('POST', '/window/rect', { width: 1280, height: 900 });
    // Free exploration: this walk is the learner's own (the guided path has its own walk).
    await s.goto(`${url}?start=free`);
    await s.waitFor('the live lab', hasText, ['#lab > .lab h1', 'reintentos, backoff y dead-letter']);
    assert(await s.run(() => document.documentElement.lang) === 'es', 'html lang is not es');
  });
  await check(tag('play until an event is dead-lettered'), async () => {
    await s.click('#outage');
    await s.click('#publish-one');
    await s.click('#speed option[value="3600"]');
    await s.click('#play');
    // The sixth retry comes 1 890 simulated seconds after the first attempt: about 0.5 s here.
    await s.waitFor('a dead letter', exists, ['#dlq .dlq-item']);
    await s.click('#play');
    assert(/En dead-letter: 1/.test(await counts(s)), await counts(s));
  });
  await check(tag('switch the outage off, replay it and see it delivered'), async () => {
    await s.click('#outage');
    assert(!await s.run(() => document.querySelector('#outage').checked), 'outage still on');
    await s.click('#dlq .dlq-item button');
    await s.click('#play');
    await s.waitFor('the delivery', hasText, ['#event-counts', 'Entregados: 1']);
    await s.click('#play');
    assert(!await s.run(exists, '#dlq .dlq-item'), 'the dead-letter queue is not empty');
  });
  await check(tag('publish a pass twice and read the two consumers'), async () => {
    await s.click('#publish-twice');
    await s.click('#play');
    await s.waitFor('both copies delivered', hasText, ['#event-counts', 'Entregados: 3']);
    await s.click('#play');
    const idem = await num(s, '#consumer-idempotent [data-test=applied]');
    const naive = await num(s, '#consumer-naive [data-test=applied]');
    const discarded = await num(s, '#consumer-idempotent [data-test=discarded]');
    // Two facts were published (one pass, then the same pass twice): the idempotent consumer
    // applies each once, the naive one applies every delivery, duplicates included.
    assert(idem === 2, `idempotent applied ${idem}, want 2`);
    assert(naive >= 3, `naive applied ${naive}, want at least 3`);
    assert(discarded >= 1, `idempotent discarded ${discarded}, want at least 1`);
  });
  await check(tag('switch the language to English'), async () => {
    await s.click('#lang option[value="en"]');
    await s.waitFor('the English heading', hasText, ['#lab > .lab h1', 'retries, backoff and dead letters']);
    // <html lang> follows in an effect after the render that changed the heading.
    await s.waitFor('<html lang="en">', () => document.documentElement.lang === 'en');
    assert(/Delivered: 3/.test(await counts(s)), await counts(s));
  });
  await check(tag('a reload keeps the language and settings; a share link sets them'), async () => {
    await s.goto(url);
    await s.waitFor('the English heading after a reload', hasText, ['#lab > .lab h1', 'retries, backoff and dead letters']);
    await s.goto(`${url}#seed=99&p=0.5&ack=0&base=10&retries=3&dedup=v4&lang=es`);
    // A new fragment on the same document does not reload it; reload, as opening a link would.
    await s.cmd('POST', '/refresh', {});
    await s.waitFor('the linked settings', () => document.querySelector('#seed')?.value === '99'
      && document.querySelector('#base')?.value === '10' && document.documentElement.lang === 'es');
    await s.goto(`${url}#lang=en`);
    await s.cmd('POST', '/refresh', {});
    await s.waitFor('English from the link', hasText, ['#lab > .lab h1', 'retries, backoff and dead letters']);
  });
  await check(tag('a stepped state, screenshotted'), async () => {
    await s.click('#reset');
    await s.click('#outage');
    await s.click('#publish-twice');
    // Two events, seven failed attempts each: both end in the dead-letter queue.
    for (let i = 0; i < 14; i++) await s.click('#step');
    await s.waitFor('two dead letters', () => document.querySelectorAll('#dlq .dlq-item').length === 2);
    await s.click('#outage');
    await s.click('#dlq .dlq-item button');
    await s.click('#step');
    await s.waitFor('the replayed delivery', hasText, ['#event-counts', 'Delivered: 1']);
    await s.run(() => window.scrollTo(0, 0));
    writeFileSync(join(out, `walk-${s.name}.png`), await s.screenshot());
    assert(!await s.run(exists, '.crash'), 'the panic box is showing');
    fingerprint = await s.run(() => ['#clock', '#event-counts', '#dlq', '#log', '#timeline-summary']
      .map((css) => document.querySelector(css)?.textContent ?? `(no ${css})`).join('\n'));
  });
  await check(tag('back on the guided path: predict, run and read the result'), async () => {
    await s.click('#path-resume');
    await s.waitFor('the first stop', exists, ['#path[data-stop=step_backoff]']);
    await s.click('.choice[data-choice="only-its-own-wait"]');
    await s.click('#path-act');
    await s.click('#speed option[value="3600"]');
    await s.waitFor('the result', exists, ['#path-result']);
    assert(await s.run(() => document.querySelector('#path-result').dataset.right) === 'false', 'a wrong prediction judged right');
  });
  await check(tag('the whole guided path, every stop predicted and passed'), async () => {
    for (let i = 0; i < STOPS.length; i++) {
      await passStop(s, i);
      if (i + 1 < STOPS.length) await s.click('#path-next');
    }
    const marks = await s.run(() => document.querySelectorAll('.path-marks li.passed').length);
    assert(marks === STOPS.length, `${marks} stops passed`);
  });
  await check(tag('xAPI from the example host: two stops, every statement valid'), async () => {
    const activity = 'https://course.example/labs/retry';
    // The walk above saved its progress on this origin; the host's learner starts afresh.
    await s.run(() => localStorage.clear());
    await s.goto(`${url}examples/xapi-host.html?activity=${encodeURIComponent(activity)}`);
    await s.waitFor('the host', () => window.forwarded?.length >= 1);
    const frame = await s.find('#lab-frame');
    await s.cmd('POST', '/frame', { id: { 'element-6066-11e4-a52e-4f735466cecf': frame } });
    await s.waitFor('the lab in its frame', exists, ['#path']);
    for (let i = 0; i < 2; i++) {
      await passStop(s, i);
      await s.click('#path-next');
    }
    await s.cmd('POST', '/frame/parent', {});
    const forwarded = await s.waitFor('the statements', () => window.forwarded.length >= 5 && window.forwarded);
    for (const st of forwarded) {
      const warnings = validate(st);
      assert(warnings.length === 0, `${st.verb.id}: ${warnings.map((w) => `${w.path.join('.')}: ${w.name}`).join('; ')}`);
    }
    const verbs = forwarded.map((st) => st.verb.id.split('/').pop());
    for (const v of ['initialized', 'answered', 'progressed']) assert(verbs.includes(v), `no ${v}: ${verbs.join(', ')}`);
    const answered = forwarded.filter((st) => st.verb.id.endsWith('/answered')).map((st) => st.object.id.split('/').pop());
    assert(answered.join() === STOPS.slice(0, 2).map(([id]) => id).join(), answered.join());
  });
  await check(tag('scenarios: a preset from the menu, a file named in the link, a broken file'), async () => {
    await s.goto(`${url}?start=free&lang=es`);
    await s.waitFor('the lab', exists, ['#preset']);
    await s.run(() => {
      const el = document.querySelector('#preset');
      el.value = '1';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await s.click('#preset-load');
    await s.waitFor('the preset\'s seed', () => document.querySelector('#seed')?.value === '7');
    await s.goto(`${url}?scenario=scenarios/double-publication-v4.json`);
    try {
      await s.waitFor('the linked file', () => document.querySelector('#dedup')?.value === 'producer');
    } catch (e) {
      const seen = await s.run(() => [location.href, document.querySelector('#dedup')?.value, [...document.querySelectorAll('.notice')].map((n) => n.textContent).join(' / ')].join(' | '));
      throw new Error(`${e.message}: ${seen}`);
    }
    const bad = join(out, 'broken-scenario.json');
    writeFileSync(bad, '{\n  "seed": 1,\n  "events": [hola]\n}\n');
    await s.cmd('POST', `/element/${await s.find('#scenario-file')}/value`, { text: bad });
    const notice = await s.waitFor('the notice', () => [...document.querySelectorAll('.notice')].map((n) => n.textContent).find((t) => t.includes('escenario')));
    assert(notice.includes('no es un archivo JSON válido (línea 3, columna 14)'), notice);
  });
  await check(tag('the consumer workbench: the naive preset is a double effect, stepped to the end'), async () => {
    await s.goto(`${url}workbench.html`);
    await s.waitFor('the workbench', exists, ['.wb-list']);
    await s.click('#wb-preset option[value="naive"]');
    await s.click('#wb-guess-double_effect');
    await s.click('#wb-check');
    await s.waitFor('the verdict', hasText, ['#wb-verdict', 'Efecto doble']);
    await s.click('#wb-all');
    const of = await s.text('#wb-move-of');
    const m = of.match(/Operación (\d+) de (\d+)/);
    assert(m && m[1] === m[2], of);
    assert(/Acertaste/.test(await s.text('#wb-verdict')), await s.text('#wb-verdict'));
  });
  await check(tag("the consumer workbench: the lesson's pattern is safe"), async () => {
    await s.click('#wb-preset option[value="insert_first"]');
    await s.click('#wb-guess-safe');
    await s.click('#wb-check');
    await s.waitFor('the safe verdict', hasText, ['#wb-verdict', 'Seguro']);
  });
  return fingerprint;
}

const seen = {};
for (const name of wanted) {
  if (!engineInstalled(name)) { fail(`${name}: not installed (run scripts/setup all)`); continue; }
  let s;
  try {
    s = await Session.open(name);
  } catch (e) {
    fail(`${name}: could not start a session: ${e.message}`);
    continue;
  }
  console.log(`-- ${s.version}`);
  try {
    const f = await walk(s);
    if (f) seen[name] = f;
  } finally {
    await s.close();
  }
}
const names = Object.keys(seen);
if (names.length > 1) {
  await check(`the stepped state reads the same in ${names.join(', ')}`, async () => {
    for (const n of names.slice(1)) {
      assert(seen[n] === seen[names[0]], `${n} differs from ${names[0]}:\n${seen[n]}\n---\n${seen[names[0]]}`);
    }
  });
}
server.close();
done();

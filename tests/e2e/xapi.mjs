// End-to-end check of xAPI: the example host (examples/xapi-host.html) embeds the lab with an
// activity IRI, adds the actor to each statement and forwards it with the vendored @xapi/xapi
// client to a real record store, Learning Locker's statements service (which checks each one
// as it stores it). The learner walks the whole guided path (checkpoints, answers,
// completion); every statement the store then holds must also pass Learning Locker's xAPI
// validator, and say what happened.
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, until } from './lib.mjs';
import { STOPS, passStop, tapStill } from './path-walk.mjs';
import { startLearningLocker } from '../lrs/learning-locker.mjs';

const validate = createRequire(import.meta.url)('xapi-validation').default;
const here = dirname(fileURLToPath(import.meta.url));
const { check, done } = checks('e2e-xapi');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const store = await startLearningLocker();
const LRS = store.endpoint;
const ACTIVITY = 'https://course.example/labs/retry';
const WRONG = new Set(['step_backoff', 'step_race']);

try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // What the store holds, oldest first, as its read-only key reads it back.
  let stored = [];
  const headers = [];
  const page = await ctx.newPage();
  page.on('request', (r) => { if (r.url().startsWith(LRS) && r.method() === 'POST') headers.push(r.headers()); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const auth = store.auth.write;
  // The lab fetches its English texts for the statements' names just after its first paint.
  const english = page.waitForResponse((r) => r.url().endsWith('/texts-en.txt') && r.ok());
  await page.goto(`${url}examples/xapi-host.html?lrs=${encodeURIComponent(LRS)}&auth=${encodeURIComponent(auth)}&activity=${encodeURIComponent(ACTIVITY)}`);
  const lab = page.frameLocator('#lab-frame');

  await check('the host forwards "initialized" when the lab is ready', async () => {
    await page.waitForFunction(() => window.forwarded.length >= 1);
    await waitStored(() => stored.some((s) => s.verb.id.endsWith('/initialized')));
    assert(headers[0].authorization === auth, 'no auth header');
    await english;
  });

  await check('a learner who walks the whole path: two checkpoints, then every stop', async () => {
    for (let i = 0; i < STOPS.length; i++) {
      await passStop(page, lab, i, WRONG.has(STOPS[i][0]));
      if (i === 1) await waitStored(() => stored.filter((s) => s.verb.id.endsWith('/progressed')).length >= 2);
      if (i + 1 < STOPS.length) await tapStill(page, lab, '#path-next');
    }
    await waitStored(() => stored.some((s) => s.verb.id.endsWith('/completed') && s.result.score));
  });

  await check('every statement the store holds is valid xAPI 1.0.3 (xapi-validation), as it came', async () => {
    // The host lists what it sent once the store answered; then the store holds all of it.
    await page.waitForFunction(() => [...document.querySelectorAll('#statements li')].every((li) => / · (enviada|error)/.test(li.textContent)));
    await waitStored(() => stored.length === headers.length);
    assert(stored.length >= 1 + 2 * STOPS.length + 1, `only ${stored.length} statements`);
    const forwarded = await page.evaluate(() => window.forwarded);
    for (const s of stored) {
      // The store adds its own fields (id, stored, authority, version); the rest is the host's.
      const { id, stored: at, authority, version, ...sent } = s;
      assert(id && at && authority && version, `the store's fields: ${JSON.stringify(s).slice(0, 200)}`);
      assert(forwarded.some((f) => canonical(f) === canonical(sent)), `not as forwarded: ${canonical(sent).slice(0, 400)}`);
      const warnings = validate(s);
      assert(warnings.length === 0, `${s.verb.id}: ${warnings.map((w) => `${w.path.join('.')}: ${w.name}`).join('; ')}`);
    }
  });

  await check('the statements say what happened', async () => {
    const by = (verb) => stored.filter((s) => s.verb.id === `http://adlnet.gov/expapi/verbs/${verb}`);
    const regs = new Set(stored.map((s) => s.context.registration));
    assert(regs.size === 1, 'one registration per visit');
    assert(stored.every((s) => s.actor.account.name === 'demo-learner'), 'the host set the actor');
    assert(stored.every((s) => s.context.language === 'es' && !Number.isNaN(Date.parse(s.timestamp))), 'language or timestamp');
    const init = by('initialized')[0];
    assert(init.object.id === ACTIVITY, init.object.id);
    // Sent at once, before the English texts are here: named in Spanish (and English if it came).
    const initName = init.object.definition.name;
    assert(initName.es.includes('reintentos') && (initName.en === undefined || initName.en.includes('retries')), JSON.stringify(initName));
    const answered = by('answered');
    assert(answered.length === STOPS.length, `${answered.length} answered`);
    for (const [stop] of STOPS) {
      const a = answered.find((s) => s.object.id === `${ACTIVITY}/${stop}`);
      assert(a, `no answer for ${stop}`);
      assert(a.result.success === !WRONG.has(stop), `${stop}: success ${a.result.success}`);
      assert(a.object.definition.interactionType === 'choice' && a.context.contextActivities.parent[0].id === ACTIVITY, stop);
      const { name, description } = a.object.definition;
      assert(name.es && name.en && name.en !== name.es && description.en && description.es, `${stop}: not named in both languages`);
    }
    const progress = by('progressed').map((s) => s.result.extensions['https://w3id.org/xapi/cmi5/result/extensions/progress']);
    assert(progress.every((p, i) => i === 0 || p >= progress[i - 1]), `progress went back: ${progress}`);
    const completed = by('completed').find((s) => s.result.score);
    assert(completed.result.score.raw === STOPS.length - WRONG.size && completed.result.score.max === STOPS.length, JSON.stringify(completed.result));
    console.log(`     ${stored.length} statements: ${['initialized', 'progressed', 'answered', 'completed'].map((v) => `${by(v).length} ${v}`).join(', ')}`);
  });

  await check('the example host lists what it forwarded; no page error', async () => {
    assert(await page.locator('#statements li').count() === stored.length, 'list and store differ');
    assert(await page.locator('#statements li', { hasText: 'enviada' }).count() === stored.length, 'not all sent');
    assert(errors.length === 0, errors.join(' | '));
  });

  async function waitStored(pred) {
    await until(`the store to hold it (it has ${stored.length} statements: ${stored.map((s) => s.verb.id.split('/').pop()).join(', ')})`, async () => {
      stored = await store.all();
      return pred();
    });
  }
} finally {
  await browser.close();
  server.close();
  await store.close();
}
done();

/** JSON with every object's keys sorted: the same statement whatever order a store keeps. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

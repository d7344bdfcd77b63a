// End-to-end check of xAPI: the example host (examples/xapi-host.html) embeds the lab with an
// activity IRI, adds the actor to each statement and forwards it with the vendored @xapi/xapi
// client to a record store, which this test plays (a route that records every POST). The
// learner walks the whole guided path (checkpoints, answers, completion); every statement the
// store receives must pass Learning Locker's xAPI validator, and say what happened.
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, until } from './lib.mjs';
import { STOPS, passStop, tapStill } from './path-walk.mjs';

const validate = createRequire(import.meta.url)('xapi-validation').default;
const here = dirname(fileURLToPath(import.meta.url));
const { check, done } = checks('e2e-xapi');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const LRS = 'http://lrs.test/xapi/';
const ACTIVITY = 'https://course.example/labs/retry';
const WRONG = new Set(['step_backoff', 'step_race']);

try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const stored = [];
  const headers = [];
  await ctx.route(`${LRS}**`, async (route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors() });
    const body = req.postDataJSON();
    headers.push(req.headers());
    for (const s of Array.isArray(body) ? body : [body]) stored.push(s);
    await route.fulfill({ status: 200, contentType: 'application/json', headers: cors(), body: JSON.stringify(['00000000-0000-4000-8000-000000000000']) });
  });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const auth = `Basic ${Buffer.from('lab:secret').toString('base64')}`;
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

  await check('every statement the store received is valid xAPI 1.0.3 (xapi-validation)', async () => {
    assert(stored.length >= 1 + 2 * STOPS.length + 1, `only ${stored.length} statements`);
    for (const s of stored) {
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
    await until(`the store to receive it (it has ${stored.length} statements: ${stored.map((s) => s.verb.id.split('/').pop()).join(', ')})`, pred);
  }
} finally {
  await browser.close();
  server.close();
}
done();

function cors() {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type, x-experience-api-version',
    'access-control-allow-methods': 'POST, PUT, GET, OPTIONS',
  };
}

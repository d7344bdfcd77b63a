// What a course author prepares is what the class sees: explicit host options win over what
// the browser saved (and the page says it continues the saved progress, with «Empezar de
// nuevo»), and two embeddings with different ids keep their progress apart.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, wake } from './lib.mjs';
import { TABLE } from './path-walk.mjs';

// The path as the build has it: its length, and where the saved session's stop is on it.
const N = TABLE.length;
const AT = TABLE.findIndex((s) => s.id === 'step_crash') + 1;

const here = dirname(fileURLToPath(import.meta.url));
const { check, done } = checks('e2e-authors');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const shots = process.env.SHOTS;

// A session saved earlier on this site: Spanish, seed 7, 60 %, two stops passed, one challenge.
const SAVED = 'v=2&seed=7&p=0.6&ack=0.25&base=30&retries=6&dedup=derived&lang=es&done=race'
  + '&guide=1&at=step_crash&passed=step_backoff,step_dead_letter&right=step_backoff';

async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFileSync(await d.path(), 'utf8');
}

/** Makes the share link (copying it) and returns it. */
async function shareLink(page) {
  await page.click('#share');
  await page.click('#share-copy');
  await page.locator('#share-copied', { hasText: /Copiado|Copied/ }).waitFor();
  const link = await page.inputValue('#share-link');
  assert(link === await page.evaluate(() => navigator.clipboard.readText()), 'not what was copied');
  assert(!link.includes('?'), `the host's query is in the link: ${link}`);
  return link;
}

async function context(storage) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ctx.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of entries) localStorage.setItem(k, v);
  }, Object.entries(storage));
  return ctx;
}

try {
  await check('a host\'s explicit lang, p and seed win over a saved session, which is continued and said', async () => {
    const ctx = await context({ 'retry-lab': SAVED });
    const page = await ctx.newPage();
    await page.goto(`${url}examples/direct-mount.html`);
    const notice = page.locator('#continued');
    await notice.waitFor();
    const text = await notice.textContent();
    assert(text.includes(`2 of ${N} stops passed`) && text.includes('1 of 6 challenges'), text);
    assert(await page.locator('#lang').inputValue() === 'en', 'not the host\'s language');
    assert(await page.locator('#seed').inputValue() === '42', 'not the host\'s seed');
    assert(await page.locator('#failure').inputValue() === '50', 'not the host\'s 50 %');
    if (shots) await page.screenshot({ path: `${shots}-continued-1280.png` });
    await ctx.close();
  });

  await check('two embeddings with different ids keep separate progress; «Empezar de nuevo» forgets it', async () => {
    const ctx = await context({ 'retry-lab:lesson-a': SAVED });
    const page = await ctx.newPage();
    await page.goto(`${url}?id=lesson-b`);
    await wake(page);
    await page.locator('#path-count').waitFor();
    assert(await page.locator('#continued').count() === 0, 'b continued a\'s session');
    assert((await page.locator('#path-count').textContent()) === `Paso 1 de ${N}`, 'b is not at its start');
    await page.goto(`${url}?id=lesson-a`);
    await wake(page);
    await page.locator('#continued').waitFor();
    assert((await page.locator('#continued').textContent()).includes(`2 de ${N} pasos`), 'a\'s progress is not said');
    assert((await page.locator('#path-count').textContent()) === `Paso ${AT} de ${N}`, 'a is not where it was left');
    await page.locator('#start-over').click();
    await page.locator('#continued').waitFor({ state: 'detached' });
    assert((await page.locator('#path-count').textContent()) === `Paso 1 de ${N}`, 'not back at the first stop');
    const stored = await page.evaluate(() => localStorage.getItem('retry-lab:lesson-a'));
    assert(stored.includes('&passed=&') && stored.includes('&done=&'), stored);
    assert(await page.evaluate(() => localStorage.getItem('retry-lab:lesson-b')) !== null, 'b saved nothing');
    await page.reload();
    await page.locator('#path-count').waitFor();
    assert(await page.locator('#continued').count() === 0, 'a fresh start is not a continued session');
    await ctx.close();
  });

  await check('a preset just loaded is named, with play beside it; its share link opens the same log and name', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    await page.goto(`${url}?start=free&origin=${encodeURIComponent('http://127.0.0.1')}`);
    await page.locator('#preset').waitFor();
    await page.selectOption('#preset', '1');
    await page.click('#preset-load');
    const loaded = page.locator('#loaded');
    await loaded.waitFor();
    const said = await loaded.textContent();
    assert(said.includes('Cincuenta pases durante una racha de fallos'), said);
    if (shots) await loaded.screenshot({ path: `${shots}-preset-loaded.png` });
    const start = await page.textContent('#clock');
    await page.click('#loaded-play');
    // Played on from where the preset begins, then paused: the link names that moment.
    await page.waitForFunction((t) => document.querySelector('#clock').textContent !== t, start);
    await page.click('#loaded-play');
    const link = await shareLink(page);
    assert(link.includes('#scenario=scenarios/burst-during-failures.json&at='), link);
    if (shots) await page.locator('.share').screenshot({ path: `${shots}-share-copied.png` });
    const before = await download(page, '#export-jsonl');
    const fresh = await context({});
    const other = await fresh.newPage();
    await other.goto(link);
    await other.locator('#loaded').waitFor();
    assert((await other.locator('#loaded').textContent()).includes('Cincuenta pases'), 'the name is not shown');
    assert(await other.getAttribute('#clock', 'data-ms') === await page.getAttribute('#clock', 'data-ms'), 'not the same moment');
    assert(await download(other, '#export-jsonl') === before, 'another log');
    await fresh.close();
    await ctx.close();
  });

  await check('a learner\'s session shared by link reproduces it; after scrubbing back the export holds the whole run', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    await page.goto(`${url}?start=free`);
    await page.locator('#publish-one').waitFor();
    await page.fill('#failure', '100');
    await page.dispatchEvent('#failure', 'input');
    await page.dispatchEvent('#failure', 'change');
    await page.click('#publish-one');
    for (let i = 0; i < 3; i++) await page.click('#step');
    await page.click('#fault-ack_lost');
    await page.click('#publish-twice');
    for (let i = 0; i < 3; i++) await page.click('#step');
    const link = await shareLink(page);
    assert(link.includes('#runz='), `not compressed: ${link}`);
    const whole = await download(page, '#export-jsonl');
    const fresh = await context({});
    const other = await fresh.newPage();
    await other.goto(link);
    await other.locator('#loaded', { hasText: 'la sesión del enlace' }).waitFor();
    assert(await download(other, '#export-jsonl') === whole, 'the shared session gives another log');
    await fresh.close();
    // Back in time: the list shows the moment, the export the whole run.
    await page.focus('#scrub');
    await page.keyboard.press('Home');
    await page.locator('#log-past').waitFor();
    assert(await download(page, '#export-jsonl') === whole, 'the export stops at the scrubber');
    await ctx.close();
  });

  await check('a run too long for a link, even compressed, is offered as a file, and the page says why', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    await page.goto(`${url}?start=free`);
    await page.locator('#scenario-file').waitFor({ state: 'attached' });
    // A file the learner picks is not next to the page: the link must carry it, and 1 200
    // publications of scattered passes do not fit in 8 000 characters however compressed.
    let x = 12345;
    const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
    const events = Array.from({ length: 1200 }, (_, k) => ({
      norad_id: 1 + rand(99999),
      pass_start_utc: new Date(Date.UTC(2026, rand(12), 1 + rand(28), rand(24), rand(60))).toISOString().replace('.000', ''),
      publish_at_ms: k * 1000 + rand(1000),
    }));
    await page.setInputFiles('#scenario-file', {
      name: 'mi-clase.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ seed: 3, events })),
    });
    await page.locator('#loaded', { hasText: 'mi-clase.json' }).waitFor();
    await page.click('#share');
    // Compression is the browser's, asynchronous: the notice comes when it has measured.
    const said = await page.locator('#share-too-long').textContent();
    assert(said.includes('8000') && said.includes('archivo'), said);
    const file = await download(page, '#share-download');
    assert(JSON.parse(file).events.length === 1200, 'not the run');
    await ctx.close();
  });

  await check('damaged or foreign share links get a Spanish notice and the defaults', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    for (const [hash, words] of [['#run=%%%', 'dañado'], ['#runz=AAAAAAAA', 'dañado'], ['#scenario=../x.json', 'no es el nombre'], ['#run=eyJzZWVkIjo', 'JSON']]) {
      await page.goto(`${url}${hash}`);
      await page.reload();
      // The link's own notice may follow another (a scenario fetched after the first paint).
      await page.locator('#boundary-notices, .notice', { hasText: words }).first().waitFor();
      assert(await page.inputValue('#seed') === '20260729', `${hash}: not the default seed`);
    }
    await ctx.close();
  });

  await check('the examples index names every example, and each link opens', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    const res = await page.goto(`${url}examples/`);
    assert(res.ok(), 'no index');
    const items = page.locator('ul.examples li');
    assert(await items.count() === 5, 'not five examples');
    for (const text of await items.allTextContents()) assert(text.split(':')[1]?.trim().length > 30, `no line on what it shows: ${text}`);
    for (const href of await page.locator('ul.examples a').evaluateAll((as) => as.map((a) => a.href))) {
      const r = await page.request.get(href.split('?')[0].replace(/\/$/, '/index.html'));
      assert(r.ok(), `${href}: ${r.status()}`);
    }
    const [scenario] = await page.locator('ul.examples a[href*="scenario="]').evaluateAll((as) => as.map((a) => a.href));
    await page.goto(scenario);
    await page.locator('#loaded').waitFor();
    await ctx.close();
  });

  await check('a bad id gets a Spanish notice and the shared progress', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    await page.goto(`${url}?id=${encodeURIComponent('no vale!')}`);
    await wake(page);
    const notice = page.locator('#boundary-notices');
    await notice.waitFor();
    const text = await notice.textContent();
    assert(text.includes('no es un identificador'), text);
    await ctx.close();
  });
} finally {
  await browser.close();
  server.close();
}
done();

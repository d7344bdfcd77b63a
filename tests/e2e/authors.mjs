// What a course author prepares is what the class sees: explicit host options win over what
// the browser saved (and the page says it continues the saved progress, with «Empezar de
// nuevo»), and two embeddings with different ids keep their progress apart.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { check, done } = checks('e2e-authors');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const shots = process.env.SHOTS;

// A session saved earlier on this site: Spanish, seed 7, 60 %, two stops passed, one challenge.
const SAVED = 'v=2&seed=7&p=0.6&ack=0.25&base=30&retries=6&dedup=derived&lang=es&done=race'
  + '&guide=1&at=step_crash&passed=step_backoff,step_dead_letter&right=step_backoff';

async function context(storage) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
    await notice.waitFor({ timeout: 10000 });
    const text = await notice.textContent();
    assert(text.includes('2 of 12 stops passed') && text.includes('1 of 6 challenges'), text);
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
    await page.locator('#path-count').waitFor({ timeout: 10000 });
    assert(await page.locator('#continued').count() === 0, 'b continued a\'s session');
    assert((await page.locator('#path-count').textContent()) === 'Paso 1 de 12', 'b is not at its start');
    await page.goto(`${url}?id=lesson-a`);
    await page.locator('#continued').waitFor({ timeout: 10000 });
    assert((await page.locator('#continued').textContent()).includes('2 de 12 pasos'), 'a\'s progress is not said');
    assert((await page.locator('#path-count').textContent()) === 'Paso 5 de 12', 'a is not where it was left');
    await page.locator('#start-over').click();
    await page.locator('#continued').waitFor({ state: 'detached' });
    assert((await page.locator('#path-count').textContent()) === 'Paso 1 de 12', 'not back at the first stop');
    const stored = await page.evaluate(() => localStorage.getItem('retry-lab:lesson-a'));
    assert(stored.includes('&passed=&') && stored.includes('&done=&'), stored);
    assert(await page.evaluate(() => localStorage.getItem('retry-lab:lesson-b')) !== null, 'b saved nothing');
    await page.reload();
    await page.locator('#path-count').waitFor({ timeout: 10000 });
    assert(await page.locator('#continued').count() === 0, 'a fresh start is not a continued session');
    await ctx.close();
  });

  await check('a bad id gets a Spanish notice and the shared progress', async () => {
    const ctx = await context({});
    const page = await ctx.newPage();
    await page.goto(`${url}?id=${encodeURIComponent('no vale!')}`);
    const notice = page.locator('#boundary-notices');
    await notice.waitFor({ timeout: 10000 });
    const text = await notice.textContent();
    assert(text.includes('no es un identificador'), text);
    await ctx.close();
  });
} finally {
  await browser.close();
  server.close();
}
done();

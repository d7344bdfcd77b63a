// The prerendered first view: the first stop is readable at once and the module is fetched only
// at the learner's first touch; until it runs, the choices answer and the rest is inert; when the
// module arrives the live lab takes the same place (nothing moves) and keeps what was tapped.
// Where the first view will differ (English, a saved session), the prerendered Spanish view is
// never shown, and the module is fetched at once.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, trackLayoutShift, wake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.SHOTS; // a folder for screenshots, when a person wants to look
const { check, done } = checks('e2e-prerender');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();

/** A page whose wasm module waits until `release()` is called. */
async function heldBack(ctxOptions, storage) {
  const ctx = await browser.newContext(ctxOptions);
  if (storage) await ctx.addInitScript((s) => { for (const [k, v] of s) localStorage.setItem(k, v); }, storage);
  // Layout shifts from the start, as the classroom benchmark counts them.
  await ctx.addInitScript(trackLayoutShift);
  let release;
  const gate = new Promise((r) => { release = r; });
  const page = await ctx.newPage();
  await page.route('**/retry-lab_bg.wasm', async (route) => { await gate; await route.continue(); });
  return { ctx, page, release };
}

try {
  for (const [width, opts] of [[1280, { viewport: { width: 1280, height: 900 } }],
    [375, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }]]) {
    await check(`${width} px: the first stop is readable with no module fetched; the first touch fetches it, and the live lab takes its place`, async () => {
      const { ctx, page, release } = await heldBack(opts);
      const errors = [];
      const wasm = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('request', (r) => { if (/retry-lab(_bg\.wasm|\.js)$/.test(r.url())) wasm.push(r.url()); });
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const title = page.locator('.prerendered #pre-path-title');
      await title.waitFor();
      const text = await title.textContent();
      assert(text === 'La barra de backoff exponencial', `prerendered title: ${text}`);
      // start.js has run: the choices answer, the rest stays inert, nothing is loading.
      await page.locator('#lab > .prerendered:not([inert])').waitFor();
      assert(await page.locator('.prerendered #pre-lang').evaluate((e) => e.inert), 'the language menu is live');
      assert(!(await page.locator('#lab > .loading').isVisible()), 'says it is loading before anything was asked');
      await page.waitForLoadState('load');
      await page.waitForTimeout(300);
      assert(wasm.length === 0, `fetched before the first touch: ${wasm.join(' ')}`);
      assert(await page.locator('#lab > .lab').count() === 0, 'the live lab is there already');
      const before = await title.boundingBox();
      const timelineBefore = await page.locator('.prerendered [data-panel=timeline]').boundingBox();
      if (shots) await page.screenshot({ path: `${shots}/prerender-${width}-before.png` });
      // A touch on the text (no control): the module is asked for, and the page says so.
      const asked = page.waitForRequest((r) => r.url().endsWith('/retry-lab_bg.wasm'));
      await title.dispatchEvent('pointerdown');
      await asked;
      assert(await page.locator('#lab > .loading').isVisible(), 'the loading line is hidden once the module is asked for');
      release();
      const live = page.locator('#lab > .lab #path-title');
      await live.waitFor();
      assert(await page.locator('.prerendered').count() === 0, 'the prerendered copy stayed');
      assert(await page.locator('#lab > .loading').count() === 0, 'still says loading');
      assert((await live.textContent()) === text, 'another first stop');
      const after = await live.boundingBox();
      // The panel under the card stays where the prerendered one was.
      const under = await page.locator('#lab > .lab [data-panel=timeline]').boundingBox();
      assert(Math.abs(under.y - timelineBefore.y) < 1, `the timeline moved from ${timelineBefore.y} to ${under.y}`);
      const cls = await page.evaluate(() => window.__cls);
      console.log(`     ${width} px: layout shift at the take-over: ${cls.toFixed(4)}`);
      assert(Math.abs(after.y - before.y) < 1 && Math.abs(after.x - before.x) < 1,
        `the heading moved from ${JSON.stringify(before)} to ${JSON.stringify(after)}`);
      await page.locator('.choice[data-choice="waits-add-up"]').click();
      await page.locator('#path-act').waitFor();
      if (shots) await page.screenshot({ path: `${shots}/prerender-${width}-after.png`, animations: 'disabled' });
      assert(errors.length === 0, errors.join(' | '));
      await ctx.close();
    });
  }

  await check('a choice tapped before the module is marked at once, and the live lab keeps it; a button tapped then is pressed on the live lab', async () => {
    const { ctx, page, release } = await heldBack({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    await page.locator('#lab > .prerendered:not([inert])').waitFor();
    const choice = page.locator('.prerendered [data-choice="waits-add-up"]');
    await choice.tap();
    assert(await choice.getAttribute('aria-pressed') === 'true', 'the tapped choice is not pressed');
    assert(await page.locator('.prerendered [data-choice="counts-initial-delivery"]').isDisabled(), 'the other choices stay open');
    const wait = page.locator('.prerendered .path-wait');
    assert((await wait.textContent()).includes('Cargando'), `the card does not say it is loading: ${await wait.textContent()}`);
    // Then «Publicar un pase», still before the module: pressed on the live lab after the choice.
    const publish = page.locator('.prerendered #pre-publish-one');
    await publish.scrollIntoViewIfNeeded();
    await publish.tap();
    assert(await publish.getAttribute('aria-busy') === 'true', 'the waiting button does not say so');
    if (shots) await page.screenshot({ path: `${shots}/prerender-375-tapped.png` });
    release();
    await page.locator('#lab > .lab #event-counts', { hasText: 'Publicados: 1' }).waitFor();
    assert(await page.locator('#lab > .lab [data-choice="waits-add-up"]').getAttribute('aria-pressed') === 'true', 'the live lab lost the prediction');
    assert(errors.length === 0, errors.join(' | '));
    await ctx.close();
  });

  await check('?lang=en: no Spanish is shown, neither before the module nor while its English texts load', async () => {
    const { ctx, page, release } = await heldBack({ viewport: { width: 1280, height: 900 } });
    let releaseTexts;
    const textsGate = new Promise((r) => { releaseTexts = r; });
    await page.route('**/texts-en.txt', async (route) => { await textsGate; await route.continue(); });
    await page.goto(`${url}?lang=en`, { waitUntil: 'domcontentloaded' });
    await page.locator('#lab > .loading').waitFor();
    assert(!(await page.locator('.prerendered').isVisible()), 'the prerendered view is shown');
    assert(!(await page.evaluate(() => document.body.innerText)).includes('Recorrido guiado'), 'Spanish on screen');
    release();
    // The module is running; its English texts are not here yet.
    await page.locator('#lab > .lab > .loading').waitFor();
    const waiting = await page.evaluate(() => document.body.innerText);
    assert(waiting.includes('Loading the lab') && !/Recorrido|Cargando/.test(waiting), `while English loads: ${waiting}`);
    releaseTexts();
    await page.locator('#lab > .lab #path-title').waitFor();
    assert((await page.locator('#path-title').textContent()) === 'The exponential backoff bar', 'not English');
    await ctx.close();
  });

  await check('opening the language menu fetches the English texts; choosing English then needs no other request', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const asked = [];
    page.on('request', (r) => { if (r.url().endsWith('/texts-en.txt')) asked.push(r.url()); });
    // The texts held back, so English is chosen while the menu's fetch is still under way.
    let release;
    const gate = new Promise((r) => { release = r; });
    await page.route('**/texts-en.txt', async (route) => { await gate; await route.continue(); });
    await page.goto(url);
    await wake(page);
    const menu = page.locator('#lab > .lab #lang');
    await menu.waitFor();
    assert(asked.length === 0, 'fetched before anyone asked');
    const requested = page.waitForRequest((r) => r.url().endsWith('/texts-en.txt'));
    await menu.focus();
    await requested;
    await menu.selectOption('en');
    release();
    await page.locator('#lab > .lab h1', { hasText: 'retries' }).waitFor();
    assert(asked.length === 1, `${asked.length} requests for the English texts`);
    await ctx.close();
  });

  await check('English that cannot be fetched: the lab stays in Spanish and says why', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.route('**/texts-en.txt', (route) => route.fulfill({ status: 404, body: 'not here' }));
    await page.goto(url);
    await wake(page);
    await page.locator('#lab > .lab #lang').selectOption('en');
    const notice = page.locator('#lab > .lab #no-english');
    await notice.waitFor();
    assert((await notice.textContent()).includes('texts-en.txt'), await notice.textContent());
    assert((await page.locator('#lab > .lab h1').textContent()).includes('reintentos'), 'not Spanish');
    assert(await page.locator('#lab > .lab #lang').inputValue() === 'es', 'the menu says English');
    // The same when English was asked for by the link.
    await page.goto(`${url}?lang=en`);
    await page.locator('#lab > .lab #no-english').waitFor();
    assert((await page.locator('#lab > .lab h1').textContent()).includes('reintentos'), 'not Spanish after ?lang=en');
    await ctx.close();
  });

  await check('a saved session: the default first view is never shown; the lab continues it', async () => {
    const saved = 'v=2&seed=7&p=0.6&ack=0.25&base=30&retries=6&dedup=derived&lang=es&done=race'
      + '&guide=1&at=step_crash&passed=step_backoff,step_dead_letter&right=step_backoff';
    const { ctx, page, release } = await heldBack({ viewport: { width: 1280, height: 900 } }, [['retry-lab', saved]]);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.locator('#lab > .loading').waitFor();
    assert(!(await page.locator('.prerendered').isVisible()), 'the prerendered first stop is shown');
    release();
    await page.locator('#lab > .lab #path[data-stop=step_crash]').waitFor();
    await ctx.close();
  });
} finally {
  await browser.close();
  server.close();
}
done();

// The prerendered first view: the first stop is readable at once and the module is fetched only
// at the learner's first touch; until it runs, the choices answer and the rest is inert; when the
// module arrives the live lab takes the same place (nothing moves) and keeps what was tapped.
// Where the first view will differ (English, a saved session), the prerendered Spanish view is
// never shown, and the module is fetched at once.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, settled, trackLayoutShift, until, wake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.SHOTS; // a folder for screenshots, when a person wants to look
const { check, done } = checks('e2e-prerender');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();

/** A phone, as the checks below hold one. */
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

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
  // The live card as it first comes into the page (a mutation observer's callback runs before
  // it is painted): its stop and the first choice's pressed state, in `window.firstLiveCard`.
  await ctx.addInitScript(() => {
    new MutationObserver((_, watch) => {
      const card = document.querySelector('#lab > .lab #path');
      if (!card) return;
      watch.disconnect();
      const choice = card.querySelector('[data-choice="waits-add-up"]');
      window.firstLiveCard = { stop: card.dataset.stop, pressed: choice?.getAttribute('aria-pressed') ?? null };
    }).observe(document, { childList: true, subtree: true });
  });
  return { ctx, page, release };
}

/** In the page: the copy's or the live lab's parts (header, sections, asides) as shown, each
 * with its page position and a key that names it alike in both (the copy's ids lose `pre-`). */
function parts(root) {
  return [...document.querySelector(root).querySelectorAll('header, section, aside')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => {
      const r = e.getBoundingClientRect();
      const panel = e.closest('[data-panel]')?.dataset.panel ?? '';
      const key = `${panel} ${e.tagName.toLowerCase()}#${e.id.replace(/^pre-/, '')}.${[...e.classList].join('.')}`;
      return { key, x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY) };
    });
}

try {
  for (const [width, opts] of [[1280, { viewport: { width: 1280, height: 900 } }],
    [375, PHONE]]) {
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
      const copy = await page.evaluate(parts, '#lab > .prerendered');
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
      // Every part the copy showed stands where it was once the live lab has drawn all its
      // panels (those after its first paint too), so nothing a learner was looking at moves.
      await page.locator('#lab > .lab [data-panel=log]').waitFor();
      const lab = new Map((await page.evaluate(parts, '#lab > .lab')).map((p) => [p.key, p]).reverse());
      assert(copy.length >= 3, `the copy shows only ${copy.map((p) => p.key).join(', ')}`);
      for (const p of copy) {
        const q = lab.get(p.key);
        assert(q && q.y === p.y && q.x === p.x, `${p.key} moved from (${p.x}, ${p.y}) to ${q ? `(${q.x}, ${q.y})` : 'nowhere'}`);
      }
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

  await check('a choice tapped before the module is marked at once, and the live lab keeps it', async () => {
    const { ctx, page, release } = await heldBack(PHONE);
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
    assert(await page.locator('#lab > .loading').isHidden(), 'the loading line says it again beside the card');
    if (shots) await page.screenshot({ path: `${shots}/prerender-375-tapped.png` });
    release();
    await page.locator('#lab > .lab #path-act').waitFor();
    assert(await page.locator('#lab > .lab [data-choice="waits-add-up"]').getAttribute('aria-pressed') === 'true', 'the live lab lost the prediction');
    // Not redrawn a frame later: the live card comes already pressed.
    const first = await page.evaluate(() => window.firstLiveCard);
    assert(first?.pressed === 'true', `the live card came without the choice: ${JSON.stringify(first)}`);
    assert(errors.length === 0, errors.join(' | '));
    await ctx.close();
  });

  await check('one of the card\'s buttons tapped before the module leaves the stop: the choices close, and the live lab goes on, its new stop in view and worded', async () => {
    const { ctx, page, release } = await heldBack(PHONE);
    const texts = [];
    page.on('request', (r) => { if (r.url().endsWith('/path-es.txt')) texts.push(r.url()); });
    await page.goto(url);
    await page.locator('#lab > .prerendered:not([inert])').waitFor();
    await page.locator('.prerendered #pre-path-next').tap();
    // The next stop's words are asked for at the tap, not once the live lab has come.
    await until('the path\'s texts asked for while the module is held back', async () => texts.length > 0);
    const choice = page.locator('.prerendered [data-choice="waits-add-up"]');
    assert(await choice.getAttribute('aria-disabled') === 'true', 'a choice stays open after «Siguiente»');
    const dim = await choice.evaluate((e) => Number(getComputedStyle(e).opacity));
    assert(dim < 0.9, `the closed choices look open (opacity ${dim})`);
    await choice.tap({ force: true }); // closed: Playwright would wait for it to open
    assert(await choice.getAttribute('aria-pressed') === 'false', 'a choice was taken after «Siguiente»');
    // Everything outside the card stays inert: only the card's taps are done again on the live lab.
    assert(await page.locator('.prerendered #pre-publish-one').evaluate((e) => e.inert), 'a control outside the card answers');
    release();
    await page.locator('#lab > .lab #path[data-stop=step_no_immediate_retry]').waitFor();
    // The live card comes at the second stop, not at the first for a frame.
    const first = await page.evaluate(() => window.firstLiveCard);
    assert(first?.stop === 'step_no_immediate_retry', `the live card came at another stop: ${JSON.stringify(first)}`);
    // As «Siguiente» on the live card does: the new stop's title on screen (the tap was at the
    // card's foot, with the title above the screen), and its words, fetched once.
    await settled(page);
    const title = await page.locator('#lab > .lab #path-title').boundingBox();
    assert(title && title.y >= 0 && title.y + title.height <= 740, `the new stop's title is off screen: ${JSON.stringify(title)}`);
    assert(!/Cargando el texto/.test(await page.locator('#lab > .lab #path').textContent()), 'the new stop waits for its words');
    assert(texts.length === 1, `the path's texts were fetched ${texts.length} times`);
    await ctx.close();
  });

  await check('«Explorar libremente» tapped before the module: the live lab opens in free exploration with the path\'s bar in view', async () => {
    const { ctx, page, release } = await heldBack(PHONE);
    await page.goto(url);
    await page.locator('#lab > .prerendered:not([inert])').waitFor();
    await page.locator('.prerendered #pre-path-explore').tap();
    release();
    await page.locator('#lab > .lab #path.compact').waitFor();
    await settled(page);
    // Not left where the card's foot was, in the middle of the controls.
    const bar = await page.locator('#lab > .lab #path.compact').boundingBox();
    assert(bar.y >= 0 && bar.y < 740 / 2, `the path's bar is not at the screen's top: ${JSON.stringify(bar)}`);
    await ctx.close();
  });

  // In the example course page: the frame is as tall as the lab and the page scrolls.
  const course = `${url}examples/course-page.html`;
  /** The course page on a phone, its lab's module held back until `release()`, the copy shown:
   * { ctx, page, release, lab } (`lab` the frame). */
  async function heldInCourse() {
    const held = await heldBack(PHONE);
    await held.page.goto(course);
    const lab = held.page.frameLocator('#lab-frame');
    await lab.locator('#lab > .prerendered:not([inert])').waitFor();
    return { ...held, lab };
  }
  /** A finger on `css` in the course page's frame: the page scrolled so that it is `fromTop` px
   * below the screen's top, then a tap at its centre. */
  async function tapInFrame(page, lab, css, fromTop) {
    await page.evaluate(([css, fromTop]) => {
      const f = document.getElementById('lab-frame');
      const y = f.contentDocument.querySelector(css).getBoundingClientRect().top;
      scrollTo(0, f.getBoundingClientRect().top + scrollY + y - fromTop);
    }, [css, fromTop]);
    await settled(page);
    const box = await lab.locator(css).boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }
  await check('course page: a host message before the first touch starts the module, and the live lab takes it', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(course);
    const lab = page.frameLocator('#lab-frame');
    await lab.locator('#lab > .prerendered:not([inert])').waitFor();
    // The host's own button, pressed as a DOM click (as embed.mjs does): it posts set_language.
    await page.locator('#send-en').dispatchEvent('click');
    await lab.locator('#lab > .lab h1', { hasText: 'retries, backoff and dead letters' }).waitFor();
    await ctx.close();
  });

  await check('course page at 375 px: the bar and the loading line above it are at the bottom of the screen, not of the frame, and the live bar takes the copy\'s place', async () => {
    const { ctx, page, release, lab } = await heldInCourse();
    // Down to the card, with the frame going on below the screen, and a tap on its heading:
    // the page says the lab is coming.
    await tapInFrame(page, lab, '.prerendered #pre-path-title', 100);
    const frame = await page.locator('#lab-frame').boundingBox();
    assert(frame.y + frame.height > 740, `the frame ends on screen, at ${frame.y + frame.height}`);
    const pill = lab.locator('#lab > .loading');
    const bar = lab.locator('#lab .dock');
    await until('the bar at the bottom of the screen, the loading line above it', async () => {
      const [b, d] = [await pill.boundingBox(), await bar.boundingBox()];
      return b && d && b.y > 740 / 2 && b.y + b.height <= d.y && Math.abs(d.y + d.height - 740) < 1;
    });
    const copyBar = await bar.evaluate((d) => d.getBoundingClientRect().top);
    if (shots) await page.screenshot({ path: `${shots}/prerender-course-375-loading.png` });
    release();
    await lab.locator('#lab > .lab #schedule').waitFor();
    // Where the copy's bar was, from the live lab's first frame on (a rAF sees it as painted).
    const liveBar = await lab.locator('#lab > .lab .dock').evaluate(
      (d) => new Promise((done) => requestAnimationFrame(() => done(d.getBoundingClientRect().top))));
    assert(Math.abs(liveBar - copyBar) < 1, `the bar moved in the frame from ${copyBar} to ${liveBar}`);
    // «Anterior» at the first stop cannot be pressed, and looks it.
    const back = lab.locator('#lab > .lab #path-back');
    assert(await back.isDisabled(), '«Anterior» can be pressed at the first stop');
    assert(Number(await back.evaluate((b) => getComputedStyle(b).opacity)) <= 0.6, '«Anterior» looks pressable');
    await ctx.close();
  });

  await check('course page at 375 px: at the page\'s end the bar stands below the lab\'s last lines, in the copy and in the live lab', async () => {
    const { ctx, page, release, lab } = await heldInCourse();
    const clear = async (root) => {
      // To the page's end, again while the frame still grows (the live lab's later panels).
      await until('the lab\'s end on screen', async () => {
        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        await settled(page);
        const body = await lab.locator(`${root} .lab-body`).boundingBox();
        return body.y + body.height < 740;
      });
      const [body, bar] = [await lab.locator(`${root} .lab-body`).boundingBox(), await lab.locator(`${root} .dock`).boundingBox()];
      assert(body.y + body.height <= bar.y + 1, `${root}: the bar (from ${bar.y}) covers the lab's end (at ${body.y + body.height})`);
    };
    await clear('#lab > .prerendered');
    await tapInFrame(page, lab, '.prerendered #pre-path-title', 100);
    release();
    await lab.locator('#lab > .lab #schedule').waitFor();
    await lab.locator('#lab > .lab [data-panel="log"]').waitFor();
    await clear('#lab > .lab');
    await ctx.close();
  });

  await check('course page at 375 px: a download that fails after the first tap says so on screen, in a frame its size, with a way to try again', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.route('**/retry-lab_bg.wasm', (route) => route.abort('connectionreset'));
    await page.goto(course);
    const lab = page.frameLocator('#lab-frame');
    await lab.locator('#lab > .prerendered:not([inert])').waitFor();
    await tapInFrame(page, lab, '.prerendered [data-choice="waits-add-up"]', 400);
    const failure = lab.locator('#load-failure');
    await failure.waitFor();
    await until('the failure on screen, the frame its size', async () => {
      const b = await failure.boundingBox();
      const h = await page.locator('#lab-frame').evaluate((f) => f.getBoundingClientRect().height);
      return b && b.y >= 0 && b.y < 740 && h < 1000;
    });
    if (shots) await page.screenshot({ path: `${shots}/prerender-course-375-failed.png` });
    const said = await failure.textContent();
    assert(said.includes('No se pudo descargar el laboratorio'), `not told it was the download: ${said}`);
    assert(errors.length === 0, `page errors: ${errors.join(' | ')}`);
    // «Reintentar» loads the page again: the first stop, its choices answering.
    await page.unroute('**/retry-lab_bg.wasm');
    await failure.getByRole('button', { name: 'Reintentar' }).click();
    await lab.locator('#lab > .prerendered:not([inert]) [data-choice="waits-add-up"]').waitFor();
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

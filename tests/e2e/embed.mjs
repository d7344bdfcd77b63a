// End-to-end check of embedding: the example course page hosts the lab in an iframe; the host
// must receive ready, checkpoints and heights; messages from an origin the lab was not told to
// trust must change nothing; malformed links, storage and messages must leave the lab working.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WAIT, assert, checks, launchChromium, serveDir, until, wake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist');

const { check, done } = checks('e2e-embed');

const a = await serveDir(dist);
const b = await serveDir(dist);
const originA = a.url.replace(/\/$/, '');
const browser = await launchChromium();

// The host page's buttons send the lab a message. Pressed as a DOM click, not a pointer's: the
// lab asks this page to scroll as it is driven (a step's result brought on screen), and a
// pointer click that Playwright aimed before a smooth scroll began lands on the frame instead
// (CI saw it: nothing sent, the check waiting 30 s for an answer to a message never posted).
async function press(page, id) {
  const before = await page.evaluate(() => window.sent.length);
  await page.locator(id).dispatchEvent('click');
  assert(await page.evaluate(() => window.sent.length) === before + 1, `${id} sent nothing`);
}

// Polled from here, not with a predicate in a string: the example host pages' own CSP refuses
// the string evaluation a waitForFunction of one needs.
async function received(page, pred, what) {
  const test = new Function(`return ${pred}`)();
  const end = Date.now() + WAIT;
  while (!(await page.evaluate(() => window.received ?? [])).some(test)) {
    if (Date.now() > end) throw new Error(`host never received ${what}`);
    await page.waitForTimeout(100);
  }
}

try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${a.url}examples/course-page.html?diagnostics=on`);
  const lab = page.frameLocator('#lab-frame');

  await check('host receives ready and a height', async () => {
    await received(page, "m => m.type === 'ready' && m.version === 1 && m.lang === 'es'", 'ready');
    await received(page, "m => m.type === 'height' && m.px > 300", 'height');
  });

  await check('dead-letter challenge reached by driving the lab sends its checkpoint', async () => {
    await lab.locator('#failure').fill('100');
    await lab.locator('#publish-one').click();
    for (let i = 0; i < 7; i++) await lab.locator('#step').click();
    await received(page, "m => m.type === 'checkpoint' && m.id === 'dead_letter'", 'checkpoint dead_letter');
    assert(await lab.locator('[data-challenge=dead_letter].done').count() === 1, 'challenge not marked done');
  });

  await check('race challenge sends its checkpoint', async () => {
    while (await lab.locator('#race-step').count()) await lab.locator('#race-step').click();
    await received(page, "m => m.type === 'checkpoint' && m.id === 'race'", 'checkpoint race');
  });

  await check('a valid message from the trusted host is honoured', async () => {
    await press(page, '#send-en');
    await lab.locator('#lab > .lab h1', { hasText: 'retries, backoff and dead letters' }).waitFor();
    assert((await lab.locator('#host-diagnostics').textContent()).includes('accepted: 1'), 'not counted');
  });

  await check('without diagnostics=on learners see no count of the host\'s messages', async () => {
    const ctx4 = await browser.newContext();
    const p4 = await ctx4.newPage();
    await p4.goto(`${a.url}examples/course-page.html`);
    const lab4 = p4.frameLocator('#lab-frame');
    await wake(lab4);
    await lab4.locator('#lab > .lab h1').waitFor();
    await press(p4, '#send-en');
    await lab4.locator('#lab > .lab h1', { hasText: 'retries, backoff and dead letters' }).waitFor();
    assert(await lab4.locator('#host-diagnostics').count() === 0, 'the diagnostics line is shown');
    await ctx4.close();
  });

  await check('malformed messages from the trusted host are ignored and counted', async () => {
    const ignored = async () => Number((await lab.locator('#host-diagnostics').textContent()).match(/ignored: (\d+)/)[1]);
    const before = await ignored();
    await page.evaluate(() => {
      const w = document.getElementById('lab-frame').contentWindow;
      const o = new URL(document.getElementById('lab-frame').src).origin;
      let deep = {}; for (let i = 0; i < 2000; i++) deep = { d: deep };
      for (const m of [{ type: 'set_language', version: 1, lang: 'de' }, { type: 'reset' }, 'reset', 42, null,
        { type: 'reset', version: 1, x: 'y'.repeat(100000) }, deep, [1, [2, [3]]], { type: 'set_language', version: '1', lang: 'es' }]) {
        w.postMessage(m, o);
      }
    });
    await until('the lab to count the 9 malformed messages as ignored', async () => (await ignored()) - before === 9);
    assert((await lab.locator('#lab > .lab h1').textContent()).includes('retries'), 'language changed');
    await lab.locator('#publish-one').click();
    assert(errors.length === 0, errors.join(' | '));
  });

  await check('the example host pages make no failing request', async () => {
    const ctx3 = await browser.newContext();
    const p = await ctx3.newPage();
    const failed = [];
    p.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    p.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
    for (const host of ['course-page.html', 'direct-mount.html', 'xapi-host.html']) {
      await p.goto(`${a.url}examples/${host}`);
      if (host === 'course-page.html') {
        // The learner's first touch, so the lab's module is fetched too; the live lab drawn is
        // every file of it answered. (Not networkidle: requests that start after the page's
        // load, as the module's at the touch, can leave Chromium's idle signal unsent.)
        const lab = p.frameLocator('#lab-frame');
        await wake(lab);
        await lab.locator('#lab > .lab h1').waitFor();
      } else {
        await p.waitForLoadState('networkidle');
      }
    }
    await ctx3.close();
    assert(failed.length === 0, failed.join(', '));
  });

  await check('in a sandboxed iframe the lab says why it cannot load, and tells the host', async () => {
    const ctx3 = await browser.newContext();
    const p = await ctx3.newPage();
    await p.goto(`${a.url}examples/course-page.html?sandbox=allow-scripts`);
    const frame = p.frameLocator('#lab-frame');
    await frame.locator('#load-failure').waitFor();
    const text = await frame.locator('#load-failure').textContent();
    assert(text.includes('allow-same-origin'), `no hint for the host: ${text}`);
    assert(text.includes('no pudo cargarse'), `not in Spanish: ${text}`);
    // Said because the browser blocked the files, at once: not by the 30 s watchdog («slow»).
    await received(p, "m => m.type === 'error'", 'the error');
    const reasons = await p.evaluate(() => window.received.filter((m) => m.type === 'error').map((m) => m.reason));
    assert(reasons.join() === 'blocked', `the host was told ${reasons.join(', ')}`);
    await ctx3.close();
  });

  await check('a server that sends the wasm as text/plain still gets a working lab', async () => {
    const plain = await serveDir(dist, {}, { types: { '.wasm': 'text/plain' } });
    const ctx3 = await browser.newContext();
    const p = await ctx3.newPage();
    await p.goto(plain.url + 'index.html');
    await wake(p);
    await p.waitForSelector('#play');
    assert(await p.locator('#load-failure').count() === 0, 'load failure shown');
    await ctx3.close();
    plain.server.close();
  });

  await check('a host that sizes its frame from lti.frameResize fits the lab, in two languages and as panels open and close', async () => {
    const ctx3 = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx3.newPage();
    await p.goto(`${a.url}examples/course-page.html?resize=lti`);
    const lab3 = p.frameLocator('#lab-frame');
    // The figures are veiled on the path until their stop: explore freely to open their tables.
    await lab3.locator('#path-explore').click();
    await lab3.locator('#figure-summary').waitFor();
    // Fitted: the frame is as tall as the lab's page, so the frame shows no scrollbar.
    const fitted = async (what) => {
      await p.waitForFunction(() => {
        const f = document.getElementById('lab-frame');
        const d = f.contentDocument.documentElement;
        return d.scrollHeight <= f.clientHeight && f.clientHeight - d.scrollHeight <= 2;
      }).catch(() => { throw new Error(`not fitted ${what}`); });
      return p.evaluate(() => document.getElementById('lab-frame').clientHeight);
    };
    const h0 = await fitted('after loading');
    await lab3.locator('#figures details summary').first().click();
    const h1 = await fitted('with a table opened');
    assert(h1 > h0, `opening a table did not grow the frame: ${h0} -> ${h1}`);
    await lab3.locator('#figures details summary').first().click();
    // A page is never shorter than its frame, so wait for the frame itself to shrink.
    await p.waitForFunction((h) => document.getElementById('lab-frame').clientHeight < h, h1)
      .catch(() => { throw new Error(`closing did not shrink the frame from ${h1}`); });
    const h2 = await fitted('with the table closed again');
    assert(h2 < h1, `closing did not shrink the frame: ${h1} -> ${h2}`);
    const count = () => p.evaluate(() => window.received.filter((m) => m.subject === 'lti.frameResize').length);
    // Messages stop once the frame fits the English lab: the count stays the same over three
    // looks 300 ms apart. A lab that answered the host's resizing with a new height would send
    // one every debounce and never get there (the bound is `WAIT`).
    await press(p, '#send-en');
    await lab3.locator('#lab > .lab h1', { hasText: 'retries' }).waitFor();
    const looks = [];
    const n = await until('lti.frameResize messages to stop', async () => {
      looks.push(await count());
      const last = looks.slice(-3);
      return last.length === 3 && last.every((m) => m === last[0]) && last[0];
    }, WAIT, 300).catch((e) => { throw new Error(`${e.message}; counts seen: ${looks.slice(-10).join(', ')}`); });
    await fitted('in English');
    assert(await count() === n, 'lti.frameResize kept coming after the frame was fitted');
    assert(n >= 3, `only ${n} lti.frameResize messages`);
    await ctx3.close();
  });

  await check('messages from an origin the lab does not trust change nothing', async () => {
    const ctx2 = await browser.newContext();
    const p2 = await ctx2.newPage();
    // The host page runs on origin B; the lab was told to trust only origin A.
    await p2.goto(`${b.url}examples/course-page.html?lab=${encodeURIComponent(a.url + 'index.html')}&origin=${encodeURIComponent(originA)}&diagnostics=on`);
    const lab2 = p2.frameLocator('#lab-frame');
    await lab2.locator('#lab > .lab h1').waitFor();
    await press(p2, '#send-en');
    await press(p2, '#send-reset');
    // The host also tells the lab where it is on screen as the page scrolls or resizes: those
    // are ignored as well, and counted with the two sent here.
    await until('both messages counted as ignored', async () => {
      const shown = await lab2.locator('#host-diagnostics').textContent();
      const viewports = await p2.evaluate(() => window.viewports ?? 0);
      return shown.includes(`aceptados: 0 · ignorados: ${2 + viewports}`);
    });
    assert((await lab2.locator('#lab > .lab h1').textContent()).includes('reintentos'), 'language changed');
    const got = await p2.evaluate(() => window.received.length);
    assert(got === 0, `host on the wrong origin received ${got} messages`);
    await ctx2.close();
  });

  await check('direct mount with options renders the chosen panels and reports ready', async () => {
    const ctx4 = await browser.newContext();
    const p4 = await ctx4.newPage();
    const errs = [];
    p4.on('pageerror', (e) => errs.push(String(e)));
    await p4.goto(a.url + 'examples/direct-mount.html');
    await p4.waitForSelector('#lab-here h1');
    assert((await p4.textContent('#lab-here h1')).includes('retries'), 'lang option not applied');
    assert(await p4.inputValue('#seed') === '42', 'config option not applied');
    assert(await p4.locator('#timeline-h').count() === 1 && await p4.locator('#log-h').count() === 0, 'panels option not applied');
    await received(p4, "m => m.type === 'ready' && m.lang === 'en'", 'ready from the direct mount');
    assert(errs.length === 0, errs.join(' | '));
    await ctx4.close();
  });

  await check('a direct mount whose host links a style.css of its own first still finds the English texts', async () => {
    const ctx5 = await browser.newContext();
    const p5 = await ctx5.newPage();
    const errs = [];
    p5.on('pageerror', (e) => errs.push(String(e)));
    // A host page one folder down, with its own style sheet (and, there, no texts file).
    await p5.route('**/host/page.html', (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html>
      <link rel="stylesheet" href="style.css"><link rel="stylesheet" href="../style.css">
      <div id="here"></div>
      <script type="module">
        import init, { mount_lab } from '../retry-lab.js';
        await init({ module_or_path: new URL('../retry-lab_bg.wasm', import.meta.url) });
        mount_lab(document.getElementById('here'), { lang: 'en' });
      </script>` }));
    await p5.route('**/host/style.css', (r) => r.fulfill({ contentType: 'text/css', body: 'body { margin: 0 }' }));
    await p5.goto(a.url + 'host/page.html');
    await p5.waitForSelector('#here h1');
    assert((await p5.textContent('#here h1')).includes('retries'), await p5.textContent('#here h1'));
    assert(errs.length === 0, errs.join(' | '));
    await ctx5.close();
  });

  await check('bad link parameters and foreign saved state give notices and a working lab', async () => {
    const ctx3 = await browser.newContext();
    const p3 = await ctx3.newPage();
    const errs = [];
    p3.on('pageerror', (e) => errs.push(String(e)));
    await p3.goto(a.url + 'index.html');
    await wake(p3);
    await p3.waitForSelector('#lab > .lab h1');
    await p3.evaluate(() => localStorage.setItem('retry-lab', 'v=99&evil=1'));
    await p3.goto(a.url + 'index.html?lang=xx&origin=javascript:alert(1)#seed=abc&p=7&retries=0&zoom=1');
    await p3.waitForSelector('#boundary-notices');
    const text = await p3.textContent('#boundary-notices');
    // In the page's language (Spanish here), field names as code.
    for (const bit of ['estado guardado: retry-lab: lo guardó la versión 99', 'enlace: seed: «abc» no es un número entero',
      'enlace: p:', 'enlace: retries:', 'enlace: zoom: desconocido', 'opciones de la página: lang:',
      'opciones de la página: target_origin: «javascript:alert(1)» no es un origen']) {
      assert(text.includes(bit), `notice lacks "${bit}": ${text}`);
    }
    assert(await p3.inputValue('#retries') === '6', 'retries not defaulted');
    await p3.click('#publish-one');
    assert((await p3.textContent('#event-counts')).includes('1'), 'lab does not work');
    assert(errs.length === 0, errs.join(' | '));
    // A lab told to wait for its kept progress by message (restore=message) with no host to
    // hand it over: it starts, afresh, and says the progress is missing.
    await p3.goto(a.url + 'index.html?restore=message');
    await p3.waitForSelector('#boundary-notices');
    const missing = await p3.textContent('#boundary-notices');
    assert(/retry-lab: falta/.test(missing), `no notice of the missing progress: ${missing}`);
    assert(errs.length === 0, errs.join(' | '));
    await ctx3.close();
  });
} finally {
  await browser.close();
  a.server.close();
  b.server.close();
}
done();

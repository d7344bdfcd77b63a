// End-to-end check of the release build: dist/ served on 127.0.0.1 with a strict
// Content-Security-Policy, opened in headless Chromium; the lab must render, work when clicked,
// log no console errors (CSP violations are errors) and request nothing but its own files.
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP, assert, checks, launchChromium, serveDir, watchPage } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist');
const out = join(here, 'out');
mkdirSync(out, { recursive: true });


const { check, done } = checks('e2e');

const { server, url } = await serveDir(dist, { 'content-security-policy': CSP });
// The same files served with no header at all (as the README's static servers do): each page
// must bring its own policy (issue 58).
const bare = await serveDir(dist);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const { errors, requests } = watchPage(page);

  await check('the lab renders in Spanish', async () => {
    await page.goto(url + '?start=free');
    await page.waitForSelector('#lab > .lab h1'); // the live lab, not the prerendered copy
    const h1 = await page.textContent('#lab > .lab h1');
    assert(h1.includes('reintentos, backoff y dead-letter'), `h1 is "${h1}"`);
    assert(await page.getAttribute('html', 'lang') === 'es', 'html lang is not es');
  });

  await check('publishing and playing moves an event through its retries', async () => {
    await page.fill('#seed', '7');
    await page.press('#seed', 'Enter');
    await page.click('#publish-twice');
    await page.selectOption('#speed', '3600');
    await page.click('#play');
    await page.waitForFunction(() => /Entregados: 2/.test(document.querySelector('#event-counts')?.textContent));
    await page.click('#play');
    const counts = await page.textContent('#event-counts');
    assert(/Publicados: 2/.test(counts), `counts: ${counts}`);
    // The same pass twice, deduplicated on its v5 id: one effect for the idempotent consumer;
    // the naive one applied each copy that reached it, so at least two.
    const naive = Number(await page.textContent('#consumer-naive [data-test=applied]'));
    const idem = Number(await page.textContent('#consumer-idempotent [data-test=applied]'));
    assert(idem === 1, `idempotent applied ${idem}, want 1`);
    assert(naive >= 2, `naive applied ${naive}, want at least 2`);
    await page.screenshot({ path: join(out, 'lab-1280.png'), fullPage: true });
  });

  await check('no errors in the console (so no CSP violations)', async () => {
    assert(errors.length === 0, errors.join(' | '));
  });

  await check('served without any header, each page carries its own CSP: an injected inline script is refused', async () => {
    for (const file of ['index.html', 'workbench.html', 'teacher.html', 'examples/index.html', 'examples/course-page.html',
      'examples/direct-mount.html', 'examples/xapi-host.html']) {
      const p = await browser.newPage();
      const violations = [];
      p.on('console', (m) => { if (/Content Security Policy/.test(m.text())) violations.push(m.text()); });
      const res = await p.goto(bare.url + file);
      assert(!res.headers()['content-security-policy'], `${file}: the server sent a policy`);
      const meta = await p.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      const wasm = !file.includes('/') || file.includes('direct-mount');
      assert(meta && meta.includes(wasm ? "script-src 'self' 'wasm-unsafe-eval'" : "default-src 'self'"), `${file}: no policy of its own (${meta})`);
      const ran = await p.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inline = 1';
        document.head.append(s);
        return window.__inline === 1;
      });
      assert(!ran, `${file}: an inline script ran`);
      await p.waitForTimeout(200);
      assert(violations.length > 0, `${file}: no violation reported`);
      await p.close();
    }
  });

  await check('no network requests beyond the page\'s own files', async () => {
    const own = ['', '?start=free', 'index.html', 'watchdog.js', 'start.js', 'retry-lab.js', 'retry-lab_bg.wasm', 'style.css', 'favicon.svg'].map((f) => url + f);
    const other = requests.filter((r) => !own.includes(r.split('#')[0]));
    assert(requests.length >= 5, `only ${requests.length} requests seen`);
    assert(other.length === 0, `unexpected requests: ${other.join(', ')}`);
  });
} finally {
  await browser.close();
  server.close();
  bare.server.close();
}
done();

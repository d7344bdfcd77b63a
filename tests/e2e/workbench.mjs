// End-to-end check of the consumer workbench (dist/ under the strict CSP): its module is not
// requested until a learner opens it from the lab; there, the lesson's insert-first pattern is
// built by keyboard, predicted and checked safe, with the host told; the naive preset is
// double effect and its run is stepped to the end; the email case says why nothing is safe; a
// bad link gets a Spanish notice and the defaults; axe finds nothing serious; inside the course
// page on a 320 px phone a stepped run keeps the lab as it was and each move on screen. Screenshots at
// 1280 and 375 px go to tests/e2e/out/workbench-*.png.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP, assert, checks, launchChromium, openLab, serveDir, settled, until, watchPage } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'dist');
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const axe = readFileSync(join(here, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

const { check, done } = checks('workbench');
const validate = createRequire(import.meta.url)('xapi-validation').default;
const ACTIVITY = 'https://course.example/lessons/idempotency/workbench';
const { server, url } = await serveDir(dist, { 'content-security-policy': CSP });
const browser = await launchChromium();
const text = (page, sel) => page.locator(sel).innerText();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const { errors, requests } = watchPage(page);

  await check('the lab does not fetch the workbench until it is opened', async () => {
    await page.goto(url + '?start=free');
    await page.waitForSelector('#open-workbench');
    // Everything the lab loads by itself has come: the panels drawn after the first paint,
    // and no request in flight.
    await page.waitForSelector('[role=log]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    const early = requests.filter((r) => /\/workbench(_bg\.wasm|\.js|\.css)$/.test(r));
    assert(early.length === 0, `requested before opening: ${early.join(', ')}`);
    await page.click('#open-workbench');
    await page.waitForSelector('.workbench-entry .wb-list');
    assert(requests.some((r) => r.endsWith('workbench_bg.wasm')), 'the workbench module was not fetched');
    assert(await page.locator('#open-workbench').isHidden(), 'the open button is still shown');
  });

  await check('opened in the lab, the workbench shows the naive consumer in Spanish', async () => {
    const h = await text(page, '.workbench-entry h1');
    assert(h.includes('Banco de pruebas del consumidor'), `heading "${h}"`);
    const blocks = await page.locator('.workbench-entry .wb-block .wb-name').allInnerTexts();
    assert(blocks.join('|') === 'Sumar al saldo|Enviar el ack al broker', `blocks ${blocks.join('|')}`);
    assert(await page.locator('#wb-check').isDisabled(), 'check is enabled before a prediction');
  });

  // The standalone page: what a course page embeds for the first lesson.
  const wb = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  wb.on('pageerror', (e) => errors.push(String(e)));
  const posted = [];
  await wb.exposeFunction('recordPost', (m) => posted.push(m));
  await wb.addInitScript(() => {
    // The workbench posts to its parent; in a top-level page that is itself.
    window.addEventListener('message', (e) => { if (e.data?.source === 'retry-lab') window.recordPost(e.data); });
  });
  const origin = new URL(url).origin;

  await check("the lesson's pattern built by keyboard is proven safe, and the host is told", async () => {
    await wb.goto(`${url}workbench.html?origin=${encodeURIComponent(origin)}&xapi=${encodeURIComponent(ACTIVITY)}`);
    await wb.waitForSelector('.wb-list');
    // Empty it, then add the five steps in the wrong order and move the ack down, by keyboard.
    await wb.getByRole('button', { name: 'Vaciar' }).focus();
    await wb.keyboard.press('Enter');
    for (const s of ['ack', 'begin', 'insert', 'apply', 'commit']) {
      await wb.locator(`.wb-add.wb-${s}`).focus();
      await wb.keyboard.press('Enter');
    }
    for (let i = 0; i < 4; i++) {
      await wb.locator('.wb-block').nth(i).getByRole('button', { name: /^Bajar/ }).focus();
      await wb.keyboard.press('Enter');
    }
    const blocks = await wb.locator('.wb-block .wb-name').allInnerTexts();
    assert(blocks.join('|') === 'Abrir una transacción|Insertar la marca (restricción de unicidad)|Sumar al saldo|Confirmar (commit)|Enviar el ack al broker', blocks.join('|'));
    await wb.locator('#wb-guess-safe').focus();
    await wb.keyboard.press('Space');
    await wb.locator('#wb-check').focus();
    await wb.keyboard.press('Enter');
    const v = await text(wb, '#wb-verdict');
    assert(v.includes('Acertaste') && v.includes('Seguro'), v);
    assert(/\d+ estados/.test(v), `no state count: ${v}`);
    await until('the checkpoint workbench_balance_safe posted', () => posted.some((m) => m.type === 'checkpoint' && m.id === 'workbench_balance_safe'));
    const share = await wb.getAttribute('#wb-share', 'href');
    assert(share.endsWith('#steps=begin,insert,apply,commit,ack&effect=add'), share);
  });

  await check('the same pattern with an email is broken, and the page says why', async () => {
    await wb.selectOption('#wb-effect', 'email');
    await wb.check('#wb-guess-safe');
    await wb.click('#wb-check');
    const v = await text(wb, '#wb-verdict');
    assert(v.includes('No era eso') && v.includes('Efecto doble'), v);
    assert(v.includes('clave de idempotencia') && v.includes('outbox'), v);
    await until('the checkpoint workbench_email_unsafe posted', () => posted.some((m) => m.id === 'workbench_email_unsafe'));
    await wb.click('#wb-all');
    await wb.screenshot({ path: join(out, 'workbench-email-1280.png'), fullPage: true });
  });

  await check('the naive preset is a double effect, its run stepped to the end', async () => {
    await wb.selectOption('#wb-effect', 'add');
    await wb.selectOption('#wb-preset', 'naive');
    await wb.check('#wb-guess-double_effect');
    await wb.click('#wb-check');
    const v = await text(wb, '#wb-verdict');
    assert(v.includes('Acertaste') && v.includes('Efecto doble'), v);
    assert(v.includes('Pista'), `no hint: ${v}`);
    let of = await text(wb, '#wb-move-of');
    const total = Number(of.match(/de (\d+)/)[1]);
    assert(of.startsWith('Operación 1 de'), of);
    for (let i = 1; i < total; i++) await wb.click('#wb-next');
    of = await text(wb, '#wb-move-of');
    assert(of === `Operación ${total} de ${total}`, of);
    assert(await wb.locator('#wb-run li').count() === total, 'rows');
    const last = await wb.locator('#wb-run li').last().innerText();
    assert(last.includes('efecto: 2'), `last row: ${last}`);
    await wb.screenshot({ path: join(out, 'workbench-naive-1280.png'), fullPage: true });
  });

  await check('its xAPI statements are valid and say what happened (answered, progressed)', async () => {
    const actor = { objectType: 'Agent', account: { homePage: origin, name: 'demo-learner' } };
    const st = posted.filter((m) => m.type === 'xapi').map((m) => ({ actor, ...m.statement }));
    for (const s of st) {
      const warnings = validate(s);
      assert(warnings.length === 0, `${s.verb.id}: ${warnings.map((w) => `${w.path.join('.')}: ${w.name}`).join('; ')}`);
    }
    const answered = st.filter((s) => s.verb.id.endsWith('/answered'));
    assert(answered.length === 3, `${answered.length} answered`);
    assert(answered.map((s) => s.result.success).join() === 'true,false,true', answered.map((s) => s.result.success).join());
    const progressed = st.filter((s) => s.verb.id.endsWith('/progressed')).map((s) => s.object.id);
    assert(progressed.join() === `${ACTIVITY}/workbench_balance_safe,${ACTIVITY}/workbench_email_unsafe`, progressed.join());
  });

  await check('axe finds no serious or critical violation', async () => {
    await wb.addScriptTag({ content: axe }).catch(() => wb.evaluate(axe));
    const r = await wb.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
      .filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.length}`));
    assert(r.length === 0, r.join('; '));
  });

  await check('a bad link gets a Spanish notice and the naive consumer', async () => {
    const bad = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await bad.goto(`${url}workbench.html#steps=begin,teleport&effect=add`);
    await bad.waitForSelector('.wb-list');
    const n = await text(bad, '.notice');
    assert(n.includes('el paso «teleport» no existe') && n.includes('consumidor no idempotente'), n);
    const blocks = await bad.locator('.wb-block .wb-name').allInnerTexts();
    assert(blocks.join('|') === 'Sumar al saldo|Enviar el ack al broker', blocks.join('|'));
    await bad.close();
  });

  await check('on a phone (375 px) nothing is wider than the screen, and a run is stepped', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const ph = await ctx.newPage();
    await ph.goto(`${url}workbench.html#steps=begin,insert,commit,begin,apply,commit,ack&effect=add`);
    await ph.waitForSelector('.wb-list');
    await ph.check('#wb-guess-lost');
    await ph.click('#wb-check');
    await ph.click('#wb-next');
    await ph.click('#wb-next');
    const w = await ph.evaluate(() => document.documentElement.scrollWidth);
    assert(w <= 375, `document is ${w} px wide`);
    await ph.locator('.wb-run').scrollIntoViewIfNeeded();
    await ph.screenshot({ path: join(out, 'workbench-mark-first-375.png'), fullPage: true });
    await ctx.close();
  });

  // Where a learner meets it: opened from the lab's door inside the course page, on a narrow
  // phone. The two modules' Yew trees once shared a number, so a tap in the workbench also ran
  // a lab listener («Siguiente» moved the guided path on and scrolled the page up to it).
  await check('in the course page at 320 px, stepping a run leaves the lab alone, each new move on screen, no word broken in the program or the run, the course page no wider than the screen', async () => {
    const ctx = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const ph = await ctx.newPage();
    const seen = watchPage(ph);
    const { lab, doc } = await openLab(ph, 'course-page', url);
    // As a learner does: the control is brought on screen, then tapped.
    const tap = async (css) => {
      await lab.locator(css).evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
      await settled(ph);
      await lab.locator(css).tap();
    };
    const labState = () => doc().evaluate(() => [document.getElementById('path')?.dataset.stop,
      document.querySelectorAll('.path-marks .passed').length, document.querySelector('.clock')?.textContent].join(' | '));
    const before = await labState();
    await tap('#open-workbench');
    await lab.locator('.workbench-entry .wb-list').waitFor();
    await lab.locator('#wb-preset').selectOption('mark_first');
    await lab.locator('.wb-block').first().waitFor();
    await lab.locator('#wb-guess-lost').check();
    await tap('#wb-check');
    await lab.locator('#wb-run').waitFor();
    for (let i = 1; i <= 6; i++) {
      await tap('#wb-next');
      // The run opens on its first move: the i-th «Siguiente» shows move i + 1.
      await until(`move ${i + 1} of the run`, async () => (await lab.locator('#wb-run > li').count()) === i + 1);
      await settled(ph);
      const at = await ph.evaluate(() => document.getElementById('lab-frame').getBoundingClientRect().top);
      const [top, bottom] = await lab.locator('#wb-run > li:last-child').evaluate((e) => [e.getBoundingClientRect().top, e.getBoundingClientRect().bottom]);
      assert(top + at >= 0 && bottom + at <= 640, `move ${i + 1} at y ${Math.round(top + at)}-${Math.round(bottom + at)} on a 640 px screen`);
      const now = await labState();
      assert(now === before, `after move ${i + 1} the lab changed: «${before}» became «${now}»`);
    }
    // A word the browser broke spans two line boxes.
    const broken = await lab.locator('.workbench-entry').evaluate((wb) => {
      const out = [];
      for (const part of wb.querySelectorAll('#wb-list, #wb-run')) {
        const walk = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          for (const m of n.data.matchAll(/\S+/g)) {
            const r = document.createRange();
            r.setStart(n, m.index);
            r.setEnd(n, m.index + m[0].length);
            const lines = new Set([...r.getClientRects()].map((c) => Math.round(c.top)));
            if (lines.size > 1) out.push(m[0]);
          }
        }
      }
      return out;
    });
    assert(broken.length === 0, `words broken across lines: ${broken.join(', ')}`);
    const wide = await ph.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 320, `the course page is ${wide} px wide on a 320 px screen`);
    await lab.locator('.wb-run').screenshot({ path: join(out, 'workbench-course-page-320.png') });
    await ctx.close();
    errors.push(...seen.errors);
  });

  await check('no console errors, nothing requested from elsewhere', async () => {
    assert(errors.length === 0, errors.join('\n'));
    const foreign = requests.filter((r) => !r.startsWith(url));
    assert(foreign.length === 0, foreign.join(', '));
  });
} finally {
  await browser.close();
  server.close();
}
done();

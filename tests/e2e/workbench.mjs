// End-to-end check of the consumer workbench (dist/ under the strict CSP): its module is not
// requested until a learner opens it from the lab; there, the lesson's insert-first pattern is
// built by keyboard, predicted and checked safe, with the host told; the naive preset is
// double effect and its run is stepped to the end; the email case says why nothing is safe; a
// bad link gets a Spanish notice and the defaults; the lesson's check-then-insert without the
// unique constraint is a double effect, and with it safe with its check named redundant and an
// example run stepped; a pattern loaded is told and undone; on a 375 px touch phone a removed
// block leaves no ✕ looking chosen and focus off every ✕, two removals are undone, «Vaciar» and
// «+ añadir» are told on screen, the palette is short and the keyboard hint gone; axe finds
// nothing serious; inside the course page on a 320 px phone a stepped run keeps the lab as it
// was and each move on screen, and at 375 px the broken check-then-insert is drawn. Screenshots
// at 1280 and 375 px go to tests/e2e/out/workbench-*.png.
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
    // On its own page there is no guided path to go back to.
    assert(!(await wb.locator('#wb-to-path').count()), 'a way back to a guided path the page does not have');
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

  await check("the lesson's check-then-insert without the unique constraint is a double effect: both checks see nothing", async () => {
    await wb.selectOption('#wb-preset', 'check_then_insert');
    await until('the pattern loaded', async () => (await wb.locator('.wb-block').count()) === 6);
    assert(await wb.inputValue('#wb-constraint') === 'none', `table ${await wb.inputValue('#wb-constraint')}`);
    const names = await wb.locator('.wb-block .wb-name').allInnerTexts();
    assert(names[2] === 'Insertar la marca (sin restricción de unicidad)', names.join('|'));
    const told = await text(wb, '#wb-status-menu');
    assert(told.startsWith('Cargaste el patrón «Comprobar y luego insertar» en lugar de tu consumidor, con su tabla de marcas: «Sin restricción de unicidad».'), told);
    await wb.check('#wb-guess-safe');
    await wb.click('#wb-check');
    const v = await text(wb, '#wb-verdict');
    assert(v.includes('No era eso') && v.includes('Efecto doble') && v.includes('Pista'), v);
    await wb.click('#wb-all');
    const rows = await wb.locator('#wb-run li').allInnerTexts();
    assert(rows.filter((r) => r.includes('no ve ninguna marca')).length === 2, rows.join('\n'));
    assert(rows.some((r) => r.includes('inserta otra marca con el mismo id')), rows.join('\n'));
    assert(rows.at(-1).includes('efecto: 2'), rows.at(-1));
    const share = await wb.getAttribute('#wb-share', 'href');
    assert(share.endsWith('#steps=begin,check,insert,apply,commit,ack&effect=add&constraint=none'), share);
    await wb.screenshot({ path: join(out, 'workbench-check-then-insert-1280.png'), fullPage: true });
  });

  await check('with the constraint the same steps are safe, the check is named redundant, and the example run is stepped', async () => {
    await wb.selectOption('#wb-constraint', 'unique');
    await wb.check('#wb-guess-safe');
    await wb.click('#wb-check');
    const v = await text(wb, '#wb-verdict');
    assert(v.includes('Acertaste') && v.includes('Seguro'), v);
    const r = await text(wb, '#wb-redundant');
    assert(r.includes('El paso 2, «¿Ya vi este id?», no añade seguridad') && r.includes('restricción de unicidad'), r);
    // The count of states, explained on demand.
    const states = Number(v.match(/(\d+) estados/)[1]);
    assert(!(await wb.locator('#wb-states p').isVisible()), 'the explanation is open before asked');
    await wb.click('#wb-states summary');
    const why = await text(wb, '#wb-states');
    assert(why.includes(`«${states} estados»`) && why.includes('foto'), why);
    // The example: opened on its first move, stepped one by one to the end.
    const h = await text(wb, '.wb-run h3');
    assert(h.startsWith('Una de esas ejecuciones') && h.includes('A se cae'), h);
    let of = await text(wb, '#wb-move-of');
    const total = Number(of.match(/de (\d+)/)[1]);
    assert(of.startsWith('Operación 1 de') && total > 8, of);
    for (let i = 1; i < total; i++) await wb.click('#wb-next');
    of = await text(wb, '#wb-move-of');
    assert(of === `Operación ${total} de ${total}`, of);
    const rows = await wb.locator('#wb-run li').allInnerTexts();
    assert(rows.length === total, `${rows.length} rows`);
    assert(rows.some((r) => r.startsWith('A Caída')), rows.join('\n'));
    assert(rows.at(-1).includes('efecto: 1'), rows.at(-1));
    assert(await wb.evaluate(() => document.activeElement === document.querySelector('#wb-run > li:last-child')), 'the last move does not hold the focus');
    await wb.screenshot({ path: join(out, 'workbench-safe-example-1280.png'), fullPage: true });
  });

  await check("a pattern loaded in place of the learner's consumer is told, and undone with its table", async () => {
    // The learner's own consumer: the safe one above with its check removed by hand.
    await wb.locator('.wb-block').nth(1).getByRole('button', { name: /^Quitar/ }).click();
    const mine = await wb.locator('.wb-block .wb-name').allInnerTexts();
    await wb.selectOption('#wb-preset', 'check_then_insert');
    await until('the pattern loaded', async () => (await wb.locator('.wb-block').count()) === 6);
    assert(await wb.inputValue('#wb-constraint') === 'none', 'table');
    await wb.click('#wb-undo');
    const back = await wb.locator('.wb-block .wb-name').allInnerTexts();
    assert(back.join('|') === mine.join('|'), `${back.join('|')} is not ${mine.join('|')}`);
    assert(await wb.inputValue('#wb-constraint') === 'unique', 'the table did not come back');
    const told = await text(wb, '#wb-status-menu');
    assert(told.startsWith('Deshiciste este cambio: cargaste el patrón'), told);
    // «Deshacer» can take back the removal too, and keeps the focus while it can.
    assert(await wb.evaluate(() => document.activeElement?.id === 'wb-undo'), 'focus left «Deshacer»');
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
    // A table that is neither: the same, with the default constraint.
    await bad.goto(`${url}workbench.html#steps=begin,check,insert,apply,commit,ack&constraint=maybe`);
    await bad.reload();
    await bad.waitForSelector('.wb-list');
    const m = await text(bad, '.notice');
    assert(m.includes('la tabla de marcas no puede ser «maybe»'), m);
    assert(await bad.inputValue('#wb-constraint') === 'unique', 'the default table');
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

  await check('on a touch phone (375 px) a removed block leaves no ✕ looking chosen nor focused, and two removals are undone', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const ph = await ctx.newPage();
    await ph.goto(`${url}workbench.html#steps=begin,insert,apply,commit,ack&effect=add`);
    await ph.waitForSelector('.wb-list');
    const accent = await ph.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    const x = ph.locator('.wb-block').nth(1).getByRole('button', { name: /^Quitar/ });
    await x.scrollIntoViewIfNeeded();
    const box = await x.boundingBox();
    await ph.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await until('the block removed', async () => (await ph.locator('.wb-block').count()) === 4);
    // Whatever button slid under the finger (the next block's ✕, at this width) must not look chosen.
    const under = await ph.evaluate(([cx, cy]) => {
      const el = document.elementFromPoint(cx, cy)?.closest('button');
      return el ? { label: el.getAttribute('aria-label'), border: getComputedStyle(el).borderTopColor } : null;
    }, [box.x + box.width / 2, box.y + box.height / 2]);
    const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    assert(!under || under.border !== rgb(accent), `the button under the finger looks chosen: ${JSON.stringify(under)}`);
    const focus = await ph.evaluate(() => ({ tag: document.activeElement.tagName, tool: document.activeElement.dataset.tool, id: document.activeElement.id }));
    assert(focus.tool === 'block' && focus.id === 'wb-block-1', `focus on ${JSON.stringify(focus)}`);
    const told = ph.locator('#wb-status-list');
    assert((await told.innerText()).startsWith('Quitaste «Insertar la marca (restricción de unicidad)», que era el paso 2.'), await told.innerText());
    // A second, hasty tap removes the next block: both come back.
    await ph.locator('.wb-block').nth(1).getByRole('button', { name: /^Quitar/ }).tap();
    await until('the second block removed', async () => (await ph.locator('.wb-block').count()) === 3);
    await ph.locator('#wb-undo').tap();
    await ph.locator('#wb-undo').tap();
    const back = await ph.locator('.wb-block .wb-name').allInnerTexts();
    assert(back.join('|') === 'Abrir una transacción|Insertar la marca (restricción de unicidad)|Sumar al saldo|Confirmar (commit)|Enviar el ack al broker', back.join('|'));
    await ctx.close();
  });

  await check('on a touch phone (375 px) «Vaciar» and «+ añadir» are told on screen and undone; the palette is short, the keyboard hint gone', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const ph = await ctx.newPage();
    await ph.goto(`${url}workbench.html#steps=begin,insert,apply,commit,ack&effect=add`);
    await ph.waitForSelector('.wb-list');
    const onScreen = (css) => ph.locator(css).evaluate((e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; });
    assert(!(await ph.locator('#wb-list-hint').isVisible()), 'the keyboard hint is shown on a touch screen');
    const gap = await ph.evaluate(() => {
      const program = document.querySelector('.wb-program').getBoundingClientRect();
      const guesses = document.querySelector('.wb-verify').getBoundingClientRect();
      return Math.round(guesses.top - program.bottom);
    });
    assert(gap < 420, `${gap} px between the program and the guesses`);
    await ph.locator('#wb-clear').scrollIntoViewIfNeeded();
    await ph.locator('#wb-clear').tap();
    await until('emptied', async () => (await ph.locator('.wb-block').count()) === 0);
    assert((await ph.locator('#wb-status-list').innerText()).startsWith('Vaciaste tu consumidor.'), await ph.locator('#wb-status-list').innerText());
    assert(await onScreen('#wb-status-list'), '«Vaciar» told off screen');
    // As a learner holds the phone to use the palette: the palette in the middle of the screen.
    await ph.locator('.wb-palette').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const thumb = () => ph.locator('.wb-add.wb-ack').evaluate((e) => e.getBoundingClientRect().top);
    const before = await thumb();
    await ph.locator('.wb-add.wb-ack').tap();
    await until('added', async () => (await ph.locator('.wb-block').count()) === 1);
    // The step lengthens the program above the palette: the button stays under the thumb.
    const after = await thumb();
    assert(Math.abs(after - before) <= 2, `the tapped «+» moved ${Math.round(after - before)} px on the screen`);
    await ph.locator('.wb-add.wb-ack').tap();
    await until('added twice', async () => (await ph.locator('.wb-block').count()) === 2);
    assert(Math.abs((await thumb()) - before) <= 2, `the second tap moved the «+» ${Math.round((await thumb()) - before)} px`);
    const added = await ph.locator('#wb-status-palette').innerText();
    assert(added.startsWith('Añadiste «Enviar el ack al broker» al final: es el paso 2 de 2.'), added);
    assert(await onScreen('#wb-status-palette'), '«+ añadir» told off screen');
    assert(await onScreen('#wb-block-1'), 'the added block is off screen');
    await ph.screenshot({ path: join(out, 'workbench-added-375.png') });
    for (let i = 0; i < 3; i++) await ph.locator('#wb-undo').tap();
    assert(await ph.locator('.wb-block').count() === 5, 'not undone');
    // The steps' rules are a tap away.
    await ph.locator('.wb-rules summary').tap();
    assert((await ph.locator('.wb-rules').innerText()).includes('viola la restricción de unicidad'), 'rules');
    await ph.screenshot({ path: join(out, 'workbench-palette-375.png'), fullPage: true });
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
    // A step added from the palette, in the middle of the course page's screen: the program
    // above it grows, and the «+» stays under the thumb (the page around the frame scrolls).
    const thumb = async () => (await ph.evaluate(() => document.getElementById('lab-frame').getBoundingClientRect().top))
      + await lab.locator('.wb-add.wb-ack').evaluate((e) => e.getBoundingClientRect().top);
    // The preset's own smooth scroll to its status line may still be going: centred again
    // until the «+» stays on the screen.
    let held = NaN;
    for (let i = 0, still = false; i < 10 && !(still && held > 0 && held < 600); i++) {
      await lab.locator('.wb-palette').evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await ph.waitForTimeout(400);
      held = await thumb();
      await ph.waitForTimeout(300);
      still = Math.abs((await thumb()) - held) < 1;
    }
    const steps = await lab.locator('.wb-block').count();
    await lab.locator('.wb-add.wb-ack').tap();
    await until('a step added', async () => (await lab.locator('.wb-block').count()) === steps + 1);
    const moved = (await thumb()) - held;
    assert(Math.abs(moved) <= 2, `in the course page the tapped «+» moved ${Math.round(moved)} px on the screen`);
    await lab.locator('#wb-undo').tap();
    await until('undone', async () => (await lab.locator('.wb-block').count()) === steps);
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

  await check("in the course page at 375 px, opened from the lab's last panel, check-then-insert without the constraint is drawn broken", async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const ph = await ctx.newPage();
    const seen = watchPage(ph);
    const { lab } = await openLab(ph, 'course-page', url);
    const tap = async (css) => {
      await lab.locator(css).evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
      await settled(ph);
      await lab.locator(css).tap();
    };
    await tap('#open-workbench');
    await lab.locator('.workbench-entry .wb-list').waitFor();
    await lab.locator('#wb-preset').selectOption('check_then_insert');
    await until('the pattern loaded', async () => (await lab.locator('.wb-block').count()) === 6);
    await lab.locator('#wb-guess-double_effect').check();
    await tap('#wb-check');
    await lab.locator('#wb-run').waitFor();
    await tap('#wb-all');
    const v = await lab.locator('#wb-verdict').innerText();
    assert(v.includes('Acertaste') && v.includes('inserta otra marca con el mismo id'), v);
    const wide = await ph.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 375, `the course page is ${wide} px wide`);
    await lab.locator('.workbench-entry').screenshot({ path: join(out, 'workbench-course-page-375.png') });
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

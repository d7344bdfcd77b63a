// Accessibility audit: axe-core injected into the built page in headless Chromium, in the main
// states (idle, running, dead letter shown, figures open) and both languages. Fails on any
// serious or critical violation; lists the others.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, settled, wake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();

const report = checks('a11y');
async function audit(page, state) {
  await page.evaluate(axeSource);
  const r = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0]?.target?.join(' ') })));
  const bad = r.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = r.filter((v) => !bad.includes(v));
  const tag = `${state}: ${bad.length} serious/critical` + (other.length ? `, ${other.map((v) => `${v.id}(${v.impact}) at ${v.target}`).join('; ')}` : '');
  if (bad.length) {
    report.fail(tag);
    for (const v of bad) console.log(`     ${v.id} (${v.impact}) x${v.nodes}: ${v.target}`);
  } else {
    report.pass(tag);
  }
}

try {
  for (const lang of ['es', 'en']) {
    for (const scheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      const page = await ctx.newPage();
      await page.goto(url);
      await wake(page);
      await page.waitForSelector('[role=log]', { state: 'attached' }); // the last panel, drawn just after the first paint
      if (lang === 'en') await page.selectOption('#lang', 'en');
      await audit(page, `${lang} ${scheme} idle (guided path, step 1)`);
      // The path's first stop predicted, run and explained.
      await page.click('.choice[data-choice="only-its-own-wait"]');
      await page.click('#path-act');
      await page.selectOption('#speed', '3600');
      await page.waitForSelector('#path-result');
      await page.click('#play');
      await audit(page, `${lang} ${scheme} path result`);
      await page.click('#publish-twice');
      await page.click('#play');
      await page.waitForFunction(() => document.querySelector('#clock').textContent !== '0:00');
      await audit(page, `${lang} ${scheme} running`);
      await page.click('#play');
      await page.fill('#failure', '100');
      await page.click('#publish-one');
      for (let i = 0; i < 8; i++) await page.click('#step');
      await page.waitForSelector('#dlq .dlq-item');
      await audit(page, `${lang} ${scheme} dead letter shown`);
      // The figures give a later stop's answer: on the path they wait; exploring shows them.
      assert(await page.locator('#figures-veiled').count() === 1, 'figures shown on the path before their stop');
      await page.click('#path-explore');
      await page.waitForSelector('#figures svg');
      for (const d of await page.locator('#figures details').all()) await d.locator('summary').click();
      await audit(page, `${lang} ${scheme} figures open`);
      await ctx.close();
    }
  }
  // Where the lab lives: inside the example course page's frame, at a phone's width with
  // touch. axe runs in the lab's document (the host page around it is the course's own).
  {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${url}examples/course-page.html`);
    const frame = await (await page.waitForSelector('#lab-frame')).contentFrame();
    await wake(frame);
    await frame.waitForSelector('[role=log]', { state: 'attached' });
    await audit(frame, 'course page at 375 px: the lab in its frame, step 1');
    // A tap while the course page still scrolls lands beside its button: wait for stillness.
    await settled(page);
    await frame.tap('.choice[data-choice="only-its-own-wait"]');
    await frame.waitForSelector('#path-act');
    await settled(page);
    await frame.tap('#path-act');
    await frame.selectOption('#speed', '3600');
    await frame.waitForSelector('#path-result');
    await audit(frame, 'course page at 375 px: the first stop\'s result');
    await ctx.close();
  }
  // Screen readers hear the story, not the noise: three always-failing events run at 3600x
  // until all are dead-lettered; the polite live region speaks a few times, and says so.
  {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(url);
    await wake(page);
    await page.waitForSelector('[role=log]', { state: 'attached' });
    await page.evaluate(() => {
      window.said = [];
      const region = document.getElementById('announcer');
      new MutationObserver(() => window.said.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true });
    });
    await page.fill('#failure', '100');
    for (let i = 0; i < 3; i++) await page.click('#publish-one');
    await page.selectOption('#speed', '3600');
    await page.click('#play');
    await page.waitForFunction(() => document.getElementById('dlq-h').textContent.includes('(3)'));
    // The region waits at most two seconds between two announcements.
    await page.waitForFunction(() => window.said.some((s) => s.includes('dead-letter')))
      .catch(() => {});
    await page.click('#play');
    const said = await page.evaluate(() => window.said);
    const log = await page.locator('#log li').count();
    const ok = said.length >= 1 && said.length <= 4 && said.some((s) => s.includes('dead-letter'));
    const tag = `live region at 3600x: ${said.length} announcements for ${log} log lines (${said.join(' | ')})`;
    if (ok) report.pass(tag); else report.fail(tag);
    await ctx.close();
  }
} finally {
  await browser.close();
  server.close();
}
report.done();

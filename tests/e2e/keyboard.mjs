// Keyboard-only walk through the main flow of the built page: every step is reached with Tab
// and operated with Enter, Space or arrow keys, and the focused control is visibly outlined.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const { check, done } = checks('keyboard');

const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
/** Presses Tab until the focused element matches `selector`; checks its focus is outlined. */
async function tabTo(selector) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate((sel) => {
      const el = document.activeElement;
      if (!el || !el.matches(sel)) return null;
      const s = getComputedStyle(el);
      return { outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 };
    }, selector);
    if (hit) {
      assert(hit.outline, `${selector} has no visible focus outline`);
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}
try {
  await page.goto(url);
  await page.waitForSelector('[role=log]', { state: 'attached' }); // the last panel, drawn just after the first paint
  await check('raise the failure probability to 100% with the keyboard', async () => {
    await tabTo('#failure');
    await page.keyboard.press('End');
    assert((await page.textContent('label:has(#failure)')).includes('100\u00a0%'), 'slider not at 100 %');
  });
  await check('publish a pass and step it into the dead-letter queue', async () => {
    await page.focus('body');
    await tabTo('#publish-one');
    await page.keyboard.press('Enter');
    await page.focus('body');
    await tabTo('#step');
    for (let i = 0; i < 7; i++) await page.keyboard.press('Enter');
    await page.waitForSelector('#dlq .dlq-item');
  });
  await check('fix the cause, replay from the queue and see it delivered', async () => {
    await page.focus('body');
    await tabTo('#failure');
    await page.keyboard.press('Home');
    await tabTo('#dlq .dlq-item button');
    await page.keyboard.press('Enter');
    await page.focus('body');
    await tabTo('#step');
    await page.keyboard.press(' ');
    const counts = await page.textContent('#event-counts');
    assert(/Entregados: 1/.test(counts), counts);
  });
  await check('switch the language with the keyboard', async () => {
    await page.focus('body');
    await tabTo('#lang');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('#lab > .lab h1').textContent.includes('retries'));
  });
  await check('answer the guided path by keyboard: predict, run, read the result, go on', async () => {
    await page.goto(url); // the saved state keeps the path at its first stop
    await page.waitForSelector('#path[data-stop=step_backoff]');
    await page.focus('body');
    await tabTo('.choice[data-choice="waits-add-up"]');
    await page.keyboard.press('Enter');
    // The chosen button is disabled; the focus moves on to the stop's own action.
    assert(await page.evaluate(() => document.activeElement.id) === 'path-act', 'focus lost after predicting');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#path-result');
    assert((await page.getAttribute('#path-result', 'data-right')) === 'true', 'judged wrong');
    await tabTo('#path-next');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#path[data-stop=step_no_immediate_retry]');
    await tabTo('#path-explore');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#path-resume');
  });
} finally {
  await browser.close();
  server.close();
}
done();

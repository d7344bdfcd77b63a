// Keyboard-only walk through the main flow of the built page: every step is reached with Tab
// and operated with Enter, Space or arrow keys, and the focused control is visibly outlined.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, until } from './lib.mjs';

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
    // Each key's render may come a moment later on a busy machine: wait for what it shows.
    await until('the slider\'s label at 100 %', async () => (await page.textContent('label:has(#failure)')).includes('100\u00a0%'));
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
    await until('«Entregados: 1» after the replay', async () => /Entregados: 1/.test(await page.textContent('#event-counts')));
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
    await until('the focus on the stop\'s action after predicting', () => page.evaluate(() => document.activeElement.id === 'path-act'));
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
  await check('inside the course page: Tab goes from the host page into the lab, predict and run by keys', async () => {
    // Where the lab lives: in the example course page's frame. The host's own links come
    // first in the Tab order, then the lab's controls; focus stays in the frame.
    const host = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await host.goto(`${url}examples/course-page.html`);
    const frame = await (await host.waitForSelector('#lab-frame')).contentFrame();
    await frame.waitForSelector('#path[data-stop=step_backoff]');
    const focused = (sel) => frame.evaluate((s) => {
      const el = document.activeElement;
      if (!el || !el.matches(s) || !document.hasFocus()) return null;
      const cs = getComputedStyle(el);
      return { outline: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 };
    }, sel);
    const tabIn = async (sel) => {
      for (let i = 0; i < 120; i++) {
        await host.keyboard.press('Tab');
        const hit = await focused(sel);
        if (hit) return assert(hit.outline, `${sel} has no visible focus outline in the frame`);
      }
      throw new Error(`Tab from the course page never reached ${sel} in the lab's frame`);
    };
    await tabIn('.choice[data-choice="waits-add-up"]');
    await host.keyboard.press('Enter');
    await until('the focus on the stop\'s action in the frame', () => focused('#path-act'));
    await host.keyboard.press('Enter');
    await frame.waitForSelector('#path-result');
    assert((await frame.getAttribute('#path-result', 'data-right')) === 'true', 'judged wrong');
    await tabIn('#path-next');
    await host.keyboard.press('Enter');
    await frame.waitForSelector('#path[data-stop=step_no_immediate_retry]');
    await host.close();
  });
} finally {
  await browser.close();
  server.close();
}
done();

// Keyboard-only walk through the main flow of the built page: every step is reached with Tab
// and operated with Enter, Space or arrow keys, and the focused control is visibly outlined.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, until, wake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const { check, done } = checks('keyboard');

const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
/** Presses Tab (on `keys`, the page's keyboard) until the focused element of `doc` (the page,
 * or a frame inside it) matches `selector`; checks its focus is outlined. */
async function tabTo(selector, { keys = page.keyboard, doc = page, where = '', tries = 80 } = {}) {
  for (let i = 0; i < tries; i++) {
    await keys.press('Tab');
    const hit = await focused(doc, selector);
    if (hit) {
      assert(hit.outline, `${selector} has no visible focus outline${where}`);
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}${where}`);
}
/** Whether `doc`'s focused element matches `selector` (and has the focus, not the page around
 * it), with whether its focus is outlined. */
function focused(doc, selector) {
  return doc.evaluate((sel) => {
    const el = document.activeElement;
    if (!el || !el.matches(sel) || !document.hasFocus()) return null;
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 };
  }, selector);
}
try {
  await page.goto(url);
  await wake(page);
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
    await wake(frame);
    await frame.waitForSelector('#path[data-stop=step_backoff]');
    // The course page's own links come first in its Tab order.
    const inLab = { keys: host.keyboard, doc: frame, where: ' in the lab\'s frame', tries: 120 };
    await tabTo('.choice[data-choice="waits-add-up"]', inLab);
    await host.keyboard.press('Enter');
    await until('the focus on the stop\'s action in the frame', () => focused(frame, '#path-act'));
    await host.keyboard.press('Enter');
    await frame.waitForSelector('#path-result');
    assert((await frame.getAttribute('#path-result', 'data-right')) === 'true', 'judged wrong');
    await tabTo('#path-next', inLab);
    await host.keyboard.press('Enter');
    await frame.waitForSelector('#path[data-stop=step_no_immediate_retry]');
    await host.close();
  });
} finally {
  await browser.close();
  server.close();
}
done();

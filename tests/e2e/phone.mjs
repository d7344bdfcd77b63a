// The lab on a phone (320 and 375 px, touch): the guided path walked stop by stop, then free
// exploration with every panel and its details open. Never wider than the screen, the dock in
// view, each new stop's heading in view on arrival, the stop's panel right under its card (or
// one tap away, the dock's «↑ Volver»), and a vertical swipe over the time-travel slider
// scrolls the page and leaves the clock alone. Screenshots go to tests/e2e/out/phone-*.png.
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, settled, wake } from './lib.mjs';
import { STOPS, passStop } from './path-walk.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const { check, done } = checks('phone');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();

/** Width, dock and card facts of the page as the learner sees it now. */
const facts = (p) => p.evaluate(() => {
  const rect = (s) => document.querySelector(s)?.getBoundingClientRect();
  const dock = rect('.dock');
  return {
    width: document.documentElement.scrollWidth,
    height: innerHeight,
    dockIn: !!dock && dock.top >= 0 && dock.bottom <= innerHeight + 1 && dock.height > 0,
    // One row: its 44 px buttons and 8 px of padding above and below (a second row is 50 more).
    dockRow: !!dock && dock.height <= 64,
    dockWords: [...document.querySelectorAll('.dock button')].map((b) => b.innerText.trim()).join(' | '),
    // The stop's title: a new stop opens with it at the screen's top (the path's heading above).
    heading: rect('#path-title')?.top,
    cardBottom: rect('#path') ? rect('#path').bottom + scrollY : null,
    focusTop: rect('.slot.focus') ? rect('.slot.focus').top + scrollY : null,
  };
});

try {
  for (const W of [320, 375]) {
    const ctx = await browser.newContext({ viewport: { width: W, height: 740 }, isMobile: true, hasTouch: true });
    const p = await ctx.newPage();
    await p.goto(url);
    await wake(p);
    await p.waitForSelector('#path');
    await check(`${W} px: every stop of the path fits, keeps the dock, opens with its heading and its panel near`, async () => {
      for (let i = 0; i < STOPS.length; i++) {
        const f = await facts(p);
        const where = `${W} px, ${STOPS[i][0]}`;
        assert(f.width <= W, `${where}: the page is ${f.width} px wide`);
        assert(f.dockIn, `${where}: the dock is not in view`);
        assert(f.dockRow, `${where}: the dock is more than one row: ${f.dockWords}`);
        // At the screen's top, to the pixel (a smooth scroll may stop a fraction short or past).
        assert(f.heading >= -1 && f.heading < f.height, `${where}: the heading is at ${f.heading}`);
        if (f.focusTop !== null) assert(f.focusTop - f.cardBottom < f.height, `${where}: the panel is ${f.focusTop - f.cardBottom} px under the card`);
        assert(await p.locator('#dock-card').isVisible(), `${where}: no way back to the card in the dock`);
        if (i === 1 && W === 375) await p.screenshot({ path: join(out, `phone-${W}-stop2.png`) });
        await passStop(p, p, i, i % 3 === 1);
        const ran = await facts(p);
        assert(ran.width <= W, `${where}: wider than the screen after its run`);
        assert(ran.dockRow, `${where}: the dock is more than one row after its run: ${ran.dockWords}`);
        if (i + 1 < STOPS.length) {
          // From wherever the run left the learner, back to the card in one tap, then on.
          await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await p.locator('#dock-card').click();
          // The dock scrolls smoothly (slower on a busy machine): read the heading once the
          // screen has stopped moving.
          await settled(p);
          const h = (await facts(p)).heading;
          assert(h >= -1 && h < 740, `${where}: «↑ Volver» left the heading at ${h}`);
          await p.locator('#path-next').click();
          // The next stop's card is brought into view smoothly: judge it once it is there.
          await settled(p);
        }
      }
    });
    await check(`${W} px: free exploration with every panel and detail open fits`, async () => {
      await p.locator('#path-explore').click();
      await p.click('#publish-twice');
      await p.selectOption('#speed', '3600');
      await p.click('#play');
      // Both copies settled (delivered or dead-lettered), so every panel has something to show.
      await p.waitForFunction(() => /Entregados: [2-9]|En dead-letter: [1-9]/.test(document.querySelector('#event-counts')?.textContent ?? ''));
      await p.click('#play');
      await p.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      const f = await facts(p);
      assert(f.width <= W, `the page is ${f.width} px wide`);
      await p.screenshot({ path: join(out, `phone-${W}-free.png`), fullPage: true });
    });
    await check(`${W} px: a vertical swipe over the time-travel slider scrolls the page, not the run`, async () => {
      if (await p.locator('#play[aria-pressed=true]').count()) await p.click('#play');
      const clock = await p.locator('#clock').innerText();
      await p.locator('#scrub').scrollIntoViewIfNeeded();
      const box = await p.locator('#scrub').boundingBox();
      const y0 = await p.evaluate(() => scrollY);
      const cdp = await ctx.newCDPSession(p);
      const x = box.x + box.width * 0.3;
      const y = box.y + box.height / 2;
      const touch = (type, ty) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: ty }] });
      await touch('touchStart', y);
      for (let k = 1; k <= 10; k++) await touch('touchMove', y - 25 * k);
      await touch('touchEnd');
      // The swipe scrolled the page (or the check fails there, after `WAIT`, saying so).
      await p.waitForFunction((y) => scrollY !== y, y0).catch(() => { throw new Error(`the page did not scroll (${y0})`); });
      assert(await p.locator('#clock').innerText() === clock, `the clock moved: ${clock} → ${await p.locator('#clock').innerText()}`);
      assert(await p.locator('#past-hint').count() === 0, 'the run went into the past');
    });
    await ctx.close();
  }
} finally {
  await browser.close();
  server.close();
}
done();

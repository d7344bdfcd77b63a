// Screenshots of the built page for people to look at (not a test): 1280 and 375 px wide, in
// Spanish and English, after a short run with a dead letter. Output in tests/e2e/out/.
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDir, wake } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const scheme = process.env.SCHEME ?? 'light';
for (const width of [1280, 375]) {
  for (const lang of ['es', 'en']) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
    await page.goto(url + '?start=free');
    await page.waitForSelector('[role=log]', { state: 'attached' }); // the last panel, drawn just after the first paint
    if (lang === 'en') await page.selectOption('#lang', 'en');
    await page.fill('#failure', '100');
    await page.dispatchEvent('#failure', 'input');
    await page.click('#publish-one');
    for (let i = 0; i < 4; i++) await page.click('#step');
    await page.click('#fault-ack_lost');
    await page.click('#publish-twice');
    const file = join(out, `screen-${width}-${lang}-${scheme}.png`);
    await page.screenshot({ path: file, fullPage: width > 400 });
    if (width < 400) {
      for (const part of ['.timeline-panel', '#dlq', '.consumers', '#dup-table']) {
        const name = file.replace('.png', `-${part.replace(/[^a-z-]/g, '')}.png`);
        await page.locator(part).first().screenshot({ path: name });
      }
    }
    console.log(file);
    await page.close();
  }
}
await browser.close();
server.close();

// The guided path: two stops (the backoff bar, the crash after commit), before and after the
// prediction, at 1280 and 375 px, in Spanish.
{
  const { passStop } = await import('./path-walk.mjs');
  const { server: s2, url: u2 } = await serveDir(join(here, '..', '..', 'dist'));
  const b2 = await launchChromium();
  for (const width of [1280, 375]) {
    const page = await b2.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
    await page.goto(u2);
    await wake(page); // the default first view waits for the learner's first touch
    await page.waitForSelector('#path[data-stop=step_backoff]');
    for (const [i, stop] of [[0, 'backoff'], [8, 'crash']]) {
      if (i) await page.evaluate((k) => document.querySelectorAll('.path-marks .mark')[k].click(), i);
      await page.waitForSelector(`#path[data-stop=step_${stop}]`);
      await page.locator('#path').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(out, `path-${stop}-${width}-before.png`) });
      await passStop(page, { locator: (sel) => page.locator(sel) }, i, stop === 'backoff');
      await page.locator('#path-result').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(out, `path-${stop}-${width}-after.png`) });
      console.log(join(out, `path-${stop}-${width}-{before,after}.png`));
    }
    await page.close();
  }
  await b2.close();
  s2.close();
}

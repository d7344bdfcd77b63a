// Screenshot of one element of the built page (for people to look at): node shot-el.mjs SELECTOR OUT [WIDTH] [LANG]
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDir, wake } from './lib.mjs';

const [sel, out, width = '1280', lang = 'es'] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
await wake(page);
await page.waitForSelector('[role=log]', { state: 'attached' }); // the last panel, drawn just after the first paint
if (lang === 'en') await page.selectOption('#lang', 'en');
await page.fill('#failure', '50');
await page.locator(sel).first().screenshot({ path: out });
await browser.close();
server.close();

// Soak run (not part of scripts/test; about SOAK_MINUTES + 1 minutes): the built page at top
// speed with thousands of events, an outage switched on and off and every dead letter replayed
// every 20 s, for SOAK_MINUTES (default 10) of wall time. Reports JS heap and wasm memory at
// start and end, and frames per second; fails if memory grows past a bound or frames stall.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDir } from './lib.mjs';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const here = dirname(fileURLToPath(import.meta.url));
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();
const mb = (b) => (b / 1048576).toFixed(1);
let ok = true;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url + '?start=free');
  await page.waitForSelector('[role=log]', { state: 'attached' }); // the last panel, drawn just after the first paint
  await page.selectOption('#speed', '3600');
  await page.fill('#failure', '50');
  await page.evaluate(() => { const b = document.getElementById('publish-twice'); for (let i = 0; i < 1500; i++) b.click(); });
  const memory = () => page.evaluate(async () => {
    const m = await import('./retry-lab.js');
    return { heap: performance.memory.usedJSHeapSize, wasm: m.wasm_memory_bytes(), events: document.getElementById('event-counts').textContent };
  });
  await page.click('#play');
  await page.waitForTimeout(5000);
  const start = await memory();
  console.log(`soak start: JS heap ${mb(start.heap)} MB, wasm memory ${mb(start.wasm)} MB, ${start.events}`);
  const fps = [];
  const t0 = Date.now();
  let cycle = 0;
  while (Date.now() - t0 < minutes * 60000) {
    cycle++;
    await page.click('#outage');
    const f1 = await page.evaluate(() => new Promise((r) => { let n = 0; const t = performance.now(); const tick = () => { n++; if (performance.now() - t < 5000) requestAnimationFrame(tick); else r(n / 5); }; requestAnimationFrame(tick); }));
    await page.click('#outage');
    if (await page.locator('#replay-all').count()) await page.click('#replay-all');
    const f2 = await page.evaluate(() => new Promise((r) => { let n = 0; const t = performance.now(); const tick = () => { n++; if (performance.now() - t < 5000) requestAnimationFrame(tick); else r(n / 5); }; requestAnimationFrame(tick); }));
    fps.push(f1, f2);
    await page.waitForTimeout(10000);
  }
  const end = await memory();
  const clock = await page.textContent('#clock');
  console.log(`soak end after ${minutes} min (${cycle} outage/replay cycles, simulated clock ${clock}): JS heap ${mb(end.heap)} MB, wasm memory ${mb(end.wasm)} MB, ${end.events}`);
  const sorted = [...fps].sort((a, b) => a - b);
  console.log(`frames per second while running: min ${sorted[0].toFixed(1)}, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)}`);
  if (end.wasm > start.wasm * 2 + 8 * 1048576 || end.heap > start.heap * 3 + 32 * 1048576) { ok = false; console.log('FAIL memory grew without bound'); }
  if (sorted[Math.floor(sorted.length / 2)] < 10) { ok = false; console.log('FAIL frame rate unusable'); }
} finally {
  await browser.close();
  server.close();
}
console.log(`soak: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
process.exit(ok ? 0 : 1);

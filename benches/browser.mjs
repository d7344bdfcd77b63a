// Browser benchmarks for scripts/bench (not a test): Monte Carlo throughput in headless
// Chromium, the figures' recompute-and-render time, and first render of the lab versus a
// minimal Yew page, and a classroom's load over slow 4G with the CPU slowed 4x: the first stop
// readable, a first prediction tapped and taking effect, the live lab. Usage: node benches/browser.mjs LAB_DIST BASELINE_DIST
import { launchChromium, serveDir, touchAtParse, trackLayoutShift } from '../tests/e2e/lib.mjs';

const [labDist, baseDist, slowest] = process.argv.slice(2);
const RUNS = 7;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

const lab = await serveDir(labDist);
const base = await serveDir(baseDist);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Free exploration: the figures are veiled on the path until their stop.
  await page.goto(lab.url + '?start=free');
  await page.waitForSelector('#lab > .lab #figure-summary');

  const mc = [];
  for (let i = 0; i < RUNS; i++) {
    mc.push(await page.evaluate(async () => { const b = await import('./bench.js'); await b.default(); return b.bench_montecarlo(1000000); }));
  }
  console.log(`browser montecarlo: 1000000 events, median ${median(mc).toFixed(1)} ms (runs: ${mc.map((x) => x.toFixed(1)).join(' ')})`);

  const recompute = await page.evaluate(async () => {
    const slider = document.getElementById('failure');
    const summary = () => document.getElementById('figure-summary').textContent;
    const times = [];
    for (let v = 10; v <= 90; v += 5) {
      const before = summary();
      const t0 = performance.now();
      slider.value = String(v);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      const t1 = performance.now();
      if (summary() === before) throw new Error(`figures did not update at p=${v}`);
      times.push(t1 - t0);
    }
    return times;
  });
  console.log(`browser figures recompute + render (100000 + 9 x 10000 events): median ${median(recompute).toFixed(1)} ms over ${recompute.length} slider moves (max ${Math.max(...recompute).toFixed(1)})`);

  // Time travel: recomputing 30 simulated minutes of a 100-event session (the core alone),
  // then the same through the page's scrubber (recompute and redraw).
  const travel = await page.evaluate(async () => { const b = await import('./bench.js'); await b.default(); return b.bench_recompute(100); });
  console.log(`browser time travel: recompute 30 simulated minutes of a 100-event session, median ${travel.toFixed(2)} ms`);
  // The same session as a scenario file (a publication every 18 simulated seconds), loaded
  // and played to its end at 30 minutes.
  const session = {
    seed: 1, failure_probability: 0.5, run_until_ms: 1800000,
    actions: Array.from({ length: 100 }, (_, k) => ({ at_ms: k * 18000, do: 'publish', norad_id: 25544, pass_start_utc: '2026-07-29T14:00:00Z' })),
  };
  await page.setInputFiles('#scenario-file', { name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(session)) });
  await page.selectOption('#speed', '3600');
  await page.click('#play');
  await page.waitForFunction(() => document.getElementById('clock').dataset.ms === '1800000', null, { timeout: 20000 });
  const scrub = await page.evaluate(async () => {
    const el = document.getElementById('scrub');
    const end = Number(el.max);
    const times = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      el.value = String(i % 2 ? Math.floor(end / 2) : end);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      times.push(performance.now() - t0);
    }
    return { end, times: times.filter((_, i) => i % 2 === 0) };
  });
  console.log(`browser time travel through the scrubber to minute 30 of a 100-event session (${scrub.end} ms): median ${median(scrub.times).toFixed(1)} ms per move, recompute + render (max ${Math.max(...scrub.times).toFixed(1)})`);

  // The consumer workbench's checker in the page: each preset, and the slowest 12-step program
  // the native bench found (`steps --effect e`), the median of 15 checks each.
  const wb = await browser.newPage();
  await wb.goto(lab.url + 'workbench.html');
  await wb.waitForSelector('.wb-list');
  const presets = ['apply,ack', 'check,apply,insert,ack', 'begin,insert,commit,begin,apply,commit,ack',
    'begin,apply,commit,begin,insert,commit,ack', 'ack,begin,insert,apply,commit', 'begin,insert,apply,commit,ack'];
  const programs = presets.map((p) => [p, 'add']);
  if (slowest) programs.push(slowest.split(' --effect '));
  const wbTimes = [];
  for (const [steps, effect] of programs) {
    const ms = await wb.evaluate(async ([s, e]) => (await import('./workbench.js')).bench_workbench(s, e), [steps, effect]);
    wbTimes.push(ms);
    console.log(`browser workbench check ${steps} (${effect}): median ${ms.toFixed(3)} ms`);
  }
  const presetTimes = wbTimes.slice(0, presets.length);
  console.log(`browser workbench: presets median ${median(presetTimes).toFixed(3)} ms, worst ${Math.max(...presetTimes).toFixed(3)} ms; slowest 12-step program ${slowest ? wbTimes.at(-1).toFixed(3) + ' ms' : '(not given)'}`);
  await wb.close();

  // The module's first render: the live lab (`#lab > .lab`; the prerendered copy sits one level
  // down) or the baseline's root. The lab's module waits for the learner's first touch
  // (www/start.js): touched here as early as a learner could, when the page is parsed.
  async function firstRender(url, sel) {
    const ctx = await browser.newContext();
    try {
      const p = await ctx.newPage();
      await p.addInitScript(touchAtParse);
      await p.addInitScript((sel) => {
        new MutationObserver((_, obs) => {
          if (document.querySelector(sel)) {
            window.__firstRender = performance.now();
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      }, sel);
      await p.goto(url);
      await p.waitForFunction(() => window.__firstRender !== undefined);
      return await p.evaluate(() => window.__firstRender);
    } finally {
      await ctx.close();
    }
  }
  // Alternate the two pages, each in a fresh context (empty cache), so a noisy stretch of the
  // machine hits both alike; twice the usual runs, as single loads vary by tens of ms here.
  const fl = [];
  const fb = [];
  for (let i = 0; i < 2 * RUNS + 1; i++) {
    fl.push(await firstRender(lab.url, '#lab > .lab h1'));
    fb.push(await firstRender(base.url, '.lab h1'));
  }
  console.log(`first render, lab:      median ${median(fl).toFixed(1)} ms after navigation (runs: ${fl.map((x) => x.toFixed(0)).join(' ')})`);
  console.log(`first render, baseline: median ${median(fb).toFixed(1)} ms (minimal Yew page, same build)`);
  console.log(`first render ratio lab / baseline: ${(median(fl) / median(fb)).toFixed(2)}x`);

  // A classroom: a cheap laptop on a shared school connection. Chromium's "Slow 4G" network
  // profile (1.6 Mbps down, 750 kbps up, 150 ms round trip) and 4x CPU slowdown, files served
  // gzipped, empty cache. The lab: first content is the first stop's heading in the page and
  // painted (the later of its arrival and the first contentful paint); then a learner taps the
  // first stop's choice as soon as the page takes taps (start.js has run, or the live lab is
  // there), and we time the tap, its effect (the choice pressed), and the live lab showing that
  // prediction (its module fetched from the tap on, www/start.js); the bytes are those the page
  // had fetched (transfer sizes) when the learner tapped. The baseline: its content drawn.
  // Layout shift: the sum of the page's shifts until a second after the live lab.
  const CHOICE = '[data-choice="waits-add-up"]';
  async function classroomLoad(url, isLab) {
    const ctx = await browser.newContext(isLab ? { hasTouch: true } : {});
    try {
      const p = await ctx.newPage();
      const cdp = await ctx.newCDPSession(p);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await p.addInitScript(trackLayoutShift);
      await p.addInitScript((CHOICE) => {
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
        }).observe({ type: 'paint', buffered: true });
        addEventListener('pointerdown', () => {
          if (window.__tap !== undefined) return;
          window.__tap = performance.now();
          window.__bytes = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
            .reduce((n, e) => n + e.transferSize, 0);
        }, true);
        new MutationObserver((_, obs) => {
          if (window.__content === undefined && document.querySelector('#pre-path-title, #path-title, .lab h1')) window.__content = performance.now();
          if (window.__pressed === undefined && document.querySelector(`${CHOICE}[aria-pressed=true]`)) window.__pressed = performance.now();
          if (document.querySelector(`#lab > .lab ${CHOICE}[aria-pressed=true]`)) {
            window.__live = performance.now();
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
      }, CHOICE);
      await p.goto(url, { timeout: 60000, waitUntil: 'commit' });
      if (!isLab) {
        await p.waitForSelector('h1', { timeout: 60000 });
        await p.waitForFunction(() => window.__fcp !== undefined, null, { timeout: 60000 });
        return { content: await p.evaluate(() => Math.max(window.__content ?? 0, window.__fcp)) };
      }
      const choice = p.locator(`#lab > .prerendered:not([inert]) ${CHOICE}, #lab > .lab ${CHOICE}`).first();
      await choice.waitFor({ timeout: 60000 });
      await choice.tap({ timeout: 60000 });
      await p.waitForFunction(() => window.__live !== undefined && window.__fcp !== undefined, null, { timeout: 60000 });
      await p.waitForTimeout(1000);
      return await p.evaluate(() => ({
        content: Math.max(window.__content ?? window.__live, window.__fcp),
        tap: window.__tap, pressed: window.__pressed, live: window.__live, bytes: window.__bytes, cls: window.__cls,
      }));
    } finally {
      await ctx.close();
    }
  }
  // Served gzipped (as course platforms serve static files) and, for comparison, as a
  // server without compression would.
  const runs = (xs, f) => xs.map((x) => f(x).toFixed(0)).join(' ');
  for (const gzip of [true, false]) {
    const labSrv = await serveDir(labDist, {}, { gzip });
    const baseSrv = await serveDir(baseDist, {}, { gzip });
    const cl = [];
    const cb = [];
    for (let i = 0; i < 5; i++) {
      cl.push(await classroomLoad(labSrv.url, true));
      cb.push(await classroomLoad(baseSrv.url, false));
    }
    const how = gzip ? 'gzip' : 'uncompressed';
    const med = (xs, k) => median(xs.map((x) => x[k]));
    console.log(`classroom load (slow 4G, CPU 4x, ${how}), lab: first content ${med(cl, 'content').toFixed(0)} ms (runs: ${runs(cl, (x) => x.content)}); first tap on a choice at ${med(cl, 'tap').toFixed(0)} ms, the choice pressed at ${med(cl, 'pressed').toFixed(0)} ms (runs: ${runs(cl, (x) => x.pressed)}); the live lab with that prediction at ${med(cl, 'live').toFixed(0)} ms (runs: ${runs(cl, (x) => x.live)}); fetched before the tap ${med(cl, 'bytes').toFixed(0)} bytes; layout shift ${med(cl, 'cls').toFixed(4)}`);
    console.log(`classroom load (slow 4G, CPU 4x, ${how}), baseline: content ${med(cb, 'content').toFixed(0)} ms (runs: ${runs(cb, (x) => x.content)})`);
    labSrv.server.close();
    baseSrv.server.close();
  }
  console.log(`BROWSER_MC_MS=${median(mc).toFixed(2)}`);
} finally {
  await browser.close();
  lab.server.close();
  base.server.close();
}

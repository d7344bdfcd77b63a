// Where the main thread's "(program)" time goes at start-up (docs/performance-size.md): a
// Chromium trace of LAB_DIST's load (fresh cache, files gzipped) from navigation to the live
// lab's play button, summed over RUNS loads: the renderer main thread's layout, style, paint
// and HTML parse, and V8's wasm events on that thread and on the others.
// Usage: node benches/startup-trace.mjs LAB_DIST [RUNS]
import { launchChromium, serveDir, touchAtParse } from '../tests/e2e/lib.mjs';
const [dist, runsArg] = process.argv.slice(2);
const RUNS = Number(runsArg ?? 3);
const server = await serveDir(dist, {}, { gzip: true });
const browser = await launchChromium();
const tot = new Map();
for (let r = 0; r < RUNS; r++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.addInitScript(touchAtParse);
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => { if (document.querySelector('#play')) { window.__interactive = performance.now(); performance.mark('interactive'); obs.disconnect(); } })
      .observe(document, { childList: true, subtree: true });
  });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'v8.wasm', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
  await page.goto(server.url);
  await page.waitForFunction(() => window.__interactive !== undefined);
  const buf = await browser.stopTracing();
  const ev = JSON.parse(buf.toString()).traceEvents;
  const mark = ev.find((e) => e.name === 'interactive' && e.cat.includes('user_timing'));
  const nav = ev.find((e) => e.name === 'navigationStart') ?? ev.find((e) => e.name === 'TracingStartedInBrowser');
  // The renderer's main thread: the one that parses the HTML.
  const ph = ev.find((e) => e.name === 'ParseHTML');
  const main = ev.filter((e) => e.pid === ph.pid && e.tid === ph.tid && e.ph === 'X' && e.ts <= mark.ts && e.ts >= nav.ts);
  // Top-level events only: those not inside another on the same thread.
  main.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let end = 0;
  const top = new Map();
  for (const e of main) {
    if (e.ts >= end) { top.set(e.name, (top.get(e.name) ?? 0) + e.dur); end = e.ts + e.dur; }
  }
  // Every event of these names on the main thread, nested or not.
  const any = new Map();
  for (const e of main) any.set(e.name, (any.get(e.name) ?? 0) + e.dur);
  for (const [k, v] of top) tot.set('top:' + k, (tot.get('top:' + k) ?? 0) + v);
  for (const k of ['v8.wasm.streamFromResponseCallback', 'wasm.SyncCompile', 'wasm.CompileLazy', 'v8.wasm.compileLazy', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'PrePaint', 'Commit', 'v8.wasm.compiledModule', 'v8.wasm.finishedStreaming', 'wasm.FinishCompile', 'v8.wasm.moduleInstantiate']) if (any.has(k)) tot.set('all:' + k, (tot.get('all:' + k) ?? 0) + any.get(k));
  const wasmEv = ev.filter((e) => /wasm/i.test(e.name));
  const names = new Map(); for (const e of wasmEv) names.set(e.name + ' tid' + (e.tid === ph.tid ? 'main' : 'other'), (names.get(e.name + ' tid' + (e.tid === ph.tid ? 'main' : 'other')) ?? 0) + (e.dur ?? 0));
  for (const [k, v] of names) tot.set('wasm:' + k, (tot.get('wasm:' + k) ?? 0) + v);
  tot.set('span nav->interactive', (tot.get('span nav->interactive') ?? 0) + (mark.ts - nav.ts));
  await ctx.close();
}
await browser.close();
for (const [k, v] of [...tot].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`${(v / 1000 / RUNS).toFixed(1).padStart(8)} ms  ${k}`);

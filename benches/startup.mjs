// Where the lab's start-up time goes (issue 45; docs/performance-size.md): loads LAB_DIST in
// headless Chromium with a fresh cache, files served gzipped, optionally with the CPU slowed
// (CPU=4), and samples the main thread with V8's profiler from navigation until the live
// lab's play button is in the page. Prints the page's milestones and the self time of the
// sampled functions grouped as in the size report (a build that keeps the name section names
// the wasm functions; a shipped build shows them as wasm-function[N]).
// Usage: node benches/startup.mjs LAB_DIST [RUNS]
import { launchChromium, serveDir, touchAtParse } from '../tests/e2e/lib.mjs';

const [dist, runsArg] = process.argv.slice(2);
const RUNS = Number(runsArg ?? 5);
const CPU = Number(process.env.CPU ?? 1);
const server = await serveDir(dist, {}, { gzip: true });
const browser = await launchChromium();
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

function group(fn) {
  const n = fn.functionName || '(anonymous)';
  const url = fn.url || '';
  if (/\.wasm/.test(url) || /^wasm-function|^\$/.test(n) || n.includes('::')) {
    if (/CompStateInner.*::view|FunctionProvider>::run|retry_lab::ui::/.test(n)) return 'wasm: our views (ui)';
    if (/retry_lab::(sim|lab)::/.test(n)) return 'wasm: simulation and lab state';
    if (/retry_lab::/.test(n)) return 'wasm: ours, other';
    if (/^<?yew|dom_bundle|virtual_dom/.test(n)) return 'wasm: yew (diff, attach, scheduler)';
    if (/dlmalloc|alloc|drop_in_place|__rust/.test(n)) return 'wasm: allocation and drop';
    if (/^wasm-function/.test(n)) return 'wasm (unnamed)';
    return 'wasm: core, std, bindings';
  }
  if (['(garbage collector)', '(program)', '(idle)', '(root)'].includes(n)) return n;
  if (n === 'startupInteractiveMarker' || /InjectedScript|UtilityScript|MutationObserver|PerformanceObserver|evaluate|predicate/.test(n) && !url) return 'measurement';
  if (/retry-lab\.js/.test(url)) return 'js: wasm-bindgen glue (DOM calls from wasm)';
  if (url) return 'js: ' + url.replace(/^.*\//, '');
  if (/wasm-to-js|js-to-wasm/.test(n)) return 'wasm/JS transitions';
  return 'browser builtins called (DOM: ' + n + ', …)';
}

const totals = new Map();
let skipped = 0;
const marks = { wasmDone: [], jsDone: [], firstRender: [], interactive: [], fcp: [] };
for (let r = 0; r < RUNS; r++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.addInitScript(touchAtParse);
  await page.addInitScript(() => {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new MutationObserver((_, obs) => {
      if (window.__first === undefined && document.querySelector('#lab > .lab h1')) window.__first = performance.now();
      if (document.querySelector('#play')) {
        window.__interactive = performance.now();
        obs.disconnect();
        // A named busy loop of 5 ms: where it is first sampled, the profile is cut, so what
        // the page does after it is interactive (and while the test polls for it) is left out.
        (function startupInteractiveMarker() { const t = performance.now(); while (performance.now() - t < 5); })();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(server.url);
  await page.waitForFunction(() => window.__interactive !== undefined, null, { timeout: 60000 });
  const { profile } = await cdp.send('Profiler.stop');
  const m = await page.evaluate(() => {
    const res = performance.getEntriesByType('resource');
    const end = (s) => res.find((e) => e.name.endsWith(s))?.responseEnd;
    return { wasmDone: end('retry-lab_bg.wasm'), jsDone: end('retry-lab.js'), firstRender: window.__first, interactive: window.__interactive, fcp: window.__fcp };
  });
  // Self time per node: samples and their time deltas.
  for (const k of Object.keys(marks)) marks[k].push(m[k]);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const cut = profile.samples.findIndex((id) => byId.get(id).callFrame.functionName === 'startupInteractiveMarker');
  if (cut < 0) { console.log('startup: a load whose marker was not sampled, left out of the profile'); skipped++; await ctx.close(); continue; }
  // A sample's delta is the time since the one before it: the time up to a sample goes to it.
  profile.samples.slice(0, cut).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  for (const [id, us] of self) {
    const g = group(byId.get(id).callFrame);
    const t = totals.get(g) ?? { us: 0, fns: new Map() };
    t.us += us;
    const name = byId.get(id).callFrame.functionName || '(anonymous)';
    t.fns.set(name, (t.fns.get(name) ?? 0) + us);
    totals.set(g, t);
  }
  await ctx.close();
}
await browser.close();
server.close?.();
const f = (v) => (v === undefined ? '-' : v.toFixed(0));
console.log(`startup: ${RUNS} loads, CPU slowdown ${CPU}x, files gzipped, no network throttling`);
for (const [k, v] of Object.entries(marks)) console.log(`startup: ${k.padEnd(12)} median ${f(median(v))} ms (runs: ${v.map(f).join(' ')})`);
const all = [...totals.values()].reduce((a, t) => a + t.us, 0);
const profiled = RUNS - skipped;
console.log(`startup: sampled main-thread time from navigation to interactive, ${profiled} loads: ${(all / 1000 / profiled).toFixed(0)} ms per load`);
// Builtins (DOM calls) as one line: each is small.
const dom = { us: 0, fns: new Map() };
for (const [g, t] of [...totals]) if (g.startsWith('browser builtins')) { dom.us += t.us; for (const [n, us] of t.fns) dom.fns.set(n, us); totals.delete(g); }
totals.set('browser builtins called by the page (DOM and others)', dom);
for (const [g, t] of [...totals].sort((a, b) => b[1].us - a[1].us)) {
  const top = [...t.fns].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, us]) => `${n.slice(0, 70)} ${(us / 1000 / profiled).toFixed(1)}`).join('; ');
  console.log(`startup: ${(t.us / 1000 / profiled).toFixed(1).padStart(7)} ms per load  ${g}  [${top}]`);
}

// Shared by the end-to-end scripts and benchmarks: a static file server on 127.0.0.1, Debian's
// Chromium launched the way this machine needs, and a tiny check/report harness.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

/** Serves `root`; `headers` are added to every response. With `gzip`, answers a client that
 * accepts it with gzip -9 bodies, as a course platform's web server would: compressed once per
 * file version and kept, as such a server or its CDN does, so a benchmark does not time this
 * server compressing a module for each load; `types` overrides the content type by extension
 * (a misconfigured server); `port` 0 takes a free one. Resolves to { server, url }. */
export function serveDir(root, headers = {}, { gzip = false, types = {}, port = 0 } = {}) {
  const gzipped = new Map();
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path.endsWith('/') ? path + 'index.html' : path);
    try {
      let body = await readFile(file);
      const type = { 'content-type': types[extname(file)] ?? TYPES[extname(file)] ?? 'application/octet-stream' };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        // Keyed by the bytes' digest: a rebuilt file is compressed anew.
        const key = createHash('sha256').update(body).digest('hex');
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
        body = gzipped.get(key);
        type['content-encoding'] = 'gzip';
      }
      res.writeHead(200, { ...type, ...headers });
      res.end(body);
    } catch {
      res.writeHead(404, headers);
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => {
    resolve({ server, url: `http://127.0.0.1:${server.address().port}/` });
  }));
}

/** The strict policy the built page is checked under: scripts and styles only from its own
 * origin, wasm compiled by the page's own script. */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

/** Collects what a page reports as wrong (console errors, uncaught errors: CSP violations are
 * errors) and every URL it requests. */
export function watchPage(page) {
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  return { errors, requests };
}

/** Flags Chromium needs here as root with no network but loopback. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** How long any wait may take: generous for two busy cores (a load of two other processes
 * slows a module's start several times over). `E2E_WAIT_MS` sets another bound. */
export const WAIT = Number(process.env.E2E_WAIT_MS) || 30000;

/** Pages a failing check describes: every page of every context `launchChromium` made. */
const watched = new Set();

/** Keeps a page's last console lines and page errors (its frames' too), for a failure. */
function watch(page) {
  const lines = [];
  const keep = (line) => { lines.push(line.slice(0, 240)); if (lines.length > 12) lines.shift(); };
  page.on('console', (m) => keep(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => keep(`pageerror: ${e}`));
  page.__lines = lines;
  watched.add(page);
  page.on('close', () => watched.delete(page));
}

/** Every context waits up to `WAIT` by default and watches its pages. */
function prepare(ctx) {
  ctx.setDefaultTimeout(WAIT);
  ctx.setDefaultNavigationTimeout(WAIT);
  for (const p of ctx.pages()) watch(p);
  ctx.on('page', watch);
  return ctx;
}

export async function launchChromium() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (o) => prepare(await newContext(o));
  browser.newPage = async (o) => {
    const p = await newPage(o);
    prepare(p.context());
    if (!watched.has(p)) watch(p);
    return p;
  };
  return browser;
}

/** What the lab shows now, in the document it runs in: run in the page (by Playwright or
 * WebDriver), so it names only the DOM. Empty fields are left out. */
export function labState() {
  const q = (s) => document.querySelector(s);
  const text = (s) => q(s)?.textContent.replace(/\s+/g, ' ').trim().slice(0, 100) || undefined;
  const state = {
    url: location.href.slice(0, 140),
    lang: document.documentElement.lang || undefined,
    h1: text('#lab > .lab h1') ?? text('h1'),
    loading: text('.loading') ?? text('#load-failure'),
    stop: q('#path')?.dataset.stop,
    step: text('#path-count'),
    said: q('.choice.chosen')?.dataset.choice,
    act: q('#path-act')?.dataset.act,
    result: q('#path-result')?.dataset.right,
    clock: text('#clock'),
    playing: q('#play')?.getAttribute('aria-pressed') ?? undefined,
    counts: text('#event-counts'),
    notices: [...document.querySelectorAll('.notice, #boundary-notices')].map((n) => n.textContent.trim().slice(0, 100)).join(' / ') || undefined,
    panic: text('.crash'),
    host: text('#host-diagnostics'),
    // The example hosts keep what they sent to the lab and what it told them.
    sent: window.sent?.slice(-4).map((m) => JSON.stringify(m)).join(' ') || undefined,
    received: window.received?.slice(-6).map((m) => m.type).join(',') || undefined,
  };
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined));
}

/** Resolves to `p`'s value, or to `fallback` if it takes longer than `ms` (a page too busy
 * to answer must not hang the report of a failure). */
function within(p, ms, fallback) {
  return Promise.race([p.catch((e) => `(${e.message.split('\n')[0]})`), new Promise((r) => setTimeout(() => r(fallback), ms))]);
}

/** What every watched page shows now, frame by frame, with its last console lines. */
export async function describePages() {
  const out = [];
  for (const page of watched) {
    if (page.isClosed()) continue;
    for (const frame of page.frames()) {
      if (frame.url() === 'about:blank') continue;
      const s = await within(frame.evaluate(labState), 3000, '(the page did not answer in 3 s)');
      out.push(`${frame === page.mainFrame() ? 'page' : '  frame'}: ${typeof s === 'string' ? `${frame.url()} ${s}` : JSON.stringify(s)}`);
    }
    if (page.__lines?.length) out.push(`  last console lines: ${page.__lines.slice(-6).join(' ⏎ ')}`);
  }
  return out.join('\n       ');
}

/** Polls `fn()` (in node) every `every` ms until it returns something truthy, and returns
 * it; after `ms` throws, naming `what` and the last value seen, or what `saw()` says was seen
 * (for a condition whose value is only yes or no). For conditions outside a page (a record
 * store's requests, a count of messages). */
export async function until(what, fn, ms = WAIT, every = 50, saw = undefined) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}; last saw ${JSON.stringify(saw ? saw() : last)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** A named group of checks; `done()` prints "NAME: N passed, N failed" and exits accordingly. */
export function checks(name) {
  let passed = 0;
  let failed = 0;
  return {
    async check(what, fn) {
      try {
        await fn(); passed++; console.log(`ok   ${what}`);
      } catch (e) {
        failed++;
        // Playwright's call log is long: its first lines say what was waited for.
        const said = e.message.split('\n').filter((l) => l.trim()).slice(0, 4).join('\n       ');
        console.log(`FAIL ${what}: ${said}\n     what the pages showed:\n       ${await describePages() || '(no page open)'}`);
      }
    },
    pass(what) { passed++; console.log(`ok   ${what}`); },
    fail(what) { failed++; console.log(`FAIL ${what}`); },
    done() {
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
  };
}

export function assert(cond, msg) { if (!cond) throw new Error(msg); }

/** A page's init script (`addInitScript(trackLayoutShift)`): sums the layout shifts that no
 * input caused into `window.__cls`, from the start of the load. */
export function trackLayoutShift() {
  window.__cls = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
}

/** The native runner (`crates/cli/src/main.rs`) with `args`, `input` on its standard input; its
 * output. Built in the native tests' profile, which the test command has built before. */
export function simulate(args, input) {
  return execFileSync('cargo', ['run', '-q', '--profile', 'native-test', '--bin', 'simulate', '--', ...args], {
    cwd: new URL('../..', import.meta.url).pathname,
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** The built files the checks serve: `dist/`, or `E2E_DIST` (a build kept from another
 * commit, to measure it the same way). */
export const DIST = process.env.E2E_DIST ?? new URL('../../dist', import.meta.url).pathname;

/** Where a check opens the lab: `alone` (its own page), `course-page` (the example course
 * page's frame, same origin) or `cross-origin` (the same host page on a second server, so the
 * lab cannot reach it). `E2E_WHERE=alone,course-page` picks some; the checks run each. */
export function wheres(all = ['alone', 'course-page']) {
  return process.env.E2E_WHERE ? process.env.E2E_WHERE.split(',') : all;
}

/** Opens the lab `where` (see `wheres`) in `page`, from the server at `url` (and, across
 * origins, the host page from the server at `hostUrl`), with `query` added to the lab's own
 * address. Resolves to { lab, doc, where }: `lab` finds elements in the lab (the page, or a
 * frame locator that outlives reloads), `doc()` is the lab's frame now (for evaluate). */
export async function openLab(page, where, url, { query = '', hostUrl } = {}) {
  if (where === 'alone') {
    await page.goto(`${url}index.html${query}`);
    await wake(page);
    return { lab: page, doc: () => page.mainFrame(), where };
  }
  // The host page passes `lab` and `origin` on to its frame (www/examples/course-page.js).
  if (where === 'cross-origin' && !hostUrl) throw new Error('openLab: cross-origin needs a second server (hostUrl)');
  const host = new URL('examples/course-page.html', where === 'cross-origin' ? hostUrl : url);
  if (where === 'cross-origin') host.searchParams.set('origin', host.origin);
  if (query || where === 'cross-origin') host.searchParams.set('lab', `${url}index.html${query}`);
  await page.goto(host.href);
  const lab = page.frameLocator('#lab-frame');
  await wake(lab);
  await lab.locator('#lab > .lab h1').waitFor();
  const doc = () => page.frames().find((f) => f !== page.mainFrame() && /index\.html/.test(f.url()));
  return { lab, doc, where };
}

/** The learner's first touch on the lab, where its module waits for one (the default first
 * view: www/start.js): a pointer pressed on the prerendered heading (dispatched, so nothing
 * scrolls), which starts the module and changes nothing else. Where the module started at once, nothing. `lab` is a page or a frame locator;
 * resolves when the module is on its way or running (not when the live lab is drawn). */
export async function wake(lab) {
  await lab.locator('#lab > .lab, #lab > .prerendered:not([inert])').first().waitFor({ state: 'attached' });
  const waiting = lab.locator('html.at-touch:not(.lab-loading) #lab > .prerendered:not([inert]) h1');
  if (await waiting.count()) await waiting.dispatchEvent('pointerdown');
}

/** An init script for benchmarks: the learner's first touch as soon as the page is parsed
 * (start.js has run by then), so a lab whose module waits for that touch starts at once, as
 * early as a learner could start it. Harmless on a page that does not wait. */
export const touchAtParse = () => document.addEventListener('DOMContentLoaded', () => {
  document.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
});

/** Waits until the learner's screen stops moving: the page's scroll position and the lab's
 * height the same over eight looks 60 ms apart (a smooth scroll, which can start a few frames
 * after the render that asked for it, or a frame being resized), and no lab in it holding a new
 * height back from its host. */
export async function settled(page) {
  const looks = [];
  let pending = false;
  await until('the page to stop scrolling', async () => {
    let look;
    [look, pending] = await page.evaluate(() => {
      // A lab in this page or a frame of it (same origin) that has changed size and not yet
      // told its host: the frame is about to be resized (a smaller height is held 700 ms).
      const held = (doc) => !!doc.querySelector('[data-height-pending]')
        || [...doc.querySelectorAll('iframe')].some((f) => {
          try { return !!f.contentDocument && held(f.contentDocument); } catch { return false; }
        });
      return [`${Math.round(scrollY)} ${document.documentElement.scrollHeight}`, held(document)];
    });
    looks.push(look);
    const last = looks.slice(-8);
    return !pending && last.length === 8 && last.every((l) => l === last[0]);
  }, WAIT, 60, () => ({ 'scrollY scrollHeight': looks.slice(-8), 'a height held back': pending }));
}

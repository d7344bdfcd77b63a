// Shared by the end-to-end scripts and benchmarks: a static file server on 127.0.0.1, Debian's
// Chromium launched the way this machine needs, and a tiny check/report harness.
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
 * accepts it with gzip -9 bodies, as a course platform's web server would; `types` overrides
 * the content type by extension (a misconfigured server). Resolves to { server, url }. */
export function serveDir(root, headers = {}, { gzip = false, types = {} } = {}) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path.endsWith('/') ? path + 'index.html' : path);
    try {
      let body = await readFile(file);
      const type = { 'content-type': types[extname(file)] ?? TYPES[extname(file)] ?? 'application/octet-stream' };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body, { level: 9 });
        type['content-encoding'] = 'gzip';
      }
      res.writeHead(200, { ...type, ...headers });
      res.end(body);
    } catch {
      res.writeHead(404, headers);
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
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

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A named group of checks; `done()` prints "NAME: N passed, N failed" and exits accordingly. */
export function checks(name) {
  let passed = 0;
  let failed = 0;
  return {
    async check(what, fn) {
      try { await fn(); passed++; console.log(`ok   ${what}`); } catch (e) { failed++; console.log(`FAIL ${what}: ${e.message}`); }
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

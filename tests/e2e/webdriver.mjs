// A minimal W3C WebDriver client (the handful of HTTP calls the cross-engine walk needs) and the
// three drivers it talks to: chromedriver, geckodriver and WebKitGTK's WebKitWebDriver (under
// Xvfb). One client for all three engines, so the walk is the same script everywhere.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS, WAIT, labState } from './lib.mjs';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `cmd args` and waits until it answers WebDriver's /status on `port`. */
async function startDriver(cmd, args, port, env = {}) {
  const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.on('error', (e) => { stderr += String(e); });
  proc.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`${cmd} exited (${proc.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${base}/status`);
      if (r.ok) return { proc, base };
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  proc.kill();
  throw new Error(`${cmd} did not answer on port ${port}: ${stderr}`);
}

const WEBKIT_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The three engines: how to start each one's driver and what to ask it for. */
export const ENGINES = {
  chromium: {
    async driver() {
      const port = await freePort();
      return startDriver(process.env.CHROMEDRIVER ?? '/usr/bin/chromedriver', [`--port=${port}`], port);
    },
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: process.env.CHROMIUM ?? '/usr/bin/chromium',
        args: ['--headless=new', ...CHROMIUM_ARGS],
      },
    },
  },
  firefox: {
    async driver() {
      const port = await freePort();
      return startDriver('geckodriver', ['--port', String(port), '--log', 'error'], port);
    },
    capabilities: {
      browserName: 'firefox',
      'moz:firefoxOptions': {
        binary: '/usr/bin/firefox-esr',
        args: ['-headless'],
        // No network here: keep Firefox from reaching out at start (updates, telemetry, safe browsing).
        prefs: {
          'app.update.enabled': false, 'browser.safebrowsing.malware.enabled': false,
          'browser.safebrowsing.phishing.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false,
          'toolkit.telemetry.enabled': false, 'network.captive-portal-service.enabled': false,
        },
      },
    },
  },
  webkit: {
    async driver() {
      // WebKitGTK has no headless mode: it draws into a virtual X display of its own. Xvfb
      // picks a free display number and writes it to fd 3 once it is ready.
      const screen = process.env.XVFB_SCREEN ?? '1280x1000x24';
      const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp'],
        { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
      const display = await new Promise((resolve, reject) => {
        let got = '';
        const timer = setTimeout(() => reject(new Error('Xvfb did not start in 10 s')), 10000);
        xvfb.on('error', (e) => { clearTimeout(timer); reject(e); });
        xvfb.on('exit', (code) => { clearTimeout(timer); reject(new Error(`Xvfb exited (${code})`)); });
        xvfb.stdio[3].on('data', (d) => {
          got += d;
          if (got.includes('\n')) { clearTimeout(timer); resolve(`:${got.trim()}`); }
        });
      });
      const port = await freePort();
      try {
        const d = await startDriver('WebKitWebDriver', [`--port=${port}`], port, { DISPLAY: display });
        return { ...d, extra: xvfb };
      } catch (e) { xvfb.kill(); throw e; }
    },
    capabilities: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation'] },
    },
  },
};

/** `bin` as found on PATH, or a note that it is missing (a path that does not exist). */
function onPath(bin) {
  const dir = (process.env.PATH ?? '').split(':').find((d) => d && existsSync(`${d}/${bin}`));
  return dir ? [`${dir}/${bin}`] : [`(${bin} not on PATH)`];
}

/** Whether the engine's programs are installed on this machine. */
export function engineInstalled(name) {
  const need = {
    chromium: [process.env.CHROMEDRIVER ?? '/usr/bin/chromedriver', process.env.CHROMIUM ?? '/usr/bin/chromium'],
    firefox: ['/usr/bin/firefox-esr', ...onPath('geckodriver')],
    webkit: ['/usr/bin/WebKitWebDriver', WEBKIT_BROWSER, '/usr/bin/Xvfb'],
  }[name];
  return need.every((p) => existsSync(p));
}

/** A WebDriver session on one engine. */
export class Session {
  static async open(name) {
    const engine = ENGINES[name];
    const driver = await engine.driver();
    try {
      const r = await call(driver.base, 'POST', '/session', { capabilities: { alwaysMatch: engine.capabilities } });
      return new Session(name, driver, r.sessionId, r.capabilities);
    } catch (e) {
      driver.proc.kill();
      driver.extra?.kill();
      throw e;
    }
  }

  constructor(name, driver, id, capabilities) {
    this.name = name;
    this.driver = driver;
    this.url = `${driver.base}/session/${id}`;
    this.capabilities = capabilities;
  }

  /** "firefox 153.0" and the like, from what the driver reported. */
  get version() { return `${this.capabilities.browserName} ${this.capabilities.browserVersion}`; }

  cmd(method, path, body) { return call(this.url, method, path, body); }
  /** Opens `url` and keeps the document's console lines and errors from then on, for a
   * failure's report (WebDriver has no console of its own in every engine). */
  async goto(url) {
    await this.cmd('POST', '/url', { url });
    await this.run(recordConsole).catch(() => {});
  }
  /** Runs `fn(...args)` in the page and returns its JSON result. */
  run(fn, ...args) { return this.cmd('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments)`, args }); }
  async find(css) { return (await this.cmd('POST', '/element', { using: 'css selector', value: css }))[ELEMENT]; }
  /** Clicks `css` once it has stopped moving, as Playwright does (the same place on the top
   * page's screen and size, and the same viewport, three looks 80 ms apart; at most 3 s, then it
   * clicks where it is): a text arriving, the frame being resized or the host page scrolling
   * between WebDriver's scroll and its click would otherwise land the click beside the element. */
  async click(css) {
    const id = await this.find(css);
    // In a frame the element also moves when the host page scrolls (the lab asks it to bring a
    // result into view, smoothly) or moves the frame: its place in the frame alone stays still.
    const place = (sel) => {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      if (!r) return '';
      let top = r.top;
      let left = r.left;
      try {
        for (let w = window; w.frameElement; w = w.parent) {
          const f = w.frameElement.getBoundingClientRect();
          top += f.top;
          left += f.left;
        }
      } catch { /* a host of another origin: its scroll cannot be read from here */ }
      return [top, left, r.width, r.height, innerWidth, innerHeight].map(Math.round).join();
    };
    // Geckodriver judges an element in a frame in view by the frame's own viewport: in a frame
    // the host sized to the lab's height (course pages do) it does not scroll the page, and its
    // click lands below the screen, on nothing. Bring it on screen as a learner would first.
    await this.run((sel) => document.querySelector(sel)?.scrollIntoView({ block: 'nearest', inline: 'nearest' }), css);
    const looks = [];
    for (const end = Date.now() + 3000; Date.now() < end;) {
      looks.push(await this.run(place, css));
      if (looks.length >= 3 && looks.slice(-3).every((l) => l === looks.at(-1))) break;
      await sleep(80);
    }
    return this.cmd('POST', `/element/${id}/click`, {});
  }
  async text(css) { return this.cmd('GET', `/element/${await this.find(css)}/text`); }
  async screenshot() { return Buffer.from(await this.cmd('GET', '/screenshot'), 'base64'); }

  /** Polls `fn(...args)` in the page until it returns something truthy; returns that. After
   * `timeoutMs` throws, naming what it waited for and what the page showed instead. */
  async waitFor(what, fn, args = [], timeoutMs = WAIT) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const v = await this.run(fn, ...args);
      if (v) return v;
      if (Date.now() > until) throw new Error(`waited ${timeoutMs / 1000} s for ${what}; the page showed ${await this.describe()}`);
      await sleep(50);
    }
  }

  /** The lab's state in the current browsing context and its last console lines. */
  async describe() {
    try {
      const [state, lines] = await this.run(`function () { return [(${labState})(), window.__lines ?? []]; }`);
      return `${JSON.stringify(state)}${lines.length ? `; last console lines: ${lines.slice(-6).join(' ⏎ ')}` : ''}`;
    } catch (e) {
      return `(could not read the page: ${e.message})`;
    }
  }

  async close() {
    try { await call(this.url, 'DELETE', ''); } catch { /* the browser may be gone already */ }
    this.driver.proc.kill();
    this.driver.extra?.kill();
  }
}

/** Run in the page: keeps its last console lines and uncaught errors in `window.__lines`. */
function recordConsole() {
  if (window.__lines) return;
  const lines = window.__lines = [];
  const keep = (line) => { lines.push(String(line).slice(0, 240)); if (lines.length > 12) lines.shift(); };
  for (const level of ['log', 'warn', 'error']) {
    const orig = console[level].bind(console);
    console[level] = (...a) => { keep(`${level}: ${a.join(' ')}`); orig(...a); };
  }
  addEventListener('error', (e) => keep(`pageerror: ${e.message}`));
  addEventListener('unhandledrejection', (e) => keep(`unhandled: ${e.reason}`));
}

async function call(base, method, path, body) {
  const r = await fetch(base + path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${json.value?.error ?? ''} ${json.value?.message ?? ''}`.trim());
  return json.value;
}

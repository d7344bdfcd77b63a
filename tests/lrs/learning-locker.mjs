// The real record store of the tests: Learning Locker's xAPI statements service (npm
// `xapi-statements` 5.0.1, installed by `scripts/setup all` into tests/lrs/learning-locker/),
// started on 127.0.0.1 with statements held in memory (MODELS_REPO=memory, so no MongoDB) and
// its keys checked the way Learning Locker checks them (AUTH_REPO=fetch): for each Basic key it
// asks a client-info endpoint for the key's scopes, which this module answers. Three keys: one
// that writes, one that only reads, one that may do nothing. The store is stopped with
// `close()`, and ends by itself when the process that started it ends.
// Run alone: node tests/lrs/learning-locker.mjs   (prints its address and keys, until Ctrl-C)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SERVICE = join(here, 'learning-locker', 'node_modules', 'xapi-statements', 'dist', 'index.js');
const VERSION = '1.0.3';
const READY_MS = 30000;

const basic = ([key, secret]) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** Starts the store. Resolves to { endpoint, keys, auth: {write, read, none}, post, all, log,
 * close }. */
export async function startLearningLocker() {
  if (!existsSync(SERVICE)) {
    throw new Error(`Learning Locker's statements service is not installed (${SERVICE}): run scripts/setup all`);
  }
  const keys = { write: ['lab', 'lab-secret'], read: ['teacher', 'read-only'], none: ['guest', 'nothing'] };
  const scopes = new Map([
    [basic(keys.write), ['statements/write']],
    [basic(keys.read), ['statements/read']],
    [basic(keys.none), []],
  ]);
  // Learning Locker's client-info protocol: 200 with the client (its scopes) or 404 for a key
  // it does not know, which the service answers with 401.
  const clients = createServer((req, res) => {
    const found = scopes.get(req.headers.authorization ?? '');
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{}');
    }
    const name = Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')[0];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      _id: '5c0000000000000000000001',
      title: name,
      authority: { objectType: 'Agent', name, mbox: `mailto:${name}@store.invalid` },
      isTrusted: true,
      lrs_id: '5c0000000000000000000002',
      organisation: '5c0000000000000000000003',
      scopes: found,
    }));
  });
  await new Promise((r) => clients.listen(0, '127.0.0.1', r));

  const dir = mkdtempSync(join(tmpdir(), 'retry-lab-store-'));
  let log = '';
  const child = spawn(process.execPath, ['--no-warnings', '--require', join(here, 'loopback.cjs'), '--require', join(here, 'ordered-ids.cjs'), SERVICE], {
    cwd: dir,
    env: {
      ...process.env,
      MODELS_REPO: 'memory',
      STORAGE_REPO: 'local',
      EVENTS_REPO: 'test',
      AUTH_REPO: 'fetch',
      LL_CLIENT_INFO_ENDPOINT: `http://127.0.0.1:${clients.address().port}/auth`,
      FS_LOCAL_STORAGE_DIR: join(dir, 'storage'),
      EXPRESS_MORGAN_DIRECTORY: join(dir, 'access'),
      WINSTON_CONSOLE_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const s of [child.stdout, child.stderr]) s.on('data', (d) => { log = (log + d).slice(-20000); });
  const stopAll = () => { try { child.kill(); } catch { /* gone already */ } };
  process.once('exit', stopAll);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the store did not start in ${READY_MS / 1000} s:\n${log}`)), READY_MS);
    let port = null;
    child.on('message', (m) => {
      if (m?.port) port = m.port;
      if (m === 'ready' && port) { clearTimeout(timer); resolve(port); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the store ended (${code}) before it was ready:\n${log}`)); });
  });
  const endpoint = `http://127.0.0.1:${port}/xAPI/`;
  const auth = { write: basic(keys.write), read: basic(keys.read), none: basic(keys.none) };
  const headers = (key) => ({ authorization: key, 'x-experience-api-version': VERSION, 'content-type': 'application/json' });
  // It answers once its routes are up; ask until it does.
  for (const t0 = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
    const r = await fetch(`${endpoint}about`).catch(() => null);
    if (r?.ok) break;
    if (Date.now() - t0 > READY_MS) throw new Error(`the store does not answer at ${endpoint}:\n${log}`);
  }

  return {
    endpoint,
    keys,
    auth,
    /** Stores statements with the write key, in batches; resolves to their ids. */
    async post(list, batch = 500) {
      const ids = [];
      for (let i = 0; i < list.length; i += batch) {
        const r = await fetch(`${endpoint}statements`, { method: 'POST', headers: headers(auth.write), body: JSON.stringify(list.slice(i, i + batch)) });
        if (!r.ok) throw new Error(`the store refused statements ${i}-${i + batch}: ${r.status} ${await r.text()}`);
        ids.push(...await r.json());
      }
      return ids;
    },
    /** Every statement the store holds, oldest first, read page by page with the read key. */
    async all(query = '') {
      const out = [];
      let url = `${endpoint}statements?ascending=true&limit=1000${query}`;
      for (let n = 0; url; n++) {
        if (n > 10000) throw new Error('reading the store does not end');
        const r = await fetch(url, { headers: headers(auth.read) });
        if (!r.ok) throw new Error(`reading the store: ${r.status} ${await r.text()}`);
        const page = await r.json();
        out.push(...page.statements);
        url = page.more ? new URL(page.more, endpoint).href : null;
      }
      return out;
    },
    /** What the service printed (its last 20 000 characters), for a failure's report. */
    log: () => log,
    close() {
      process.removeListener('exit', stopAll);
      return new Promise((resolve) => {
        child.once('exit', () => {
          clients.close();
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill();
      });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const s = await startLearningLocker();
  console.log(`Learning Locker's statements service (in memory) at ${s.endpoint}`);
  for (const [role, [key, secret]] of Object.entries(s.keys)) console.log(`  ${role} key: ${key} / ${secret}`);
  const stop = async () => { await s.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

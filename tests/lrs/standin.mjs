// A stand-in learning record store for the tests: NOT a conformant LRS (none runs on these
// machines, see issue 35), only the part of the xAPI 1.0.3 statements resource that the
// example host and the teacher's page use, held in memory:
// - POST /xapi/statements (one statement or an array; ids assigned; 409 on an id reused with
//   other content) and PUT /xapi/statements?statementId=…, each statement checked with Learning
//   Locker's xapi-validation (400 with the reasons);
// - GET /xapi/statements by statementId, or filtered by verb, activity (+ related_activities),
//   agent, registration, since, until, limit, ascending, newest first, paged with `more` (an
//   opaque continuation on the store's own origin, over a snapshot taken at the first page);
// - Basic auth with a write key, a read-only key (403 on writes) and a key that may do nothing
//   (403); 401 without a known key;
// - X-Experience-API-Version required on every request but OPTIONS and /about, and sent on
//   every answer, with X-Experience-API-Consistent-Through on statement reads;
// - CORS for any origin (preflight with the version and auth headers);
// - modes for tests: 'normal', 'error500' (every answer a 500), 'nocors' (no CORS headers),
//   'shape' (reads answer something that is no statements page), 'slow' (each read waits
//   300 ms, so a read of many pages can be stopped half-way); and hostile ones (issue 58):
//   'redirect' (a read answers 302 to `redirectTo`, another origin), 'redirect-more' (the first
//   page comes, its `more` answers 307 there), 'cycle' (each page's `more` leads to the other of
//   two), 'hang' (a read sends its headers and the page's first bytes, then nothing), 'close'
//   (the first page comes, its `more` closes the connection: the cursor stays, so the same
//   `more` answers once the mode is 'normal' again).
// Run alone: node tests/lrs/standin.mjs [--port 9000]
import { createServer } from 'node:http';
import { randomUUID, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const validate = createRequire(import.meta.url)('xapi-validation').default;
const VERSION = '1.0.3';

const basic = ([key, secret]) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** Starts the stand-in on 127.0.0.1. Resolves to { endpoint, auth: {write, read, none},
 * statements, requests, setMode, add, close }. */
export function startStandin({ port = 0, pageMax = 500, validateAll = true, redirectTo = '' } = {}) {
  const keys = { write: ['lab', 'lab-secret'], read: ['teacher', 'read-only'], none: ['guest', 'nothing'] };
  const roles = new Map(Object.entries(keys).map(([role, k]) => [basic(k), role]));
  const statements = []; // in the order stored
  const byId = new Map();
  const cursors = new Map();
  const requests = [];
  const hanging = new Set();
  let mode = 'normal';
  let lastStored = 0;

  /** Stores statements that passed the checks (or that a test hands in directly). */
  function store(list, authority) {
    const ids = [];
    for (const s of list) {
      const id = s.id ?? randomUUID();
      // Strictly increasing, so `since` and the order are exact.
      lastStored = Math.max(Date.now(), lastStored + 1);
      const stored = new Date(lastStored).toISOString();
      const kept = { ...s, id, timestamp: s.timestamp ?? stored, stored, authority, version: VERSION };
      statements.push(kept);
      byId.set(id, kept);
      ids.push(id);
    }
    return ids;
  }

  const cors = () => mode === 'nocors' ? {} : {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
    'access-control-allow-headers': 'Authorization, Content-Type, X-Experience-API-Version',
    'access-control-expose-headers': 'X-Experience-API-Version, X-Experience-API-Consistent-Through',
    'access-control-max-age': '600',
  };
  const send = (res, status, body, extra = {}) => {
    const headers = { 'x-experience-api-version': VERSION, ...cors(), ...extra };
    if (body === undefined) {
      res.writeHead(status, headers);
      return res.end();
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(text);
  };

  function matches(s, q) {
    if (q.verb && s.verb?.id !== q.verb) return false;
    if (q.registration && s.context?.registration !== q.registration) return false;
    if (q.activity) {
      const list = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
      const ca = s.context?.contextActivities ?? {};
      const related = q.related ? ['parent', 'grouping', 'category', 'other'].flatMap((k) => list(ca[k])) : [];
      if (!(s.object?.id === q.activity || related.some((a) => a?.id === q.activity))) return false;
    }
    if (q.agent) {
      const a = s.actor ?? {};
      const same = ['mbox', 'mbox_sha1sum', 'openid'].some((k) => q.agent[k] && q.agent[k] === a[k])
        || (q.agent.account && a.account && q.agent.account.homePage === a.account.homePage && q.agent.account.name === a.account.name);
      if (!same) return false;
    }
    if (q.since && !(s.stored > q.since)) return false;
    if (q.until && !(s.stored <= q.until)) return false;
    return true;
  }

  function page(res, list, offset, limit) {
    const slice = list.slice(offset, offset + limit);
    let more = '';
    if (offset + limit < list.length) {
      const token = randomBytes(12).toString('hex');
      cursors.set(token, { list, offset: offset + limit, limit });
      more = `/xapi/statements?more=${token}`;
    }
    const through = new Date(lastStored || Date.now()).toISOString();
    const body = mode === 'shape' ? { results: slice, next: more || null } : { statements: slice, more };
    send(res, 200, body, { 'x-experience-api-consistent-through': through });
  }

  function read(res, url) {
    const p = url.searchParams;
    if (mode === 'redirect' || (mode === 'redirect-more' && p.has('more'))) {
      return send(res, p.has('more') ? 307 : 302, undefined, { location: `${redirectTo}${url.search}` });
    }
    if (mode === 'cycle') {
      const next = p.get('more') === 'a' ? 'b' : 'a';
      return send(res, 200, { statements: [], more: `/xapi/statements?more=${next}` });
    }
    if (mode === 'hang') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-experience-api-version': VERSION, ...cors() });
      res.write('{"statements":[');
      hanging.add(res);
      return undefined;
    }
    if (mode === 'close' && p.has('more')) return res.socket.destroy();
    if (p.has('more')) {
      const c = cursors.get(p.get('more'));
      if (!c) return send(res, 400, { error: 'unknown or expired more' });
      return page(res, c.list, c.offset, c.limit);
    }
    if (p.has('statementId')) {
      const s = byId.get(p.get('statementId'));
      return s ? send(res, 200, s) : send(res, 404, { error: 'no such statement' });
    }
    let agent;
    try { agent = p.has('agent') ? JSON.parse(p.get('agent')) : undefined; } catch { return send(res, 400, { error: 'agent is not JSON' }); }
    const q = {
      verb: p.get('verb'), activity: p.get('activity'), related: p.get('related_activities') === 'true',
      registration: p.get('registration'), agent,
      since: p.has('since') ? new Date(p.get('since')).toISOString() : undefined,
      until: p.has('until') ? new Date(p.get('until')).toISOString() : undefined,
    };
    const limit = Math.min(Number(p.get('limit') ?? 0) || pageMax, pageMax);
    const list = statements.filter((s) => matches(s, q));
    if (p.get('ascending') !== 'true') list.reverse();
    return page(res, list, 0, limit);
  }

  function write(res, method, url, body, role) {
    if (role !== 'write') return send(res, 403, { error: 'this key may not write statements' });
    let parsed;
    try { parsed = JSON.parse(body); } catch { return send(res, 400, { error: 'the body is not JSON' }); }
    const list = method === 'PUT' ? [parsed] : Array.isArray(parsed) ? parsed : [parsed];
    if (method === 'PUT') {
      const id = url.searchParams.get('statementId');
      if (!id) return send(res, 400, { error: 'PUT needs statementId' });
      if (parsed.id && parsed.id !== id) return send(res, 400, { error: 'statementId and id differ' });
      list[0] = { ...parsed, id };
    }
    const errors = [];
    list.forEach((s, i) => {
      const warnings = validateAll ? validate(s) : [];
      for (const w of warnings) errors.push(`statement ${i}: ${w.path.join('.')}: ${w.name}`);
    });
    if (errors.length) return send(res, 400, { error: 'invalid statements', reasons: errors });
    const fresh = [];
    for (const s of list) {
      const old = s.id && byId.get(s.id);
      if (!old) { fresh.push(s); continue; }
      const { stored, authority, version, ...rest } = old;
      if (JSON.stringify(rest) !== JSON.stringify({ ...s, timestamp: s.timestamp ?? rest.timestamp })) {
        return send(res, 409, { error: `statement ${s.id} exists with other content` });
      }
    }
    const key = keys.write[0];
    const ids = store(fresh, { objectType: 'Agent', name: key, account: { homePage: 'http://standin.invalid', name: key } });
    return method === 'PUT' ? send(res, 204) : send(res, 200, list.map((s, i) => s.id ?? ids[i]));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers });
      if (req.method === 'OPTIONS') return send(res, 204);
      if (mode === 'error500') return send(res, 500, { error: 'the stand-in was told to fail' });
      if (url.pathname === '/xapi/about') return send(res, 200, { version: [VERSION] });
      if (url.pathname !== '/xapi/statements') return send(res, 404, { error: 'no such resource' });
      if (!/^1\.0(\.\d+)?$/.test(req.headers['x-experience-api-version'] ?? '')) {
        return send(res, 400, { error: 'the X-Experience-API-Version header is required' });
      }
      const role = roles.get(req.headers.authorization ?? '');
      if (!role) return send(res, 401, { error: 'unknown key' });
      if (req.method === 'GET' && role === 'none') return send(res, 403, { error: 'this key may not read' });
      if (req.method === 'GET' && mode === 'slow') return setTimeout(() => read(res, url), 300);
      if (req.method === 'GET') return read(res, url);
      if (req.method === 'POST' || req.method === 'PUT') return write(res, req.method, url, body, role);
      return send(res, 405, { error: 'method not allowed' });
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => {
    const endpoint = `http://127.0.0.1:${server.address().port}/xapi/`;
    resolve({
      endpoint,
      keys,
      auth: { write: basic(keys.write), read: basic(keys.read), none: basic(keys.none) },
      statements,
      requests,
      setMode(m) { mode = m; },
      add(list) { return store(list, { objectType: 'Agent', name: 'test', account: { homePage: 'http://standin.invalid', name: 'test' } }); },
      close() { return new Promise((r) => { for (const h of hanging) h.destroy(); server.closeAllConnections?.(); server.close(r); }); },
    });
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const s = await startStandin({ port: i > 0 ? Number(process.argv[i + 1]) : 0 });
  console.log(`stand-in LRS (not a conformant store) at ${s.endpoint}`);
  for (const [role, [key, secret]] of Object.entries(s.keys)) console.log(`  ${role} key: ${key} / ${secret}`);
}

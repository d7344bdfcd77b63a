// scripts/serve-dist.mjs DIR PORT: serves the built page (DIR, dist/) on 127.0.0.1:PORT for
// scripts/serve: static files with their MIME types (the wasm as application/wasm, which
// WebAssembly.instantiateStreaming needs), a folder's index.html (/examples is sent on to
// /examples/), nothing outside DIR, and no caching, so a reload after a rebuild gets the new
// files. DIR is looked up on every request: scripts/build-release puts a new build in its place
// whole.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const [dir = 'dist', port = '8080'] = process.argv.slice(2);
const root = resolve(dir);
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml', '.xsd': 'application/xml', '.dtd': 'application/xml-dtd',
  '.zip': 'application/zip',
};

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let url, path;
  try {
    url = new URL(`http://x${req.url}`);
    path = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end('bad request');
    return;
  }
  let file = resolve(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) {
      // A folder's page resolves its relative links against the folder: /examples → /examples/.
      if (!path.endsWith('/')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      file = join(file, 'index.html');
    }
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
  }
});
server.on('error', (e) => {
  console.error(`serve: cannot serve on 127.0.0.1:${port}: ${e.message}`);
  process.exit(1);
});
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`serve: http://127.0.0.1:${server.address().port}/ serves ${dir}/`);
});

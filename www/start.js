// Loads the lab's wasm module; its main() mounts the lab into #lab. A file rather than an
// inline script so the page works under a strict Content-Security-Policy. A failure to fetch,
// compile or start the module is handed to the watchdog (watchdog.js), which explains it.
import init from './retry-lab.js';

try {
  await init({ module_or_path: new URL('./retry-lab_bg.wasm', import.meta.url) });
} catch (e) {
  window.retryLabLoadFailed?.('failed', e && e.message ? e.message : e);
}

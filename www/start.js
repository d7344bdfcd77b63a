// Loads the lab's wasm module; its main() mounts the lab into #lab. A file rather than an
// inline script so the page works under a strict Content-Security-Policy.
import init from './retry-lab.js';

await init({ module_or_path: new URL('./retry-lab_bg.wasm', import.meta.url) });

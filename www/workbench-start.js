// Loads the consumer workbench's module on its own page (workbench.html); its main() mounts
// it into #workbench. A file, not an inline script, so the page runs under a strict CSP.
import init from './workbench.js';

try {
  await init({ module_or_path: new URL('./workbench_bg.wasm', import.meta.url) });
} catch (e) {
  const root = document.getElementById('workbench');
  if (root) root.textContent = 'No se pudo cargar el banco del consumidor / The consumer workbench could not be loaded: ' + (e && e.message ? e.message : e);
}

// Loads the lab's wasm module; its main() mounts the lab into #lab. A file rather than an
// inline script so the page works under a strict Content-Security-Policy. A failure to fetch,
// compile or start the module is handed to the watchdog (watchdog.js), which explains it.
import init from './retry-lab.js';

// The lab's door to the consumer workbench (src/ui/workbench_entry.rs): its button is shown
// only where this loader runs, and the door's code (workbench-door.js), like the workbench,
// is fetched only when a learner opens it.
document.documentElement.classList.add('workbench-door');
addEventListener('click', (e) => {
  const button = e.target.closest?.('#open-workbench');
  if (button) import('./workbench-door.js').then((m) => m.open(button), () => { button.disabled = true; });
});

try {
  await init({ module_or_path: new URL('./retry-lab_bg.wasm', import.meta.url) });
} catch (e) {
  window.retryLabLoadFailed?.('failed', e && e.message ? e.message : e);
}

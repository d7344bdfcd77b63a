// Loads the lab's wasm module; its main() mounts the lab into #lab. A file rather than an
// inline script so the page works under a strict Content-Security-Policy. A failure to fetch,
// compile or start the module is handed to the watchdog (watchdog.js), which explains it.
import init from './retry-lab.js';

const root = new URL('./', import.meta.url);

// The lab's door to the consumer workbench (src/ui/workbench_entry.rs): its module, wasm and
// styles are fetched only when a learner opens it, then mounted into the door's panel. The
// loading and failure texts come from the lab's table, in the learner's language.
window.retryLabOpenWorkbench = (button, lang, origin, xapi, loading, failed) => {
  const panel = button.closest('section');
  const mount = panel.querySelector('.workbench-mount');
  const status = document.createElement('p');
  status.className = 'hint';
  status.setAttribute('role', 'status');
  status.textContent = loading;
  button.hidden = true;
  mount.append(status);
  if (!document.querySelector('link[data-workbench-css]')) {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = new URL('workbench.css', root).href;
    css.dataset.workbenchCss = '';
    document.head.append(css);
  }
  import(new URL('workbench.js', root).href)
    .then(async (m) => {
      await m.default({ module_or_path: new URL('workbench_bg.wasm', root) });
      status.remove();
      panel.classList.add('opened');
      const host = document.createElement('div');
      mount.append(host);
      m.mount_workbench(host, lang, origin || undefined, new URL('workbench.html', root).href, '', xapi || undefined);
    })
    .catch(() => {
      status.setAttribute('role', 'alert');
      status.className = 'notice';
      status.textContent = failed;
    });
};

try {
  await init({ module_or_path: new URL('./retry-lab_bg.wasm', import.meta.url) });
} catch (e) {
  window.retryLabOpenWorkbench = undefined;
  window.retryLabLoadFailed?.('failed', e && e.message ? e.message : e);
}

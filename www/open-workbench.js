// Fetches the consumer workbench's module only when a learner opens it, and mounts it into
// the lab's panel. Bundled by wasm-bindgen as a snippet (dist/snippets/<crate>/www/), so
// dist/ is three folders up; the module, its wasm and its styles sit there. The loading and
// failure texts come from the lab's table, in the learner's language.
const root = new URL('../../../', import.meta.url);

export function open_workbench(button, lang, origin, loading, failed) {
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
      m.mount_workbench(host, lang, origin ?? undefined, new URL('workbench.html', root).href, '');
    })
    .catch(() => {
      status.setAttribute('role', 'alert');
      status.className = 'notice';
      status.textContent = failed;
    });
}

// Opens the consumer workbench inside the lab: fetches its module, wasm and styles and mounts
// it into the door's panel (src/learner/workbench_door.rs). Fetched only when a learner presses
// the door's button (see start.js). Its two messages are here, in both languages, because they
// are shown while the workbench's own texts are not loaded yet (as watchdog.js does for the lab).
const root = new URL('./', import.meta.url);
const TEXTS = {
  es: { loading: 'Cargando el banco de pruebas del consumidor…', failed: 'No se pudo cargar el banco de pruebas del consumidor. Recarga la página para intentarlo de nuevo.' },
  en: { loading: 'Loading the consumer workbench…', failed: 'The consumer workbench could not be loaded. Reload the page to try again.' },
};

export function open(button) {
  const { lang, origin, xapi } = button.dataset;
  const t = TEXTS[lang] ?? TEXTS.es;
  const panel = button.closest('section');
  const mount = panel.querySelector('.workbench-mount');
  const status = document.createElement('p');
  status.className = 'hint';
  status.setAttribute('role', 'status');
  status.textContent = t.loading;
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
      m.mount_workbench(host, lang, origin || undefined, new URL('workbench.html', root).href, button.dataset.link || '', xapi || undefined);
    })
    .catch(() => {
      status.setAttribute('role', 'alert');
      status.className = 'notice';
      status.textContent = t.failed;
    });
}

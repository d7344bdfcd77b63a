// Starts the lab: fetches wasm-bindgen's glue and the lab's module (their main() mounts the lab
// into #lab). A file rather than an inline script so the page works under a strict
// Content-Security-Policy. A failure to fetch, compile or start the module is handed to the
// watchdog (watchdog.js), which explains it.
//
// On the default first view (watchdog.js decides: `at-touch` on the page) the module is fetched
// at the learner's first touch, click, key or scroll gesture on the lab, not with the page. Until
// it runs, the prerendered first stop answers: a choice is marked at once, a tap on a button
// with an id waits visibly, and both are done again on the live lab when it takes the view's
// place, so nothing the learner did is lost. The rest of the prerendered view stays inert.

// The lab's door to the consumer workbench (src/ui/workbench_entry.rs): its button is shown
// only where this loader runs, and the door's code (workbench-door.js), like the workbench,
// is fetched only when a learner opens it.
document.documentElement.classList.add('workbench-door');
addEventListener('click', (e) => {
  const button = e.target.closest?.('#open-workbench');
  if (button) import('./workbench-door.js').then((m) => m.open(button), () => { button.disabled = true; });
});

let started;
/** Fetches and starts the module, once: the module and the glue side by side. */
function start() {
  started ??= (async () => {
    document.documentElement.classList.add('lab-loading');
    window.retryLabLoading?.();
    const wasm = fetch(new URL('./retry-lab_bg.wasm', import.meta.url));
    let init;
    try {
      ({ default: init } = await import('./retry-lab.js'));
    } catch (e) {
      window.retryLabLoadFailed?.('blocked', e && e.message ? e.message : e);
      return;
    }
    try {
      await init({ module_or_path: wasm });
    } catch (e) {
      window.retryLabLoadFailed?.('failed', e && e.message ? e.message : e);
    }
  })();
  return started;
}

const view = document.querySelector('#lab > .prerendered');
if (!document.documentElement.classList.contains('at-touch') || !view) {
  await start();
} else {
  // What the learner did before the live lab came: the choice, then buttons by id, in order.
  const replay = [];
  view.inert = false;
  for (const el of view.querySelectorAll('a, input, select, textarea, button:not([data-choice]):not([id])')) el.inert = true;
  view.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b || b.disabled) return;
    if (b.dataset.choice) {
      // As the live card does: the choice pressed, the others closed.
      for (const c of view.querySelectorAll('button[data-choice]')) {
        c.setAttribute('aria-pressed', String(c === b));
        c.classList.toggle('chosen', c === b);
        c.disabled = true;
      }
      replay.push(`[data-choice="${b.dataset.choice}"]`);
      // Where the live card will say what to do next, the page's own loading line meanwhile.
      const wait = document.createElement('p');
      wait.className = 'small path-wait';
      wait.setAttribute('role', 'status');
      wait.textContent = document.querySelector('#lab > .loading')?.textContent ?? '';
      b.closest('.choices')?.after(wait);
    } else if (b.id.startsWith('pre-')) {
      b.setAttribute('aria-busy', 'true');
      replay.push(`#${b.id.slice(4)}`);
    }
  });
  // The host sizes its frame from the lab's height; until the module tells it, this does.
  let last = 0;
  const height = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    const px = Math.ceil(view.getBoundingClientRect().bottom + scrollY);
    if (px > 0 && px !== last) window.retryLabTell?.({ type: 'height', px: (last = px) });
  }) : null;
  height?.observe(view);
  // The live lab replaces the prerendered view: do again what the learner did, before it is
  // painted (a mutation observer's callback runs before the next frame).
  new MutationObserver((_, watch) => {
    if (!document.querySelector('#lab > .lab')) return;
    watch.disconnect();
    height?.disconnect();
    for (const target of replay) document.querySelector(`#lab > .lab ${target}`)?.click();
  }).observe(document.getElementById('lab'), { childList: true });
  const TOUCH = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'];
  const touch = () => {
    for (const type of TOUCH) removeEventListener(type, touch, true);
    start();
  };
  for (const type of TOUCH) addEventListener(type, touch, { capture: true, passive: true });
}

// Starts the lab: fetches wasm-bindgen's glue and the lab's module (their main() mounts the lab
// into #lab). A file rather than an inline script so the page works under a strict
// Content-Security-Policy. A failure to fetch, compile or start the module is handed to the
// watchdog (watchdog.js), which explains it.
//
// On the default first view (watchdog.js decides: `at-touch` on the page) the module is fetched
// at the learner's first touch, click, key, focus or scroll gesture on the lab, or at the host's
// first message, not with the page. Until it runs, the prerendered first stop's card answers: a
// choice is marked at once, a tap on one of its buttons waits visibly, and both are handed to
// the live lab (`window.retryLabTaps`), whose first render shows them done, so nothing the
// learner did is lost or missing for a frame; the host's messages are handed to the live lab
// too. The rest of the copy stays inert.

// The lab's door to the consumer workbench (src/workbench_entry.rs): its button is shown
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
    // Its failure is init's (below); handled here too, so it is not reported as unhandled while
    // the glue is still on its way, and told apart from a module that cannot start.
    let offline = false;
    wasm.catch(() => { offline = true; });
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
      window.retryLabLoadFailed?.(offline ? 'network' : 'failed', e && e.message ? e.message : e);
    }
  })();
  return started;
}

// A host that keeps the progress and hands it over by message (`restore=message`, the SCORM
// launch page): the lab starts once it is here (restore.js, fetched only then).
if (location.search.includes('restore=message')) window.retryLabRestored = await (await import('./restore.js')).handedOver();

const view = document.querySelector('#lab > .prerendered');
if (!document.documentElement.classList.contains('at-touch') || !view) {
  await start();
} else {
  // Only the first stop's card answers: its choices, and its buttons with an id («Siguiente»,
  // «Explorar libremente»), what the first stop asks of the learner. The rest of the copy stays
  // inert: its controls are done again nowhere.
  const card = view.querySelector('#pre-path');
  view.inert = false;
  for (const el of view.querySelectorAll('a, input, select, textarea, button')) {
    if (!card?.contains(el) || !(el.dataset.choice || el.id)) el.inert = true;
  }
  // What the learner did before the live lab came, in order: a choice (its name), then one of
  // the card's buttons (the live button's id); a button leaves the stop, so nothing is taken
  // after it. The module reads them as it starts (crates/core/src/embed/taps.rs) and applies them before
  // its first render.
  const taps = [];
  window.retryLabTaps = taps;
  const close = () => {
    card.classList.add('leaving');
    for (const b of card.querySelectorAll('button[data-choice], button[id]')) b.setAttribute('aria-disabled', 'true');
  };
  // The Spanish path's texts beyond the first view (the next stop's words, the feedback), which
  // the live lab asks for as it draws what a tap led to: asked for at the tap, beside the
  // module, as the live card does at a choice's pointerdown, so the next stop does not open
  // on «Cargando el texto…». Its request is the one the live lab makes (text_files.rs).
  let texts;
  const preloadTexts = () => {
    if (texts) return;
    texts = document.createElement('link');
    texts.rel = 'preload';
    texts.as = 'fetch';
    texts.crossOrigin = 'anonymous';
    texts.href = new URL('./path-es.txt', import.meta.url).href;
    document.head.append(texts);
  };
  card?.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b || b.disabled || b.getAttribute('aria-disabled') === 'true') return;
    if (b.dataset.choice || b.id === 'pre-path-next') preloadTexts();
    if (b.dataset.choice) {
      // As the live card does: the choice pressed, the others closed (still focusable here,
      // so a keyboard's focus stays on the choice until the live lab moves it).
      for (const c of card.querySelectorAll('button[data-choice]')) {
        c.setAttribute('aria-pressed', String(c === b));
        c.classList.toggle('chosen', c === b);
        c.setAttribute('aria-disabled', 'true');
      }
      taps.push(b.dataset.choice);
      // Where the live card will say what to do next, the page's own loading line meanwhile.
      const wait = document.createElement('p');
      wait.className = 'small path-wait';
      wait.setAttribute('role', 'status');
      wait.textContent = document.querySelector('#lab > .loading')?.textContent ?? '';
      b.closest('.choices')?.after(wait);
    } else if (b.id.startsWith('pre-')) {
      b.setAttribute('aria-busy', 'true');
      close();
      taps.push(b.id.slice(4));
    }
  });
  // The host sizes its frame from the lab's height; until the module tells it, this does.
  const height = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    if (view.isConnected) window.retryLabTellHeight?.(view);
  }) : null;
  height?.observe(view);
  // The host's messages before the module runs: where the screen is (so the loading line shows
  // at its bottom, not at the end of a frame as tall as the lab), and anything else, which
  // starts the module and is handed to it once it listens, as the host sent it.
  const held = [];
  const pill = document.querySelector('#lab > .loading');
  // The bar (on a narrow screen): where the host says what is on screen, at its bottom, as the
  // live lab puts it (src/learner/dock.rs `place`, the same sums), so it does not move when the
  // live lab comes; the loading line goes above it.
  const placeBar = (dock, screen) => {
    const root = document.documentElement;
    if (!dock?.offsetHeight || !screen) return null;
    root.dataset.viewport = 'host';
    const page = Math.min(root.scrollHeight, innerHeight);
    const bar = dock.offsetHeight;
    const shown = Math.min(screen.top + screen.height, page);
    const y = Math.max(0, Math.min(Math.max(shown - bar, Math.max(screen.top, 0)), page - bar));
    dock.style.top = `${y}px`;
    return y;
  };
  let lastView = null;
  const fromHost = (e) => {
    const trusted = window.retryLabTrusted;
    if (!trusted || e.origin !== trusted || e.source !== parent) return;
    const m = e.data;
    if (m && m.type === 'viewport' && Number.isFinite(m.top) && Number.isFinite(m.height) && m.height > 0) {
      lastView = { event: e, top: Math.round(m.top), height: Math.round(m.height) };
      const barTop = placeBar(view.querySelector('.dock'), lastView);
      const bottom = barTop ?? Math.min(m.top + m.height, document.documentElement.scrollHeight);
      pill?.style.setProperty('--screen-bottom', `${Math.round(bottom)}px`);
      pill?.classList.add('placed');
      return;
    }
    // A few seconds' worth: a host that sends more before the lab runs loses the rest.
    if (held.length < 50) held.push(e);
    start();
  };
  addEventListener('message', fromHost);
  // The live lab replaces the prerendered view (with the learner's taps done): place its bar
  // before it is painted (a mutation observer's callback runs before the next frame); then hand
  // over the host's messages, once the live lab's own listener is there (after its first
  // render).
  new MutationObserver((_, watch) => {
    if (!document.querySelector('#lab > .lab')) return;
    watch.disconnect();
    height?.disconnect();
    removeEventListener('message', fromHost);
    // The live bar where the copy's was, before it is painted; the host's last viewport goes to
    // the live lab first, which then places it itself.
    placeBar(document.querySelector('#lab > .lab .dock'), lastView);
    setTimeout(() => {
      for (const e of lastView ? [lastView.event, ...held] : held) {
        dispatchEvent(new MessageEvent('message', { data: e.data, origin: e.origin, source: e.source }));
      }
    });
  }).observe(document.getElementById('lab'), { childList: true });
  const TOUCH = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'];
  const touch = () => {
    for (const type of TOUCH) removeEventListener(type, touch, true);
    start();
  };
  for (const type of TOUCH) addEventListener(type, touch, { capture: true, passive: true });
}

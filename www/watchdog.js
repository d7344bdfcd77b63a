// The page's first script: it decides how the lab starts (the prerendered first view, and
// whether the module is fetched at once or at the learner's first touch), and it is the loader's
// watchdog. A classic script, so it runs even where the lab's module scripts are blocked (a
// sandboxed iframe without allow-same-origin, a missing file, an old browser): the learner then
// reads what failed and the host is told, instead of "Cargando…" forever. Its two short texts
// live here because the lab's own text tables are in the module that could not load.
(function () {
  var params = new URLSearchParams(location.search);
  var TEXT = {
    es: {
      title: 'El laboratorio no pudo cargarse',
      blocked: 'El navegador bloqueó los archivos del laboratorio.',
      nowasm: 'Este navegador no puede ejecutar WebAssembly, que el laboratorio necesita.',
      failed: 'El laboratorio no pudo arrancar.',
      slow: 'El laboratorio tarda demasiado en cargar; puede que la conexión se haya cortado.',
      network: 'No se pudo descargar el laboratorio: puede que la conexión se haya cortado.',
      again: 'Reintentar',
      host: 'Para quien publica el curso: si el laboratorio está en un iframe con «sandbox», ' +
        'añade allow-same-origin, o sirve sus archivos con el encabezado ' +
        'Access-Control-Allow-Origin. Si el problema fue de red, suele bastar con recargar la página.',
    },
    en: {
      title: 'The lab could not load',
      blocked: 'The browser blocked the lab\u2019s files.',
      nowasm: 'This browser cannot run WebAssembly, which the lab needs.',
      failed: 'The lab could not start.',
      slow: 'The lab is taking too long to load; the connection may have dropped.',
      network: 'The lab could not be downloaded: the connection may have dropped.',
      again: 'Try again',
      host: 'For the course author: if the lab is in an iframe with \u201csandbox\u201d, add ' +
        'allow-same-origin, or serve its files with the Access-Control-Allow-Origin header. ' +
        'Reloading the page usually helps if it was the network.',
    },
  };
  var t = params.get('lang') === 'en' ? TEXT.en : TEXT.es;
  var done = false;
  // The live lab, not the prerendered first view (scripts/prerender), which sits one level down.
  function started() { return !!document.querySelector('#lab > .lab'); }
  // The prerendered first view is the default one: Spanish, the path's first stop, nothing
  // saved, no link. Where the lab will open on something else (another language, options, a
  // saved session, a share link), it is hidden here, before it is ever painted, and only the
  // loading line shows: no flash of the wrong first view.
  // A host that keeps the progress (keep=host) hands it over as `saved`, or by a message
  // (`restore=message`, start.js waits for it); this browser's own is then not the lab's.
  var neutral = { origin: 1, xapi: 1, class: 1, resize: 1, id: 1, keep: 1 };
  var differs = location.hash.length > 1;
  params.forEach(function (v, k) { if (!neutral[k] && !(k === 'lang' && v === 'es')) differs = true; });
  if (params.get('keep') !== 'host') try {
    for (var i = 0; i < localStorage.length; i++) if (/^retry-lab/.test(localStorage.key(i))) differs = true;
  } catch (e) { /* no storage: nothing saved to differ */ }
  if (differs) document.documentElement.classList.add('no-prerender');
  // On the default first view the module (about 256 KB gzipped with its glue) is fetched at the
  // learner's first touch, click, key or scroll gesture on the lab (start.js), not with the page:
  // a reader who scrolls past the lab downloads only the page, and the first stop's choices
  // answer at once. The lab starts at once where a host needs it running from the start: an
  // xAPI record (its launch statement), a host that keeps the progress, a platform's resize
  // messages.
  var resize = params.get('resize');
  var atTouch = !differs && !params.has('xapi') && params.get('keep') !== 'host' &&
    (resize === null || resize === 'lab') && typeof WebAssembly === 'object';
  if (atTouch) document.documentElement.classList.add('at-touch');
  else {
    // Fetch the glue and the module together, not one after the other behind start.js.
    var glue = document.createElement('link');
    glue.rel = 'modulepreload';
    glue.href = 'retry-lab.js';
    var wasm = document.createElement('link');
    wasm.rel = 'preload';
    wasm.as = 'fetch';
    wasm.type = 'application/wasm';
    wasm.crossOrigin = 'anonymous';
    wasm.href = 'retry-lab_bg.wasm';
    document.head.append(glue, wasm);
  }
  // The host's origin, as the lab reads it: messages go only there, and are taken only from
  // there (never from `*`).
  var origin = params.get('origin');
  if (!origin || window.parent === window || !(origin === '*' || /^https?:\/\/[^/]+$/.test(origin))) origin = null;
  window.retryLabTrusted = origin === '*' ? null : origin;
  window.retryLabTell = function (msg) {
    if (!origin) return;
    msg.source = 'retry-lab';
    msg.version = 1;
    try { window.parent.postMessage(msg, origin); } catch (e) { /* nothing more to do */ }
  };
  // The lab's height down to `el`'s bottom edge, told to the host when it changed, while the
  // module (src/learner/resize.rs, which measures the same way) is not there to tell it: the
  // first view before the module, the failure box. Returns it.
  var lastHeight = 0;
  window.retryLabTellHeight = function (el) {
    var px = Math.ceil(el.getBoundingClientRect().bottom + (window.scrollY || 0));
    if (px > 0 && px !== lastHeight) window.retryLabTell({ type: 'height', px: (lastHeight = px) });
    return px;
  };
  function fail(reason, detail) {
    if (done || started()) return;
    var root = document.getElementById('lab');
    if (!root) return;
    done = true;
    root.textContent = '';
    var box = document.createElement('div');
    box.className = 'load-failure';
    box.id = 'load-failure';
    box.setAttribute('role', 'alert');
    var h = document.createElement('h1');
    h.textContent = t.title;
    var what = document.createElement('p');
    what.textContent = t[reason] || t.failed;
    var host = document.createElement('p');
    host.className = 'small';
    host.textContent = t.host;
    // The page's stylesheet may be blocked as well (it is fetched like the modules), so the
    // box styles itself through the CSSOM, which a strict CSP allows.
    var css = {
      font: '16px/1.5 system-ui, sans-serif', maxWidth: '60ch', margin: '2rem auto',
      padding: '1rem 1.25rem', border: '2px solid #b42318', borderRadius: '10px',
      background: '#fdecea', color: '#1f2328',
    };
    for (var k in css) box.style[k] = css[k];
    h.style.fontSize = '1.2rem';
    h.style.marginTop = '0';
    box.append(h, what);
    // The learner's own way on where the network failed: load the page again.
    if (reason === 'network' || reason === 'slow') {
      var again = document.createElement('button');
      again.type = 'button';
      again.className = 'btn';
      again.textContent = t.again;
      again.addEventListener('click', function () { location.reload(); });
      box.append(again);
    }
    box.append(host);
    if (detail) {
      var d = document.createElement('p');
      d.className = 'mono small';
      d.textContent = String(detail).slice(0, 300);
      box.append(d);
    }
    root.append(box);
    window.retryLabTell({ type: 'error', reason: reason });
    // The learner may be far down a tall frame (the first view, before the failure): the frame
    // takes the box's height, and the box comes into view.
    var px = window.retryLabTellHeight(root);
    var crossOrigin = false;
    try { crossOrigin = !window.parent.document; } catch (e) { crossOrigin = true; }
    if (crossOrigin) window.retryLabTell({ type: 'scroll', top: 0, bottom: px, align: 'start' });
    else try { box.scrollIntoView({ block: 'nearest' }); } catch (e) { /* an old browser: no scroll */ }
  }
  window.retryLabLoadFailed = fail;
  if (typeof WebAssembly !== 'object') {
    document.addEventListener('DOMContentLoaded', function () { fail('nowasm'); });
    return;
  }
  // A module script that cannot be fetched or is refused fires "error" on its element.
  window.addEventListener('error', function (e) {
    var el = e.target;
    if (el && el.tagName === 'SCRIPT' && el.type === 'module') fail('blocked', el.src);
  }, true);
  // Last resort: a download that never ends. Long enough for a slow school connection. Counted
  // from when the module is asked for: at once, or at the learner's first touch.
  window.retryLabLoading = function () {
    window.retryLabLoading = function () {};
    setTimeout(function () { if (!started()) fail('slow'); }, 30000);
  };
  if (!atTouch) window.retryLabLoading();
})();

// Example host: embeds the lab in an iframe, tells it which origin to report to, resizes the
// frame to the height the lab reports, lists the learner's progress (stops passed, the path
// completed) and keeps every raw message folded away for whoever debugs the integration. For tests, ?lab=URL&origin=O
// override where the lab is and which origin it is told to trust; ?sandbox=FLAGS puts the frame
// in a sandbox (some platforms do), to see the lab say why it cannot load.
const params = new URLSearchParams(location.search);
const labUrl = new URL(params.get('lab') ?? '../index.html', location.href);
const trusted = params.get('origin') ?? location.origin;
labUrl.searchParams.set('origin', trusted);
// ?resize=lti: behave like Canvas, Brightspace or Sakai, which size a tool's frame from its
// lti.frameResize messages (and know nothing of the lab's own).
const lti = params.get('resize') === 'lti';
if (lti) labUrl.searchParams.set('resize', 'lti');
// ?diagnostics=on: the lab shows how many of this page's messages it accepted and ignored.
if (params.get('diagnostics')) labUrl.searchParams.set('diagnostics', params.get('diagnostics'));

// The lab asks to bring part of itself into view (a new stop's card, a step's result): from a
// frame of another origin it cannot scroll this page itself. Its `top` and `bottom` are pixels
// from the top of the lab's page.
function revealInFrame(frame, { top, bottom, align }) {
  const f = frame.getBoundingClientRect();
  const [a, b, margin] = [f.top + top, f.top + bottom, 8];
  let dy = 0;
  if (align === 'start' || b - a > innerHeight - 2 * margin) dy = a - margin;
  else if (a < margin) dy = a - margin;
  else if (b > innerHeight - margin) dy = b - innerHeight + margin;
  const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  if (Math.abs(dy) >= 1) scrollBy({ top: dy, behavior });
}

const frame = document.getElementById('lab-frame');
const list = document.getElementById('messages');
const progress = document.getElementById('progress');
const count = document.getElementById('msg-count');
// What a course page would show a learner or an author: progress, in words.
function describe(m) {
  if (m.type === 'checkpoint') return `Paso superado: ${m.id}`;
  if (m.type === 'completed') return 'Laboratorio completado';
  return null;
}
window.received = [];

window.addEventListener('message', (e) => {
  if (lti && e.source === frame.contentWindow && e.data?.subject === 'lti.frameResize') {
    window.received.push(e.data);
    frame.style.height = `${e.data.height}px`;
    return;
  }
  // Our own frame, whatever its origin (a sandboxed frame's is "null").
  if (e.source !== frame.contentWindow || e.data?.source !== 'retry-lab') return;
  window.received.push(e.data);
  const li = document.createElement('li');
  li.textContent = JSON.stringify(e.data);
  list.append(li);
  count.textContent = String(list.children.length);
  const said = describe(e.data);
  if (said) {
    const p = document.createElement('li');
    p.textContent = said;
    progress.append(p);
  }
  if (e.data.type === 'height' && !lti) frame.style.height = `${e.data.px}px`;
  // The lab's page is there and listens once it speaks: its first view (before the module,
  // which says `ready` when it runs) places its loading line at the bottom of the screen.
  if (e.data.type === 'height' || e.data.type === 'ready') { labListens = true; tellViewport(); }
  if (e.data.type === 'scroll') revealInFrame(frame, e.data);
});

// Kept in `sent`, like `received`, for whoever debugs a host (the lab's tests print both).
window.sent = [];
const send = (msg) => {
  window.sent.push(msg);
  frame.contentWindow.postMessage({ version: 1, ...msg }, labUrl.origin);
};
// The frame is as tall as the lab and never scrolls: this page does. The lab keeps its control
// bar at the bottom of what is on screen once it knows where that is (at most once a frame).
// Only once the lab has spoken: before that the frame may still hold the blank page of this
// origin (the browser drops the message), or the lab may not be listening yet.
let viewportAsked = false;
let labListens = false;
function tellViewport() {
  if (viewportAsked || !labListens) return;
  viewportAsked = true;
  requestAnimationFrame(() => {
    viewportAsked = false;
    const top = frame.getBoundingClientRect().top + frame.clientTop;
    frame.contentWindow?.postMessage({ version: 1, type: 'viewport', top: Math.round(-top), height: innerHeight }, labUrl.origin);
    // Counted apart from `sent` (they come with every scroll), for whoever debugs a host.
    window.viewports = (window.viewports ?? 0) + 1;
  });
}
addEventListener('scroll', tellViewport, { passive: true });
addEventListener('resize', tellViewport);
new ResizeObserver(tellViewport).observe(frame);
document.getElementById('send-en').addEventListener('click', () => send({ type: 'set_language', lang: 'en' }));
document.getElementById('send-reset').addEventListener('click', () => send({ type: 'reset' }));
if (params.has('sandbox')) frame.setAttribute('sandbox', params.get('sandbox'));
frame.src = labUrl.href;

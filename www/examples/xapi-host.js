// Example host for learning record stores: embeds the lab with ?xapi=<activity IRI>, and for
// each {type: "xapi", statement} message from it adds the actor (here a demo account; a course
// platform puts its signed-in learner) and forwards the statement with the @xapi/xapi client.
// ?lrs=<endpoint>&auth=<Basic …> choose the record store; without ?lrs the statements are only
// listed, so the page makes no request of its own. ?learner=<name> names the learner (the
// actor's account and name), ?class=<IRI> is handed to the lab as its `class` option.
const params = new URLSearchParams(location.search);
const activity = params.get('activity') ?? new URL('../index.html', location.href).href;
const labUrl = new URL(params.get('lab') ?? '../index.html', location.href);
labUrl.searchParams.set('origin', location.origin);
labUrl.searchParams.set('xapi', activity);
for (const k of ['lang', 'start', 'class']) if (params.has(k)) labUrl.searchParams.set(k, params.get(k));

const endpoint = params.get('lrs');
const lrs = endpoint ? new XAPI({ endpoint, auth: params.get('auth') ?? undefined, version: '1.0.3' }) : null;
document.getElementById('lrs-status').textContent = endpoint
  ? `Almacén de registros: ${endpoint}`
  : 'Sin almacén de registros configurado (?lrs=…): las declaraciones solo se muestran aquí.';

// Who the learner is: the host knows, the lab does not.
const learner = params.get('learner');
const actor = learner
  ? { objectType: 'Agent', name: learner, account: { homePage: location.origin, name: learner } }
  : { objectType: 'Agent', name: 'Estudiante de ejemplo', account: { homePage: location.origin, name: 'demo-learner' } };

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
const list = document.getElementById('statements');

// The frame is as tall as the lab: this page scrolls. The lab keeps its control bar at the
// bottom of what is on screen once it knows where that is (at most once a frame).
let viewportAsked = false;
function tellViewport() {
  if (viewportAsked) return;
  viewportAsked = true;
  requestAnimationFrame(() => {
    viewportAsked = false;
    const top = frame.getBoundingClientRect().top + frame.clientTop;
    frame.contentWindow?.postMessage({ version: 1, type: 'viewport', top: Math.round(-top), height: innerHeight }, labUrl.origin);
  });
}
addEventListener('scroll', tellViewport, { passive: true });
addEventListener('resize', tellViewport);
new ResizeObserver(tellViewport).observe(frame);
window.forwarded = [];

addEventListener('message', async (e) => {
  if (e.source !== frame.contentWindow || e.origin !== labUrl.origin) return;
  const m = e.data;
  if (m?.source !== 'retry-lab') return;
  if (m.type === 'height') frame.style.height = `${m.px}px`;
  if (m.type === 'ready') tellViewport();
  if (m.type === 'scroll') revealInFrame(frame, m);
  if (m.type !== 'xapi') return;
  const statement = { actor, ...m.statement };
  const li = document.createElement('li');
  li.textContent = `${statement.verb.display['es']} · ${statement.object.definition?.name?.es ?? statement.object.id}`;
  list.append(li);
  window.forwarded.push(statement);
  if (!lrs) return;
  try {
    await lrs.sendStatement({ statement });
    li.textContent += ' · enviada';
  } catch (err) {
    li.textContent += ` · error del LRS: ${err.message}`;
  }
});
frame.src = labUrl.href;

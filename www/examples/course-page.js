// Example host: embeds the lab in an iframe, tells it which origin to report to, resizes the
// frame to the height the lab reports, and lists every message. For tests, ?lab=URL&origin=O
// override where the lab is and which origin it is told to trust.
const params = new URLSearchParams(location.search);
const labUrl = new URL(params.get('lab') ?? '../index.html', location.href);
const trusted = params.get('origin') ?? location.origin;
labUrl.searchParams.set('origin', trusted);

const frame = document.getElementById('lab-frame');
const list = document.getElementById('messages');
window.received = [];

window.addEventListener('message', (e) => {
  if (e.origin !== labUrl.origin || e.data?.source !== 'retry-lab') return;
  window.received.push(e.data);
  const li = document.createElement('li');
  li.textContent = JSON.stringify(e.data);
  list.append(li);
  if (e.data.type === 'height') frame.style.height = `${e.data.px}px`;
});

const send = (msg) => frame.contentWindow.postMessage({ version: 1, ...msg }, labUrl.origin);
document.getElementById('send-en').addEventListener('click', () => send({ type: 'set_language', lang: 'en' }));
document.getElementById('send-reset').addEventListener('click', () => send({ type: 'reset' }));
frame.src = labUrl.href;

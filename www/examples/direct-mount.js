// Example host for a direct mount: loads the lab's module, mounts it into #lab-here with
// options, and lists the messages it posts to this window.
import init, { mount_lab } from '../retry-lab.js';

window.received = [];
addEventListener('message', (e) => {
  if (e.data?.source !== 'retry-lab') return;
  window.received.push(e.data);
  const li = document.createElement('li');
  li.textContent = JSON.stringify(e.data);
  document.getElementById('messages').append(li);
});
await init({ module_or_path: new URL('../retry-lab_bg.wasm', import.meta.url) });
mount_lab(document.getElementById('lab-here'), {
  lang: 'en',
  config: { seed: 42, failure_probability: 0.5, ack_lost_share: 0.25, base_seconds: 30, max_retries: 6, dedup_on: 'derived' },
  panels: ['challenges', 'timeline', 'dlq', 'consumers'],
  target_origin: location.origin,
});

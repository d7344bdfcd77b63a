// End-to-end checks of scenarios in the page, against the native runner: a file loaded through
// the file input and played to the end exports the log `simulate` writes for it, byte for
// byte; a learner's session saved as a scenario runs under `simulate` to the page's own
// export; scrubbing back before a dead-letter move and forward again finds the same state;
// bad files (the fuzz corpus's kinds among them) leave the page working, with the error shown;
// a preset loads from the menu and a file from ?scenario=.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { assert, checks, launchChromium, serveDir } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { check, done } = checks('e2e-scenarios');
const { server, url } = await serveDir(join(root, 'dist'));
const browser = await launchChromium();
const tmp = mkdtempSync(join(tmpdir(), 'scenarios-'));

/** The native runner's log for a scenario file. */
function simulate(file) {
  const r = spawnSync('cargo', ['run', '-q', '--release', '--bin', 'simulate', '--', file], { cwd: root, encoding: 'utf8' });
  assert(r.status === 0, `simulate failed: ${r.stderr}`);
  return r.stdout;
}

async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFileSync(await d.path(), 'utf8');
}

/** Steps until nothing is scheduled and the script is played (the clock stops moving). */
async function playToEnd(page) {
  for (let n = 0, last = ''; ; n++) {
    assert(n < 500, 'never ended');
    await page.click('#step');
    const now = await page.getAttribute('#clock', 'data-ms');
    if (now === last) return;
    last = now;
  }
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${url}?start=free`);
  await page.waitForSelector('[role=log]', { state: 'attached' });

  await check('a file loaded through the input plays to the end and exports simulate\'s log', async () => {
    const file = join(root, 'crates', 'core', 'tests', 'fixtures', 'determinism.json');
    await page.setInputFiles('#scenario-file', file);
    await page.waitForFunction(() => document.querySelector('#seed').value === '424242');
    await playToEnd(page);
    const exported = await download(page, '#export-jsonl');
    const native = simulate(file);
    assert(exported.length > 1000, 'short log');
    assert(exported === native, `differs from simulate: ${exported.length} vs ${native.length} bytes`);
  });

  let sessionLog = '';
  await check('a session saved as a scenario runs under simulate to the page\'s own export', async () => {
    await page.click('#reset');
    await page.fill('#failure', '60');
    await page.dispatchEvent('#failure', 'change');
    await page.click('#publish-twice');
    await page.check('#outage');
    await page.click('#publish-one');
    await page.selectOption('#speed', '3600');
    await page.click('#play');
    await page.waitForSelector('#dlq .dlq-item');
    await page.click('#play');
    await page.uncheck('#outage');
    await page.click('#fault-ack_lost');
    await page.click('#dlq .dlq-item button');
    for (let i = 0; i < 6; i++) await page.click('#step');
    const saved = await download(page, '#save-session');
    sessionLog = await download(page, '#export-jsonl');
    const file = join(tmp, 'session.json');
    writeFileSync(file, saved);
    assert(JSON.parse(saved).actions.length >= 6, saved.slice(0, 300));
    assert(simulate(file) === sessionLog, 'the saved session does not replay to the same log');
  });

  await check('scrubbing back before the dead-letter move and forward again finds the same state', async () => {
    const dlq = await page.textContent('#dlq');
    const counts = await page.textContent('#event-counts');
    const deadAt = sessionLog.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((e) => e.kind === 'dead_lettered').t_ms;
    const scrub = (v) => page.$eval('#scrub', (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, v);
    await scrub(deadAt - 1);
    assert((await page.textContent('#dlq-h')).includes('(0)'), 'still dead-lettered in the past');
    assert(await page.locator('#past-hint').count() === 1, 'no word about being in the past');
    await page.click('#step-back');
    await scrub(await page.$eval('#scrub', (el) => el.max));
    assert(await page.textContent('#dlq') === dlq, 'dead-letter queue differs');
    assert(await page.textContent('#event-counts') === counts, 'counts differ');
    assert(await download(page, '#export-jsonl') === sessionLog, 'log differs');
  });

  await check('bad files are refused with the field named, and the run is kept', async () => {
    const before = await page.textContent('#event-counts');
    const bad = [
      ['{"events":[{"norad_id":1,"pass_start_utc":"2026-02-30T14:00:00Z"}]}', 'events[0].pass_start_utc'],
      ['{"events":[{"norad_id":1,"pass_start_utc":"2026-', 'scenario'],
      ['{"seed":"x","events":[]}', 'seed'],
      ['{"actions":[{"at_ms":5,"do":"dance"}]}', 'actions[0].do'],
      ['[]', 'scenario'],
      ['\u00ff\u00fe garbage', 'scenario'],
      ['{"faults":[{"at_ms":1,"fault":"meteor"}],"events":[{"norad_id":1,"pass_start_utc":"2026-07-29T14:00:00Z"}]}', 'faults[0].fault'],
    ];
    for (const [text, field] of bad) {
      const file = join(tmp, 'bad.json');
      writeFileSync(file, text);
      await page.setInputFiles('#scenario-file', file);
      const notice = page.locator('.notice', { hasText: 'No se pudo usar el escenario' });
      await notice.waitFor();
      const said = await notice.textContent();
      assert(said.includes(field) && said.includes('La ejecución actual sigue igual'), said);
      assert(await page.textContent('#event-counts') === before, 'the run changed');
      await notice.locator('button').click();
    }
  });

  await check('a preset loads from the menu; ?scenario= loads a file next to the page', async () => {
    await page.selectOption('#preset', '1');
    await page.click('#preset-load');
    await page.waitForFunction(() => document.querySelector('#seed').value === '7');
    const p2 = await browser.newPage();
    await p2.goto(`${url}?scenario=scenarios/double-publication-v4.json`);
    await p2.waitForFunction(() => document.querySelector('#dedup')?.value === 'producer' || document.querySelector('select#dedup option:checked')?.value === 'producer');
    const p3 = await browser.newPage();
    await p3.goto(`${url}?scenario=https://evil.example/x.json`);
    await p3.waitForSelector('#boundary-notices');
    assert((await p3.textContent('#boundary-notices')).includes('scenario'), 'no notice for a foreign file');
  });

  await check('issue 58: no share link holds the tab 1 s: the issue\'s link (2 600 000 attempts) is refused with the bound, the heaviest links within it play in under 1 s', async () => {
    const pass = (i) => ({ norad_id: i + 1, pass_start_utc: '2026-07-29T14:00:00Z', publish_at_ms: i * 1000, publish_count: 100 });
    const link = (sc) => `#runz=${deflateRawSync(JSON.stringify(sc), { level: 9 }).toString('base64url')}&at=1000000000000&lang=es`;
    const longest = async (hash) => {
      const p = await browser.newPage();
      await p.addInitScript(() => {
        window.__longest = 0;
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
          .observe({ type: 'longtask', buffered: true });
      });
      assert(hash.length < 16 * 1024, `link of ${hash.length} characters`);
      await p.goto(`${url}${hash}`);
      // Refused: the notice; played: the clock at the link's moment (the run's last event).
      const said = () => [...document.querySelectorAll('.notice, #boundary-notices')].map((n) => n.textContent).join(' / ');
      await p.waitForFunction(() => [...document.querySelectorAll('.notice, #boundary-notices')].some((n) => n.textContent.includes('intentos de entrega'))
        || Number(document.getElementById('clock')?.dataset.ms) > 0, null, { timeout: 120000 });
      await p.waitForTimeout(1500);
      const ms = await p.evaluate(() => window.__longest);
      const notice = await p.evaluate(said);
      await p.close();
      return { ms, notice };
    };
    const issue = await longest(link({ failure_probability: 1, max_retries: 12, events: Array.from({ length: 2000 }, (_, i) => pass(i)) }));
    assert(issue.notice.includes('2600000') && issue.notice.includes('100000'), `the issue's link: ${issue.notice}`);
    assert(issue.ms < 1000, `the issue's link held the tab ${issue.ms} ms`);
    const heaviest = {
      // 50 000 events that all fail once more (each with its dead-letter), 7 692 that fail 13
      // times, 100 replayed 75 times: each 98 800 to 100 000 attempts, the bound. (One event
      // replayed 7 691 times takes a 25 KB link, over the 16 KB a link may be.)
      'many events': { failure_probability: 1, max_retries: 1, events: Array.from({ length: 500 }, (_, i) => pass(i)) },
      'many retries': { failure_probability: 1, max_retries: 12, base_seconds: 1, events: [...Array.from({ length: 76 }, (_, i) => pass(i)), { ...pass(76), publish_count: 92 }] },
      'many replays': { failure_probability: 1, max_retries: 12, base_seconds: 1, events: [pass(0)],
        replay_all_at_ms: Array.from({ length: 75 }, (_, i) => 10_000_000 * (i + 1)) },
    };
    for (const [what, sc] of Object.entries(heaviest)) {
      const { ms, notice } = await longest(link(sc));
      console.log(`e2e-scenarios: heaviest link, ${what}: ${link(sc).length} characters, longest task ${Math.round(ms)} ms`);
      assert(!notice.includes('intentos de entrega'), `${what}: refused: ${notice}`);
      assert(ms < 1000, `${what}: the tab was held ${ms} ms`);
    }
  });

  await check('no page error', async () => assert(errors.length === 0, errors.join(' | ')));
} finally {
  await browser.close();
  server.close();
}
done();

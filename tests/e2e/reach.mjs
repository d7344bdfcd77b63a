// How far the learner scrolls on the guided path where the lab lives: the whole path walked on a
// phone (375 × 740 px, touch) inside the example course page, as a learner reads it. At each
// stop, from wherever the learner was when they tapped «Siguiente»: is the stop's title on the
// screen on arrival; how far must they scroll to read the card (title to choices), to reach the
// stop's action (each of them: a demonstration has several), and to read its result (each
// step's, then the verdict and its evidence); how far the action and the result are from the
// card; and how much what they were reading moved when the result came. Distances are in screen
// heights, and the learner's own scrolling is what counts (what the lab scrolls for them is
// not). Prints a table; with `--check`, fails when a stop misses the goals (title on screen on
// arrival, at most one screen of scrolling for each of card, action and result, action and
// result within one screen of the card).
//   node tests/e2e/reach.mjs [--check] [--width=375] [--where=course-page|cross-origin|alone]
//   E2E_DIST=/path/to/other/dist node tests/e2e/reach.mjs   (measure another build)
import { DIST, assert, checks, launchChromium, openLab, serveDir, settled, until } from './lib.mjs';
import { STOPS, choiceIds, after, isQuestion } from './path-walk.mjs';

const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const W = Number(arg('width', 375));
const H = 740;
const WHERE = arg('where', 'course-page');
const CHECK = process.argv.includes('--check');
/** Predicted wrongly, as path.mjs does: a wrong choice's answer is longer. */
const WRONG = new Set(['step_backoff', 'step_failure_rate', 'step_double_v4', 'step_rebalance', 'ask_same_transaction', 'step_cursor']);
const DEMOS = { step_transaction: 'tx', step_race: 'race', step_insert_first: 'race' };

const { check, done } = checks(`reach ${W} px ${WHERE}`);
const a = await serveDir(DIST);
const b = await serveDir(DIST);
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: W, height: H }, isMobile: true, hasTouch: true });
const page = await ctx.newPage();

/** The learner's screen: the top page's scroll position. */
const scrollY = () => page.evaluate(() => scrollY);
const scrollTo = (y) => page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), y);
/** An element of the lab on the learner's screen: its top and bottom in the top page's
 * coordinates (Playwright measures across frames, whatever their origin). */
async function span(lab, sel) {
  const l = lab.locator(sel).first();
  if (!(await l.count())) return null;
  const box = await l.boundingBox();
  if (!box) return null;
  const y = await scrollY();
  return { top: box.y + y, bottom: box.y + box.height + y };
}
const union = (...s) => s.filter(Boolean).reduce((u, r) => ({ top: Math.min(u.top, r.top), bottom: Math.max(u.bottom, r.bottom) }));

/** The scrolling it takes to read `r` (page coordinates) from scroll position `s`: up to its
 * top if that is above, then down until its bottom shows. Scrolls there; returns the distance
 * in pixels. */
async function read(r) {
  const s = await scrollY();
  const d = Math.max(0, s - r.top) + Math.max(0, r.bottom - H - Math.min(s, r.top));
  const to = r.top < s ? r.top : Math.max(s, r.bottom - H);
  if (d > 0) {
    await scrollTo(to);
    await settled(page);
  }
  return d;
}
const screens = (px) => Math.round((px / H) * 100) / 100;

/** What the learner sees change after an action: the action's button, the demonstration's
 * progress, the result, the stop passed. */
const signature = (lab) => lab.locator('#path').evaluate((p) => [
  p.querySelector('#path-act')?.dataset.act ?? '', p.querySelector('#demo-progress')?.textContent ?? '',
  p.querySelector('#path-result') ? 'result' : '', p.querySelector('#path-ops li:last-child')?.textContent ?? '',
].join('|'));

/** The stop's own control: its action's button, or at the failure-rate stop the probability
 * (in the card if the card has it, else the controls' slider). */
async function control(lab, stop) {
  // Opening the workbench after the boundary's answer is the way on, not the stop's action.
  const act = await lab.locator('#path-act').getAttribute('data-act', { timeout: 1000 }).catch(() => null);
  if (act === 'open_workbench') return null;
  if (act) return '#path-act';
  if (stop === 'step_failure_rate' && !(await lab.locator('#path-result').count())) {
    return (await lab.locator('#path-rate').count()) ? '#path-rate' : '#failure';
  }
  return null;
}

/** A step's result where the learner can read it: in the card if it shows there, else the
 * demonstration panel's last row. */
async function stepResult(lab, stop) {
  if (await lab.locator('#path-ops li').count()) return span(lab, '#path-ops li:last-child');
  return span(lab, `#${DEMOS[stop]}-steps li:last-child`);
}

const rows = [];
try {
  const { lab } = await openLab(page, WHERE, a.url, { hostUrl: b.url });
  await lab.locator('#path[data-stop=step_backoff]').waitFor();
  await settled(page);
  for (const [i, [stop, right]] of STOPS.entries()) {
    await check(`stop ${i + 1} ${stop}`, async () => {
      const row = { stop: `${i + 1} ${stop}`, acts: [], results: [] };
      if (i > 0) {
        // «Siguiente», from wherever the last stop's result left the learner.
        row.next = screens(await read(await span(lab, '#path-next')));
        await lab.locator('#path-next').tap();
        await lab.locator(`#path[data-stop=${stop}]`).waitFor();
      }
      await settled(page);
      const title = await span(lab, '#path-title');
      const y = await scrollY();
      row.titleAt = Math.round(title.top - y);
      // To the pixel: a smooth scroll may stop a fraction short or past.
      row.arrival = title.top >= y - 1 && title.bottom <= y + H;
      row.card = screens(await read(union(title, await span(lab, '.path-predict'))));
      const ids = await choiceIds(lab);
      await lab.locator(`.choice[data-choice="${WRONG.has(stop) ? after(ids, right) : right}"]`).tap();
      await settled(page);
      const cardEnd = (await span(lab, '.path-predict')).bottom;
      // The speed is the test's, not the learner's: set without scrolling.
      if (!isQuestion(stop)) {
        await lab.locator('#speed').evaluate((s) => { s.value = '3600'; s.dispatchEvent(new Event('change', { bubbles: true })); });
      }
      let readingAt = null;
      for (let n = 0; n < 12; n++) {
        const ctl = await control(lab, stop);
        if (!ctl) break;
        const c = await span(lab, ctl);
        row.acts.push(screens(await read(c)));
        row.ctlFromCard = Math.max(row.ctlFromCard ?? 0, screens(c.top - cardEnd));
        const before = await signature(lab);
        readingAt = { y: (await span(lab, '.path-predict')).bottom - (await scrollY()) };
        if (ctl === '#path-act') await lab.locator(ctl).tap();
        else {
          await lab.locator(ctl).evaluate((el) => {
            el.value = '50';
            el.dispatchEvent(new Event('input', { bubbles: true }));
            el.dispatchEvent(new Event('change', { bubbles: true }));
          });
        }
        await until(`${stop}: something to change after ${ctl}`, async () => (await signature(lab)) !== before);
        await settled(page);
        if (DEMOS[stop] && !(await lab.locator('#path-result').count())) {
          row.results.push(screens(await read(await stepResult(lab, stop))));
        }
        // A run stop's result comes as the simulated time passes: wait for it or the next act.
        if (!(await lab.locator('#path-result').count())) {
          await lab.locator('#path-result, #path-act').first().waitFor();
          await settled(page);
        }
        if (await lab.locator('#path-result').count() && row.result === undefined) {
          await settled(page);
          const moved = (await span(lab, '.path-predict')).bottom - (await scrollY()) - readingAt.y;
          row.moved = Math.round(moved);
          const parts = [await span(lab, '#path-result')];
          if (DEMOS[stop]) parts.push(await stepResult(lab, stop));
          if (stop === 'step_failure_rate') {
            parts.push(await span(lab, '#path-observed') ?? await span(lab, '#figure-summary'));
          }
          const r = union(...parts);
          row.resultFromCard = screens(r.top - cardEnd);
          row.result = screens(await read(r));
        }
      }
      if (row.result === undefined) {
        await lab.locator('#path-result').waitFor();
        await settled(page);
        const r = await span(lab, '#path-result');
        row.resultFromCard = screens(r.top - cardEnd);
        row.result = screens(await read(r));
      }
      await lab.locator(`.path-marks li:nth-child(${i + 1}).passed`).waitFor({ state: 'attached' });
      row.act = row.acts.length ? Math.max(...row.acts) : 0;
      row.step = row.results.length ? Math.max(...row.results) : null;
      rows.push(row);
      if (CHECK) {
        const miss = [];
        if (!row.arrival) miss.push(`title at ${row.titleAt} px on arrival`);
        for (const k of ['card', 'act', 'result']) if (row[k] > 1) miss.push(`${k} ${row[k]} screens`);
        if (row.step > 1) miss.push(`a step's result ${row.step} screens`);
        if ((row.ctlFromCard ?? 0) > 1) miss.push(`control ${row.ctlFromCard} screens from the card`);
        if (row.resultFromCard > 1) miss.push(`result ${row.resultFromCard} screens from the card`);
        assert(miss.length === 0, miss.join('; '));
      }
    });
  }
} finally {
  const f = (v) => (v === null || v === undefined ? '–' : String(v));
  console.log(`\nScrolling per stop, in screen heights (${W} × ${H} px, ${WHERE}); title: on screen on arrival (its top, px)`);
  console.log('| stop | title on arrival | card | action | step results | result | action from card | result from card | moved (px) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.stop} | ${r.arrival ? 'yes' : 'no'} (${r.titleAt}) | ${r.card} | ${f(r.acts.length ? r.acts.join(' / ') : null)} | ${f(r.results.length ? r.results.join(' / ') : null)} | ${r.result} | ${f(r.ctlFromCard)} | ${f(r.resultFromCard)} | ${f(r.moved)} |`);
  }
  const sum = (k) => Math.round(rows.reduce((s, r) => s + (Number(r[k]) || 0), 0) * 100) / 100;
  const all = rows.reduce((s, r) => s + r.card + r.acts.reduce((x, y) => x + y, 0) + r.results.reduce((x, y) => x + y, 0) + r.result + (r.next ?? 0), 0);
  console.log(`titles on screen on arrival: ${rows.filter((r) => r.arrival).length} of ${rows.length}; screens scrolled: card ${sum('card')}, result ${sum('result')}, in all (with the way to «Siguiente») ${Math.round(all * 100) / 100}`);
  await browser.close();
  a.server.close();
  b.server.close();
}
done();

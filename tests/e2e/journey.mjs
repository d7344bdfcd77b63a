// The learner's whole journey inside the example course page, on an ordinary Android phone
// (360 × 780 px, touch: the most common screen):
// the guided path to its end, the consumer workbench opened from the email stop and from the
// last stop, and back to the card each time. The learner here acts only on what is on their
// screen: the card's buttons, the control bar at the screen's bottom, the card's links. When
// what they need is not on screen they swipe, and every swipe is counted, as READING (the card
// or its result is longer than the screen) or as LOOKING (a control, a result or a link's
// target is elsewhere). A swipe moves the page by at most three quarters of a screen.
// Fails when a stop's number and title are not on screen on arrival, a result comes off screen,
// a link or button that moves the learner leaves its target off screen, a control is nowhere to
// be found, the looking swipes pass LOOKING_MOST, or stop 3, answered wrongly, leaves out its
// note on the lesson's exact table; and, for the phone's own sake: a target of the card smaller
// than 24 × 24 px (44 px high for the choices and the stop's action), the stop's action under
// the floating bar when it is offered, a choice that moves when another is tapped, the backoff
// bar's attempts drawn over one another, an identifier broken inside one of its parts. Prints
// the counts per stop.
//   node tests/e2e/journey.mjs [--width=360]
import { DIST, assert, checks, launchChromium, openLab, serveDir, settled, until } from './lib.mjs';
import { TABLE, choiceIds, after } from './path-walk.mjs';

const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const W = Number(arg('width', 360));
const H = 780;
const SWIPE = Math.round(H * 0.75);
// Issue 54 asks for at most 3 in a learner's whole journey.
const LOOKING_MOST = 3;
/** Predicted wrongly at these, as a learner with the common beliefs would. */
const WRONG = new Set(['step_backoff', 'step_no_jitter', 'step_jitter_herd', 'step_double_v4', 'step_exactly_once', 'step_race']);

const { check, done } = checks(`journey ${W} px`);
const site = await serveDir(DIST);
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: W, height: H }, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const count = { reading: 0, looking: 0 };
const rows = [];

const scrollY = () => page.evaluate(() => scrollY);
/** Where `sel` is in the top page (px from the page's top), if it is drawn. */
async function span(lab, sel) {
  const l = lab.locator(sel).first();
  if (!(await l.count())) return null;
  const box = await l.boundingBox();
  if (!box || box.height === 0) return null;
  const y = await scrollY();
  return { top: box.y + y, bottom: box.y + box.height + y };
}
/** Whether `r` is on the learner's screen (wholly, or for a tall one its top part). */
async function onScreen(r, margin = 0) {
  if (!r) return false;
  const y = await scrollY();
  return r.top >= y - 1 && Math.min(r.bottom, r.top + H - margin) <= y + H - margin + 1;
}
/** The learner swipes until `r` shows (its bottom, or its top for a tall one, above the
 * control bar); each swipe at most SWIPE px. Adds the swipes to `kind`; returns them. */
async function swipeTo(r, kind, row) {
  const bar = await barHeight();
  const y = await scrollY();
  const want = r.top < y ? r.top - 8 : Math.min(r.top - 8, r.bottom - (H - bar) + 8);
  const dist = Math.abs(Math.max(0, want) - y);
  const n = dist > 1 ? Math.ceil(dist / SWIPE) : 0;
  if (n > 0) {
    await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), Math.max(0, want));
    await settled(page);
    await barInPlace();
  }
  count[kind] += n;
  row[kind] += n;
  if (n > 0) (row.why ??= []).push(`${kind} ${n} to ${r.what ?? '?'}`);
  return n;
}
/** Waits for the floating bar to reach the screen's bottom after a swipe: it follows the
 * host's viewport messages a frame or two behind, and a finger lifted at once could land on the
 * bar passing over its target (a learner's eye waits for the screen to stop). */
async function barInPlace() {
  await until('the control bar at the screen\'s bottom', async () => {
    const b = await span(lab, '.dock');
    return !b || Math.abs(b.bottom - ((await scrollY()) + H)) < 3;
  }, 5000).catch(() => {});
}
/** The floating control bar's height where it is on screen (0 when there is none). */
async function barHeight() {
  const b = await span(lab, '.dock');
  return b && (await onScreen(b)) ? b.bottom - b.top : 0;
}
/** A finger's tap on `sel` where it is on the screen now: at its centre, with nothing else
 * done first (a locator's tap scrolls its target into view and waits for it to stand still,
 * and the bar moves with every scroll). */
async function finger(sel) {
  const box = await lab.locator(sel).first().boundingBox();
  assert(box, `${sel} is not drawn`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Taps `sel` if it is on screen; else swipes to it first (as `kind`). */
async function tapOn(sel, kind, row) {
  const r = await span(lab, sel);
  assert(r, `${row.stop}: ${sel} is nowhere on the page`);
  r.what = sel;
  // The bar's own buttons are on screen with it; anything else must clear it.
  const margin = sel.startsWith('#dock-') ? 0 : await barHeight();
  if (!(await onScreen(r, margin))) await swipeTo(r, kind, row);
  await finger(sel);
}

/** The card's targets too small for a thumb: under 24 × 24 px (WCAG 2.2's minimum), or under
 * 44 px high for the choices and the stop's own action (the main actions). */
const smallTargets = () => lab.locator('#path').evaluate((card) => [...card.querySelectorAll('button, a[href]')]
  .map((el) => ({ el, r: el.getBoundingClientRect() }))
  .filter(({ r }) => r.width > 0 && r.height > 0)
  .filter(({ el, r }) => r.width < 24 || r.height < (el.matches('.choice, #path-act') ? 44 : 24))
  .map(({ el, r }) => `${el.id || el.className || el.tagName} ${Math.round(r.width)}×${Math.round(r.height)}`));
/** Each choice's box, from the card's top (the page may scroll, the choices must not move). */
const choiceBoxes = () => lab.locator('#path').evaluate((card) => {
  const top = card.getBoundingClientRect().top;
  return [...card.querySelectorAll('.choice')].map((b) => {
    const r = b.getBoundingClientRect();
    return `${b.dataset.choice} ${Math.round(r.left)},${Math.round(r.top - top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  });
});
/** Whether the stop's own action is drawn under the floating bar (both in the lab's frame). */
const actUnderBar = () => lab.locator('body').evaluate(() => {
  const act = document.querySelector('#path-act')?.getBoundingClientRect();
  const bar = document.querySelector('.dock')?.getBoundingClientRect();
  if (!act || !bar || bar.height === 0 || act.height === 0) return null;
  return act.bottom > bar.top + 1 && act.top < bar.bottom - 1 ? `action ${Math.round(act.top)}-${Math.round(act.bottom)}, bar ${Math.round(bar.top)}-${Math.round(bar.bottom)}` : null;
});
/** The backoff bar's attempts that are drawn over one another. */
const markersOverlap = () => lab.locator('#timeline').evaluate((svg) => {
  const shown = [...svg.querySelectorAll('.marker')].filter((m) => getComputedStyle(m).display !== 'none')
    .map((m) => m.getBoundingClientRect()).filter((r) => r.width > 0);
  const bad = [];
  for (let i = 1; i < shown.length; i++) if (shown[i].left < shown[i - 1].right - 0.5) bad.push(`${i - 1}/${i}: ${shown[i - 1].left.toFixed(1)}-${shown[i - 1].right.toFixed(1)} and ${shown[i].left.toFixed(1)}-${shown[i].right.toFixed(1)}`);
  return shown.length ? bad : ['no attempts drawn'];
});
/** The identifiers (`.id`) with a part broken over two lines: each part is a text node between
 * the break opportunities the lab puts after «-» or «|». */
const brokenIds = () => lab.locator('body').evaluate(() => [...document.querySelectorAll('.id')]
  .filter((el) => el.getClientRects().length > 0)
  .flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => {
    const range = document.createRange();
    range.selectNodeContents(n);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return tops.size > 1 ? `«${n.textContent}» in ${el.textContent}` : null;
  }))
  .filter(Boolean));

const { lab } = await openLab(page, 'course-page', site.url);
try {
  await lab.locator('#path[data-stop=step_backoff]').waitFor();
  await settled(page);
  for (const [i, s] of TABLE.entries()) {
    const stop = s.id;
    const row = { stop: `${i + 1} ${stop}`, reading: 0, looking: 0 };
    rows.push(row);
    await check(`stop ${i + 1} ${stop}`, async () => {
      if (i > 0) {
        // On: the bar's «Siguiente» where the thumb is, else the card's.
        const dock = await span(lab, '#dock-next');
        if (dock && await onScreen(dock)) await finger('#dock-next');
        else await tapOn('#path-next', 'looking', row);
        await lab.locator(`#path[data-stop=${stop}]`).waitFor();
      }
      await settled(page);
      assert(await onScreen(await span(lab, '#path-count')), `the stop's number is off screen on arrival (scrollY ${await scrollY()})`);
      assert(await onScreen(await span(lab, '#path-title')), `the title is off screen on arrival (scrollY ${await scrollY()})`);
      const small = await smallTargets();
      assert(small.length === 0, `targets too small for a thumb: ${small.join(', ')}`);
      // Reading the card down to its choices.
      const choices = await span(lab, '.path-predict');
      choices.what = 'the choices';
      if (!(await onScreen(choices, await barHeight()))) await swipeTo(choices, 'reading', row);
      const ids = await choiceIds(lab);
      const pick = WRONG.has(stop) ? after(ids, s.right) : s.right;
      const before = await choiceBoxes();
      await finger(`.choice[data-choice="${pick}"]`);
      await settled(page);
      const moved = (await choiceBoxes()).filter((b, k) => b !== before[k]);
      assert(moved.length === 0, `the choices moved under the tap: ${moved.join('; ')} (were ${before.join('; ')})`);
      const under = await actUnderBar();
      assert(!under, `the stop's action is under the floating bar: ${under}`);
      // The test's own speed, set without a learner's scroll.
      if (s.kind !== 'question') {
        await lab.locator('#speed').evaluate((el) => { el.value = '3600'; el.dispatchEvent(new Event('change', { bubbles: true })); });
      }
      for (let n = 0; n < 20 && !(await lab.locator('#path-result').count()); n++) {
        if (stop === 'step_failure_rate' && await lab.locator('#path-rate').count()) {
          const r = await span(lab, '#path-rate');
          r.what = '#path-rate';
          if (!(await onScreen(r, await barHeight()))) await swipeTo(r, 'looking', row);
          await lab.locator('#path-rate').evaluate((el) => { el.value = '50'; el.dispatchEvent(new Event('input', { bubbles: true })); el.dispatchEvent(new Event('change', { bubbles: true })); });
          await lab.locator('#path-result').waitFor();
          break;
        }
        const act = await lab.locator('#path-act').getAttribute('data-act', { timeout: 2000 }).catch(() => null);
        if (act === 'open_workbench') break;
        if (act) {
          // The bar at the screen's bottom carries the stop's action: the thumb is there.
          const dock = await span(lab, '#dock-act');
          if (dock && await onScreen(dock)) await finger('#dock-act');
          else await tapOn('#path-act', 'looking', row);
          await settled(page);
        }
        await lab.locator('#path-result, #path-act').first().waitFor();
      }
      await lab.locator('#path-result').waitFor();
      await settled(page);
      const result = await span(lab, '#path-result');
      // Its start, at least, where the learner is: the rest is read on.
      const y = await scrollY();
      assert(result.top >= y - 1 && result.top + 40 <= y + H - (await barHeight()), `the result came off screen (its top at ${Math.round(result.top - y)} px)`);
      if (result.bottom > y + H - (await barHeight())) await swipeTo({ top: result.bottom - 1, bottom: result.bottom, what: 'the result\'s end' }, 'reading', row);
      // The dead-letter stop waits for the manual retry, on the bar or in the card.
      for (let n = 0; n < 4 && !(await lab.locator(`.path-marks li:nth-child(${i + 1}).passed`).count()); n++) {
        const act = await lab.locator('#path-act').getAttribute('data-act', { timeout: 2000 }).catch(() => null);
        if (act === 'open_workbench') break;
        if (act) {
          const dock = await span(lab, '#dock-act');
          const y0 = await scrollY();
          if (dock && await onScreen(dock)) await finger('#dock-act');
          else await tapOn('#path-act', 'looking', row);
          if (process.env.JOURNEY_DEBUG) console.log(`     ${stop} ${act}: dock ${dock && Math.round(dock.top)}, scrollY ${y0} → ${await scrollY()}`);
        }
        await page.waitForTimeout(300);
      }
      await lab.locator(`.path-marks li:nth-child(${i + 1}).passed`).waitFor({ state: 'attached' });
      if (stop === 'step_backoff') {
        const overlap = await markersOverlap();
        assert(overlap.length === 0, `the backoff bar's attempts overlap: ${overlap.join('; ')}`);
      }
      if (stop === 'step_double_v5') {
        const broken = await brokenIds();
        assert(broken.length === 0, `identifiers broken inside a part: ${broken.join('; ')}`);
        assert(await lab.locator('#consumer-idempotent td.id').count() > 0, 'no identifier in the dedup table to look at');
      }
      // Predicted wrongly here, stop 3 still says, before the learner moves on, how its result
      // fits the lesson's exact table: under the chart, whatever the answer.
      if (stop === 'step_jitter_herd') {
        assert(await span(lab, '#herd-lesson'), 'stop 3 has no note on the lesson\'s exact table under its chart');
      }
      if (process.env.JOURNEY_DEBUG) {
        const r = await span(lab, '#path-result');
        const n = await span(lab, '#path-next');
        console.log(`     ${stop}: scrollY ${await scrollY()}, result ${r && Math.round(r.top)}-${r && Math.round(r.bottom)}, next ${n && Math.round(n.top)}, page ${await page.evaluate(() => document.documentElement.scrollHeight)}`);
      }
      if (stop === 'step_boundary') await workbench(row, '#dock-act, #path-act', 'its own button, from the email stop', 'next');
    });
  }
  const last = { stop: 'the last stop\'s link', reading: 0, looking: 0 };
  rows.push(last);
  await check('the last stop\'s link leads to the workbench, and the bar back to the card', async () => {
    await settled(page);
    await workbench(last, '#dock-workbench, #path-workbench', 'the bar\'s way on after the last stop', 'verdict');
  });
  await check(`at most ${LOOKING_MOST} swipes spent looking`, async () => {
    assert(count.looking <= LOOKING_MOST, `${count.looking} looking swipes: ${rows.filter((r) => r.looking).map((r) => `${r.stop} ${r.looking}`).join(', ')}`);
  });
} finally {
  console.log(`\nSwipes per stop (${W} × ${H} px, in the course page; a swipe is at most ${SWIPE} px)`);
  console.log('| stop | reading | looking | to what |');
  console.log('| --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.stop} | ${r.reading} | ${r.looking} | ${(r.why ?? []).join('; ')} |`);
  console.log(`swipes in all: ${count.reading + count.looking} (${count.reading} reading, ${count.looking} looking)`);
  await browser.close();
  site.server.close();
}
done();

/** Opens the workbench by `how` (a button or a link, on screen or swiped to), checks it comes
 * on screen, predicts and checks the program it shows, then goes back to the card with the
 * bar's «↑ Volver» (`back` 'bar') or the verdict's «↑ Volver al recorrido guiado» ('verdict'),
 * which must bring the card's title on screen, or stays there ('next': the bar's «Siguiente»
 * goes on from there). */
async function workbench(row, how, what, back) {
  // The bar's button where it offers one (where the thumb is), else the card's.
  const [bar, card] = how.split(', ');
  const sel = (await lab.locator(bar).count()) ? bar : card;
  await tapOn(sel, 'looking', row);
  const wb = lab.locator('.workbench-entry.opened, .wb');
  await wb.first().waitFor({ timeout: 60000 });
  await lab.locator('#wb-guess-safe').waitFor({ timeout: 60000 });
  await settled(page);
  const at = await span(lab, '#workbench-entry');
  const y = await scrollY();
  assert(at && at.top < y + H && at.bottom > y, `${what} left the workbench off screen (its top at ${at && Math.round(at.top - y)} px)`);
  // A prediction and a check, as the learner makes them: swiping to them if they are lower.
  // Reading on when the guess comes under the program within a screen (read the program, the
  // steps that could change it, then say what it does); looking if it is further or elsewhere.
  const program = await span(lab, '.wb-program');
  const verify = await span(lab, '.wb-verify');
  const onward = program && verify && verify.top >= program.bottom && verify.top - program.bottom < H / 2 ? 'reading' : 'looking';
  await tapOn('#wb-guess-safe', onward, row);
  await tapOn('#wb-check', onward, row);
  await lab.locator('#wb-outcome').waitFor();
  await settled(page);
  // The verdict's outcome, where the learner is; its explanation below is read on.
  const verdict = await span(lab, '#wb-outcome');
  verdict.what = 'the verdict';
  if (!(await onScreen(verdict, await barHeight()))) await swipeTo(verdict, 'looking', row);
  // On from the workbench with the bar's «Siguiente»: the next stop's arrival is checked by
  // the walk (its title on screen, from about 9 000 px below).
  if (back === 'next') return;
  if (back === 'bar') {
    // Back to the card with the bar's button.
    const b = await span(lab, '#dock-card');
    assert(b && await onScreen(b), 'the bar\'s «↑ Volver» is not on screen in the workbench');
    await finger('#dock-card');
  } else {
    // Back with the verdict's own way, at its end: the learner reads on through the verdict
    // to it.
    await tapOn('#wb-to-path', 'reading', row);
  }
  await settled(page);
  assert(await onScreen(await span(lab, '#path-title')), `the way back (${back}) left the card's title off screen`);
}

// Walking the guided path as a learner does, shared by the path and xAPI checks: the stops in
// order with the lesson's answer to each, and how to pass one. The stops are the lab's own
// table, as `simulate stops` writes it from the build (never a copy kept here).
import { WAIT, assert, settled, simulate } from './lib.mjs';

/** The path as the lab describes it: [{id, kind, right, changeable, choices: [{id, shows}]}]. */
export const TABLE = JSON.parse(simulate(['stops']));

/** Each stop and the id of its right choice (the lesson's answer, or what the run shows). */
export const STOPS = TABLE.map((s) => [s.id, s.right]);

/** The ids of the choices the current stop offers, in the order the page shows them. */
export const choiceIds = (lab) => lab.locator('.choice').evaluateAll((bs) => bs.map((b) => b.dataset.choice));

/** The choice shown after `id` (wrapping): a wrong prediction, another stop's belief. */
export const after = (ids, id) => ids[(ids.indexOf(id) + 1) % ids.length];

/** The stops the learner answers at once (no run): the lesson's questions, the two logs and the
 * email's boundary. */
export const isQuestion = (stop) => TABLE.find((s) => s.id === stop)?.kind === 'question';

/** What the learner does by hand at the failure-rate stop: the probability slider to 50 %. */
export function setRate() {
  const el = document.querySelector('#failure');
  el.value = '50';
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Clicks `css` in the lab once the page around it is still. The course page may still be
 * scrolling a new stop or a result into view: Playwright's click waits for its target to be
 * still within its frame, not for the page around the frame, and a click during that scroll
 * lands beside it (CI lost a prediction so, in path.mjs under load and in teacher.mjs). */
export async function tapStill(page, lab, css) {
  await settled(page);
  await lab.locator(css).click();
}

/** Predicts `choice` at `stop`, and waits for the choices to close (the render after the
 * click may come a moment later on a busy machine). */
export async function predict(page, lab, stop, choice) {
  await tapStill(page, lab, `.choice[data-choice="${choice}"]`);
  await lab.locator('.choice:not([disabled])').first().waitFor({ state: 'detached' })
    .catch(() => { throw new Error(`${stop}: the choices stayed open ${WAIT / 1000} s after predicting ${choice}`); });
}

/** Passes the i-th stop in the lab frame `lab`: predicts (wrongly if `wrong`: the choice after
 * the lesson's answer), runs the stop's own action at 3600x until the stop is marked passed.
 * Resolves to what was said: { stop, said, right, answer }. */
export async function passStop(page, lab, i, wrong) {
  const [stop, answer] = STOPS[i];
  await lab.locator(`#path[data-stop=${stop}]`).waitFor();
  const ids = await choiceIds(lab);
  assert(ids.includes(answer), `${stop}: no choice ${answer} among ${ids.join(', ')}`);
  const said = wrong ? after(ids, answer) : answer;
  await predict(page, lab, stop, said);
  if (!isQuestion(stop)) await lab.locator('#speed').selectOption('3600');
  if (stop === 'step_failure_rate') await lab.locator('#failure').evaluate(setRate);
  await runStop(lab, stop, `.path-marks li:nth-child(${i + 1}).passed`);
  return { stop, said, right: said === answer, answer };
}

/** Takes the stop's own action whenever it offers one, until `doneCss` shows in the lab:
 * waits for one or the other, never for a fixed time. */
export async function runStop(lab, stop, doneCss) {
  const end = Date.now() + 2 * WAIT;
  const finished = lab.locator(doneCss);
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) throw new Error(`${stop}: ${doneCss} never showed in ${2 * WAIT / 1000} s`);
    // Attached, not visible: on a phone the path's marks are not drawn (a bar is).
    await lab.locator(`${doneCss}, #path-act`).first().waitFor({ state: 'attached', timeout: left });
    if (await finished.count()) return;
    // The action's button may go as the run moves on (the stop passing): then look again.
    await lab.locator('#path-act').click().catch(async (e) => {
      if (!(await finished.count()) && await lab.locator('#path-act').count()) throw e;
    });
  }
}

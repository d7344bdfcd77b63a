// Walking the guided path as a learner does, shared by the path and xAPI checks: the stops in
// order with the lesson's answer to each, and how to pass one.
import { WAIT, assert } from './lib.mjs';

/** Each stop and the index of its right choice (the lesson's answer, or what the run shows). */
export const STOPS = [
  ['step_backoff', 2], ['step_no_immediate_retry', 2], ['step_no_jitter', 0], ['step_dead_letter', 2],
  ['step_failure_rate', 1], ['step_double_v4', 2], ['step_double_v5', 1], ['step_crash', 1],
  ['ask_redelivery', 1], ['step_ack_lost', 1], ['step_rebalance', 2], ['step_visibility_timeout', 0],
  ['step_transaction', 0], ['ask_same_transaction', 3], ['step_race', 2], ['step_insert_first', 1],
  ['step_natural_idempotency', 2], ['ask_natural', 2], ['step_cursor', 1], ['step_cursor_resume', 0],
  ['ask_at_least_once', 1],
];

/** The stops the learner answers at once (no run): the lesson's questions and the log reading. */
export const isQuestion = (stop) => stop.startsWith('ask_') || stop === 'step_no_jitter';

/** What the learner does by hand at the failure-rate stop: the probability slider to 50 %. */
export function setRate() {
  const el = document.querySelector('#failure');
  el.value = '50';
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Passes the i-th stop in the lab frame `lab`: predicts (wrongly if `wrong`), runs the stop's
 * own action at 3600x until the stop is marked passed. */
export async function passStop(page, lab, i, wrong) {
  const [stop, right] = STOPS[i];
  await lab.locator(`#path[data-stop=${stop}]`).waitFor();
  const choices = await lab.locator('.choice').count();
  await lab.locator(`.choice[data-choice="${wrong ? (right + 1) % choices : right}"]`).click();
  assert(await lab.locator('.choice:not([disabled])').count() === 0, 'choices still open');
  if (!isQuestion(stop)) await lab.locator('#speed').selectOption('3600');
  if (stop === 'step_failure_rate') await lab.locator('#failure').evaluate(setRate);
  await runStop(lab, stop, `.path-marks li:nth-child(${i + 1}).passed`);
}

/** Takes the stop's own action whenever it offers one, until `doneCss` shows in the lab:
 * waits for one or the other, never for a fixed time. */
export async function runStop(lab, stop, doneCss) {
  const end = Date.now() + 2 * WAIT;
  const finished = lab.locator(doneCss);
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) throw new Error(`${stop}: ${doneCss} never showed in ${2 * WAIT / 1000} s`);
    await lab.locator(`${doneCss}, #path-act`).first().waitFor({ timeout: left });
    if (await finished.count()) return;
    // The action's button may go as the run moves on (the stop passing): then look again.
    await lab.locator('#path-act').click().catch(async (e) => {
      if (!(await finished.count()) && await lab.locator('#path-act').count()) throw e;
    });
  }
}

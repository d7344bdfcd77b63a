// End-to-end walk of the guided path in Spanish, as a learner in a course page: every stop in
// order, predictions some right and some wrong, the feedback checked against them, the host's
// checkpoints and its `completed`, every challenge reached, the live region's announcements
// during one stop at 3600x counted, and the position kept across a reload.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, checks, launchChromium, serveDir, wake } from './lib.mjs';
import { STOPS, choiceIds, isQuestion, passStop, predict, runStop, setRate, tapStill } from './path-walk.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { check, done } = checks('e2e-path');
const { server, url } = await serveDir(join(here, '..', '..', 'dist'));
const browser = await launchChromium();

const WRONG = new Set(['step_backoff', 'step_failure_rate', 'step_double_v4', 'step_rebalance', 'ask_same_transaction', 'step_cursor']);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${url}examples/course-page.html`);
  const lab = page.frameLocator('#lab-frame');
  await wake(lab);
  await lab.locator('#path[data-stop=step_backoff]').waitFor();
  const frame = page.frames().find((f) => f !== page.mainFrame());
  // Everything the live region says, from the start.
  await frame.evaluate(() => {
    window.said = [];
    new MutationObserver(() => {
      const t = document.getElementById('announcer').textContent.trim();
      if (t) window.said.push(t);
    }).observe(document.getElementById('announcer'), { childList: true, characterData: true, subtree: true });
  });

  await check(`the lab opens on the path, in Spanish, at step 1 of ${STOPS.length}`, async () => {
    assert((await lab.locator('#path-count').textContent()) === `Paso 1 de ${STOPS.length}`, 'not step 1');
    assert(await lab.locator('.slot.focus[data-panel=timeline]').count() === 1, 'timeline not marked');
    assert(await lab.locator('.slot.muted').count() > 3, 'others not muted');
    assert(await lab.locator('#path-act').count() === 0, 'an action before the prediction');
    // The answer is not on the page before the prediction: intento 3's cumulative wait and
    // the next stop's dead-letter moment are veiled.
    const cumulative = lab.locator('#schedule tbody tr td:nth-child(4)');
    assert((await cumulative.nth(2).textContent()).startsWith('?'), 'the answer is in the table');
    assert((await cumulative.nth(5).textContent()).startsWith('?'), 'the next stop\'s answer is in the table');
    assert(await lab.locator('#natural-note').count() === 0, 'a later question\'s answer is shown');
  });

  let deadLetterSaid = null;
  for (const [i, [stop, right]] of STOPS.entries()) {
    await check(`stop ${i + 1} ${stop}: predict, run, compare, explain`, async () => {
      const before = stop === 'step_dead_letter' ? await frame.evaluate(() => window.said.length) : 0;
      // Before the prediction, the right answer is nowhere in the page's visible text outside
      // the prediction box (a bare count such as «2» is told apart from other numbers by the
      // native path test, which asserts nothing runs before the prediction).
      await lab.locator(`#path[data-stop=${stop}]`).waitFor();
      const leak = await frame.evaluate((r) => {
        const truth = document.querySelector(`.choice[data-choice="${r}"]`).innerText.trim();
        const box = document.querySelector('.path-predict');
        box.style.display = 'none';
        const visible = document.body.innerText;
        box.style.display = '';
        return truth.length > 3 && visible.includes(truth) ? truth : null;
      }, right);
      assert(leak === null, `the answer «${leak}» is on the page before the prediction`);
      await passStop(page, lab, i, WRONG.has(stop));
      if (WRONG.has(stop)) {
        const why = await lab.locator('#path-mistake').textContent();
        assert(why.length > 40, `the wrong prediction is not answered: ${why}`);
      }
      if (stop === 'step_backoff') {
        const third = await lab.locator('#schedule tbody tr:nth-child(3) td:nth-child(4)').textContent();
        assert(third.startsWith('210'), `predicted, yet still veiled: ${third}`);
      }
      if (stop === 'step_dead_letter') {
        // The live region speaks at most every 2 s: wait until it has said the result.
        await frame.waitForFunction(
          (n) => window.said.slice(n).some((s) => s.includes('¡Acertaste! La respuesta correcta: «Queda apartado')),
          before,
        );
        deadLetterSaid = (await frame.evaluate(() => window.said)).slice(before);
      }
      const result = lab.locator('#path-result');
      const isRight = (await result.getAttribute('data-right')) === 'true';
      assert(isRight === !WRONG.has(stop), `judged ${isRight}`);
      const text = await result.textContent();
      assert(text.includes(isRight ? '¡Acertaste!' : 'No era eso'), text);
      // One paragraph answers the choice: the explanation for a right one, the mistake for a
      // wrong one, never both; short enough for a phone's screen with the verdict line.
      const [said, unsaid] = isRight ? ['#path-explain', '#path-mistake'] : ['#path-mistake', '#path-explain'];
      assert(await lab.locator(said).count() === 1 && await lab.locator(unsaid).count() === 0, `not one answer: ${text}`);
      const words = (await lab.locator(said).textContent()).split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
      assert(words >= 10 && words <= 45, `${words} words: ${text}`);
      assert(await lab.locator(`.choice.truth[data-choice="${right}"]`).count() === 1, 'the truth is not shown');
      if (i + 1 < STOPS.length) await tapStill(page, lab, '#path-next');
    });
  }

  await check('the live region told the dead-letter stop in few words, the dead letter among them', async () => {
    console.log('     live region during the dead-letter stop at 3600x:', JSON.stringify(deadLetterSaid));
    assert(deadLetterSaid && deadLetterSaid.length >= 1 && deadLetterSaid.length <= 4, JSON.stringify(deadLetterSaid));
    assert(deadLetterSaid.some((s) => s.includes('pasó a la cola de dead-letter')), JSON.stringify(deadLetterSaid));
    assert(deadLetterSaid.some((s) => s.includes('¡Acertaste! La respuesta correcta: «Queda apartado')), 'the result was not said');
  });

  await check('the path ends with the score, every checkpoint sent, and every challenge reached', async () => {
    const fin = await lab.locator('#path-finished').textContent();
    assert(fin.includes(`acertaste ${STOPS.length - WRONG.size} de ${STOPS.length}`), fin);
    const got = await page.evaluate(() => window.received);
    const ids = got.filter((m) => m.type === 'checkpoint').map((m) => m.id);
    for (const [stop] of STOPS) assert(ids.includes(stop), `no checkpoint ${stop}`);
    assert(ids.filter((x) => x.startsWith('step_') || x.startsWith('ask_')).length === STOPS.length, 'a stop twice');
    const completed = got.filter((m) => m.type === 'completed');
    assert(completed.some((m) => m.checkpoints.length === STOPS.length && m.checkpoints[0] === 'step_backoff'), JSON.stringify(completed));
    assert(await lab.locator('[data-challenge].done').count() === 6, 'not every challenge');
  });

  await check('the last stop leads on to the consumer workbench', async () => {
    assert(await lab.locator('#path-workbench[href="#workbench-h"]').count() === 1, 'no way on');
    assert(await lab.locator('#workbench-h').count() === 1, 'the workbench is not on the page');
  });

  await check('every wrong choice of every stop gets its own answer once the run shows the truth', async () => {
    let answered = 0;
    for (const [i, [stop, right]] of STOPS.entries()) {
      const seen = new Map();
      await tapStill(page, lab, `.path-marks li:nth-child(${i + 1}) .mark`);
      const ids = await choiceIds(lab.locator(`#path[data-stop=${stop}]`));
      for (const c of ids) {
        if (c === right) continue;
        // Going to the stop again sets its scene afresh.
        await tapStill(page, lab, `.path-marks li:nth-child(${i + 1}) .mark`);
        await lab.locator(`#path[data-stop=${stop}] .choice:not([disabled])`).first().waitFor();
        await predict(page, lab, stop, c);
        if (!isQuestion(stop)) await lab.locator('#speed').selectOption('3600');
        if (stop === 'step_failure_rate') await lab.locator('#failure').evaluate(setRate);
        await runStop(lab, `${stop}, choice ${c}`, '#path-result');
        assert((await lab.locator('#path-result').getAttribute('data-right')) === 'false', `${stop}, choice ${c}: judged right`);
        const why = (await lab.locator('#path-mistake').textContent()).trim();
        assert(why.length > 40, `${stop}, choice ${c}: «${why}»`);
        assert(!seen.has(why), `${stop}: choices ${seen.get(why)} and ${c} get the same answer`);
        seen.set(why, c);
        answered++;
      }
    }
    console.log(`     ${answered} wrong choices, each answered on its own`);
    await lab.locator('.path-marks .mark').nth(STOPS.length - 1).click();
  });

  await check('a reload keeps the position and what was passed', async () => {
    await page.reload();
    await lab.locator('#path[data-stop=ask_at_least_once]').waitFor();
    assert(await lab.locator('.path-marks li.passed').count() === STOPS.length, 'passed marks lost');
  });

  await check('explore freely leaves the path without resetting; resume comes back', async () => {
    await lab.locator('#path-explore').click();
    await lab.locator('#path-resume').waitFor();
    assert(await lab.locator('.slot.muted').count() === 0, 'still muted');
    await lab.locator('#path-resume').click();
    await lab.locator('#path-count').waitFor();
  });

  await check('no page error', async () => assert(errors.length === 0, errors.join(' | ')));
} finally {
  await browser.close();
  server.close();
}
done();

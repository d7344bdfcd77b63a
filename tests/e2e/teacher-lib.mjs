// Helpers of the teacher's page's end-to-end check and benchmark: waiting on what the page
// says of itself, reading its counts, exporting a store's statements as a teacher would, and a
// file of statements whose names carry markup and a spreadsheet formula.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { assert } from './lib.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page, as "id at target" lines. */
export async function axe(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) x${v.nodes.length} at ${v.nodes[0]?.target?.join(' ')}`));
}

/** The answered statements of a list. */
export const answered = (list) => list.filter((s) => s.verb?.id === 'http://adlnet.gov/expapi/verbs/answered');

/** What the teacher's page shows of itself, for a failure's message. */
export async function seen(page) {
  return page.evaluate(() => {
    const app = document.getElementById('teacher-app');
    const text = (id) => document.getElementById(id)?.textContent ?? null;
    return JSON.stringify({ state: app?.dataset.state, read: app?.dataset.read, status: text('t-status'), problem: text('t-problem'), skipped: text('t-skipped') });
  });
}

/** Waits (30 s at most) for `fn(arg)` to hold in the page; on failure says what the page showed. */
export async function until(page, fn, what, arg) {
  try {
    await page.waitForFunction(fn, arg, { timeout: 30000 });
  } catch {
    throw new Error(`${what}: not after 30 s; the page shows ${await seen(page)}`);
  }
}

/** Per stop card on the page: its id, learners who answered, right first, each choice's count. */
export function counts(page) {
  return page.locator('.stop-card').evaluateAll((cards) => cards.map((c) => ({
    id: c.dataset.stop,
    answered: Number(c.dataset.answered),
    right: Number(c.dataset.firstRight),
    choices: Object.fromEntries([...c.querySelectorAll('.t-choice')].map((x) => [x.dataset.choice, Number(x.dataset.count)])),
  })));
}

/** Every statement of a store, page by page (following `more`), as an export would. */
export async function exportAll(endpoint, auth) {
  const all = [];
  let url = `${endpoint}statements`;
  for (let n = 0; url; n++) {
    assert(n < 10000, 'the export does not end');
    const r = await fetch(url, { headers: { authorization: auth, 'x-experience-api-version': '1.0.3' } });
    assert(r.ok, `export: ${r.status}`);
    const page = await r.json();
    all.push(...page.statements);
    url = page.more ? new URL(page.more, endpoint).href : null;
  }
  return all;
}

/** Statements whose learner, stop and choice names carry markup, and a learner named as a formula. */
export function markupFile(activity) {
  const s = (who, choice, at) => ({
    id: `00000000-0000-4000-8000-00000000000${at}`,
    actor: { name: who, account: { homePage: 'https://course.example', name: `u${at}` } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
    object: {
      id: `${activity}/step_backoff`,
      definition: {
        name: { es: '<b>negrita</b><script>window.__pwned=2</script>' },
        choices: [{ id: 'a', description: { es: '<img src=y onerror="window.__pwned=3">' } }, { id: 'b', description: { es: 'B' } }],
        correctResponsesPattern: ['b'],
      },
    },
    result: { success: choice === 'b', response: choice },
    timestamp: `2026-12-01T10:00:0${at}Z`,
  });
  return [s('<img src=x onerror="window.__pwned=1">', 'a', 1), s('=HYPERLINK("http://evil.example","x")', 'b', 2)];
}

// The SCORM bridge: the script of the package's launch page (scorm.html, the SCO a learning
// platform opens). It finds the platform's runtime by SCORM's own search (this window's
// parents, then its opener's), opens the lab in a frame beside it with the progress the
// platform kept (`keep=host`, `saved=` its suspend_data) and translates what the lab tells its
// host into the runtime's data model:
//   the lab's saved state (`saved` message)      -> suspend_data, and its stop -> location
//   each prediction (xAPI `answered` statement)  -> one interaction: the stop's id, choice,
//                                                   the choice said, right or wrong, latency
//   the path completed (xAPI `completed`, score) -> completion, score, and pass or fail
//                                                   against the manifest's mastery score
//   the page closing                             -> session time, exit «suspend», finish
// The lab knows nothing of SCORM: this page is the host that keeps its progress, as a course
// page could. With no runtime anywhere, it opens the lab as it is everywhere else.
const TRIES = 500;

/** SCORM's API search: `win` and its parents, up to the top (ADL's algorithm). */
function search(win, name) {
  for (let w = win, n = 0; w && n < TRIES; n++) {
    try {
      if (w[name]) return w[name];
    } catch { /* a window of another origin: not the platform's */ }
    if (!w.parent || w.parent === w) break;
    w = w.parent;
  }
  return null;
}

/** The runtime this page was launched by: SCORM 2004's API_1484_11 or SCORM 1.2's API, found
 * among this window's parents, else its opener's (a platform that opens a new window). */
function findRuntime() {
  for (const [version, name] of [['2004', 'API_1484_11'], ['1.2', 'API']]) {
    let api = search(window, name);
    try {
      if (!api && window.opener) api = search(window.opener, name);
      if (!api && window.top.opener) api = search(window.top.opener, name);
    } catch { /* an opener of another origin */ }
    if (api) return { version, api };
  }
  return null;
}

/** Each version's calls and names. `limit` is the longest suspend_data the version allows. */
const VERSIONS = {
  '1.2': {
    limit: 4096,
    init: (a) => a.LMSInitialize(''),
    get: (a, k) => a.LMSGetValue(k),
    set: (a, k, v) => a.LMSSetValue(k, v),
    commit: (a) => a.LMSCommit(''),
    finish: (a) => a.LMSFinish(''),
    error: (a) => [a.LMSGetLastError(), (c) => a.LMSGetErrorString(c)],
    location: 'cmi.core.lesson_location',
    sessionTime: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
    time: (ms) => timespan12(ms),
    /** Started: «not attempted» becomes «incomplete»; a finished status stays. */
    started: (rt) => {
      const s = rt.get('cmi.core.lesson_status');
      if (s === '' || s === 'not attempted') rt.set('cmi.core.lesson_status', 'incomplete');
    },
    interaction: (rt, n, i) => {
      const at = `cmi.interactions.${n}.`;
      rt.set(`${at}id`, i.id);
      rt.set(`${at}type`, 'choice');
      rt.set(`${at}time`, i.when.toTimeString().slice(0, 8));
      rt.set(`${at}student_response`, i.response);
      rt.set(`${at}result`, i.right ? 'correct' : 'wrong');
      rt.set(`${at}latency`, timespan12(i.latency));
      if (i.correct) rt.set(`${at}correct_responses.0.pattern`, i.correct);
    },
    complete: (rt, right, of) => {
      const percent = round(100 * right / of, 2);
      rt.set('cmi.core.score.min', '0');
      rt.set('cmi.core.score.max', '100');
      rt.set('cmi.core.score.raw', String(percent));
      // The manifest's adlcp:masteryscore, handed over by the platform (0 to 100).
      const mastery = number(rt.get('cmi.student_data.mastery_score'));
      const status = mastery === null ? 'completed' : percent >= mastery ? 'passed' : 'failed';
      rt.set('cmi.core.lesson_status', status);
    },
  },
  '2004': {
    limit: 64000,
    init: (a) => a.Initialize(''),
    get: (a, k) => a.GetValue(k),
    set: (a, k, v) => a.SetValue(k, v),
    commit: (a) => a.Commit(''),
    finish: (a) => a.Terminate(''),
    error: (a) => [a.GetLastError(), (c) => a.GetErrorString(c)],
    location: 'cmi.location',
    sessionTime: 'cmi.session_time',
    exit: 'cmi.exit',
    time: (ms) => duration2004(ms),
    started: (rt) => {
      if (rt.get('cmi.completion_status') !== 'completed') rt.set('cmi.completion_status', 'incomplete');
    },
    interaction: (rt, n, i) => {
      const at = `cmi.interactions.${n}.`;
      rt.set(`${at}id`, i.id);
      rt.set(`${at}type`, 'choice');
      rt.set(`${at}timestamp`, i.when.toISOString().replace(/(\.\d\d)\dZ$/, '$1Z'));
      if (i.title) rt.set(`${at}description`, `{lang=${i.lang}}${i.title}`.slice(0, 250));
      rt.set(`${at}learner_response`, i.response);
      rt.set(`${at}result`, i.right ? 'correct' : 'incorrect');
      rt.set(`${at}latency`, duration2004(i.latency));
      if (i.correct) rt.set(`${at}correct_responses.0.pattern`, i.correct);
    },
    complete: (rt, right, of) => {
      const scaled = round(right / of, 4);
      rt.set('cmi.score.scaled', String(scaled));
      rt.set('cmi.score.min', '0');
      rt.set('cmi.score.max', '100');
      rt.set('cmi.score.raw', String(round(100 * right / of, 2)));
      rt.set('cmi.completion_status', 'completed');
      // The manifest's imsss:minNormalizedMeasure, handed over by the platform (0 to 1).
      const passing = number(rt.get('cmi.scaled_passing_score'));
      if (passing !== null) rt.set('cmi.success_status', scaled >= passing ? 'passed' : 'failed');
    },
  },
};

const round = (x, places) => Math.round(x * 10 ** places) / 10 ** places;
const number = (s) => (s === '' || s == null || !Number.isFinite(Number(s)) ? null : Number(s));
const two = (n) => String(n).padStart(2, '0');
/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
function timespan12(ms) {
  const cs = Math.round(ms / 10);
  const h = Math.min(9999, Math.floor(cs / 360000));
  const s = (cs % 6000) / 100;
  return `${two(h)}:${two(Math.floor(cs / 6000) % 60)}:${s < 10 ? '0' : ''}${s.toFixed(2)}`;
}
/** SCORM 2004's ISO 8601 duration, PT1H2M3.45S. */
function duration2004(ms) {
  const cs = Math.round(ms / 10);
  const [h, m, s] = [Math.floor(cs / 360000), Math.floor(cs / 6000) % 60, (cs % 6000) / 100];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}

/** What the lab saved, as it is read here: its stop and the stops passed. */
function readState(text) {
  const p = new URLSearchParams(text);
  return { at: p.get('at') ?? '', passed: p.get('passed') ?? '' };
}

/** The lab's state as it goes into suspend_data: whole, or, past the version's limit, without
 * the count of predictions per stop (its later tries then count from 1 again); null if even
 * that does not fit (the platform keeps what it had). The longest state the lab can write is
 * well under SCORM 1.2's 4 096 characters (README, "In a learning platform"). */
function fit(text, limit) {
  if (text.length <= limit) return text;
  const lean = text.replace(/&tries=[^&]*/, '');
  return lean.length <= limit ? lean : null;
}

const status = document.getElementById('scorm-status');
const frame = document.getElementById('lab-frame');
/** For whoever looks at a package inside a platform (and the tests): what the bridge did. */
const bridge = { version: null, errors: [], interactions: 0, saves: 0, finished: false };
window.scormBridge = bridge;

function say(text) {
  status.textContent = text;
  status.hidden = false;
}

/** The runtime's calls for one version, each failure kept and said once on the page. */
function runtime(version, api) {
  const v = VERSIONS[version];
  const check = (what, ok) => {
    const [code, words] = v.error(api);
    if (ok === false || ok === 'false' || (code && String(code) !== '0')) {
      bridge.errors.push(`${what}: ${code} ${words(code)}`);
      if (bridge.errors.length === 1) {
        say(`La plataforma no aceptó el progreso del laboratorio (${what}: error ${code}, ${words(code)}). ` +
          'Puedes seguir; avisa a tu profesor si vuelve a pasar.');
      }
    }
    return ok;
  };
  return {
    ...v,
    get: (k) => String(v.get(api, k) ?? ''),
    set: (k, value) => check(k, v.set(api, k, String(value))),
    commit: () => check('commit', v.commit(api)),
    finish: () => check('finish', v.finish(api)),
    init: () => check('initialize', v.init(api)),
  };
}

function open(query) {
  frame.src = `index.html?${Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

const found = findRuntime();
if (!found) {
  // No platform: the lab as it is everywhere else, its progress in this browser.
  location.replace('index.html');
} else {
  const { version } = found;
  const rt = runtime(version, found.api);
  bridge.version = version;
  const began = Date.now();
  rt.init();
  rt.started(rt);
  const kept = rt.get('cmi.suspend_data');
  // The xAPI activity the lab's statements are about: the lab in this package.
  const activity = new URL('index.html', location.href).href.replace(/[?#].*$/, '');
  const query = { origin: location.origin, keep: 'host', xapi: activity };
  // Nothing kept: a first visit (the lab then opens on its prerendered first stop).
  if (kept !== '') query.saved = kept;
  let last = kept;
  let place = readState(kept);
  // When the learner came to the stop they now answer: latency counts from there (or from
  // their previous try at it).
  let arrived = performance.now();

  const onSaved = (text) => {
    if (text === last) return;
    const next = readState(text);
    const moved = next.at !== place.at;
    if (moved) arrived = performance.now();
    const value = fit(text, rt.limit);
    if (value === null) {
      bridge.errors.push(`suspend_data: ${text.length} characters, over ${rt.limit}`);
    } else {
      rt.set('cmi.suspend_data', value);
      bridge.saves++;
    }
    if (next.at && moved) rt.set(rt.location, next.at);
    // A new stop or a stop passed is worth a round trip to the platform now.
    if (moved || next.passed !== place.passed) rt.commit();
    [last, place] = [text, next];
  };

  const onStatement = (s) => {
    const verb = String(s?.verb?.id ?? '').split('/').pop();
    if (verb === 'answered' && typeof s.object?.id === 'string' && s.object.id.startsWith(`${activity}/`)) {
      const id = s.object.id.slice(activity.length + 1);
      // The path's stops only (the workbench's prediction is not one of the path's).
      if (!/^[a-z0-9_]+$/.test(id)) return;
      const lang = s.context?.language ?? 'es';
      const names = s.object.definition?.name ?? {};
      const n = Number(rt.get('cmi.interactions._count')) || 0;
      rt.interaction(rt, n, {
        id,
        when: new Date(),
        response: String(s.result?.response ?? ''),
        right: s.result?.success === true,
        latency: performance.now() - arrived,
        correct: s.object.definition?.correctResponsesPattern?.[0],
        title: names[lang] ?? names.es,
        lang: names[lang] ? lang : 'es',
      });
      bridge.interactions++;
      arrived = performance.now();
      rt.commit();
    }
    const score = s?.result?.score;
    // The path's completion carries its score (first-try rights out of the stops); the
    // challenges' completion has none and is not the package's.
    if (verb === 'completed' && score && Number(score.max) > 0) {
      rt.complete(rt, Number(score.raw), Number(score.max));
      rt.commit();
    }
  };

  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow || e.origin !== location.origin) return;
    const m = e.data;
    if (m?.source !== 'retry-lab') return;
    if (m.type === 'height' && m.px > 0) frame.style.height = `${m.px}px`;
    if (m.type === 'saved' && typeof m.state === 'string') onSaved(m.state);
    if (m.type === 'xapi') onStatement(m.statement);
  });

  // The page closing (the learner leaves the activity, or the platform closes its window):
  // the time spent, «suspend» so the next visit resumes, the last commit and finish.
  const finish = () => {
    if (bridge.finished) return;
    bridge.finished = true;
    rt.set(rt.sessionTime, rt.time(Date.now() - began));
    rt.set(rt.exit, 'suspend');
    rt.commit();
    rt.finish();
  };
  addEventListener('pagehide', finish);
  open(query);
}

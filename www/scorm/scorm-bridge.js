// The SCORM bridge: the script of the package's launch page (scorm.html, the SCO a learning
// platform opens). It finds the platform's runtime by SCORM's own search (this window's
// parents, then its opener's), opens the lab in a frame beside it with the progress the
// platform kept (`keep=host`, its suspend_data handed over in a `restore` message, never in the
// frame's address: `restore=message`) and translates what the lab tells its
// host into the runtime's data model:
//   the lab's saved state (`saved` message)      -> suspend_data, and its stop -> location
//   each prediction (xAPI `answered` statement)  -> one interaction: the stop's id, choice,
//                                                   the choice said, right or wrong, latency
//   the path completed (xAPI `completed`, score) -> completion, score, and pass or fail
//                                                   against the mastery score (the platform's,
//                                                   else the package's own)
//   every change                                 -> committed at once, with exit «suspend» and
//                                                   the session's time so far
//   the page closing                             -> the last session time, commit, finish
// Players differ (Open edX's keeps no interaction count and answers "" for status and score on
// a later visit; a player may throw or lack a call): the bridge counts its own interactions and
// remembers a finished path in suspend_data, guards every call, and a failure is a sentence on
// this page, the lab opened anyway. The lab knows nothing of SCORM: this page is the host that
// keeps its progress, as a course page could. With no runtime anywhere, it opens the lab as it
// is everywhere else. `start` takes the window, so scripts/fuzz can run it with any runtime.
const TRIES = 500;

/** The lab never writes a state longer than 1 499 characters (crates/core/src/embed/saved.rs): a
 * suspend_data longer than this here is not its own and is not handed over (the lab starts
 * afresh, and its first save replaces it). The state goes to the lab by message, never in its
 * address (a common server answers 431 past 8 KB, and the lab would never load to replace
 * it); the address stays under MAX_ADDRESS. */
export const MAX_KEPT = 4096;
export const MAX_ADDRESS = 6000;

/** What the bridge adds to the lab's state in suspend_data (and strips before the lab reads
 * it): how many interactions it wrote, and that the path was finished. */
const OWN = /&scorm=(\d{1,6})(f?)$/;

/** SCORM's API search: `win` and its parents, up to the top (ADL's algorithm). */
function search(win, name) {
  for (let w = win, n = 0; w && n < TRIES; n++) {
    try {
      if (w[name]) return w[name];
      if (!w.parent || w.parent === w) break;
      w = w.parent;
    } catch {
      break; /* a window of another origin: not the platform's */
    }
  }
  return null;
}

/** The runtime this page was launched by: SCORM 2004's API_1484_11 or SCORM 1.2's API, found
 * among this window's parents, else its opener's (a platform that opens a new window). */
function findRuntime(win) {
  for (const [version, name] of [['2004', 'API_1484_11'], ['1.2', 'API']]) {
    let api = search(win, name);
    try {
      if (!api && win.opener) api = search(win.opener, name);
      if (!api && win.top.opener) api = search(win.top.opener, name);
    } catch { /* an opener of another origin */ }
    if (api) return { version, api };
  }
  return null;
}

/** Each version's calls and names. `limit` is the longest suspend_data the version allows. */
const VERSIONS = {
  '1.2': {
    limit: 4096,
    calls: { init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', error: 'LMSGetLastError', words: 'LMSGetErrorString' },
    location: 'cmi.core.lesson_location',
    sessionTime: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
    time: (ms) => timespan12(ms),
    /** Started: «not attempted» becomes «incomplete»; a finished status stays, and so does a
     * path the lab finished whatever the player answers (Open edX answers ""). */
    started: (rt, finished) => {
      if (finished) return;
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
    complete: (rt, right, of, packaged) => {
      const percent = round(100 * right / of, 2);
      rt.set('cmi.core.score.min', '0');
      rt.set('cmi.core.score.max', '100');
      rt.set('cmi.core.score.raw', String(percent));
      // The manifest's adlcp:masteryscore (0 to 100), handed over by the platform, else the
      // package's own (a player that passes none).
      const mastery = number(rt.get('cmi.student_data.mastery_score')) ?? packaged;
      const status = mastery === null ? 'completed' : percent >= mastery ? 'passed' : 'failed';
      rt.set('cmi.core.lesson_status', status);
    },
  },
  '2004': {
    limit: 64000,
    calls: { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate', error: 'GetLastError', words: 'GetErrorString' },
    location: 'cmi.location',
    sessionTime: 'cmi.session_time',
    exit: 'cmi.exit',
    time: (ms) => duration2004(ms),
    started: (rt, finished) => {
      if (finished) return;
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
    complete: (rt, right, of, packaged) => {
      const scaled = round(right / of, 4);
      rt.set('cmi.score.scaled', String(scaled));
      rt.set('cmi.score.min', '0');
      rt.set('cmi.score.max', '100');
      rt.set('cmi.score.raw', String(round(100 * right / of, 2)));
      rt.set('cmi.completion_status', 'completed');
      // The manifest's imsss:minNormalizedMeasure (0 to 1), handed over by the platform, else
      // the package's own.
      const passing = number(rt.get('cmi.scaled_passing_score')) ?? (packaged === null ? null : packaged / 100);
      if (passing !== null) rt.set('cmi.success_status', scaled >= passing ? 'passed' : 'failed');
    },
  },
};

const round = (x, places) => Math.round(x * 10 ** places) / 10 ** places;
const number = (s) => (s === '' || s == null || !Number.isFinite(Number(s)) ? null : Number(s));
const two = (n) => String(n).padStart(2, '0');
/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
function timespan12(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.min(9999, Math.floor(cs / 360000));
  const s = (cs % 6000) / 100;
  return `${two(h)}:${two(Math.floor(cs / 6000) % 60)}:${s < 10 ? '0' : ''}${s.toFixed(2)}`;
}
/** SCORM 2004's ISO 8601 duration, PT1H2M3.45S. */
function duration2004(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const [h, m, s] = [Math.floor(cs / 360000), Math.floor(cs / 6000) % 60, (cs % 6000) / 100];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}

/** What the lab saved, as it is read here: its stop, the stops passed, its language. */
function readState(text) {
  let p;
  try {
    p = new URLSearchParams(text);
  } catch {
    return { at: '', passed: '', lang: '' };
  }
  return { at: p.get('at') ?? '', passed: p.get('passed') ?? '', lang: p.get('lang') ?? '' };
}

/** suspend_data as the bridge keeps it: the lab's state, then `&scorm=` the interactions it
 * wrote and `f` once the path was finished. */
export function splitKept(kept) {
  const m = OWN.exec(kept);
  if (!m) return { lab: kept, count: null, finished: false };
  return { lab: kept.slice(0, m.index), count: Number(m[1]), finished: m[2] === 'f' };
}
export const joinKept = (lab, count, finished) => `${lab}&scorm=${count}${finished ? 'f' : ''}`;

/** The lab's state as it goes into suspend_data, with the bridge's own part: whole, or, past
 * the version's limit, without the count of predictions per stop (its later tries then count
 * from 1 again); null if even that does not fit (the platform keeps what it had). The longest
 * state the lab can write is well under SCORM 1.2's 4 096 characters (docs/platforms.md). */
export function fit(text, own, limit) {
  if (text.length + own.length <= limit) return text + own;
  const lean = text.replace(/&tries=[^&]*/, '');
  return lean.length + own.length <= limit ? lean + own : null;
}

/** The launch page's sentences, in the learner's language (the lab's saved `lang`, else
 * Spanish as the lab's own default). */
const SAY = {
  es: {
    refused: (what, detail) => `La plataforma no aceptó el progreso del laboratorio (${what}: ${detail}). Puedes seguir; avisa a tu docente si vuelve a pasar.`,
    unread: (what, detail) => `La plataforma no devolvió el progreso guardado (${what}: ${detail}). Puedes seguir desde aquí; avisa a tu docente si vuelve a pasar.`,
    noSession: (detail) => `La plataforma no abrió la sesión del laboratorio (${detail}). El laboratorio se abre igualmente, sin el progreso guardado en la plataforma, y guarda lo que hagas en este navegador; avisa a tu docente.`,
    tooLong: (n) => `El progreso guardado en la plataforma ocupa ${n} caracteres, más de los que escribe este laboratorio: no es suyo. Empiezas desde el principio, y la plataforma guarda tu progreso nuevo.`,
    error: 'error',
    threw: 'falló',
    over: (n, limit) => `${n} caracteres; el límite es ${limit}`,
  },
  en: {
    refused: (what, detail) => `The platform did not accept the lab's progress (${what}: ${detail}). You can go on; tell your teacher if it happens again.`,
    unread: (what, detail) => `The platform did not give back the progress it kept (${what}: ${detail}). You can go on from here; tell your teacher if it happens again.`,
    noSession: (detail) => `The platform did not open the lab's session (${detail}). The lab opens anyway, without the progress kept on the platform, and keeps what you do in this browser; tell your teacher.`,
    tooLong: (n) => `The progress kept on the platform is ${n} characters long, more than this lab writes: it is not the lab's. You start from the beginning, and the platform keeps your new progress.`,
    error: 'error',
    threw: 'failed',
    over: (n, limit) => `${n} characters; the limit is ${limit}`,
  },
};

/** What a guarded runtime call returns when the call threw or was missing. */
const THREW = Symbol('threw');

/** Anything as short text, even a value whose toString throws. */
function text(v, max = 120) {
  try {
    return String(v).slice(0, max);
  } catch {
    return '?';
  }
}

/** Runs the bridge in `win` (the launch page's window). Returns what it did (`scormBridge`). */
export function start(win) {
  const doc = win.document;
  const status = doc.getElementById('scorm-status');
  const frame = doc.getElementById('lab-frame');
  /** For whoever looks at a package inside a platform (and the tests): what the bridge did. */
  const bridge = { version: null, errors: [], interactions: 0, saves: 0, finished: false, said: '', kept: undefined, handedOver: 0 };
  win.scormBridge = bridge;
  let words = SAY.es;

  const say = (line) => {
    bridge.said = line;
    status.textContent = line;
    status.hidden = false;
  };
  const open = (query) => {
    const q = Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    frame.src = q ? `index.html?${q}` : 'index.html';
  };
  // The mastery score scripts/package wrote into this page (0 to 100), for a player that
  // passes none.
  const packaged = number(doc.documentElement?.getAttribute?.('data-mastery'));

  const found = findRuntime(win);
  if (!found) {
    // No platform: the lab as it is everywhere else, its progress in this browser.
    win.location.replace('index.html');
    return bridge;
  }
  const { version, api } = found;
  const v = VERSIONS[version];
  bridge.version = version;
  /** One failure, kept; the first said on the page (`unread`: a value the platform did not
   * give back). */
  const failed = (what, detail, unread = false) => {
    bridge.errors.push(`${what}: ${detail}`);
    if (bridge.errors.length === 1) say((unread ? words.unread : words.refused)(what, detail));
  };
  /** A runtime call, guarded: a missing call or one that throws is a failure (said), not a
   * blank page; THREW then. */
  const call = (what, name, ...args) => {
    try {
      return api[name](...args);
    } catch (e) {
      failed(what, `${words.threw}: ${text(e?.message ?? e)}`, name === v.calls.get);
      return THREW;
    }
  };
  /** After a call: refused (false) or an error code other than 0 is a failure. A player
   * without GetLastError is taken at its word. */
  const check = (what, ok) => {
    if (ok === THREW) return false;
    let code = '0';
    try {
      if (typeof api[v.calls.error] === 'function') code = text(api[v.calls.error]());
    } catch { /* no code to read */ }
    if (ok === false || ok === 'false' || (code !== '' && code !== '0')) {
      let said = '';
      try {
        said = typeof api[v.calls.words] === 'function' ? text(api[v.calls.words](code)) : '';
      } catch { /* no words for it */ }
      failed(what, `${words.error} ${code}${said ? `, ${said}` : ''}`);
      return false;
    }
    return true;
  };
  const rt = {
    ...v,
    get: (k) => {
      const got = call(k, v.calls.get, k);
      if (got == null || got === THREW) return '';
      try {
        return String(got);
      } catch (e) {
        failed(k, `${words.threw}: ${text(e?.message ?? e)}`, true);
        return '';
      }
    },
    set: (k, value) => check(k, call(k, v.calls.set, k, String(value))),
    commit: () => check('commit', call('commit', v.calls.commit, '')),
    finish: () => check('finish', call('finish', v.calls.finish, '')),
  };

  const began = Date.now();
  const initOk = check('initialize', call('initialize', v.calls.init, ''));
  let kept = initOk ? rt.get('cmi.suspend_data') : '';
  const own = splitKept(kept);
  // A lone surrogate cannot go into an address: the lab reads U+FFFD there and says why.
  const labKept = typeof own.lab.toWellFormed === 'function' ? own.lab.toWellFormed() : own.lab;
  if (readState(labKept).lang === 'en') words = SAY.en;
  if (!initOk) {
    // No session: the lab as everywhere else, its progress in this browser.
    say(words.noSession(bridge.errors[0] ?? 'initialize'));
    open({});
    return bridge;
  }
  // The interactions already written: the bridge's own count (a player may keep none), else
  // the player's.
  let count = own.count ?? (Number(rt.get('cmi.interactions._count')) || 0);
  let finished = own.finished;
  v.started(rt, finished);
  // The xAPI activity the lab's statements are about: the lab in this package.
  const activity = new URL('index.html', win.location.href).href.replace(/[?#].*$/, '');
  const query = { origin: win.location.origin, keep: 'host', xapi: activity };
  // Nothing kept: a first visit (the lab then opens on its prerendered first stop). Too long
  // to be the lab's (or not text an address could carry): a fresh start, said, and the lab's
  // first save replaces it. Else the lab waits for it (`restore=message`) and asks for it:
  // handed over by message, never in its address.
  let wellFormed = true;
  try {
    encodeURIComponent(labKept);
  } catch { wellFormed = false; /* a lone surrogate where toWellFormed is missing */ }
  let last = '';
  if (labKept.length > MAX_KEPT || !wellFormed) {
    bridge.errors.push(`suspend_data: ${labKept.length} characters, over ${MAX_KEPT}`);
    say(words.tooLong(labKept.length));
    kept = '';
  } else if (labKept !== '') {
    query.restore = 'message';
    last = labKept;
  }
  let place = readState(last);
  // When the learner came to the stop they now answer: latency counts from there (or from
  // their previous try at it).
  let arrived = win.performance.now();
  let suspended = false;

  /** Every change goes to the platform as it happens, with what the next visit needs (exit
   * «suspend») and the session's time so far: a player that sends values in the background
   * may lose what the page's last moment writes. */
  const commit = () => {
    if (!suspended) {
      rt.set(v.exit, 'suspend');
      suspended = true;
    }
    rt.set(v.sessionTime, v.time(Date.now() - began));
    rt.commit();
  };
  /** suspend_data: the lab's last state and the bridge's own part. */
  const store = () => {
    const value = fit(last, joinKept('', count, finished), v.limit);
    if (value === null) {
      failed('cmi.suspend_data', words.over(last.length, v.limit));
      return;
    }
    rt.set('cmi.suspend_data', value);
    bridge.kept = value;
    bridge.saves++;
  };

  const onSaved = (state) => {
    if (state === last) return;
    const next = readState(state);
    words = next.lang === 'en' ? SAY.en : SAY.es;
    const moved = next.at !== place.at;
    if (moved) arrived = win.performance.now();
    last = state;
    kept = state;
    store();
    if (next.at && moved) rt.set(v.location, next.at);
    place = next;
    commit();
  };

  const onStatement = (s) => {
    const verb = text(s?.verb?.id ?? '').split('/').pop();
    const object = s?.object?.id;
    if (verb === 'answered' && typeof object === 'string' && object.startsWith(`${activity}/`)) {
      const id = object.slice(activity.length + 1);
      // The path's stops only (the workbench's prediction is not one of the path's).
      if (!/^[a-z0-9_]{1,64}$/.test(id)) return;
      const lang = s.context?.language === 'en' ? 'en' : 'es';
      const names = s.object.definition?.name ?? {};
      const title = typeof names[lang] === 'string' ? names[lang] : typeof names.es === 'string' ? names.es : '';
      const correct = s.object.definition?.correctResponsesPattern?.[0];
      v.interaction(rt, count, {
        id,
        when: new Date(),
        response: text(s.result?.response ?? '', 250),
        right: s.result?.success === true,
        latency: win.performance.now() - arrived,
        correct: typeof correct === 'string' ? correct.slice(0, 250) : '',
        title,
        lang: typeof names[lang] === 'string' ? lang : 'es',
      });
      count++;
      bridge.interactions++;
      arrived = win.performance.now();
      store();
      commit();
    }
    const score = s?.result?.score;
    // The path's completion carries its score (first-try rights out of the stops); the
    // challenges' completion has none and is not the package's.
    const [raw, max] = [Number(score?.raw), Number(score?.max)];
    if (verb === 'completed' && max > 0 && Number.isFinite(max) && raw >= 0 && raw <= max) {
      v.complete(rt, raw, max, packaged);
      finished = true;
      store();
      commit();
    }
  };

  /** A platform that opens this page in a frame of its own origin but gives the frame no
   * height (Open edX's player without a height set: 150 px, a browser's default) leaves the
   * learner a slit: the frame is made as tall as this page, and kept so as the lab grows or
   * shrinks. A frame the platform sized itself (300 px or more) is left as it is. */
  let grown = false;
  const fitPlatformFrame = () => {
    let outer = null;
    try {
      outer = win.frameElement;
    } catch { /* another origin's frame */ }
    if (!outer?.style || (!grown && !(outer.getBoundingClientRect().height < 300))) return;
    // The content's height, not the document's (which is never less than the frame's).
    const px = Math.ceil(doc.body.getBoundingClientRect().height);
    if (!Number.isFinite(px) || px <= 0) return;
    grown = true;
    outer.style.height = `${px}px`;
  };

  win.addEventListener('message', (e) => {
    try {
      if (e.source !== frame.contentWindow || e.origin !== win.location.origin) return;
      const m = e.data;
      if (m?.source !== 'retry-lab') return;
      if (m.type === 'height' && m.px > 0 && m.px < 1e6) {
        frame.style.height = `${Math.round(m.px)}px`;
        fitPlatformFrame();
      }
      if (m.type === 'saved' && typeof m.state === 'string' && m.state.length <= MAX_KEPT) onSaved(m.state);
      // The lab's loader waits for its state and asks for it: the last state the lab saved (a
      // reload resumes where it was), to this page's own origin only.
      if (m.type === 'restore' && query.restore) {
        frame.contentWindow.postMessage({ type: 'restore', version: 1, state: last }, win.location.origin);
        bridge.handedOver++;
      }
      if (m.type === 'xapi') onStatement(m.statement);
    } catch (err) {
      failed('message', `${words.threw}: ${text(err?.message ?? err)}`);
    }
  });

  // The page closing (the learner leaves the activity, or the platform closes its window):
  // the time spent, the last commit and finish.
  const finish = () => {
    if (bridge.finished) return;
    bridge.finished = true;
    rt.set(v.exit, 'suspend');
    rt.set(v.sessionTime, v.time(Date.now() - began));
    rt.commit();
    rt.finish();
  };
  win.addEventListener('pagehide', finish);
  open(query);
  return bridge;
}

if (typeof window !== 'undefined' && window.document?.getElementById('lab-frame')) {
  try {
    start(window);
  } catch (e) {
    // Whatever went wrong, never a blank page: the lab as everywhere else, and why.
    const status = document.getElementById('scorm-status');
    status.textContent = SAY.es.noSession(text(e?.message ?? e));
    status.hidden = false;
    const frame = document.getElementById('lab-frame');
    if (!frame.src) frame.src = 'index.html';
  }
}

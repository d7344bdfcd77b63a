// A learning platform's part in the SCORM tests: reads a package's imsmanifest.xml as a
// platform does (the SCO's launch page, the mastery score), puts scorm-again's runtime on this
// window (API for 1.2, API_1484_11 for 2004) with what the platform kept of the attempt, and
// opens the SCO in its frame. When the SCO finishes, what a platform keeps of the attempt is
// in `window.kept` (scorm-again's cmi as JSON), for the test to hand to the next visit.
window.calls = [];
window.kept = null;

/** A runtime that misbehaves as `how` says (a careless or broken platform), around `api`:
 * `init-throws`, `set-throws`, `get-throws`, `no-last-error` (no GetLastError at all),
 * `tostring-throws` (GetValue answers a value whose toString throws), `huge` (a suspend_data
 * of 120 000 characters). Every other call is the real runtime's. */
function hostile(api, how, is2004) {
  const names = is2004
    ? ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic']
    : ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic'];
  const [init, , get, set, , lastError] = names;
  const w = {};
  for (const n of names) w[n] = (...a) => api[n](...a);
  const boom = () => { throw new Error('runtime failure'); };
  if (how === 'init-throws') w[init] = boom;
  if (how === 'set-throws') w[set] = boom;
  if (how === 'get-throws') w[get] = boom;
  if (how === 'no-last-error') delete w[lastError];
  if (how === 'tostring-throws') w[get] = () => ({ toString: boom });
  if (how === 'huge') w[get] = (k) => (k === 'cmi.suspend_data' ? `v=2&seed=${'9'.repeat(120000)}` : api[get](k));
  return w;
}

/** Opens the package in folder `pkg` (a URL path) with `kept`, the attempt's data so far, and
 * a runtime that misbehaves if `how` says so (see `hostile`). */
window.launch = async (pkg, kept, how) => {
  const xml = new DOMParser().parseFromString(await (await fetch(`${pkg}/imsmanifest.xml`)).text(), 'application/xml');
  const version = xml.querySelector('metadata > schemaversion').textContent.trim();
  const is2004 = version.startsWith('2004');
  const resource = [...xml.getElementsByTagName('resource')].find((r) => /^sco$/i.test(r.getAttribute('adlcp:scormtype') ?? r.getAttribute('adlcp:scormType') ?? ''));
  const href = resource.getAttribute('href');
  const data = kept ? JSON.parse(JSON.stringify(kept)) : {};
  // What the platform hands over from the manifest, and that this is a return visit.
  if (is2004) {
    const measure = xml.getElementsByTagName('imsss:minNormalizedMeasure')[0]?.textContent.trim();
    if (measure) data.scaled_passing_score = measure;
    if (kept) data.entry = kept.exit === 'suspend' ? 'resume' : '';
    delete data.exit; delete data.session_time;
  } else {
    const mastery = xml.getElementsByTagName('adlcp:masteryscore')[0]?.textContent.trim();
    if (mastery) data.student_data = { ...(data.student_data ?? {}), mastery_score: mastery };
    data.core = { ...(data.core ?? {}) };
    if (kept) data.core.entry = kept.core?.exit === 'suspend' ? 'resume' : '';
    delete data.core.exit; delete data.core.session_time;
  }
  const settings = { logLevel: 5, autocommit: false, lmsCommitUrl: false };
  const api = is2004 ? new Scorm2004API(settings) : new Scorm12API(settings);
  api.loadFromJSON(data, '');
  const finish = is2004 ? 'Terminate' : 'LMSFinish';
  for (const call of is2004 ? ['Initialize', 'Commit', 'Terminate'] : ['LMSInitialize', 'LMSCommit', 'LMSFinish']) {
    api.on(call, () => window.calls.push(call));
  }
  api.on(finish, () => { window.kept = JSON.parse(JSON.stringify(api.cmi.toJSON())); });
  delete window.API; delete window.API_1484_11;
  window[is2004 ? 'API_1484_11' : 'API'] = how ? hostile(api, how, is2004) : api;
  window.api = api;
  document.getElementById('sco').src = `${pkg}/${href}`;
  return { version, href };
};

/** The learner leaves the activity: the platform takes the SCO's page away. */
window.leave = () => { document.getElementById('sco').src = 'about:blank'; };

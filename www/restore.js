// The kept progress a host hands over by message (`restore=message`: the SCORM launch page,
// where a long state in the frame's address would be refused by servers), for start.js to
// wait for before the lab starts. The lab asks with `{type: "restore"}`, the host answers
// `{type: "restore", version: 1, state}`. What comes is the state's text ("" when nothing was
// kept), or null when none came in time (the lab then says the saved progress is missing and
// starts afresh). Taken only from the host's frame and origin, as the lab takes its messages.
// Fetched only by a lab that waits for it, so the learner's first load does not carry it.
const WAIT_MS = 8000;
const MAX_STATE = 65536;

export function handedOver() {
  const params = new URLSearchParams(location.search);
  if (params.get('restore') !== 'message' || params.has('saved') || window.parent === window) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const done = (state) => {
      removeEventListener('message', onRestore);
      clearTimeout(late);
      resolve(state);
    };
    const onRestore = (e) => {
      const m = e.data;
      if (e.source !== parent || !window.retryLabTrusted || e.origin !== window.retryLabTrusted) return;
      if (m && m.type === 'restore' && typeof m.state === 'string' && m.state.length <= MAX_STATE) done(m.state);
    };
    const late = setTimeout(() => done(null), WAIT_MS);
    addEventListener('message', onRestore);
    // Asked for once listening: a host that answered at the frame's load could come too early.
    window.retryLabTell?.({ type: 'restore' });
  });
}

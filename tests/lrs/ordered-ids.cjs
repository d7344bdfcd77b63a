// Preloaded into Learning Locker's statements service (tests/lrs/learning-locker.mjs) to work
// around a bug of its in-memory repository (xapi-statements 5.0.1, MODELS_REPO=memory): it keys
// each stored statement by a UUID v1 string, sorts pages by `stored` then that key, and pages
// with `more` by comparing keys as strings. A v1 string begins with the low 32 bits of its
// timestamp, which wrap every 429.5 s, so a class stored across a wrap was read with statements
// repeated and others skipped (the teacher's test failed in about one run in five: 22 of 1 176
// answers missing). Its MongoDB repository keys by ObjectID, whose string order is the order of
// storage; here the memory repository's keys get that property too: a counter, in UUID shape.
const Module = require('node:module');
const load = Module._load;
let stored = 0;
Module._load = function (request, parent, ...rest) {
  const m = load.call(this, request, parent, ...rest);
  if (request === 'uuid' && /createStatements[\\/]memory\.js$/.test(parent?.filename ?? '')) {
    const v1 = () => {
      stored += 1;
      return `00000000-0000-1000-8000-${stored.toString(16).padStart(12, '0')}`;
    };
    return { ...m, v1 };
  }
  return m;
};

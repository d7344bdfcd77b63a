// The loop a teacher tries on a laptop (scripts/class-loop): the record store, the built lab on
// 127.0.0.1, and the addresses to open. With PLANNED=N, a planned class of N learners
// (class-plan.mjs) is walked natively and stored first.
import { join } from 'node:path';
import { serveDir } from '../e2e/lib.mjs';
import { TABLE } from '../e2e/path-walk.mjs';
import { startLearningLocker } from './learning-locker.mjs';
import { ACTIVITY, CLASS, plannedClass, statementsOf } from './class-plan.mjs';

const port = Number(process.env.PORT) || 8080;
const store = await startLearningLocker();
const { url } = await serveDir(join(new URL('../..', import.meta.url).pathname, 'dist'), {}, { port });
const planned = Number(process.env.PLANNED) || 0;
if (planned > 0) {
  const statements = statementsOf(plannedClass(TABLE, planned));
  await store.post(statements);
  console.log(`class-loop: a planned class of ${planned} walked into the store (${statements.length} statements)`);
}
const learner = (name) => `${url}examples/xapi-host.html?${new URLSearchParams({ lrs: store.endpoint, auth: store.auth.write, activity: ACTIVITY, class: CLASS, learner: name })}`;
const teacher = `${url}teacher.html?${new URLSearchParams({ lrs: store.endpoint, activity: ACTIVITY, class: CLASS })}`;
console.log(`class-loop: record store (Learning Locker's statements service, in memory) at ${store.endpoint}

  a learner, in the example course host:  ${learner('Ana')}
  a second learner:                       ${learner('Bruno')}
  the teacher's page:                     ${teacher}
      key: ${store.keys.read[0]}   secret: ${store.keys.read[1]}   (read-only; typed in the page)

Walk some stops as each learner, then read the class in the teacher's page. Ctrl-C stops it all.`);
const stop = async () => { await store.close(); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

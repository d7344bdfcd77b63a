// Preloaded into Learning Locker's statements service (tests/lrs/learning-locker.mjs): its
// server listens on every interface at a port from its configuration; here it listens on
// 127.0.0.1 at a free port, tells the parent which, and ends when the parent goes away.
const http = require('node:http');
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  const done = args.find((a) => typeof a === 'function');
  this.once('listening', () => process.send?.({ port: this.address().port }));
  return listen.call(this, { port: 0, host: '127.0.0.1' }, done);
};
process.on('disconnect', () => process.exit(0));

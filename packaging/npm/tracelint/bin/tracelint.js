#!/usr/bin/env node
'use strict';
// The tracelint command of the npm package: runs the platform package's bin/tracelint (the CLI
// archive's launcher) with the same arguments, standard input and output, and exits as it did, so
// that the output and exit codes are bin/tracelint's.
const { spawnSync } = require('child_process');
const { launcher } = require('../platform.js');

let bin;
try {
  bin = launcher();
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(2);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: 'inherit' });
if (r.error) {
  process.stderr.write(`tracelint: cannot run ${bin}: ${r.error.message}\n`);
  process.exit(2);
}
if (r.signal) {
  process.kill(process.pid, r.signal); // die of the same signal
}
process.exit(r.status);

'use strict';
// Finds the launcher of the platform package (@tracelint/<platform>-<arch>), which npm installed as
// an optional dependency if this machine is one it is built for (its package.json's os and cpu).
const path = require('path');

const PACKAGES = { 'linux-x64': '@tracelint/linux-x64' };

function launcher() {
  const key = `${process.platform}-${process.arch}`;
  const name = PACKAGES[key];
  if (!name) {
    throw new Error(`tracelint: no package for ${key} (there is one for ${Object.keys(PACKAGES).join(', ')}); ` +
      'with Java 17+, run the jar: java -jar tracelint.jar');
  }
  let pkg;
  try {
    pkg = require.resolve(`${name}/package.json`);
  } catch (e) {
    throw new Error(`tracelint: ${name} is not installed: it is an optional dependency of tracelint, ` +
      'installed unless optional dependencies were omitted (--omit=optional, --no-optional); install it with tracelint');
  }
  return path.join(path.dirname(pkg), 'bin', 'tracelint');
}

module.exports = { launcher };

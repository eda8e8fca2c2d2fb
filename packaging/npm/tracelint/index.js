'use strict';
// tracelint from JavaScript: check(path, {viewers}) runs the platform package's CLI once as
// `tracelint check --format json` and resolves with its JSON document (docs/cli.md, "JSON output").
const { spawn } = require('child_process');
const { launcher } = require('./platform.js');

/**
 * Checks a trace file (.json, .json.gz) or folder, or a Buffer holding a trace (plain or gzip,
 * reported as path "-").
 * @param {string|Buffer} pathOrBuffer
 * @param {{viewers?: string[], config?: string, showHints?: boolean}} [options]
 * @returns {Promise<object>} the JSON document, plus exitCode (0 clean, 1 findings at error)
 */
function check(pathOrBuffer, options = {}) {
  return new Promise((resolve, reject) => {
    const args = ['check', '--format', 'json'];
    if (options.viewers) args.push('--viewers', [].concat(options.viewers).join(','));
    if (options.config) args.push('--config', options.config);
    if (options.showHints) args.push('--show-hints');
    const input = Buffer.isBuffer(pathOrBuffer) ? pathOrBuffer : null;
    args.push(...(input ? ['-'] : ['--', String(pathOrBuffer)]));
    let child;
    try {
      child = spawn(launcher(), args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    } catch (e) {
      reject(e);
      return;
    }
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code !== 0 && code !== 1) {
        const e = new Error(stderr.trim() || `tracelint exited with ${signal || code}`);
        e.exitCode = code;
        e.stderr = stderr;
        reject(e);
        return;
      }
      try {
        const result = JSON.parse(Buffer.concat(out).toString('utf8'));
        result.exitCode = code;
        resolve(result);
      } catch (e) {
        reject(e);
      }
    });
    if (input) child.stdin.end(input);
  });
}

module.exports = { check };

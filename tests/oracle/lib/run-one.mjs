// Runs lib/worker.mjs for one (file, importer) with a time limit and turns what comes back into
// the oracle's record. A worker that dies (out of memory, a crash) or overruns is reported so.
import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const RESULT_MARK = '@@oracle-result@@';
export const IMPORTERS = ['devtools', 'speedscope', 'tracerbench'];

export function runOne(file, importer, {timeoutMs = 120_000, maxOldSpaceMb = 4096} = {}) {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [`--max-old-space-size=${maxOldSpaceMb}`, WORKER, importer, file],
        {stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '', stderr = '', timedOut = false;
    child.stdout.on('data', d => { stdout += d; });
    child.stderr.on('data', d => { stderr = (stderr + d).slice(-2000); });
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find(l => l.startsWith(RESULT_MARK));
      let result;
      if (line) result = JSON.parse(line.slice(RESULT_MARK.length));
      else if (timedOut) result = {outcome: 'timeout', stage: 'import', error: `no result after ${timeoutMs} ms`, signals: {}};
      else result = {outcome: 'crashed', stage: 'import', error: `worker exited (${signal ?? code}): ${lastLine(stderr)}`, signals: {}};
      resolve(toRecord(file, importer, result));
    });
  });
}

function lastLine(text) {
  return text.trim().split('\n').filter(Boolean).slice(-1)[0]?.slice(0, 300) ?? '';
}

/** The published record: fixed keys first, then the importer's own signals. */
function toRecord(file, importer, r) {
  const verdict = r.outcome !== 'loaded' ? 'fails' : r.degraded ? 'degraded' : 'loads';
  const record = {file, importer, outcome: r.outcome, verdict, stage: r.stage};
  if (r.error) record.error = r.error;
  if (r.stack) record.at = r.stack;
  record.console_errors = r.console_errors ?? 0;
  record.console_warnings = r.console_warnings ?? 0;
  Object.assign(record, r.signals);
  if (r.first_console_error) record.first_console_error = r.first_console_error;
  record.ms = r.ms;
  return record;
}

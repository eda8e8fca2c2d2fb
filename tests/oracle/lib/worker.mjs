// One importer on one file, in a process of its own: the trace engine keeps module-global state
// (RendererHandler's B/E stack, the processor's status after a throw), so nothing is shared
// between files. Prints exactly one line, prefixed with RESULT_MARK, whatever the importer prints.
import {captureConsole} from './console-capture.mjs';
import {readTrace} from './read-trace.mjs';

export const RESULT_MARK = '@@oracle-result@@';

const [importerName, file] = process.argv.slice(2);
const write = process.stdout.write.bind(process.stdout);
const started = performance.now();
const captured = captureConsole();
let result;
try {
  const importer = await import(`../importers/${importerName}.mjs`);
  let trace;
  try {
    trace = readTrace(file);
  } catch (e) {
    result = {outcome: 'threw', stage: 'read', error: `${e.name}: ${e.message}`, signals: {}};
  }
  result ??= await importer.load(trace, captured);
} catch (e) {
  result = {outcome: 'threw', stage: 'harness', error: `${e.name}: ${e.message}`, signals: {}};
}
captured.restore();
result.console_errors = captured.counts.error;
result.console_warnings = captured.counts.warn;
result.first_console_error = captured.error[0];
result.ms = Math.round(performance.now() - started);
write(RESULT_MARK + JSON.stringify(result) + '\n', () => process.exit(0));

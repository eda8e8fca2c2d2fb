// TracerBench's trace model (@tracerbench/trace-model 8.0.0, `buildModel`), the library the
// tracerbench CLI builds every analysis on. It has no file reader of its own: tracerbench
// JSON.parses the file and hands over the array or the {traceEvents} object, as done here.
import tm from '@tracerbench/trace-model';
import {decodeUtf8} from '../lib/read-trace.mjs';
import {topFrames} from '../lib/top-frames.mjs';

export const version = '@tracerbench/trace-model 8.0.0';

export async function load(trace) {
  let parsed;
  try {
    parsed = JSON.parse(decodeUtf8(trace.bytes));
  } catch (e) {
    return {outcome: 'threw', stage: 'json', error: `${e.name}: ${e.message}`, signals: {}};
  }
  let model;
  try {
    model = tm.buildModel(parsed);
  } catch (e) {
    return {outcome: 'threw', stage: 'build', error: `${e.name}: ${e.message}`, signals: {}, stack: topFrames(e)};
  }
  // buildModel turns every B/E into X, and an unclosed B / unopened E into an X reaching the
  // trace's end / start; an X without dur gives NaN bounds. Those are the visible damages.
  const boundsNaN = !Number.isFinite(model.start) || !Number.isFinite(model.end);
  const signals = {events_model: model.events.length, processes: model.processes.length, bounds_nan: boundsNaN};
  return {outcome: 'loaded', stage: 'done', degraded: boundsNaN, signals};
}

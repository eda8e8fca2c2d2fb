// The Chrome DevTools Performance panel's file import, run in Node on @paulirish/trace_engine
// (the panel's models/trace, published by a DevTools engineer; the same engine Lighthouse uses).
//
// What the panel does with a file (devtools-frontend front_end/panels/timeline/TimelinePanel.ts
// `loadFromFile` and TimelineLoader.ts `loadFromParsedJsonFile` / `#processParsedFile`, then
// TimelinePanel `loadingComplete` / `#executeNewTrace`), and what this module does for each step:
//   1. Common.Gzip.fileToString(file): the text, inflated when the file is a .gz  -> done by read-trace.mjs
//   2. JSON.parse(content), not caught: a non-strict file never reaches the engine -> stage "json"
//   3. #processParsedFile: an array, or an object with a "traceEvents" key, gives the events
//      ([].concat(items), so a non-array traceEvents becomes one "event"); an object with "nodes"
//      is a CPU profile; anything else is "Malformed timeline data"            -> stage "route"
//   4. loadingComplete: zero collected events -> back to the landing page, nothing shown -> stage "empty"
//   5. Model.createWithAllHandlers().parse(events, {metadata, isFreshRecording: false});
//      a throw is shown as "recording failed"                                   -> stage "parse"
// The panel's own flame-chart drawing code is not in the package and is not run.
import {polyfillDOMRect} from '@paulirish/trace_engine/analyze-trace.mjs';
import * as Trace from '@paulirish/trace_engine';
import {decodeUtf8} from '../lib/read-trace.mjs';
import {topFrames} from '../lib/top-frames.mjs';

const MISMATCH = 'Begin/End events mismatch';

export const version = '@paulirish/trace_engine 0.0.65';

export async function load(trace, captured) {
  polyfillDOMRect();
  let mismatches = 0;
  captured.onMessage((kind, text) => { if (kind === 'error' && text.startsWith(MISMATCH)) mismatches++; });

  const content = decodeUtf8(trace.bytes);
  const signals = {};
  if (content.includes('enhancedTraceVersion')) {
    // The panel opens such a file in a separate "rehydrated" window; the engine parse is the same.
    signals.enhanced_trace = true;
  }
  let parsed;
  try {
    parsed = JSON.parse(content);
  } catch (e) {
    return {outcome: 'threw', stage: 'json', error: `${e.name}: ${e.message}`, signals};
  }

  let events;
  let metadata = null;
  let isCPUProfile = false;
  try {
    if ('traceEvents' in parsed || Array.isArray(parsed)) {
      events = [].concat(Array.isArray(parsed) ? parsed : parsed.traceEvents);
    } else if (parsed.nodes) {
      events = Trace.Helpers.SamplesIntegrator.SamplesIntegrator.createFakeTraceFromCpuProfile(
          parsed, Trace.Types.Events.ThreadID(1)).traceEvents;
      isCPUProfile = true;
    } else {
      return {outcome: 'rejected', stage: 'route', error: 'Malformed timeline data', signals};
    }
    if (!Array.isArray(parsed) && 'traceEvents' in parsed) metadata = parsed.metadata ?? {};
  } catch (e) {
    return {outcome: 'rejected', stage: 'route', error: `Malformed timeline data: ${e.message}`, signals};
  }
  signals.events_in = events.length;
  if (events.length === 0) {
    return {outcome: 'rejected', stage: 'empty', error: 'no events: the panel goes back to its landing page', signals};
  }
  // TimelinePanel: `metadata ?? Trace.Extras.Metadata.forNewRecording(isCpuProfile)`; of that
  // only dataOrigin reaches the engine (it decides whether insights are computed).
  metadata ??= {dataOrigin: isCPUProfile ? Trace.Types.File.DataOrigin.CPU_PROFILE : Trace.Types.File.DataOrigin.TRACE_EVENTS};

  const drawableIn = events.filter(e => e && (e.ph === 'X' || e.ph === 'B' || e.ph === 'I')).length;
  const model = Trace.TraceModel.Model.createWithAllHandlers();
  try {
    await model.parse(events, {metadata, isFreshRecording: false, isCPUProfile});
  } catch (e) {
    Object.assign(signals, {mismatch: mismatches});
    return {outcome: 'threw', stage: 'parse', error: `${e.name}: ${e.message}`, signals, stack: topFrames(e)};
  }
  const data = model.parsedTrace().data;
  Object.assign(signals, {mismatch: mismatches, drawable_in: drawableIn, ...treeCounts(data, new Set(events)), trace_is_generic: data.Meta.traceIsGeneric,
    bounds_range: data.Meta.traceBounds.range, user_timings: userTimings(data), flows: flows(data)});
  const degraded = mismatches > 0 || signals.tree_dropped > 0;
  return {outcome: 'loaded', stage: 'done', degraded, signals};
}

// The spans DevTools made of blink.user_timing b/e pairs (`performance.measure`), as
// "begin-end" in the trace's microseconds, in begin order: the async pairs it matched by
// `${cat}:${id}:${name}` (helpers/Trace.ts matchEvents). Empty when there are none.
function userTimings(data) {
  return data.UserTimings.performanceMeasures.map(m => [m.ts, m.ts + m.dur]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([b, e]) => `${b}-${e}`).join(',');
}

// The flow arrows DevTools made (handlers/FlowsHandler.ts finalize: the events bound to each flow,
// kept when two or more), each as the ts of its events in the trace's microseconds joined by ">",
// in the order the handler keeps them; flows joined by ",". Empty when there are none.
function flows(data) {
  return data.Flows.flows.map(f => f.map(e => e.ts).join('>')).join(',');
}

// What the flame chart can draw: each kept thread's entries (X, I, and the X made from each B)
// that treify put into the thread's tree. `tree_dropped` counts entries of kept threads that
// treify left out (it drops an entry that starts inside its parent and ends after it);
// `b_zero_dur` counts entries made from a B that kept dur 0 (a B no E closed, or a B/E pair at one ts).
function treeCounts(data, inputEvents) {
  const {processes, entryToNode} = data.Renderer;
  let threads = 0, drawn = 0, dropped = 0, bZero = 0;
  for (const process of processes.values()) {
    for (const thread of process.threads.values()) {
      threads++;
      for (const entry of thread.entries) {
        if (Trace.Types.Events.isProfileCall(entry)) continue;
        if (entryToNode.has(entry)) drawn++; else dropped++;
        if (entry.ph === 'X' && entry.dur === 0 && !inputEvents.has(entry)) bZero++;
      }
    }
  }
  return {threads_drawn: threads, drawn, tree_dropped: dropped, b_zero_dur: bZero};
}

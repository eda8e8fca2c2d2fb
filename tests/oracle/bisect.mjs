#!/usr/bin/env node
// Shrinks a trace to the events (and, within them, the keys) that still make one importer do
// what it did on the whole file: the same failure (outcome and error message, digits aside), or
// the same degradation signal (a named counter of the oracle record staying above 0).
// Delta debugging (ddmin, complements only) over the event list, then over the top-level keys of
// the container, then over each remaining event's keys and args keys. Every try runs the importer
// in its own child process, as run.mjs does.
//
//   node bisect.mjs --importer devtools [--signal mismatch] [--keep-keys] [--out FILE] TRACE
// --keep-keys stops after the events: the events as the producer wrote them, not a reduction of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {readTrace, decodeUtf8, eventsOf} from './lib/read-trace.mjs';
import {runOne} from './lib/run-one.mjs';

function parseArgs(argv) {
  const options = {importer: null, signal: null, out: null, file: null, timeoutMs: 120_000, keepKeys: false};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--importer') options.importer = argv[++i];
    else if (argv[i] === '--signal') options.signal = argv[++i];
    else if (argv[i] === '--out') options.out = argv[++i];
    else if (argv[i] === '--keep-keys') options.keepKeys = true;
    else if (argv[i] === '--timeout') options.timeoutMs = Number(argv[++i]) * 1000;
    else options.file = argv[i];
  }
  if (!options.importer || !options.file) {
    console.error('usage: node bisect.mjs --importer NAME [--signal KEY] [--keep-keys] [--out FILE] [--timeout SECONDS] TRACE');
    process.exit(2);
  }
  return options;
}

const normalize = message => String(message ?? '').replace(/\d+/g, 'N');

/** What must stay true while shrinking, taken from the importer's record on the whole file. */
function targetOf(record, signal) {
  if (signal) {
    if (!(record[signal] > 0)) throw new Error(`the whole file has ${signal}=${record[signal]}; nothing to keep`);
    return {describe: `${signal} > 0`, holds: r => r.outcome === 'loaded' && r[signal] > 0};
  }
  if (record.outcome === 'loaded') throw new Error('the importer loads the whole file; give --signal to shrink a degradation');
  const error = normalize(record.error);
  return {describe: `${record.outcome}: ${record.error}`, holds: r => r.outcome === record.outcome && normalize(r.error) === error};
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const trace = readTrace(options.file);
  const parsed = JSON.parse(decodeUtf8(trace.bytes));
  const events = eventsOf(parsed);
  if (!events) throw new Error('not an array or an object with a traceEvents array');
  const container = Array.isArray(parsed) ? null : parsed;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oracle-bisect-'));
  // The file keeps its name (speedscope routes on it), less a .gz: the tries are written plain.
  const tryFile = path.join(dir, trace.name.replace(/\.gz$/i, ''));
  let tries = 0;
  const run = async (evts, box) => {
    tries++;
    fs.writeFileSync(tryFile, serialize(evts, box));
    return runOne(tryFile, options.importer, {timeoutMs: options.timeoutMs});
  };

  const whole = await run(events, container);
  const target = targetOf(whole, options.signal);
  console.error(`${options.importer} on ${events.length} events: keeping "${target.describe}"`);
  const holds = async (evts, box) => target.holds(await run(evts, box));

  let kept = await ddmin(events, evts => holds(evts, container));
  console.error(`events: ${events.length} -> ${kept.length} after ${tries} tries`);
  let box = container;
  if (box) {
    for (const key of Object.keys(box)) {
      if (key === 'traceEvents') continue;
      const {[key]: _, ...without} = box;
      if (await holds(kept, without)) box = without;
    }
  }
  if (!options.keepKeys) kept = await shrinkKeys(kept, evts => holds(evts, box));
  console.error(`done after ${tries} tries`);
  const text = serialize(kept, box);
  if (options.out) fs.writeFileSync(options.out, text); else process.stdout.write(text);
  fs.rmSync(dir, {recursive: true, force: true});
}

/** ddmin over complements: drop ever smaller chunks while the target still holds. */
async function ddmin(items, holds) {
  let n = 2;
  while (items.length >= 2) {
    const size = Math.ceil(items.length / n);
    let reduced = false;
    for (let start = 0; start < items.length; start += size) {
      const complement = items.slice(0, start).concat(items.slice(start + size));
      if (complement.length && await holds(complement)) {
        items = complement;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= items.length) break;
      n = Math.min(n * 2, items.length);
    }
  }
  return items;
}

/** Drops each key of each event, then each key of its args, that the target does not need. */
async function shrinkKeys(events, holds) {
  events = events.map(e => (e && typeof e === 'object' && !Array.isArray(e) ? {...e} : e));
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (!event || typeof event !== 'object' || Array.isArray(event)) continue;
    for (const key of Object.keys(event)) {
      const {[key]: _, ...without} = event;
      const trial = events.slice(); trial[i] = without;
      if (await holds(trial)) { events = trial; delete event[key]; }
    }
    const args = events[i].args;
    if (args && typeof args === 'object' && !Array.isArray(args)) {
      for (const key of Object.keys(args)) {
        const {[key]: _, ...rest} = events[i].args;
        const trial = events.slice(); trial[i] = {...events[i], args: rest};
        if (await holds(trial)) events = trial;
      }
    }
  }
  return events;
}

/** One event per line, so a case reads (and diffs) event by event. */
function serialize(events, container) {
  const body = '[\n' + events.map(e => '  ' + JSON.stringify(e)).join(',\n') + '\n]';
  if (!container) return body + '\n';
  const rest = Object.entries(container).filter(([k]) => k !== 'traceEvents')
      .map(([k, v]) => `,\n "${k}": ${JSON.stringify(v)}`).join('');
  return `{"traceEvents": ${body}${rest}\n}\n`;
}

await main();

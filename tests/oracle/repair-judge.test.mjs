// The judgement repair-proof.mjs passes on each (trace, importer): literal records as run-one.mjs
// writes them, before and after a repair.
import test from 'node:test';
import assert from 'node:assert/strict';
import {judgeImporter} from './lib/repair-judge.mjs';

const devtools = (drawn, flows = '', extra = {}) => ({importer: 'devtools', outcome: 'loaded', verdict: 'loads', stage: 'done',
  events_in: 10, drawn, flows, user_timings: '', ...extra});
const threw = (importer, stage, error) => ({importer, outcome: 'threw', verdict: 'fails', stage, error});
const targeted = {targeted: true, remainingAfter: []};

test('an importer that failed on the input and loads the output is repaired', () => {
  const r = judgeImporter('speedscope', threw('speedscope', 'import', 'Error: Could not find events for key: undefined'),
    {importer: 'speedscope', outcome: 'loaded', verdict: 'loads', profiles: 3, weight: 120}, targeted);
  assert.equal(r.judgement, 'repaired');
  assert.deepEqual(r.drew_after, {profiles: 3, weight: 120});
});

test('loading the input and failing on the output is a regression, with the stage and error', () => {
  const r = judgeImporter('devtools', devtools(5), threw('devtools', 'parse', "TypeError: Cannot read properties of undefined (reading 'endsWith')"), targeted);
  assert.equal(r.judgement, "regression: loaded the input, threw on the output (parse: TypeError: Cannot read properties of undefined (reading 'endsWith'))");
});

test('drawing fewer entries or flow arrows is a regression, naming each count', () => {
  const r = judgeImporter('devtools', devtools(60, '1>2,3>4'), devtools(59, '1>2'), targeted);
  assert.equal(r.judgement, 'regression: draws fewer: drawn 60 -> 59, flows 2 -> 1');
});

test('drawing more (a lane of its own for an overlapping slice, a flow made drawable) is fine', () => {
  const before = devtools(52, '', {verdict: 'degraded', tree_dropped: 8});
  assert.equal(judgeImporter('devtools', before, devtools(60, '1>2'), targeted).judgement, 'loads');
});

test("speedscope's weight counts only where the input loaded clean: pairing a stretched slice rightly shortens it", () => {
  const stretched = {importer: 'speedscope', outcome: 'loaded', verdict: 'degraded', still_open_at_end: 2, profiles: 2, weight: 900};
  const paired = {importer: 'speedscope', outcome: 'loaded', verdict: 'loads', profiles: 2, weight: 300};
  assert.equal(judgeImporter('speedscope', stretched, paired, targeted).judgement, 'loads');
  const clean = {...paired, weight: 300.5};
  assert.equal(judgeImporter('speedscope', clean, paired, targeted).judgement, 'regression: draws fewer: weight 300.5 -> 300');
  assert.equal(judgeImporter('speedscope', {...paired, profiles: 3}, paired, targeted).judgement, 'regression: draws fewer: profiles 3 -> 2');
});

test("tracerbench's model makes one event of a B/E pair: a phase made canonical lowers its count, not its processes", () => {
  const model = (n, processes) => ({importer: 'tracerbench', outcome: 'loaded', verdict: 'loads', events_model: n, processes});
  assert.equal(judgeImporter('tracerbench', model(4, 2), model(3, 2), targeted).judgement, 'loads');
  assert.equal(judgeImporter('tracerbench', model(4, 2), model(4, 1), targeted).judgement, 'regression: draws fewer: processes 2 -> 1');
});

test('a failure left is excused only by conditions with nothing to fix, and only judged for a targeted viewer', () => {
  const empty = threw('speedscope', 'import', "Successfully imported profile, but it's empty!");
  empty.outcome = 'rejected';
  const noSlices = {targeted: true, remainingAfter: [{rule: 'no-slices', nothingToFix: true}]};
  assert.equal(judgeImporter('speedscope', empty, empty, noSlices).judgement,
    "still fails, nothing to fix (no-slices): import: Successfully imported profile, but it's empty!");
  const mixed = {...noSlices, remainingAfter: [{rule: 'no-slices', nothingToFix: true}, {rule: 'missing-pid-tid', nothingToFix: false}]};
  assert.equal(judgeImporter('speedscope', empty, empty, mixed).judgement, "still fails: import: Successfully imported profile, but it's empty!");
  const noCat = threw('tracerbench', 'build', "TypeError: Cannot read properties of undefined (reading 'split')");
  assert.equal(judgeImporter('tracerbench', noCat, noCat, {...targeted, targeted: false}).judgement,
    "not targeted, still fails: build: TypeError: Cannot read properties of undefined (reading 'split')");
});

test('speedscope reading a text that is no trace as collapsed stacks did not load the trace', () => {
  const collapsed = {importer: 'speedscope', outcome: 'loaded', verdict: 'degraded', format: 'collapsed stack format', profiles: 1, weight: 3};
  const empty = {importer: 'speedscope', outcome: 'rejected', verdict: 'fails', stage: 'import', error: "Successfully imported profile, but it's empty!"};
  const r = judgeImporter('speedscope', collapsed, empty, {targeted: true, remainingAfter: [{rule: 'no-slices', nothingToFix: true}]});
  assert.equal(r.read_as, 'collapsed stack format');
  assert.equal(r.judgement, "still fails, nothing to fix (no-slices): import: Successfully imported profile, but it's empty!");
});

test('no record of the input, or no output, is said so', () => {
  assert.equal(judgeImporter('devtools', undefined, devtools(1), targeted).judgement, 'not recorded');
  assert.equal(judgeImporter('devtools', devtools(1), undefined, targeted).judgement, 'regression: loaded the input, no output');
});

// The tables, from two literal rows as repair-proof.mjs writes them.
import {acceptance, remainingTable, summaryTable} from './lib/repair-table.mjs';

const VIEWERS = ['perfetto', 'speedscope'];
const viewer = (before, after, remaining = []) => ({targeted: true, before, after, remaining});
const importers = (speedscope) => ({
  devtools: {before: 'loads', after: 'loads', judgement: 'loads'},
  speedscope,
  tracerbench: {before: 'loads', after: 'loads', judgement: 'loads'},
});
const ROWS = [
  {set: 'corpus', file: 'kineto.json', viewers: {perfetto: viewer('degraded', 'loads'), speedscope: viewer('fails', 'loads')},
    importers: importers({before: 'fails', after: 'loads', judgement: 'repaired'})},
  {set: 'corpus', file: 'node.log', viewers: {perfetto: viewer('degraded', 'degraded', [{rule: 'negative-timestamp', count: 2, nothingToFix: false, sources: ['perfetto trace_sorter.h Push']}]),
    speedscope: viewer('fails', 'fails', [{rule: 'no-slices', count: 1, nothingToFix: true, sources: ['speedscope trace-event.ts']}])},
  importers: importers({before: 'fails', after: 'fails', judgement: 'still fails, nothing to fix (no-slices): import: empty'})},
];

test('the summary counts traces before and after, per viewer and importer', () => {
  const table = summaryTable(ROWS, VIEWERS);
  assert.match(table, /\| traces that some targeted viewer fails or degrades \(tracelint\) \| 2 \| 1 \|/);
  assert.match(table, /\| traces that load everywhere targeted \(tracelint\) \| 0 \| 1 \|/);
  assert.match(table, /\| speedscope fails \(tracelint\) \| 2 \| 1 \|/);
  assert.match(table, /\| speedscope fails \(the importer run\) \| 2 \| 1 \|/);
  assert.match(table, /\| importer failures repaired \(failed on the input, load the output\) \| - \| 1 \|/);
  assert.match(table, /\| \*\*regressions\*\* \(an importer loads less or draws fewer\) \| - \| \*\*0\*\* \|/);
});

test('the acceptance targets: a failure with nothing to fix is allowed, degraded must halve', () => {
  assert.deepEqual(acceptance(ROWS, VIEWERS), [
    'met: no trace fails in a targeted viewer except for a condition with nothing to fix (0 do)',
    'met: Perfetto degraded on at most half as many traces (2 -> 1)',
    'met: DevTools loads every repaired trace it failed on (0 repaired, 0 still fail) and draws no fewer (0 regressions)',
    'met: speedscope loads every repaired trace it failed on (1 repaired, 0 still fail) and draws no fewer (0 regressions)',
    'met: tracerbench loads every repaired trace it failed on (0 repaired, 0 still fail) and draws no fewer (0 regressions)',
  ]);
});

test('what remains: per viewer and rule, traces and findings, with the source', () => {
  assert.equal(remainingTable(ROWS, VIEWERS), [
    '| viewer | rule | traces failing | traces degraded | findings | nothing to fix | the model\'s source |',
    '|---|---|---|---|---|---|---|',
    '| Perfetto | `negative-timestamp` | 0 | 1 | 2 |  | perfetto trace_sorter.h Push |',
    '| speedscope | `no-slices` | 1 | 0 | 1 | yes | speedscope trace-event.ts |',
  ].join('\n') + '\n');
});

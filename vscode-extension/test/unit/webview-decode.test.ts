import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { decode } from '../../src/webview/decode';
import { END_RANGE, MERGED, OPEN, type SentAnswer } from '../../src/webview/wire';

/** An answer as the server sends it (docs/lsp.md, Timeline), with nothing in it but the header. */
function sent(over: Partial<SentAnswer>): SentAnswer {
  return {
    start: 100, end: 200, widthPx: 800, traceStart: 100, traceEnd: 200, displayTimeUnit: 'ms', truncated: false,
    timeBase: 100, timeDigits: 2, names: [], processes: [], flows: [], findings: [], overlaps: [], objects: [], flowSteps: [], ...over,
  };
}

describe('decode: the compact answer into the objects drawn', () => {
  it('reads items as runs relative to the one before: times in 10^-digits µs from timeBase, names from the table, lines relative', () => {
    const a = decode(sent({
      names: ['RunTask', 'Paint🎨'],
      processes: [{ pid: '1', name: 'Renderer', threads: [{ tid: '7', depths: 2, instants: [],
        slices: [
          // flags (warning | a B with its E), ts +150 (1.5 µs), dur 250, depth 0, name 0, line +3 char 4, +0 lines to char 60, E +2 lines char 4, +0 to 58
          2 | END_RANGE, 150, 250, 0, 0, 3, 4, 0, 60, 2, 4, 0, 58,
          // flags (error | never closed), ts +50, dur 100, depth 1, name 1, line +1 char 2, +1 line to char 1
          1 | OPEN, 50, 100, 1, 1, 1, 2, 1, 1,
          // a merged run of 12 events: flags, ts +1000, dur 30, depth 0, count
          MERGED, 1000, 30, 0, 12,
        ] }], async: [], counters: [] }],
    }));
    const [b, open, merged] = a.processes[0].threads[0].slices;
    assert.deepEqual(b, { ts: 101.5, dur: 2.5, depth: 0, severity: 'warning', name: 'RunTask', range: [3, 4, 3, 60], endRange: [5, 4, 5, 58] });
    assert.deepEqual(open, { ts: 102, dur: 1, depth: 1, severity: 'error', name: 'Paint🎨', range: [4, 2, 5, 1], open: true });
    assert.deepEqual(merged, { ts: 112, dur: 0.3, depth: 0, severity: undefined, count: 12 });
  });

  it('a negative timeDigits multiplies (a unit of 10^|d| µs)', () => {
    const a = decode(sent({ timeBase: 5e9, timeDigits: -3, findings: [7, 1, 2, 1, 3, 1] }));
    assert.deepEqual(a.findings, [{ ts: 5e9 + 7000, severity: 'error', count: 2 }, { ts: 5e9 + 8000, severity: 'information', count: 1 }]);
  });

  it('counter points, flows and the item at the cursor', () => {
    const a = decode(sent({
      names: ['x'],
      processes: [{ pid: '1', threads: [], async: [], counters: [{ name: 'mem', series: [{ name: 'heap', points: [0, 1, 5, 200, 2, 2] }] }] }],
      flows: [{ from: { ts: 100, pid: '1', tid: '1', depth: 0, bound: true, range: [1, 0, 1, 9] } }],
      at: { item: [0, 300, 0, 0, 0, 9, 1, 0, 20], pid: '1', tid: '2', kind: 'thread' },
    }));
    assert.deepEqual(a.processes[0].counters[0].series[0].points, [[100, 1, 5], [102, 2, 2]]);
    assert.equal(a.flows[0].from.ts, 101);
    assert.equal(a.flows[0].to, undefined);
    assert.deepEqual(a.at?.item, { ts: 103, dur: 0, depth: 0, severity: undefined, name: 'x', range: [9, 1, 9, 20] });
  });

  it('objects, overlaps and flow steps keep their items; an answer without them has none', () => {
    const a = decode(sent({
      names: ['Layer'],
      objects: [{ pid: '1', name: 'Layer', lanes: 1, lifetimes: [0, 0, 100, 0, 0, 0, 0, 0, 5], snapshots: [], deletedAgain: [], deletedUncreated: [] }],
    }));
    assert.equal(a.objects?.[0].lifetimes[0].name, 'Layer');
    assert.equal(a.objects?.[0].lifetimes[0].dur, 1);
    const none = decode({ ...sent({}), overlaps: undefined, objects: undefined, flowSteps: undefined } as unknown as SentAnswer);
    assert.deepEqual([none.overlaps, none.objects, none.flowSteps], [[], [], []]);
  });
});

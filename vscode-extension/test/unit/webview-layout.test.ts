import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  AXIS, COUNTER, HEADER, ROW, STRIP, axisTicks, clamped, fittedTo, formatTime, hitTest, layoutTracks, nameHue, panned, timeAt,
  wholeTrace, xOf, zoomed, type Drawn,
} from '../../src/webview/layout';
import type { Answer } from '../../src/webview/model';

const item = { ts: 0, dur: 0, depth: 0 };

function answer(): Answer {
  return {
    start: 0, end: 100, widthPx: 100, traceStart: 0, traceEnd: 100, displayTimeUnit: 'ms', truncated: false, flows: [], findings: [],
    processes: [{ pid: '1', name: 'Browser', counters: [{ name: 'mem', series: [] }], async: [{ name: 'load', lanes: 2, spans: [] }],
      threads: [{ tid: '7', name: 'Main', depths: 3, slices: [], instants: [] }, { tid: '', depths: 0, slices: [], instants: [] }] },
    { pid: '', threads: [], async: [], counters: [] }],
    objects: [{ pid: '1', name: 'Layer', lanes: 1, lifetimes: [], snapshots: [], deletedAgain: [], deletedUncreated: [] }],
  };
}

describe('layout: the tracks top to bottom', () => {
  it('per process: its header, counters, async lanes, objects, then threads, each as high as its rows', () => {
    const { tracks, height } = layoutTracks(answer());
    assert.deepEqual(tracks.map((t) => [t.key, t.label, t.y, t.height, t.kind]), [
      ['p:1', 'Browser (pid 1)', AXIS + STRIP, HEADER, 'process'],
      ['c:1:mem', 'mem', AXIS + STRIP + HEADER, COUNTER, 'counter'],
      ['a:1:load', 'load', AXIS + STRIP + HEADER + COUNTER, 2 * ROW, 'async'],
      ['o:1:Layer', 'Layer', AXIS + STRIP + HEADER + COUNTER + 2 * ROW, ROW, 'objects'],
      ['t:1:7', 'Main (tid 7)', AXIS + STRIP + HEADER + COUNTER + 3 * ROW, 3 * ROW + 4, 'thread'],
      ['t:1:', 'Thread (no tid)', AXIS + STRIP + HEADER + COUNTER + 6 * ROW + 4, ROW + 4, 'thread'],
      ['p:', 'Process (no pid)', AXIS + STRIP + 2 * HEADER + COUNTER + 7 * ROW + 8 - HEADER, HEADER, 'process'],
    ]);
    assert.equal(height, tracks[tracks.length - 1].y + HEADER + 8);
    assert.deepEqual(layoutTracks(undefined), { tracks: [], height: AXIS + STRIP + 8 });
  });
});

describe('layout: time and the view', () => {
  const view = { start: 1000, end: 3000 };
  it('x and time are each other\'s inverse', () => {
    assert.equal(xOf(2000, view, 800), 400);
    assert.equal(timeAt(400, view, 800), 2000);
  });

  it('axis ticks fall on round steps, at most ten steps in the view (eleven ticks with both ends)', () => {
    assert.deepEqual(axisTicks({ start: 3, end: 97 }), [10, 20, 30, 40, 50, 60, 70, 80, 90]);
    for (const span of [0.003, 1, 7, 123456, 9e9]) {
      const ticks = axisTicks({ start: 5, end: 5 + span });
      assert.ok(ticks.length >= 1 && ticks.length <= 11, `${span}: ${ticks.length}`);
    }
  });

  it('time as text: s, ms, µs, and ns only where the trace asks for it', () => {
    assert.deepEqual([formatTime(2.5e6), formatTime(1234.6), formatTime(0.25), formatTime(0.25, 'ns'), formatTime(3, 'ns')],
      ['2.5 s', '1.235 ms', '0.25 µs', '250 ns', '3 µs']);
  });

  it('zoom keeps the time under the pointer, pan moves by a fraction, clamp brings a far-out view back', () => {
    const bounds = { start: 0, end: 10_000 };
    const z = zoomed(view, bounds, 0.5, 200, 800); // 200 px: 1500 µs
    assert.equal(timeAt(200, z, 800), 1500);
    assert.equal(z.end - z.start, 1000);
    assert.deepEqual(panned(view, 0.1), { start: 1200, end: 3200 });
    assert.deepEqual(clamped({ start: -1e6, end: 1e6 }, bounds), { start: -2500, end: 12_500 });
    assert.deepEqual(clamped(view, bounds), view);
  });

  it('fit: an item with a tenth either side; the whole trace with 2 %', () => {
    assert.deepEqual(fittedTo({ ...item, ts: 100, dur: 50 }), { start: 95, end: 155 });
    assert.deepEqual(fittedTo({ ...item, ts: 100, dur: 0 }), { start: 99.9, end: 101.1 });
    assert.deepEqual(wholeTrace({ start: 0, end: 1000 }), { start: -20, end: 1020 });
  });
});

describe('layout: what is under the pointer', () => {
  const box = (x: number, w: number, name: string): Drawn => ({ x, y: 10, w, h: 16, item: { ...item, name }, pid: '1', tid: '1', track: 't:1:1' });
  it('the box drawn last wins, with a pixel of slack either side; nothing above or below', () => {
    const drawn = [box(0, 100, 'parent'), box(40, 2, 'child')];
    assert.equal(hitTest(drawn, 41, 12)?.item.name, 'child');
    assert.equal(hitTest(drawn, 43, 12)?.item.name, 'child');
    assert.equal(hitTest(drawn, 44, 12)?.item.name, 'parent');
    assert.equal(hitTest(drawn, 41, 27), undefined);
    assert.equal(hitTest(drawn, 41, 9), undefined);
  });

  it('a name\'s hue is the same every time, toned to the theme', () => {
    assert.equal(nameHue('RunTask🎨', false), nameHue('RunTask🎨', false));
    assert.notEqual(nameHue('RunTask', true), nameHue('RunTask', false));
    assert.match(nameHue(undefined, false), /^hsl\(0, 60%, 72%\)$/);
  });
});

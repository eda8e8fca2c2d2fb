/**
 * Where things go, with no canvas: the tracks' order and heights, time to x, the axis' ticks, time
 * as text, a name's hue, the view after a pan, zoom or fit, and what lies under the pointer. Pure
 * functions of their arguments, tested outside the browser (test/unit/webview-layout.test.ts).
 */
import type { Answer, Item, ObjectTrack, Process, Shapes, Span, Thread } from './model';

/** Heights in px: a slice row, the time axis, the findings' strip, a process header, a counter. */
export const ROW = 18;
export const AXIS = 22;
export const STRIP = 10;
export const HEADER = 18;
export const COUNTER = 28;
/** A box narrower than this gets no label. */
export const LABEL_MIN_PX = 36;

export interface TrackLayout { key: string; label: string; y: number; height: number; kind: string }
/** A drawn box: where, and what (for clicks, hover, and the test). */
export interface Drawn { x: number; y: number; w: number; h: number; item: Item; pid: string; tid: string; track: string }

export const processKey = (pid: string) => `p:${pid}`;
export const counterKey = (pid: string, name: string) => `c:${pid}:${name}`;
export const asyncKey = (pid: string, name: string | undefined) => `a:${pid}:${name}`;
export const threadKey = (pid: string, tid: string) => `t:${pid}:${tid}`;
export function objectTrackKey(o: ObjectTrack): string {
  return `o:${o.pid}:${o.name ?? ''}`;
}

export function objectTracksOf(shapes: Shapes | undefined, pid: string): ObjectTrack[] {
  return (shapes?.objects ?? []).filter((o) => o.pid === pid);
}

/** The tracks top to bottom (per process: its header, counters, async lanes, objects, threads) and the picture's height. */
export function layoutTracks(data: Answer | undefined): { tracks: TrackLayout[]; height: number } {
  const tracks: TrackLayout[] = [];
  let y = AXIS + STRIP;
  const add = (key: string, label: string, height: number, kind: string) => {
    tracks.push({ key, label, y, height, kind });
    y += height;
  };
  for (const p of data?.processes ?? []) {
    add(processKey(p.pid), processLabel(p), HEADER, 'process');
    for (const c of p.counters) {
      add(counterKey(p.pid, c.name), c.name, COUNTER, 'counter');
    }
    for (const a of p.async) {
      add(asyncKey(p.pid, a.name), a.name, Math.max(1, a.lanes) * ROW, 'async');
    }
    for (const o of objectTracksOf(data, p.pid)) {
      add(objectTrackKey(o), o.name ?? 'objects', Math.max(1, o.lanes) * ROW, 'objects');
    }
    for (const t of p.threads) {
      add(threadKey(p.pid, t.tid), threadLabel(t), Math.max(1, t.depths) * ROW + 4, 'thread');
    }
  }
  return { tracks, height: y + 8 };
}

/** "Renderer (pid 1)"; events without a pid are all one process. */
export function processLabel(p: Process): string {
  return `${p.name ?? 'Process'} (${p.pid ? `pid ${p.pid}` : 'no pid'})`;
}

export function threadLabel(t: Thread): string {
  return `${t.name ?? 'Thread'} (${t.tid ? `tid ${t.tid}` : 'no tid'})`;
}

/** The x of a time in a view drawn {@code width} px wide. */
export function xOf(ts: number, view: Span, width: number): number {
  return ((ts - view.start) / (view.end - view.start)) * width;
}

/** The time at an x. */
export function timeAt(px: number, view: Span, width: number): number {
  return view.start + (px / width) * (view.end - view.start);
}

/** The axis' ticks in the view: a round step (1, 2 or 5 × 10^n µs) that cuts it into at most ten. */
export function axisTicks(view: Span): number[] {
  const span = view.end - view.start;
  const step = Math.pow(10, Math.floor(Math.log10(span / 8)));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 10) ?? step * 10;
  const ticks: number[] = [];
  for (let t = Math.ceil(view.start / nice) * nice; t <= view.end; t += nice) {
    ticks.push(t);
  }
  return ticks;
}

/** A time (µs) as text: s, ms or µs by size, and ns where the trace's displayTimeUnit asks and the time is under 1 µs. */
export function formatTime(us: number, displayTimeUnit?: string): string {
  const abs = Math.abs(us);
  if (displayTimeUnit === 'ns' && abs < 1) {
    return `${(us * 1000).toFixed(0)} ns`;
  }
  if (abs >= 1e6) {
    return `${+(us / 1e6).toFixed(3)} s`;
  }
  if (abs >= 1e3) {
    return `${+(us / 1e3).toFixed(3)} ms`;
  }
  return `${+us.toFixed(3)} µs`;
}

/** A slice's fill: a hue from its name, as the viewers colour by name; toned to the theme. */
export function nameHue(name: string | undefined, dark: boolean): string {
  let h = 0;
  for (const c of name ?? '') {
    h = (h * 31 + c.codePointAt(0)!) >>> 0;
  }
  return `hsl(${h % 360}, ${dark ? 45 : 60}%, ${dark ? 38 : 72}%)`;
}

// ---- the view after a key, the wheel or a click ----

/** A view much wider than the trace is brought back to the trace and a quarter of it either side. */
export function clamped(view: Span, bounds: Span): Span {
  const span = Math.max(1e-3, view.end - view.start);
  const total = Math.max(bounds.end - bounds.start, 1e-3);
  return span > total * 1.5 ? { start: bounds.start - total * 0.25, end: bounds.end + total * 0.25 } : view;
}

export function panned(view: Span, fraction: number): Span {
  const d = (view.end - view.start) * fraction;
  return { start: view.start + d, end: view.end + d };
}

/** Zoomed by {@code factor} (< 1 in) about the time at {@code atX} of a view {@code width} px wide, then clamped. */
export function zoomed(view: Span, bounds: Span, factor: number, atX: number, width: number): Span {
  const t = timeAt(atX, view, width);
  return clamped({ start: t - (t - view.start) * factor, end: t + (view.end - t) * factor }, bounds);
}

/** An item filling the view with a tenth of its length either side. */
export function fittedTo(item: Item): Span {
  const pad = Math.max(item.dur, 1) * 0.1;
  return { start: item.ts - pad, end: item.ts + Math.max(item.dur, 1) + pad };
}

/** The whole trace with 2 % either side. */
export function wholeTrace(bounds: Span): Span {
  const pad = (bounds.end - bounds.start) * 0.02 || 1;
  return { start: bounds.start - pad, end: bounds.end + pad };
}

/** The box under the pointer: the last drawn wins (it is on top), a pixel of slack left and right. */
export function hitTest(drawn: Drawn[], px: number, py: number): Drawn | undefined {
  for (let i = drawn.length - 1; i >= 0; i--) {
    const d = drawn[i];
    if (px >= d.x - 1 && px <= d.x + d.w + 1 && py >= d.y && py <= d.y + d.h) {
      return d;
    }
  }
  return undefined;
}

/**
 * The timeline panel's page (runs in the webview, bundled to dist/timeline.js): draws what the
 * server's tracelint/timeline answer holds on one canvas (a flame chart per thread, async lanes,
 * instants, counters, flows, the findings' strip and a time axis), asks for a new answer whenever
 * the visible range changes (the server merges what is narrower than a pixel), and tells the
 * extension which event was clicked. A small renderer of its own: no library is bundled.
 * `window.__tracelintTimeline` exposes what was drawn, for the end-to-end test.
 */

import {
  Painter, ShapeCounts, Shapes, dangling, drawObjectTrack, drawOverlaps, drawSteps, endPoint, arrow, flowKey, noCounts,
  objectTrackKey, objectTracksOf,
} from './timeline-shapes';

interface Pos { line: number; character: number }
/** [start line, start character, end line, end character] */
type EventRange = [number, number, number, number];
interface Item {
  ts: number; dur: number; depth: number; name?: string; range?: EventRange; endRange?: EventRange; severity?: string; open?: boolean;
  count?: number;
}
/** What the extension found for a hovered item: the editor's hover as plain text, the diagnostics on its event(s). */
interface HoverInfo { text: string; findings: { severity: string; message: string; rule?: string; line: number }[]; more: number }
/** The server's list of the findings in a selected range of time. */
interface Listed { ts: number; severity: string; rule: string; message: string; range: EventRange }
interface FindingList { items: Listed[]; more: boolean }
interface Thread { tid: string; name?: string; depths: number; slices: Item[]; instants: Item[] }
interface Async { name: string; lanes: number; spans: Item[] }
interface Series { name: string; points: [number, number, number][] }
interface Counter { name: string; series: Series[] }
interface Process { pid: string; name?: string; threads: Thread[]; async: Async[]; counters: Counter[] }
interface FlowEnd { ts: number; pid: string; tid: string; depth: number; bound: boolean; range: EventRange }
interface Flow { from: FlowEnd; to?: FlowEnd; severity?: string }
interface Mark { ts: number; severity: string; count: number }
interface Answer extends Shapes {
  start: number; end: number; widthPx: number; traceStart: number; traceEnd: number; displayTimeUnit: string;
  truncated: boolean; processes: Process[]; flows: Flow[]; findings: Mark[];
  at?: { item: Item; pid: string; tid: string; kind: string };
}
/**
 * The answer as the server sends it (README "Language server", Timeline): times as integers k of
 * `timeBase + k / 10^timeDigits` µs, names in a table, items, counter points and finding marks as
 * runs of numbers in flat arrays. {@link decode} turns it into the objects drawn.
 */
interface Sent {
  start: number; end: number; widthPx: number; traceStart: number; traceEnd: number; displayTimeUnit: string; truncated: boolean;
  timeBase?: number; timeDigits?: number; names?: string[];
  processes: (Omit<Process, 'threads' | 'async' | 'counters'> & {
    threads: (Omit<Thread, 'slices' | 'instants'> & { slices: number[]; instants: number[] })[];
    async: (Omit<Async, 'spans'> & { spans: number[] })[];
    counters: { name: string; series: { name: string; points: number[] }[] }[];
  })[];
  flows: Flow[]; findings: number[];
  at?: { item: number[]; pid: string; tid: string; kind: string };
  overlaps?: { pid: string; tid: string; spans: number[] }[];
  objects?: { pid: string; name?: string; lanes: number; lifetimes: number[]; snapshots: number[]; deletedAgain: number[];
    deletedUncreated: number[] }[];
  flowSteps?: (Flow & { flow: EventRange })[];
}
const SEVERITIES = [undefined, 'error', 'warning', 'information', 'hint'];

function decode(a: Sent): Answer {
  const names = a.names ?? [];
  const base = a.timeBase ?? 0;
  const digits = a.timeDigits ?? 0;
  // k / 10^d as a decimal reader would (10^d exact for the digits a time needs)
  const dur = (k: number) => (digits >= 0 ? k / 10 ** digits : k * 10 ** -digits);
  const time = (k: number) => base + dur(k);
  const items = (f: number[]): Item[] => {
    const out: Item[] = [];
    let ts = 0;
    let line = 0;
    for (let i = 0; i < f.length;) {
      const flags = f[i++];
      ts += f[i++];
      const item: Item = { ts: time(ts), dur: dur(f[i++]), depth: f[i++], severity: SEVERITIES[flags & 7] };
      if (flags & 8) {
        item.count = f[i++];
      } else {
        item.name = names[f[i++]];
        line += f[i++];
        item.range = [line, f[i], line + f[i + 1], f[i + 2]];
        i += 3;
        if (flags & 32) {
          const l = line + f[i++];
          item.endRange = [l, f[i], l + f[i + 1], f[i + 2]];
          i += 3;
        }
        if (flags & 16) {
          item.open = true;
        }
      }
      out.push(item);
    }
    return out;
  };
  const triples = <T>(f: number[], make: (ts: number, b: number, c: number) => T): T[] => {
    const out: T[] = [];
    let ts = 0;
    for (let i = 0; i + 2 < f.length; i += 3) {
      ts += f[i];
      out.push(make(time(ts), f[i + 1], f[i + 2]));
    }
    return out;
  };
  const end = (e: FlowEnd): FlowEnd => ({ ...e, ts: time(e.ts) });
  return {
    start: a.start, end: a.end, widthPx: a.widthPx, traceStart: a.traceStart, traceEnd: a.traceEnd,
    displayTimeUnit: a.displayTimeUnit, truncated: a.truncated,
    processes: a.processes.map((p) => ({
      ...p,
      threads: p.threads.map((t) => ({ ...t, slices: items(t.slices), instants: items(t.instants) })),
      async: p.async.map((s) => ({ ...s, spans: items(s.spans) })),
      counters: p.counters.map((c) => ({ name: c.name, series: c.series.map((s) => ({
        name: s.name, points: triples(s.points, (ts, min, max) => [ts, min, max] as [number, number, number]) })) })),
    })),
    flows: a.flows.map((f) => ({ ...f, from: end(f.from), to: f.to ? end(f.to) : undefined })),
    findings: triples(a.findings, (ts, severity, count) => ({ ts, severity: SEVERITIES[severity] ?? 'hint', count })),
    at: a.at ? { ...a.at, item: items(a.at.item)[0] } : undefined,
    overlaps: (a.overlaps ?? []).map((o) => ({ ...o, spans: items(o.spans) })),
    objects: (a.objects ?? []).map((o) => ({
      ...o, lifetimes: items(o.lifetimes), snapshots: items(o.snapshots), deletedAgain: items(o.deletedAgain),
      deletedUncreated: items(o.deletedUncreated),
    })),
    flowSteps: (a.flowSteps ?? []).map((f) => ({ ...f, from: end(f.from), to: end(f.to!) })),
  };
}

/** A drawn box: where, and what (for clicks, hover, and the test). */
interface Drawn { x: number; y: number; w: number; h: number; item: Item; pid: string; tid: string; track: string }
interface TrackLayout { key: string; label: string; y: number; height: number; kind: string }

declare function acquireVsCodeApi(): { postMessage(m: unknown): void; getState(): unknown; setState(s: unknown): void };

const vscode = acquireVsCodeApi();
const ROW = 18;
const AXIS = 22;
const STRIP = 10;
const HEADER = 18;
const COUNTER = 28;
const LABEL_MIN_PX = 36;

const canvas = document.getElementById('timeline') as HTMLCanvasElement;
const scroller = document.getElementById('scroller') as HTMLDivElement;
const tooltip = document.getElementById('tooltip') as HTMLDivElement;
const statusLine = document.getElementById('status') as HTMLDivElement;
const rangeBox = document.getElementById('range') as HTMLDivElement;
const findingsBox = document.getElementById('findings') as HTMLDivElement;
const ctx = canvas.getContext('2d')!;

let data: Answer | undefined;
let view = { start: 0, end: 1 };
let bounds = { start: 0, end: 1 };
let selected: { item: Item; pid: string; tid: string } | undefined;
let drawn: Drawn[] = [];
let tracks: TrackLayout[] = [];
let seq = 0;
let inFlight = 0;
let wanted = false;
let framesDrawn = 0;
let requests = 0;
let lastRenderMs = 0;
let firstPictureMs: number | undefined;
/** When the first request went and its answer came (ms after the page loaded): where the first picture's time goes. */
let firstRequestMs: number | undefined;
let firstAnswerMs: number | undefined;
let shapeCounts: ShapeCounts = noCounts();
const openedAt = performance.now();

/** The theme's colours, read once per picture (getComputedStyle per box made a picture of 45,000 boxes take most of a second). */
const cssCache = new Map<string, string>();
function css(name: string, fallback: string): string {
  let v = cssCache.get(name);
  if (v === undefined) {
    v = getComputedStyle(document.body).getPropertyValue(name).trim();
    cssCache.set(name, v);
  }
  return v || fallback;
}

function severityColour(s: string | undefined): string | undefined {
  switch (s) {
    case 'error': return css('--vscode-editorError-foreground', '#f14c4c');
    case 'warning': return css('--vscode-editorWarning-foreground', '#cca700');
    case 'information': return css('--vscode-editorInfo-foreground', '#3794ff');
    case 'hint': return css('--vscode-editorHint-foreground', '#eeeeeeb3');
    default: return undefined;
  }
}

/** A slice's fill: a hue from its name, as the viewers colour by name; toned to the theme. */
const fills = new Map<string, string>();
function fill(name: string | undefined, dark: boolean): string {
  const key = `${dark ? 'd' : 'l'}${name ?? ''}`;
  let f = fills.get(key);
  if (f === undefined) {
    if (fills.size > 10_000) {
      fills.clear();
    }
    f = hue(name, dark);
    fills.set(key, f);
  }
  return f;
}

function hue(name: string | undefined, dark: boolean): string {
  let h = 0;
  for (const c of name ?? '') {
    h = (h * 31 + c.codePointAt(0)!) >>> 0;
  }
  return `hsl(${h % 360}, ${dark ? 45 : 60}%, ${dark ? 38 : 72}%)`;
}

function isHighContrast(): boolean {
  return document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light');
}

function isDark(): boolean {
  return document.body.classList.contains('vscode-dark') || document.body.classList.contains('vscode-high-contrast');
}

function width(): number {
  return Math.max(1, scroller.clientWidth);
}

/** The canvas' width while a picture is drawn (0: not drawing): read once, not per box. */
let drawingWidth = 0;

function x(ts: number): number {
  return ((ts - view.start) / (view.end - view.start)) * (drawingWidth || width());
}

/** Asks for the visible range: one request in flight; a change meanwhile asks again when it answers. */
function request(at?: Pos): void {
  if (inFlight && !at) {
    wanted = true;
    return;
  }
  inFlight++;
  requests++;
  firstRequestMs ??= performance.now() - openedAt;
  const whole = !data; // the first asks for the whole trace: its bounds are not known yet
  vscode.postMessage({ type: 'request', seq: ++seq, start: whole ? undefined : view.start, end: whole ? undefined : view.end,
    widthPx: Math.round(width()), at });
}

function formatTime(us: number): string {
  const unit = data?.displayTimeUnit === 'ns' ? 'ns' : 'ms';
  const abs = Math.abs(us);
  if (unit === 'ns' && abs < 1) {
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

function layout(): number {
  tracks = [];
  let y = AXIS + STRIP;
  for (const p of data?.processes ?? []) {
    tracks.push({ key: `p:${p.pid}`, label: processLabel(p), y, height: HEADER, kind: 'process' });
    y += HEADER;
    for (const c of p.counters) {
      tracks.push({ key: `c:${p.pid}:${c.name}`, label: c.name, y, height: COUNTER, kind: 'counter' });
      y += COUNTER;
    }
    for (const a of p.async) {
      tracks.push({ key: `a:${p.pid}:${a.name}`, label: a.name, y, height: Math.max(1, a.lanes) * ROW, kind: 'async' });
      y += Math.max(1, a.lanes) * ROW;
    }
    for (const o of objectTracksOf(data, p.pid)) {
      tracks.push({ key: objectTrackKey(o), label: o.name ?? 'objects', y, height: Math.max(1, o.lanes) * ROW, kind: 'objects' });
      y += Math.max(1, o.lanes) * ROW;
    }
    for (const t of p.threads) {
      tracks.push({ key: `t:${p.pid}:${t.tid}`, label: threadLabel(t), y, height: Math.max(1, t.depths) * ROW + 4, kind: 'thread' });
      y += Math.max(1, t.depths) * ROW + 4;
    }
  }
  return y + 8;
}

/** "Renderer (pid 1)"; events without a pid are all one process. */
function processLabel(p: Process): string {
  return `${p.name ?? 'Process'} (${p.pid ? `pid ${p.pid}` : 'no pid'})`;
}

function threadLabel(t: Thread): string {
  return `${t.name ?? 'Thread'} (${t.tid ? `tid ${t.tid}` : 'no tid'})`;
}

function trackY(key: string): number | undefined {
  return tracks.find((t) => t.key === key)?.y;
}

function draw(): void {
  const t0 = performance.now();
  cssCache.clear(); // the theme may have changed since the last picture
  const dpr = window.devicePixelRatio || 1;
  const height = layout();
  const w = width();
  drawingWidth = w;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${height}px`;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const fg = css('--vscode-editor-foreground', '#333');
  const bg = css('--vscode-editor-background', '#fff');
  const faint = css('--vscode-editorLineNumber-foreground', '#999');
  const dark = isDark();
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, height);
  ctx.font = `11px ${css('--vscode-font-family', 'sans-serif')}`;
  ctx.textBaseline = 'middle';
  drawn = [];
  shapeCounts = noCounts();
  const painter = paint(fg, dark);
  drawAxis(w, fg, faint);
  drawStrip();
  if (!data) {
    drawingWidth = 0;
    return;
  }
  for (const p of data.processes) {
    const head = trackY(`p:${p.pid}`)!;
    ctx.fillStyle = css('--vscode-sideBarSectionHeader-background', dark ? '#333' : '#e8e8e8');
    ctx.fillRect(0, head, w, HEADER);
    ctx.fillStyle = fg;
    ctx.fillText(processLabel(p), 4, head + HEADER / 2);
    for (const c of p.counters) {
      drawCounter(c, trackY(`c:${p.pid}:${c.name}`)!, w, fg, dark);
    }
    for (const a of p.async) {
      const y = trackY(`a:${p.pid}:${a.name}`)!;
      for (const s of a.spans) {
        box(s, y + s.depth * ROW, p.pid, '', `a:${p.pid}:${a.name}`, dark, fg);
      }
      label(`${a.name} (async)`, y, faint);
    }
    for (const o of objectTracksOf(data, p.pid)) {
      drawObjectTrack(painter, o, trackY(objectTrackKey(o))!, faint, shapeCounts);
    }
    for (const t of p.threads) {
      const y = trackY(`t:${p.pid}:${t.tid}`)!;
      ctx.strokeStyle = faint;
      ctx.globalAlpha = 0.3;
      ctx.beginPath();
      ctx.moveTo(0, y - 0.5);
      ctx.lineTo(w, y - 0.5);
      ctx.stroke();
      ctx.globalAlpha = 1;
      for (const s of t.slices) {
        box(s, y + 2 + s.depth * ROW, p.pid, t.tid, `t:${p.pid}:${t.tid}`, dark, fg);
      }
      for (const i of t.instants) {
        const ix = x(i.ts);
        if (ix < -4 || ix > w + 4) {
          continue; // off screen (an answer for a wider range, drawn while the next is asked for)
        }
        ctx.fillStyle = severityColour(i.severity) ?? fg;
        ctx.beginPath();
        ctx.moveTo(ix, y + 2);
        ctx.lineTo(ix - 4, y + 10);
        ctx.lineTo(ix + 4, y + 10);
        ctx.closePath();
        ctx.fill();
        drawn.push({ x: ix - 4, y: y + 2, w: 8, h: 8, item: i, pid: p.pid, tid: t.tid, track: `t:${p.pid}:${t.tid}` });
      }
      label(threadLabel(t), y + 2 + Math.max(1, t.depths) * ROW - ROW, faint, true);
    }
  }
  drawOverlaps(painter, data, shapeCounts);
  drawFlows(painter, fg);
  placeRange();
  drawingWidth = 0;
  framesDrawn++;
  lastRenderMs = performance.now() - t0;
  if (firstPictureMs === undefined && data.processes.length) {
    firstPictureMs = performance.now() - openedAt;
  }
  publishState();
}

function label(text: string, y: number, colour: string, bottom = false): void {
  ctx.save();
  ctx.globalAlpha = 0.8;
  ctx.fillStyle = colour;
  ctx.textAlign = 'right';
  ctx.fillText(text, width() - 4, bottom ? y + ROW / 2 : y + ROW / 2);
  ctx.restore();
}

/** One slice (or merged run): filled by name, outlined in its finding's severity colour, broken edge if never closed. */
function box(s: Item, y: number, pid: string, tid: string, track: string, dark: boolean, fg: string): void {
  const x0 = Math.max(-2, x(s.ts));
  const x1 = Math.min(drawingWidth + 2, x(s.ts + s.dur));
  if (x1 < -1 || x0 > drawingWidth + 1) {
    return; // off screen: while panning, the answer for the range before is drawn until the next comes
  }
  const w = Math.max(1, x1 - x0);
  const h = ROW - 2;
  ctx.fillStyle = s.count ? (dark ? '#5a5a5a' : '#b8b8b8') : fill(s.name, dark);
  ctx.fillRect(x0, y, w, h);
  const outline = severityColour(s.severity);
  const isSelected = selected && selected.item.range && s.range && same(selected.item.range, s.range);
  if (outline) {
    ctx.strokeStyle = outline;
    ctx.lineWidth = 2;
    if (s.open) { // never closed: the right edge is left open and jagged
      ctx.beginPath();
      ctx.moveTo(x0 + w, y + 1);
      ctx.lineTo(x0 + 1, y + 1);
      ctx.lineTo(x0 + 1, y + h - 1);
      ctx.lineTo(x0 + w, y + h - 1);
      ctx.stroke();
      ctx.beginPath();
      for (let k = 0; k <= 4; k++) {
        ctx.lineTo(x0 + w - (k % 2 ? 4 : 0), y + (k * h) / 4);
      }
      ctx.stroke();
    } else {
      ctx.strokeRect(x0 + 1, y + 1, Math.max(1, w - 2), h - 2);
    }
  }
  if (!outline && !isSelected && isHighContrast()) { // high contrast: every box edged in the theme's contrast border
    ctx.strokeStyle = css('--vscode-contrastBorder', fg);
    ctx.strokeRect(x0 + 0.5, y + 0.5, Math.max(1, w - 1), h - 1);
  }
  if (isSelected) {
    ctx.strokeStyle = css('--vscode-focusBorder', '#007fd4');
    ctx.lineWidth = 3;
    ctx.strokeRect(x0 - 1.5, y - 1.5, w + 3, h + 3);
  }
  ctx.lineWidth = 1;
  if (w >= LABEL_MIN_PX) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y, w, h);
    ctx.clip();
    ctx.fillStyle = fg;
    ctx.fillText(s.count ? `${s.count} events` : s.name ?? '', Math.max(x0, 0) + 3, y + h / 2);
    ctx.restore();
  }
  drawn.push({ x: x0, y, w, h, item: s, pid, tid, track });
}

function same(a: EventRange, b: EventRange): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function drawAxis(w: number, fg: string, faint: string): void {
  const span = view.end - view.start;
  const step = Math.pow(10, Math.floor(Math.log10(span / 8)));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 10) ?? step * 10;
  ctx.fillStyle = fg;
  ctx.strokeStyle = faint;
  ctx.textAlign = 'left';
  for (let t = Math.ceil(view.start / nice) * nice; t <= view.end; t += nice) {
    const tx = x(t);
    ctx.beginPath();
    ctx.moveTo(tx + 0.5, AXIS - 6);
    ctx.lineTo(tx + 0.5, AXIS);
    ctx.stroke();
    ctx.fillText(formatTime(t), tx + 2, AXIS / 2 - 2);
  }
  ctx.beginPath();
  ctx.moveTo(0, AXIS + 0.5);
  ctx.lineTo(w, AXIS + 0.5);
  ctx.stroke();
}

/** Where the findings fall, one mark per pixel, in their severity's colour. */
function drawStrip(): void {
  for (const m of data?.findings ?? []) {
    ctx.fillStyle = severityColour(m.severity) ?? '#888';
    ctx.fillRect(Math.floor(x(m.ts)) - 1, AXIS + 1, 3, STRIP - 2);
  }
}

function drawCounter(c: Counter, y: number, w: number, fg: string, dark: boolean): void {
  let max = 0;
  for (const s of c.series) {
    for (const p of s.points) {
      max = Math.max(max, p[2]);
    }
  }
  c.series.forEach((s, k) => {
    ctx.fillStyle = fill(s.name, dark);
    ctx.globalAlpha = c.series.length > 1 ? 0.6 : 0.9;
    ctx.beginPath();
    ctx.moveTo(Math.max(0, x(s.points[0]?.[0] ?? view.start)), y + COUNTER - 2);
    s.points.forEach((p, i) => {
      const px = Math.max(0, Math.min(w, x(p[0])));
      const next = s.points[i + 1];
      const nx = next ? Math.max(0, Math.min(w, x(next[0]))) : w;
      const py = y + COUNTER - 2 - (max > 0 ? (p[2] / max) * (COUNTER - 6) : 0);
      ctx.lineTo(px, py);
      ctx.lineTo(nx, py);
    });
    ctx.lineTo(w, y + COUNTER - 2);
    ctx.closePath();
    ctx.fill();
    ctx.globalAlpha = 1;
    void k;
  });
  label(`${c.name} (counter, max ${+max.toPrecision(4)})`, y, fg);
}

/** What timeline-shapes.ts draws with: this page's canvas, scale, tracks and slice box. */
function paint(fg: string, dark: boolean): Painter {
  return {
    ctx, row: ROW, fg, error: severityColour('error') ?? '#f14c4c', x, width, trackY, colour: severityColour,
    box: (item, y, pid, track) => box(item, y, pid, '', track, dark, fg),
    clickable: (item, cx, cy, cw, ch, pid, track) => drawn.push({ x: cx, y: cy, w: cw, h: ch, item, pid, tid: '', track }),
  };
}

/** Flows from slice to slice; a flow with t steps is drawn through them instead; a flow never ended dangles from its last step. */
function drawFlows(painter: Painter, fg: string): void {
  const lastStep = drawSteps(painter, data, shapeCounts);
  for (const f of data?.flows ?? []) {
    const stepped = lastStep.get(flowKey(f.from.range));
    if (stepped && f.to) {
      continue;
    }
    const a = endPoint(painter, stepped ?? f.from);
    if (!a) {
      continue;
    }
    const colour = severityColour(f.severity) ?? fg;
    ctx.globalAlpha = 0.8;
    const b = f.to && endPoint(painter, f.to);
    if (f.to) {
      arrow(painter, a, b ?? { x: x(f.to.ts), y: a.y }, colour); // its f on a thread not shown: at its time, on the s's row
    } else {
      dangling(painter, a, colour, shapeCounts);
    }
    ctx.globalAlpha = 1;
  }
}

function publishState(): void {
  (window as unknown as { __tracelintTimeline: unknown }).__tracelintTimeline = {
    uri: document.body.dataset.uri,
    view: { ...view },
    bounds: { ...bounds },
    tracks: tracks.map((t) => ({ ...t })),
    get drawn() { // built when read (the test reads it; each picture would otherwise copy every box)
      const boxes = drawn;
      return boxes.map((d) => ({
        name: d.item.name, ts: d.item.ts, dur: d.item.dur, depth: d.item.depth, count: d.item.count, severity: d.item.severity,
        open: !!d.item.open, x: d.x, y: d.y, w: d.w, h: d.h, track: d.track, line: d.item.range?.[0],
        outlined: !!severityColour(d.item.severity),
      }));
    },
    findings: (data?.findings ?? []).length,
    selected: selected ? { name: selected.item.name, ts: selected.item.ts, line: selected.item.range?.[0] } : null,
    frames: framesDrawn, requests, lastRenderMs, firstPictureMs, firstRequestMs, firstAnswerMs, inFlight,
    pan, zoom, fit, showAll, selectRange,
    highContrast: isHighContrast(),
    ...shapeCounts,
    tooltip: tooltip.style.display === 'block' ? tooltip.textContent : null,
    range: timeRange ? { ...timeRange } : null,
    listed: listed ? { count: listed.items.length, more: listed.more, rules: listed.items.map((f) => f.rule),
      lines: listed.items.map((f) => f.range[0]) } : null,
  };
  document.body.dataset.frames = String(framesDrawn);
  document.body.dataset.selected = selected?.item.name ?? '';
}

// ---- navigation ----

function clampView(): void {
  const span = Math.max(1e-3, view.end - view.start);
  const total = Math.max(bounds.end - bounds.start, 1e-3);
  if (span > total * 1.5) {
    view = { start: bounds.start - total * 0.25, end: bounds.end + total * 0.25 };
  }
}

function pan(fraction: number): void {
  const d = (view.end - view.start) * fraction;
  view = { start: view.start + d, end: view.end + d };
  changed();
}

function zoom(factor: number, atX = width() / 2): void {
  const t = view.start + (atX / width()) * (view.end - view.start);
  view = { start: t - (t - view.start) * factor, end: t + (view.end - t) * factor };
  clampView();
  changed();
}

/** F: the selected slice fills the view (with a margin), or the whole trace when none is selected. */
function fit(): void {
  if (selected) {
    const pad = Math.max(selected.item.dur, 1) * 0.1;
    view = { start: selected.item.ts - pad, end: selected.item.ts + Math.max(selected.item.dur, 1) + pad };
  } else {
    const pad = (bounds.end - bounds.start) * 0.02 || 1;
    view = { start: bounds.start - pad, end: bounds.end + pad };
  }
  changed();
}

/** The whole trace (the selection stays). */
function showAll(): void {
  const pad = (bounds.end - bounds.start) * 0.02 || 1;
  view = { start: bounds.start - pad, end: bounds.end + pad };
  changed();
}

let scheduled = false;
function changed(): void {
  if (!scheduled) { // one picture per frame, however many keys came
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      draw();
    });
  }
  request();
}

window.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) {
    return;
  }
  switch (e.key.toLowerCase()) {
    case 'w': zoom(0.8); break;
    case 's': zoom(1.25); break;
    case 'a': pan(-0.1); break;
    case 'd': pan(0.1); break;
    case 'f': fit(); break;
    case 'escape': clearRange(); break;
    default: return;
  }
  e.preventDefault();
});

canvas.addEventListener('wheel', (e) => {
  if (e.ctrlKey) {
    e.preventDefault();
    zoom(e.deltaY > 0 ? 1.15 : 0.87, e.offsetX);
  }
}, { passive: false });

function hit(px: number, py: number): Drawn | undefined {
  for (let i = drawn.length - 1; i >= 0; i--) {
    const d = drawn[i];
    if (px >= d.x - 1 && px <= d.x + d.w + 1 && py >= d.y && py <= d.y + d.h) {
      return d;
    }
  }
  return undefined;
}

canvas.addEventListener('click', (e) => {
  if (justDragged) { // the end of a shift+drag is no click on a slice
    justDragged = false;
    return;
  }
  const d = hit(e.offsetX, e.offsetY);
  if (!d) {
    return;
  }
  if (d.item.count) { // a merged run: zoom into it
    view = { start: d.item.ts, end: d.item.ts + Math.max(d.item.dur, 1) };
    changed();
    return;
  }
  selected = { item: d.item, pid: d.pid, tid: d.tid };
  draw();
  if (d.item.range) {
    vscode.postMessage({ type: 'reveal', range: d.item.range });
  }
});

/** The hovered item's event (its range as a key), the last hover asked, and the answers kept (cleared when the text changes). */
let hovered: string | undefined;
let hoverSeq = 0;
const hoverInfo = new Map<string, HoverInfo>();
const HOVER_DELAY_MS = 150;
let hoverTimer: number | undefined;

/** The tooltip's lines drawn from the answer alone, until the editor's hover comes. */
function ownLines(d: Drawn): string[] {
  const i = d.item;
  return i.count
    ? [`${i.count} events, each narrower than a pixel`, `${formatTime(i.ts)} – ${formatTime(i.ts + i.dur)}`, 'click to zoom in']
    : [i.name ?? '(no name)', `duration ${i.open ? 'never closed' : formatTime(i.dur)}`, `at ${formatTime(i.ts)}`,
      d.tid ? `pid ${d.pid}, tid ${d.tid}` : `pid ${d.pid} (async)`];
}

function tooltipText(d: Drawn): string {
  const info = d.item.range ? hoverInfo.get(d.item.range.join(',')) : undefined;
  if (!info) {
    const lines = ownLines(d);
    if (d.item.severity) {
      lines.push(`finding: ${d.item.severity}${d.item.count ? '' : ' (reading it…)'}`);
    }
    return lines.join('\n');
  }
  const parts = [info.text || ownLines(d).join('\n')];
  if (info.findings.length) {
    parts.push(info.findings.map((f) => `${f.severity}${f.rule ? ` [${f.rule}]` : ''} (line ${f.line + 1}): ${f.message}`).join('\n')
      + (info.more > 0 ? `\n… and ${info.more} more (see the Problems panel)` : ''));
  }
  return parts.join('\n\n');
}

function showTooltip(d: Drawn, clientX: number, clientY: number): void {
  tooltip.textContent = tooltipText(d);
  tooltip.style.display = 'block';
  tooltip.style.left = `${Math.max(0, Math.min(clientX + 12, window.innerWidth - tooltip.offsetWidth - 4))}px`;
  tooltip.style.top = `${Math.max(0, Math.min(clientY + 12, window.innerHeight - tooltip.offsetHeight - 4))}px`;
  publishTooltip();
}

function publishTooltip(): void {
  const state = (window as unknown as { __tracelintTimeline?: { tooltip: string | null } }).__tracelintTimeline;
  if (state) {
    state.tooltip = tooltip.style.display === 'block' ? tooltip.textContent : null;
  }
}

let lastPointer: { d: Drawn; x: number; y: number } | undefined;
canvas.addEventListener('mousemove', (e) => {
  if (dragFrom !== undefined) {
    dragTo(e.offsetX);
    return;
  }
  const d = hit(e.offsetX, e.offsetY);
  if (!d) {
    tooltip.style.display = 'none';
    hovered = undefined;
    lastPointer = undefined;
    publishTooltip();
    return;
  }
  lastPointer = { d, x: e.clientX, y: e.clientY };
  showTooltip(d, e.clientX, e.clientY);
  const key = d.item.range?.join(',');
  if (key && key !== hovered) { // a new event under the pointer: ask for its hover once it rests
    hovered = key;
    window.clearTimeout(hoverTimer);
    if (!hoverInfo.has(key)) {
      const range = d.item.range!;
      const endRange = d.item.endRange;
      hoverTimer = window.setTimeout(() => {
        pendingHover.set(++hoverSeq, key);
        vscode.postMessage({ type: 'hover', seq: hoverSeq, range, endRange });
      }, HOVER_DELAY_MS);
    }
  }
});
/** Which item each hover request is for (the answer names its seq). */
const pendingHover = new Map<number, string>();
canvas.addEventListener('mouseleave', () => {
  tooltip.style.display = 'none';
  hovered = undefined;
  lastPointer = undefined;
  window.clearTimeout(hoverTimer);
  publishTooltip();
});

window.addEventListener('resize', () => changed());
// VS Code swaps the body's theme class (vscode-light/-dark/-high-contrast) and its colour variables
// when the user changes the theme: draw again with the new ones.
new MutationObserver(() => changed()).observe(document.body, { attributes: true, attributeFilter: ['class', 'style'] });

window.addEventListener('message', (e: MessageEvent) => {
  const sent = e.data as { type: string; seq?: number; data?: Sent; error?: string; position?: Pos };
  const m = { ...sent, data: sent.type === 'data' && sent.data ? decode(sent.data) : undefined };

  if (m.type === 'data' && m.data) {
    inFlight = Math.max(0, inFlight - 1);
    firstAnswerMs ??= performance.now() - openedAt;
    const first = !data;
    bounds = { start: m.data.traceStart, end: m.data.traceEnd };
    if (m.seq === seq || first) { // an older answer than the newest request is drawn only if nothing is
      data = m.data;
    }
    if (first && m.data.start === m.data.traceStart) {
      view = { start: m.data.start, end: m.data.end };
    }
    if (m.data.at) {
      selectFromEditor(m.data.at);
    }
    statusLine.textContent = `${formatTime(view.end - view.start)} shown · W/S zoom, A/D pan, F fit, click a slice to select its event`
      + (m.data.truncated ? ' · some rows were cut (too deep or too dense)' : '');
    draw();
    if (wanted) {
      wanted = false;
      request();
    }
  } else if (m.type === 'error') {
    inFlight = Math.max(0, inFlight - 1);
    statusLine.textContent = m.error ?? 'error';
  } else if (m.type === 'cursor' && m.position) {
    request(m.position);
  } else if (m.type === 'refresh') {
    hoverInfo.clear(); // the text changed: the hovers and findings may have too
    request();
  } else if (m.type === 'hover' && m.seq !== undefined) {
    const key = pendingHover.get(m.seq);
    pendingHover.delete(m.seq);
    const info = e.data as HoverInfo;
    if (key) {
      hoverInfo.set(key, { text: info.text, findings: info.findings, more: info.more });
      if (lastPointer && lastPointer.d.item.range?.join(',') === key) {
        showTooltip(lastPointer.d, lastPointer.x, lastPointer.y);
      }
    }
  } else if (m.type === 'findings' && m.seq === rangeSeq) { // an older range's answer is not shown
    const answer = e.data as { list?: FindingList; error?: string };
    if (answer.list) {
      showFindings(answer.list);
    } else {
      findingsBox.textContent = answer.error ?? 'error';
    }
  }
});

/** The editor's cursor is on an event: select it, and bring it into view (the range moves if it lies outside). */
function selectFromEditor(at: NonNullable<Answer['at']>): void {
  selected = { item: at.item, pid: at.pid, tid: at.tid };
  const end = at.item.ts + Math.max(at.item.dur, 0);
  if (at.item.ts > view.end || end < view.start) {
    const span = view.end - view.start;
    view = { start: at.item.ts - span / 2, end: at.item.ts + span / 2 };
    request();
  }
  const y = trackY(at.kind === 'async' ? `a:${at.pid}:${at.item.name}` : `t:${at.pid}:${at.tid}`);
  if (y !== undefined && (y < scroller.scrollTop || y > scroller.scrollTop + scroller.clientHeight - ROW)) {
    scroller.scrollTop = Math.max(0, y - 40);
  }
}

// ---- a range of time: shift+drag on the axis or the tracks lists the findings inside it ----

let dragFrom: number | undefined;
let justDragged = false;
let timeRange: { start: number; end: number } | undefined;
let listed: FindingList | undefined;
/** The newest range asked (its own numbering: the picture's answers are matched to theirs by seq). */
let rangeSeq = 0;
let rangesAsked = 0;

function timeAt(px: number): number {
  return view.start + (px / width()) * (view.end - view.start);
}

canvas.addEventListener('mousedown', (e) => {
  justDragged = false;
  if (e.shiftKey && e.button === 0) {
    dragFrom = e.offsetX;
    e.preventDefault();
  }
});

function dragTo(px: number): void {
  const a = Math.min(dragFrom!, px);
  const b = Math.max(dragFrom!, px);
  rangeBox.style.display = 'block';
  rangeBox.style.left = `${a}px`;
  rangeBox.style.width = `${b - a}px`;
}

window.addEventListener('mouseup', (e) => {
  if (dragFrom === undefined) {
    return;
  }
  const px = e.clientX - canvas.getBoundingClientRect().left;
  const a = Math.min(dragFrom, px);
  const b = Math.max(dragFrom, px);
  dragFrom = undefined;
  if (b - a < 3) { // a shift+click, not a range
    rangeBox.style.display = 'none';
    return;
  }
  justDragged = true;
  selectRange(timeAt(a), timeAt(b));
});

/** Lists the findings whose event lies in [start, end] (µs): the server knows each one's ts. */
function selectRange(start: number, end: number): void {
  timeRange = { start, end };
  listed = undefined;
  placeRange();
  findingsBox.style.display = 'block';
  findingsBox.textContent = `finding the findings in ${formatTime(start)} – ${formatTime(end)}…`;
  vscode.postMessage({ type: 'findings', seq: rangeSeq = ++rangesAsked, start, end });
  publishState();
}

/** The range's band follows the view as it pans and zooms. */
function placeRange(): void {
  if (!timeRange) {
    rangeBox.style.display = 'none';
    return;
  }
  const a = Math.max(0, x(timeRange.start));
  const b = Math.min(width(), x(timeRange.end));
  rangeBox.style.display = b > a ? 'block' : 'none';
  rangeBox.style.left = `${a}px`;
  rangeBox.style.width = `${Math.max(1, b - a)}px`;
}

function clearRange(): void {
  timeRange = undefined;
  listed = undefined;
  rangeSeq = 0;
  findingsBox.style.display = 'none';
  placeRange();
  publishState();
}

function showFindings(list: FindingList): void {
  listed = list;
  findingsBox.replaceChildren();
  const head = document.createElement('header');
  const n = list.items.length;
  head.textContent = `${n}${list.more ? '+' : ''} finding${n === 1 ? '' : 's'} in ${formatTime(timeRange!.start)} – `
    + `${formatTime(timeRange!.end)}${list.more ? ' (the first 200: narrow the range for the rest)' : ''} · Esc closes`;
  findingsBox.append(head);
  const ul = document.createElement('ul');
  for (const f of list.items) {
    const li = document.createElement('li');
    li.tabIndex = 0;
    const dot = document.createElement('span');
    dot.className = 'sev';
    dot.style.background = severityColour(f.severity) ?? '#888';
    li.append(dot, `${formatTime(f.ts)} · ${f.rule} (line ${f.range[0] + 1}): ${f.message}`);
    li.title = f.message;
    const reveal = () => vscode.postMessage({ type: 'reveal', range: f.range });
    li.addEventListener('click', reveal);
    li.addEventListener('keydown', (k) => {
      if (k.key === 'Enter') {
        reveal();
      }
    });
    ul.append(li);
  }
  findingsBox.append(ul);
  publishState();
}

request();
draw();

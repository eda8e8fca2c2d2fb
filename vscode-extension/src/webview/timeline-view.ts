/**
 * The timeline panel's page (runs in the webview, bundled to dist/timeline.js): draws what the
 * server's tracelint/timeline answer holds (draw.ts), asks for a new answer whenever the visible
 * range changes (the server merges what is narrower than a pixel), tells the extension which event
 * was clicked (interact.ts), and follows the editor's cursor. A small renderer of its own: no
 * library is bundled. `window.__tracelintTimeline` exposes what was drawn, for the end-to-end test.
 *
 * The modules: wire.ts (what is sent), decode.ts (the answer into model.ts' objects), layout.ts
 * (where things go, no canvas), draw.ts and timeline-shapes.ts (the picture), interact.ts (keys
 * and pointer), state.ts (what the page knows); this file wires them to the extension's messages.
 */
import { decode } from './decode';
import { Renderer } from './draw';
import { Interaction } from './interact';
import { ROW, asyncKey, threadKey } from './layout';
import type { Answer } from './model';
import { PanelState } from './state';
import type { ExtensionMessage, PageMessage, Pos } from './wire';

declare function acquireVsCodeApi(): { postMessage(m: PageMessage): void; getState(): unknown; setState(s: unknown): void };

const vscode = acquireVsCodeApi();
const canvas = document.getElementById('timeline') as HTMLCanvasElement;
const scroller = document.getElementById('scroller') as HTMLDivElement;
const statusLine = document.getElementById('status') as HTMLDivElement;

const state = new PanelState();
let seq = 0;
/** A change of view while a request is in flight: ask again when it answers. */
let wanted = false;
let scheduled = false;

const renderer = new Renderer(canvas, scroller, state, () => {
  interaction.placeRange();
  publishState();
});
const interaction = new Interaction(state, renderer, {
  post: (m) => vscode.postMessage(m),
  changed,
  redraw: () => renderer.draw(),
  publish: publishState,
}, canvas, document.getElementById('tooltip') as HTMLDivElement, document.getElementById('range') as HTMLDivElement,
document.getElementById('findings') as HTMLDivElement);

/** Asks for the visible range: one request in flight; a change meanwhile asks again when it answers. */
function request(at?: Pos): void {
  if (state.inFlight && !at) {
    wanted = true;
    return;
  }
  state.inFlight++;
  state.requests++;
  state.firstRequestMs ??= performance.now() - state.openedAt;
  const whole = !state.data; // the first asks for the whole trace: its bounds are not known yet
  vscode.postMessage({ type: 'request', seq: ++seq, start: whole ? undefined : state.view.start, end: whole ? undefined : state.view.end,
    widthPx: Math.round(renderer.width()), at });
}

/** The view changed: one picture per frame, however many keys came, and a request for the new range. */
function changed(): void {
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      renderer.draw();
    });
  }
  request();
}

function publishState(): void {
  const { view, bounds, tracks, data, selected, timeRange, listed } = state;
  (window as unknown as { __tracelintTimeline: unknown }).__tracelintTimeline = {
    uri: document.body.dataset.uri,
    view: { ...view },
    bounds: { ...bounds },
    tracks: tracks.map((t) => ({ ...t })),
    get drawn() { // built when read (the test reads it; each picture would otherwise copy every box)
      return state.drawn.map((d) => ({
        name: d.item.name, ts: d.item.ts, dur: d.item.dur, depth: d.item.depth, count: d.item.count, severity: d.item.severity,
        open: !!d.item.open, x: d.x, y: d.y, w: d.w, h: d.h, track: d.track, line: d.item.range?.[0],
        outlined: !!renderer.severityColour(d.item.severity),
      }));
    },
    findings: (data?.findings ?? []).length,
    selected: selected ? { name: selected.item.name, ts: selected.item.ts, line: selected.item.range?.[0] } : null,
    frames: state.framesDrawn, requests: state.requests, lastRenderMs: state.lastRenderMs, firstPictureMs: state.firstPictureMs,
    firstRequestMs: state.firstRequestMs, firstAnswerMs: state.firstAnswerMs, inFlight: state.inFlight,
    pan: (f: number) => interaction.pan(f), zoom: (f: number, atX?: number) => interaction.zoom(f, atX), fit: () => interaction.fit(),
    showAll: () => interaction.showAll(), selectRange: (s: number, e: number) => interaction.selectRange(s, e),
    highContrast: renderer.isHighContrast(),
    ...state.shapeCounts,
    tooltip: interaction.tooltipText(),
    range: timeRange ? { ...timeRange } : null,
    listed: listed ? { count: listed.items.length, more: listed.more, rules: listed.items.map((f) => f.rule),
      lines: listed.items.map((f) => f.range[0]) } : null,
  };
  document.body.dataset.frames = String(state.framesDrawn);
  document.body.dataset.selected = selected?.item.name ?? '';
}

/** The editor's cursor is on an event: select it, and bring it into view (the range moves if it lies outside). */
function selectFromEditor(at: NonNullable<Answer['at']>): void {
  const { view } = state;
  state.selected = { item: at.item, pid: at.pid, tid: at.tid };
  const end = at.item.ts + Math.max(at.item.dur, 0);
  if (at.item.ts > view.end || end < view.start) {
    const span = view.end - view.start;
    state.view = { start: at.item.ts - span / 2, end: at.item.ts + span / 2 };
    request();
  }
  const y = state.trackY(at.kind === 'async' ? asyncKey(at.pid, at.item.name) : threadKey(at.pid, at.tid));
  if (y !== undefined && (y < scroller.scrollTop || y > scroller.scrollTop + scroller.clientHeight - ROW)) {
    scroller.scrollTop = Math.max(0, y - 40);
  }
}

function answered(m: Extract<ExtensionMessage, { type: 'data' }>): void {
  const data = decode(m.data);
  state.inFlight = Math.max(0, state.inFlight - 1);
  state.firstAnswerMs ??= performance.now() - state.openedAt;
  const first = !state.data;
  state.bounds = { start: data.traceStart, end: data.traceEnd };
  if (m.seq === seq || first) { // an older answer than the newest request is drawn only if nothing is
    state.data = data;
  }
  if (first && data.start === data.traceStart) {
    state.view = { start: data.start, end: data.end };
  }
  if (data.at) {
    selectFromEditor(data.at);
  }
  statusLine.textContent = `${state.formatTime(state.view.end - state.view.start)} shown · W/S zoom, A/D pan, F fit,`
    + ' click a slice to select its event' + (data.truncated ? ' · some rows were cut (too deep or too dense)' : '');
  renderer.draw();
  if (wanted) {
    wanted = false;
    request();
  }
}

window.addEventListener('message', (e: MessageEvent) => {
  const m = e.data as ExtensionMessage;
  switch (m.type) {
    case 'data': answered(m); break;
    case 'error':
      state.inFlight = Math.max(0, state.inFlight - 1);
      statusLine.textContent = m.error ?? 'error';
      break;
    case 'cursor': request(m.position); break;
    case 'refresh':
      interaction.forgetHovers(); // the text changed: the hovers and findings may have too
      request();
      break;
    case 'hover': interaction.hoverAnswered(m.seq, m); break;
    case 'findings': interaction.findingsAnswered(m.seq, m.list, m.error); break;
  }
});
window.addEventListener('resize', () => changed());
// VS Code swaps the body's theme class (vscode-light/-dark/-high-contrast) and its colour variables
// when the user changes the theme: draw again with the new ones.
new MutationObserver(() => changed()).observe(document.body, { attributes: true, attributeFilter: ['class', 'style'] });

request();
renderer.draw();

/**
 * The picture: one canvas, drawn from the panel's state (a flame chart per thread, async lanes,
 * objects, instants, counters, flows, the findings' strip and a time axis), in the theme's colours.
 * Every box it draws is recorded in the state for hit-testing. Positions come from layout.ts; the
 * shapes beyond slices from timeline-shapes.ts.
 */
import {
  AXIS, COUNTER, HEADER, LABEL_MIN_PX, ROW, STRIP, asyncKey, axisTicks, counterKey, layoutTracks, nameHue, objectTrackKey,
  objectTracksOf, processKey, processLabel, threadKey, threadLabel, xOf,
} from './layout';
import type { Counter, EventRange, Item } from './model';
import type { PanelState } from './state';
import { Painter, arrow, dangling, drawObjectTrack, drawOverlaps, drawSteps, endPoint, flowKey, noCounts } from './timeline-shapes';

export class Renderer {
  private readonly ctx: CanvasRenderingContext2D;
  /** The theme's colours, read once per picture (getComputedStyle per box made a picture of 45,000 boxes take most of a second). */
  private readonly cssCache = new Map<string, string>();
  private readonly fills = new Map<string, string>();
  /** The canvas' width while a picture is drawn (0: not drawing): read once, not per box. */
  private drawingWidth = 0;

  constructor(private readonly canvas: HTMLCanvasElement, private readonly scroller: HTMLElement, private readonly state: PanelState,
    /** Called after each picture (the range band follows the view; the test's state is published). */
    private readonly drawn: () => void) {
    this.ctx = canvas.getContext('2d')!;
  }

  width(): number {
    return Math.max(1, this.scroller.clientWidth);
  }

  x(ts: number): number {
    return xOf(ts, this.state.view, this.drawingWidth || this.width());
  }

  severityColour(s: string | undefined): string | undefined {
    switch (s) {
      case 'error': return this.css('--vscode-editorError-foreground', '#f14c4c');
      case 'warning': return this.css('--vscode-editorWarning-foreground', '#cca700');
      case 'information': return this.css('--vscode-editorInfo-foreground', '#3794ff');
      case 'hint': return this.css('--vscode-editorHint-foreground', '#eeeeeeb3');
      default: return undefined;
    }
  }

  isHighContrast(): boolean {
    return document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light');
  }

  draw(): void {
    const { ctx, state } = this;
    const t0 = performance.now();
    this.cssCache.clear(); // the theme may have changed since the last picture
    const dpr = window.devicePixelRatio || 1;
    const { tracks, height } = layoutTracks(state.data);
    state.tracks = tracks;
    const w = this.width();
    this.drawingWidth = w;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(height * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(height * dpr);
      this.canvas.style.width = `${w}px`;
      this.canvas.style.height = `${height}px`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const fg = this.css('--vscode-editor-foreground', '#333');
    const bg = this.css('--vscode-editor-background', '#fff');
    const faint = this.css('--vscode-editorLineNumber-foreground', '#999');
    const dark = this.isDark();
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, w, height);
    ctx.font = `11px ${this.css('--vscode-font-family', 'sans-serif')}`;
    ctx.textBaseline = 'middle';
    state.drawn = [];
    state.shapeCounts = noCounts();
    const painter = this.painter(fg, dark);
    this.drawAxis(w, fg, faint);
    this.drawStrip();
    const data = state.data;
    if (!data) {
      this.drawingWidth = 0;
      return;
    }
    for (const p of data.processes) {
      const head = state.trackY(processKey(p.pid))!;
      ctx.fillStyle = this.css('--vscode-sideBarSectionHeader-background', dark ? '#333' : '#e8e8e8');
      ctx.fillRect(0, head, w, HEADER);
      ctx.fillStyle = fg;
      ctx.fillText(processLabel(p), 4, head + HEADER / 2);
      for (const c of p.counters) {
        this.drawCounter(c, state.trackY(counterKey(p.pid, c.name))!, w, fg, dark);
      }
      for (const a of p.async) {
        const y = state.trackY(asyncKey(p.pid, a.name))!;
        for (const s of a.spans) {
          this.box(s, y + s.depth * ROW, p.pid, '', asyncKey(p.pid, a.name), dark, fg);
        }
        this.label(`${a.name} (async)`, y, faint);
      }
      for (const o of objectTracksOf(data, p.pid)) {
        drawObjectTrack(painter, o, state.trackY(objectTrackKey(o))!, faint, state.shapeCounts);
      }
      for (const t of p.threads) {
        const track = threadKey(p.pid, t.tid);
        const y = state.trackY(track)!;
        ctx.strokeStyle = faint;
        ctx.globalAlpha = 0.3;
        ctx.beginPath();
        ctx.moveTo(0, y - 0.5);
        ctx.lineTo(w, y - 0.5);
        ctx.stroke();
        ctx.globalAlpha = 1;
        for (const s of t.slices) {
          this.box(s, y + 2 + s.depth * ROW, p.pid, t.tid, track, dark, fg);
        }
        for (const i of t.instants) {
          this.instant(i, y, w, fg, p.pid, t.tid, track);
        }
        this.label(threadLabel(t), y + 2 + Math.max(1, t.depths) * ROW - ROW, faint);
      }
    }
    drawOverlaps(painter, data, state.shapeCounts);
    this.drawFlows(painter, fg);
    this.drawingWidth = 0;
    state.framesDrawn++;
    state.lastRenderMs = performance.now() - t0;
    if (state.firstPictureMs === undefined && data.processes.length) {
      state.firstPictureMs = performance.now() - state.openedAt;
    }
    this.drawn();
  }

  private css(name: string, fallback: string): string {
    let v = this.cssCache.get(name);
    if (v === undefined) {
      v = getComputedStyle(document.body).getPropertyValue(name).trim();
      this.cssCache.set(name, v);
    }
    return v || fallback;
  }

  private isDark(): boolean {
    return document.body.classList.contains('vscode-dark') || document.body.classList.contains('vscode-high-contrast');
  }

  /** A slice's fill: a hue from its name (kept per name and theme). */
  private fill(name: string | undefined, dark: boolean): string {
    const key = `${dark ? 'd' : 'l'}${name ?? ''}`;
    let f = this.fills.get(key);
    if (f === undefined) {
      if (this.fills.size > 10_000) {
        this.fills.clear();
      }
      f = nameHue(name, dark);
      this.fills.set(key, f);
    }
    return f;
  }

  private label(text: string, y: number, colour: string): void {
    const { ctx } = this;
    ctx.save();
    ctx.globalAlpha = 0.8;
    ctx.fillStyle = colour;
    ctx.textAlign = 'right';
    ctx.fillText(text, this.width() - 4, y + ROW / 2);
    ctx.restore();
  }

  /** An instant: a triangle in its finding's colour. */
  private instant(i: Item, y: number, w: number, fg: string, pid: string, tid: string, track: string): void {
    const { ctx } = this;
    const ix = this.x(i.ts);
    if (ix < -4 || ix > w + 4) {
      return; // off screen (an answer for a wider range, drawn while the next is asked for)
    }
    ctx.fillStyle = this.severityColour(i.severity) ?? fg;
    ctx.beginPath();
    ctx.moveTo(ix, y + 2);
    ctx.lineTo(ix - 4, y + 10);
    ctx.lineTo(ix + 4, y + 10);
    ctx.closePath();
    ctx.fill();
    this.state.drawn.push({ x: ix - 4, y: y + 2, w: 8, h: 8, item: i, pid, tid, track });
  }

  /** One slice (or merged run): filled by name, outlined in its finding's severity colour, broken edge if never closed. */
  private box(s: Item, y: number, pid: string, tid: string, track: string, dark: boolean, fg: string): void {
    const { ctx, state } = this;
    const x0 = Math.max(-2, this.x(s.ts));
    const x1 = Math.min(this.drawingWidth + 2, this.x(s.ts + s.dur));
    if (x1 < -1 || x0 > this.drawingWidth + 1) {
      return; // off screen: while panning, the answer for the range before is drawn until the next comes
    }
    const w = Math.max(1, x1 - x0);
    const h = ROW - 2;
    ctx.fillStyle = s.count ? (dark ? '#5a5a5a' : '#b8b8b8') : this.fill(s.name, dark);
    ctx.fillRect(x0, y, w, h);
    const outline = this.severityColour(s.severity);
    const isSelected = state.selected && state.selected.item.range && s.range && same(state.selected.item.range, s.range);
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
    if (!outline && !isSelected && this.isHighContrast()) { // high contrast: every box edged in the theme's contrast border
      ctx.strokeStyle = this.css('--vscode-contrastBorder', fg);
      ctx.strokeRect(x0 + 0.5, y + 0.5, Math.max(1, w - 1), h - 1);
    }
    if (isSelected) {
      ctx.strokeStyle = this.css('--vscode-focusBorder', '#007fd4');
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
    state.drawn.push({ x: x0, y, w, h, item: s, pid, tid, track });
  }

  private drawAxis(w: number, fg: string, faint: string): void {
    const { ctx } = this;
    ctx.fillStyle = fg;
    ctx.strokeStyle = faint;
    ctx.textAlign = 'left';
    for (const t of axisTicks(this.state.view)) {
      const tx = this.x(t);
      ctx.beginPath();
      ctx.moveTo(tx + 0.5, AXIS - 6);
      ctx.lineTo(tx + 0.5, AXIS);
      ctx.stroke();
      ctx.fillText(this.state.formatTime(t), tx + 2, AXIS / 2 - 2);
    }
    ctx.beginPath();
    ctx.moveTo(0, AXIS + 0.5);
    ctx.lineTo(w, AXIS + 0.5);
    ctx.stroke();
  }

  /** Where the findings fall, one mark per pixel, in their severity's colour. */
  private drawStrip(): void {
    for (const m of this.state.data?.findings ?? []) {
      this.ctx.fillStyle = this.severityColour(m.severity) ?? '#888';
      this.ctx.fillRect(Math.floor(this.x(m.ts)) - 1, AXIS + 1, 3, STRIP - 2);
    }
  }

  private drawCounter(c: Counter, y: number, w: number, fg: string, dark: boolean): void {
    const { ctx } = this;
    let max = 0;
    for (const s of c.series) {
      for (const p of s.points) {
        max = Math.max(max, p[2]);
      }
    }
    for (const s of c.series) {
      ctx.fillStyle = this.fill(s.name, dark);
      ctx.globalAlpha = c.series.length > 1 ? 0.6 : 0.9;
      ctx.beginPath();
      ctx.moveTo(Math.max(0, this.x(s.points[0]?.[0] ?? this.state.view.start)), y + COUNTER - 2);
      s.points.forEach((p, i) => {
        const px = Math.max(0, Math.min(w, this.x(p[0])));
        const next = s.points[i + 1];
        const nx = next ? Math.max(0, Math.min(w, this.x(next[0]))) : w;
        const py = y + COUNTER - 2 - (max > 0 ? (p[2] / max) * (COUNTER - 6) : 0);
        ctx.lineTo(px, py);
        ctx.lineTo(nx, py);
      });
      ctx.lineTo(w, y + COUNTER - 2);
      ctx.closePath();
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    this.label(`${c.name} (counter, max ${+max.toPrecision(4)})`, y, fg);
  }

  /** What timeline-shapes.ts draws with: this canvas, scale, tracks and slice box. */
  private painter(fg: string, dark: boolean): Painter {
    return {
      ctx: this.ctx, row: ROW, fg, error: this.severityColour('error') ?? '#f14c4c',
      x: (ts) => this.x(ts), width: () => this.width(), trackY: (key) => this.state.trackY(key),
      colour: (s) => this.severityColour(s),
      box: (item, y, pid, track) => this.box(item, y, pid, '', track, dark, fg),
      clickable: (item, cx, cy, cw, ch, pid, track) => this.state.drawn.push({ x: cx, y: cy, w: cw, h: ch, item, pid, tid: '', track }),
    };
  }

  /** Flows from slice to slice; a flow with t steps is drawn through them instead; a flow never ended dangles from its last step. */
  private drawFlows(painter: Painter, fg: string): void {
    const { ctx, state } = this;
    const lastStep = drawSteps(painter, state.data, state.shapeCounts);
    for (const f of state.data?.flows ?? []) {
      const stepped = lastStep.get(flowKey(f.from.range));
      if (stepped && f.to) {
        continue;
      }
      const a = endPoint(painter, stepped ?? f.from);
      if (!a) {
        continue;
      }
      const colour = this.severityColour(f.severity) ?? fg;
      ctx.globalAlpha = 0.8;
      const b = f.to && endPoint(painter, f.to);
      if (f.to) {
        arrow(painter, a, b ?? { x: this.x(f.to.ts), y: a.y }, colour); // its f on a thread not shown: at its time, on the s's row
      } else {
        dangling(painter, a, colour, state.shapeCounts);
      }
      ctx.globalAlpha = 1;
    }
  }
}

function same(a: EventRange, b: EventRange): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

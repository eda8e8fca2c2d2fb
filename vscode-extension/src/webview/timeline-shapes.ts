/**
 * What the timeline draws from the server's model beyond slices (the answer's `overlaps`,
 * `objects` and `flowSteps`): overlapping slices hatched where the later one cannot nest, object
 * lifetimes as bars from N to D with their snapshots and their defects (deleted again, deleted
 * without being created, never deleted), flows through their t steps, and a flow never ended with
 * an open arrowhead and a '?'. The server marks them from the same facts the rules judge, so the
 * picture agrees with the findings; nothing here is guessed from geometry.
 */

import type { EventRange, FlowEnd, Item, ObjectTrack, Shapes } from './model';
import { objectTrackKey, threadKey } from './layout';

/** What the page lends this module to draw with: its canvas, scale, track layout and slice box. */
export interface Painter {
  ctx: CanvasRenderingContext2D;
  row: number;
  fg: string;
  error: string;
  x(ts: number): number;
  width(): number;
  trackY(key: string): number | undefined;
  colour(severity: string | undefined): string | undefined;
  /** Draws an item as the page draws a slice (fill, outline, selection, label) and makes it clickable. */
  box(item: Item, y: number, pid: string, track: string): void;
  /** Makes a mark clickable (its item's range is revealed) without drawing it. */
  clickable(item: Item, x: number, y: number, w: number, h: number, pid: string, track: string): void;
}

/** Counts of what was drawn, for the end-to-end test. */
export interface ShapeCounts {
  overlaps: number; danglingFlows: number; objectBars: number; openObjects: number; snapshots: number;
  deletedAgain: number; deletedUncreated: number; flowSteps: number;
}

export function noCounts(): ShapeCounts {
  return { overlaps: 0, danglingFlows: 0, objectBars: 0, openObjects: 0, snapshots: 0, deletedAgain: 0, deletedUncreated: 0, flowSteps: 0 };
}

/** Overlaps: hatched in the error colour with a solid edge where the overlap begins (merged runs too: they hold one). */
export function drawOverlaps(p: Painter, shapes: Shapes | undefined, counts: ShapeCounts): void {
  for (const t of shapes?.overlaps ?? []) {
    const top = p.trackY(threadKey(t.pid, t.tid));
    if (top === undefined) {
      continue;
    }
    for (const o of t.spans) {
      if (hatch(p, o, top + 2 + o.depth * p.row)) {
        counts.overlaps++;
      }
    }
  }
}

function hatch(p: Painter, o: Item, y: number): boolean {
  const { ctx } = p;
  const x0 = Math.max(0, p.x(o.ts));
  const x1 = Math.min(p.width(), p.x(o.ts + o.dur));
  if (x1 < 0 || x0 > p.width()) {
    return false;
  }
  const h = p.row - 2;
  const colour = p.colour(o.severity) ?? p.error;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x0, y, Math.max(2, x1 - x0), h);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (let sx = x0 - h; sx < Math.max(x1, x0 + 2); sx += 5) {
    ctx.moveTo(sx, y + h);
    ctx.lineTo(sx + h, y);
  }
  ctx.stroke();
  ctx.restore();
  ctx.fillStyle = colour;
  ctx.fillRect(x0 - 1, y, 2, h);
  return true;
}

/**
 * One process's object track: per lane the lifetimes as bars (a bar never deleted ends in a
 * jagged edge at the end of the trace), snapshots as ticks, a D that deletes again as a red tick
 * with a broken stub back to the bar it deletes again, a D of an object never created as a red
 * tick with a '!'.
 */
export function drawObjectTrack(p: Painter, o: ObjectTrack, y: number, faint: string, counts: ShapeCounts): void {
  const { ctx } = p;
  const track = objectTrackKey(o);
  for (const b of o.lifetimes) {
    const by = y + b.depth * p.row;
    p.box(b, by, o.pid, track);
    counts.objectBars++;
    if (b.open) {
      counts.openObjects++;
      if (!p.colour(b.severity)) { // the box draws the jagged edge only for an outlined item: draw it here
        const xe = Math.min(p.width() + 2, p.x(b.ts + b.dur));
        ctx.strokeStyle = p.fg;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        for (let k = 0; k <= 4; k++) {
          ctx.lineTo(xe - (k % 2 ? 4 : 0), by + (k * (p.row - 2)) / 4);
        }
        ctx.stroke();
        ctx.lineWidth = 1;
      }
    }
  }
  for (const s of o.snapshots) {
    const sx = p.x(s.ts);
    const sy = y + s.depth * p.row;
    ctx.fillStyle = p.colour(s.severity) ?? p.fg;
    ctx.fillRect(Math.round(sx) - 1, sy + 2, 2, p.row - 6);
    p.clickable(s, sx - 3, sy, 6, p.row - 2, o.pid, track);
    counts.snapshots += s.count ?? 1;
  }
  for (const d of o.deletedAgain) {
    const dx = p.x(d.ts);
    const dy = y + d.depth * p.row;
    ctx.fillStyle = p.error;
    ctx.fillRect(Math.round(dx) - 1.5, dy, 3, p.row - 2);
    ctx.strokeStyle = p.error;
    ctx.setLineDash([2, 2]); // the instance it deletes ended before: a broken line back towards it
    ctx.beginPath();
    ctx.moveTo(dx - 2, dy + (p.row - 2) / 2);
    ctx.lineTo(dx - 16, dy + (p.row - 2) / 2);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.textAlign = 'left';
    ctx.fillText('2×D', dx + 3, dy + (p.row - 2) / 2);
    p.clickable(d, dx - 3, dy, 6, p.row - 2, o.pid, track);
    counts.deletedAgain += d.count ?? 1;
  }
  for (const d of o.deletedUncreated) {
    const dx = p.x(d.ts);
    const dy = y + d.depth * p.row;
    ctx.fillStyle = p.error;
    ctx.fillRect(Math.round(dx) - 1.5, dy, 3, p.row - 2);
    ctx.textAlign = 'left';
    ctx.fillText('D!', dx + 3, dy + (p.row - 2) / 2);
    p.clickable(d, dx - 3, dy, 6, p.row - 2, o.pid, track);
    counts.deletedUncreated += d.count ?? 1;
  }
  ctx.save();
  ctx.globalAlpha = 0.8;
  ctx.fillStyle = faint;
  ctx.textAlign = 'right';
  ctx.fillText(`${o.name ?? 'objects'} (objects)`, p.width() - 4, y + p.row / 2);
  ctx.restore();
}

/** Where a flow's end is drawn: the middle of its slice's row on its thread, or undefined for a thread not shown. */
export function endPoint(p: Painter, e: FlowEnd): { x: number; y: number } | undefined {
  const top = p.trackY(threadKey(e.pid, e.tid));
  return top === undefined ? undefined : { x: p.x(e.ts), y: top + 2 + e.depth * p.row + p.row / 2 };
}

/** An arrow from one point to another, its head filled. */
export function arrow(p: Painter, a: { x: number; y: number }, b: { x: number; y: number }, colour: string): void {
  const { ctx } = p;
  ctx.strokeStyle = colour;
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.bezierCurveTo(a.x + 30, a.y, b.x - 30, b.y, b.x, b.y);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(b.x, b.y);
  ctx.lineTo(b.x - 6, b.y - 3);
  ctx.lineTo(b.x - 6, b.y + 3);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

/** A flow never ended: a dashed stub into nothing from its last step, an open arrowhead, a '?' where its f would be. */
export function dangling(p: Painter, a: { x: number; y: number }, colour: string, counts: ShapeCounts): void {
  const { ctx } = p;
  ctx.strokeStyle = colour;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(a.x + 40, a.y - 12);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(a.x + 33, a.y - 14);
  ctx.lineTo(a.x + 40, a.y - 12);
  ctx.lineTo(a.x + 35, a.y - 6);
  ctx.stroke();
  ctx.fillStyle = colour;
  ctx.textAlign = 'left';
  ctx.fillText('?', a.x + 43, a.y - 13);
  counts.danglingFlows++;
}

/** The key of a flow by its s (the flows' `from.range`, the steps' `flow`). */
export function flowKey(r: EventRange): string {
  return r.join(',');
}

/**
 * The steps of flows with t events, each an arrow (a dot at each t); returns, per flow drawn
 * through its steps, the end of its last step (where a flow never ended dangles from).
 */
export function drawSteps(p: Painter, shapes: Shapes | undefined, counts: ShapeCounts): Map<string, FlowEnd> {
  const last = new Map<string, FlowEnd>();
  for (const s of shapes?.flowSteps ?? []) {
    const key = flowKey(s.flow);
    const known = last.get(key);
    if (!known || s.to.ts >= known.ts) {
      last.set(key, s.to);
    }
    const a = endPoint(p, s.from);
    const b = endPoint(p, s.to);
    if (!a || !b) {
      continue;
    }
    const colour = p.colour(s.severity) ?? p.fg;
    p.ctx.globalAlpha = 0.8;
    arrow(p, a, b, colour);
    p.ctx.beginPath();
    p.ctx.arc(a.x, a.y, 2.5, 0, 2 * Math.PI);
    p.ctx.fillStyle = colour;
    p.ctx.fill();
    p.ctx.globalAlpha = 1;
    counts.flowSteps++;
  }
  return last;
}

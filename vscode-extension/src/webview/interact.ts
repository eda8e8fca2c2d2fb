/**
 * What the user does in the panel: W/S/A/D/F and the wheel move the view, a click selects a slice
 * (or zooms into a merged run), the pointer resting on an item shows its tooltip (the editor's
 * hover and the event's findings, asked of the extension), and shift+drag selects a range of time
 * whose findings are listed. The view's arithmetic is layout.ts'; this module only listens and asks.
 */
import type { Renderer } from './draw';
import { type Drawn, fittedTo, hitTest, panned, timeAt, wholeTrace, zoomed } from './layout';
import type { PanelState } from './state';
import type { FindingList, HoverFinding, PageMessage } from './wire';

/** What the interaction needs of the page. */
export interface PanelActions {
  post(m: PageMessage): void;
  /** The view changed: draw on the next frame and ask for the new range. */
  changed(): void;
  /** Draw now (the selection changed, not the view). */
  redraw(): void;
  /** Publish the state for the test. */
  publish(): void;
}

/** What the extension found for a hovered item: the editor's hover as plain text, the diagnostics on its event(s). */
interface HoverInfo { text: string; findings: HoverFinding[]; more: number }

const HOVER_DELAY_MS = 150;

export class Interaction {
  /** The hovered item's event (its range as a key), the last hover asked, and the answers kept (cleared when the text changes). */
  private hovered: string | undefined;
  private hoverSeq = 0;
  private readonly hoverInfo = new Map<string, HoverInfo>();
  /** Which item each hover request is for (the answer names its seq). */
  private readonly pendingHover = new Map<number, string>();
  private hoverTimer: number | undefined;
  private lastPointer: { d: Drawn; x: number; y: number } | undefined;
  private dragFrom: number | undefined;
  private justDragged = false;
  /** The newest range asked (its own numbering: the picture's answers are matched to theirs by seq). */
  private rangeSeq = 0;
  private rangesAsked = 0;

  constructor(private readonly state: PanelState, private readonly renderer: Renderer, private readonly page: PanelActions,
    private readonly canvas: HTMLCanvasElement, private readonly tooltip: HTMLElement, private readonly rangeBox: HTMLElement,
    private readonly findingsBox: HTMLElement) {
    window.addEventListener('keydown', (e) => this.key(e));
    canvas.addEventListener('wheel', (e) => {
      if (e.ctrlKey) {
        e.preventDefault();
        this.zoom(e.deltaY > 0 ? 1.15 : 0.87, e.offsetX);
      }
    }, { passive: false });
    canvas.addEventListener('click', (e) => this.click(e.offsetX, e.offsetY));
    canvas.addEventListener('mousemove', (e) => this.move(e));
    canvas.addEventListener('mouseleave', () => {
      this.hideTooltip();
      window.clearTimeout(this.hoverTimer);
    });
    canvas.addEventListener('mousedown', (e) => {
      this.justDragged = false;
      if (e.shiftKey && e.button === 0) {
        this.dragFrom = e.offsetX;
        e.preventDefault();
      }
    });
    window.addEventListener('mouseup', (e) => this.drop(e.clientX - canvas.getBoundingClientRect().left));
  }

  // ---- the view ----

  pan(fraction: number): void {
    this.state.view = panned(this.state.view, fraction);
    this.page.changed();
  }

  zoom(factor: number, atX = this.renderer.width() / 2): void {
    this.state.view = zoomed(this.state.view, this.state.bounds, factor, atX, this.renderer.width());
    this.page.changed();
  }

  /** F: the selected slice fills the view (with a margin), or the whole trace when none is selected. */
  fit(): void {
    this.state.view = this.state.selected ? fittedTo(this.state.selected.item) : wholeTrace(this.state.bounds);
    this.page.changed();
  }

  /** The whole trace (the selection stays). */
  showAll(): void {
    this.state.view = wholeTrace(this.state.bounds);
    this.page.changed();
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) {
      return;
    }
    switch (e.key.toLowerCase()) {
      case 'w': this.zoom(0.8); break;
      case 's': this.zoom(1.25); break;
      case 'a': this.pan(-0.1); break;
      case 'd': this.pan(0.1); break;
      case 'f': this.fit(); break;
      case 'escape': this.clearRange(); break;
      default: return;
    }
    e.preventDefault();
  }

  private click(px: number, py: number): void {
    if (this.justDragged) { // the end of a shift+drag is no click on a slice
      this.justDragged = false;
      return;
    }
    const d = hitTest(this.state.drawn, px, py);
    if (!d) {
      return;
    }
    if (d.item.count) { // a merged run: zoom into it
      this.state.view = { start: d.item.ts, end: d.item.ts + Math.max(d.item.dur, 1) };
      this.page.changed();
      return;
    }
    this.state.selected = { item: d.item, pid: d.pid, tid: d.tid };
    this.page.redraw();
    if (d.item.range) {
      this.page.post({ type: 'reveal', range: d.item.range });
    }
  }

  // ---- the tooltip ----

  /** The tooltip's text, or null when it is hidden (for the test). */
  tooltipText(): string | null {
    return this.tooltip.style.display === 'block' ? this.tooltip.textContent : null;
  }

  /** The text changed: the hovers and findings may have too. */
  forgetHovers(): void {
    this.hoverInfo.clear();
  }

  hoverAnswered(seq: number, info: HoverInfo): void {
    const key = this.pendingHover.get(seq);
    this.pendingHover.delete(seq);
    if (key) {
      this.hoverInfo.set(key, { text: info.text, findings: info.findings, more: info.more });
      if (this.lastPointer && this.lastPointer.d.item.range?.join(',') === key) {
        this.showTooltip(this.lastPointer.d, this.lastPointer.x, this.lastPointer.y);
      }
    }
  }

  private move(e: MouseEvent): void {
    if (this.dragFrom !== undefined) {
      this.dragTo(e.offsetX);
      return;
    }
    const d = hitTest(this.state.drawn, e.offsetX, e.offsetY);
    if (!d) {
      this.hideTooltip();
      return;
    }
    this.lastPointer = { d, x: e.clientX, y: e.clientY };
    this.showTooltip(d, e.clientX, e.clientY);
    const key = d.item.range?.join(',');
    if (key && key !== this.hovered) { // a new event under the pointer: ask for its hover once it rests
      this.hovered = key;
      window.clearTimeout(this.hoverTimer);
      if (!this.hoverInfo.has(key)) {
        const range = d.item.range!;
        const endRange = d.item.endRange;
        this.hoverTimer = window.setTimeout(() => {
          this.pendingHover.set(++this.hoverSeq, key);
          this.page.post({ type: 'hover', seq: this.hoverSeq, range, endRange });
        }, HOVER_DELAY_MS);
      }
    }
  }

  private hideTooltip(): void {
    this.tooltip.style.display = 'none';
    this.hovered = undefined;
    this.lastPointer = undefined;
    this.publishTooltip();
  }

  /** The tooltip's lines drawn from the answer alone, until the editor's hover comes. */
  private ownLines(d: Drawn): string[] {
    const i = d.item;
    const t = (us: number) => this.state.formatTime(us);
    return i.count
      ? [`${i.count} events, each narrower than a pixel`, `${t(i.ts)} – ${t(i.ts + i.dur)}`, 'click to zoom in']
      : [i.name ?? '(no name)', `duration ${i.open ? 'never closed' : t(i.dur)}`, `at ${t(i.ts)}`,
        d.tid ? `pid ${d.pid}, tid ${d.tid}` : `pid ${d.pid} (async)`];
  }

  private textOf(d: Drawn): string {
    const info = d.item.range ? this.hoverInfo.get(d.item.range.join(',')) : undefined;
    if (!info) {
      const lines = this.ownLines(d);
      if (d.item.severity) {
        lines.push(`finding: ${d.item.severity}${d.item.count ? '' : ' (reading it…)'}`);
      }
      return lines.join('\n');
    }
    const parts = [info.text || this.ownLines(d).join('\n')];
    if (info.findings.length) {
      parts.push(info.findings.map((f) => `${f.severity}${f.rule ? ` [${f.rule}]` : ''} (line ${f.line + 1}): ${f.message}`).join('\n')
        + (info.more > 0 ? `\n… and ${info.more} more (see the Problems panel)` : ''));
    }
    return parts.join('\n\n');
  }

  private showTooltip(d: Drawn, clientX: number, clientY: number): void {
    const tip = this.tooltip;
    tip.textContent = this.textOf(d);
    tip.style.display = 'block';
    tip.style.left = `${Math.max(0, Math.min(clientX + 12, window.innerWidth - tip.offsetWidth - 4))}px`;
    tip.style.top = `${Math.max(0, Math.min(clientY + 12, window.innerHeight - tip.offsetHeight - 4))}px`;
    this.publishTooltip();
  }

  private publishTooltip(): void {
    const published = (window as unknown as { __tracelintTimeline?: { tooltip: string | null } }).__tracelintTimeline;
    if (published) {
      published.tooltip = this.tooltipText();
    }
  }

  // ---- a range of time: shift+drag on the axis or the tracks lists the findings inside it ----

  private dragTo(px: number): void {
    const a = Math.min(this.dragFrom!, px);
    const b = Math.max(this.dragFrom!, px);
    this.rangeBox.style.display = 'block';
    this.rangeBox.style.left = `${a}px`;
    this.rangeBox.style.width = `${b - a}px`;
  }

  private drop(px: number): void {
    if (this.dragFrom === undefined) {
      return;
    }
    const a = Math.min(this.dragFrom, px);
    const b = Math.max(this.dragFrom, px);
    this.dragFrom = undefined;
    if (b - a < 3) { // a shift+click, not a range
      this.rangeBox.style.display = 'none';
      return;
    }
    this.justDragged = true;
    const w = this.renderer.width();
    this.selectRange(timeAt(a, this.state.view, w), timeAt(b, this.state.view, w));
  }

  /** Lists the findings whose event lies in [start, end] (µs): the server knows each one's ts. */
  selectRange(start: number, end: number): void {
    this.state.timeRange = { start, end };
    this.state.listed = undefined;
    this.placeRange();
    this.findingsBox.style.display = 'block';
    this.findingsBox.textContent = `finding the findings in ${this.state.formatTime(start)} – ${this.state.formatTime(end)}…`;
    this.page.post({ type: 'findings', seq: this.rangeSeq = ++this.rangesAsked, start, end });
    this.page.publish();
  }

  /** The range's band follows the view as it pans and zooms. */
  placeRange(): void {
    const range = this.state.timeRange;
    if (!range) {
      this.rangeBox.style.display = 'none';
      return;
    }
    const a = Math.max(0, this.renderer.x(range.start));
    const b = Math.min(this.renderer.width(), this.renderer.x(range.end));
    this.rangeBox.style.display = b > a ? 'block' : 'none';
    this.rangeBox.style.left = `${a}px`;
    this.rangeBox.style.width = `${Math.max(1, b - a)}px`;
  }

  clearRange(): void {
    this.state.timeRange = undefined;
    this.state.listed = undefined;
    this.rangeSeq = 0;
    this.findingsBox.style.display = 'none';
    this.placeRange();
    this.page.publish();
  }

  /** The findings of the newest range asked (an older range's answer is not shown). */
  findingsAnswered(seq: number, list: FindingList | undefined, error: string | undefined): void {
    if (seq !== this.rangeSeq) {
      return;
    }
    if (list) {
      this.showFindings(list);
    } else {
      this.findingsBox.textContent = error ?? 'error';
    }
  }

  private showFindings(list: FindingList): void {
    const { state, findingsBox } = this;
    state.listed = list;
    findingsBox.replaceChildren();
    const head = document.createElement('header');
    const n = list.items.length;
    head.textContent = `${n}${list.more ? '+' : ''} finding${n === 1 ? '' : 's'} in ${state.formatTime(state.timeRange!.start)} – `
      + `${state.formatTime(state.timeRange!.end)}${list.more ? ' (the first 200: narrow the range for the rest)' : ''} · Esc closes`;
    findingsBox.append(head);
    const ul = document.createElement('ul');
    for (const f of list.items) {
      const li = document.createElement('li');
      li.tabIndex = 0;
      const dot = document.createElement('span');
      dot.className = 'sev';
      dot.style.background = this.renderer.severityColour(f.severity) ?? '#888';
      li.append(dot, `${state.formatTime(f.ts)} · ${f.rule} (line ${f.range[0] + 1}): ${f.message}`);
      li.title = f.message;
      const reveal = () => this.page.post({ type: 'reveal', range: f.range });
      li.addEventListener('click', reveal);
      li.addEventListener('keydown', (k) => {
        if (k.key === 'Enter') {
          reveal();
        }
      });
      ul.append(li);
    }
    findingsBox.append(ul);
    this.page.publish();
  }
}

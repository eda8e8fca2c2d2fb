/** What the page knows and shows: written by the extension's messages and the pointer, read by the drawing. */
import { formatTime as formatTimeIn, type Drawn, type TrackLayout } from './layout';
import type { Answer, Item, Span } from './model';
import { noCounts, type ShapeCounts } from './timeline-shapes';
import type { FindingList } from './wire';

/** A selected item and the thread (or, with no tid, the async track) it is on. */
export interface Selection { item: Item; pid: string; tid: string }

export class PanelState {
  /** The newest answer drawn (none before the first comes). */
  data: Answer | undefined;
  view: Span = { start: 0, end: 1 };
  /** The whole trace's times, from the answers. */
  bounds: Span = { start: 0, end: 1 };
  selected: Selection | undefined;
  /** What the last picture drew (for clicks and hover) and its tracks. */
  drawn: Drawn[] = [];
  tracks: TrackLayout[] = [];
  shapeCounts: ShapeCounts = noCounts();
  /** The range of time selected with shift+drag, and the findings listed for it. */
  timeRange: Span | undefined;
  listed: FindingList | undefined;
  // figures for the end-to-end test: pictures drawn, requests sent, and when the first of each came (ms after the page loaded)
  framesDrawn = 0;
  requests = 0;
  inFlight = 0;
  lastRenderMs = 0;
  firstPictureMs: number | undefined;
  firstRequestMs: number | undefined;
  firstAnswerMs: number | undefined;
  readonly openedAt = performance.now();

  trackY(key: string): number | undefined {
    return this.tracks.find((t) => t.key === key)?.y;
  }

  formatTime(us: number): string {
    return formatTimeIn(us, this.data?.displayTimeUnit);
  }
}

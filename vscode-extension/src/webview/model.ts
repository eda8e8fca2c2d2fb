/**
 * The timeline as the page draws it: the server's answer decoded (decode.ts) into objects with
 * times in µs. timeline-shapes.ts draws the parts beyond slices from the same types.
 */
import type { EventRange } from './wire';

export type { EventRange };

/** A slice, span, instant or mark; a merged run of items narrower than a pixel has a count instead of a name. */
export interface Item {
  ts: number; dur: number; depth: number; name?: string; range?: EventRange; endRange?: EventRange; severity?: string;
  open?: boolean; count?: number;
}
export interface Thread { tid: string; name?: string; depths: number; slices: Item[]; instants: Item[] }
export interface Async { name: string; lanes: number; spans: Item[] }
export interface Series { name: string; points: [number, number, number][] }
export interface Counter { name: string; series: Series[] }
export interface Process { pid: string; name?: string; threads: Thread[]; async: Async[]; counters: Counter[] }
export interface FlowEnd { ts: number; pid: string; tid: string; depth: number; bound: boolean; range: EventRange }
export interface Flow { from: FlowEnd; to?: FlowEnd; severity?: string }
export interface FlowStep { from: FlowEnd; to: FlowEnd; severity?: string; flow: EventRange }
/** Where the findings fall: one mark per pixel. */
export interface Mark { ts: number; severity: string; count: number }
export interface OverlapTrack { pid: string; tid: string; spans: Item[] }
export interface ObjectTrack {
  pid: string; name?: string; lanes: number; lifetimes: Item[]; snapshots: Item[]; deletedAgain: Item[]; deletedUncreated: Item[];
}
/** What the server's model knows beyond the slices (timeline-shapes.ts draws them). */
export interface Shapes { overlaps?: OverlapTrack[]; objects?: ObjectTrack[]; flowSteps?: FlowStep[] }
export interface Answer extends Shapes {
  start: number; end: number; widthPx: number; traceStart: number; traceEnd: number; displayTimeUnit: string;
  truncated: boolean; processes: Process[]; flows: Flow[]; findings: Mark[];
  at?: { item: Item; pid: string; tid: string; kind: string };
}
/** A range of time in µs. */
export interface Span { start: number; end: number }

/**
 * What crosses the wire: the server's tracelint/timeline answer exactly as it is sent
 * (docs/lsp.md, Timeline: times as integers k of `timeBase + k / 10^timeDigits` µs, names in a
 * table, items, counter points and finding marks as runs of numbers in flat arrays), and the
 * messages between the panel's page and the extension. One declaration of each, imported by the
 * page and by the extension. The Sent* interfaces are checked against what the server really sends
 * (tests/.../TimelineWireTypesTest reads this file): keep them one plain interface each, one
 * `name: Type` or `name?: Type` per field.
 */

/** [start line, start character, end line, end character] */
export type EventRange = [number, number, number, number];
export interface Pos { line: number; character: number }

export interface SentAnswer {
  start: number; end: number; widthPx: number; traceStart: number; traceEnd: number; displayTimeUnit: string; truncated: boolean;
  timeBase: number; timeDigits: number; names: string[];
  processes: SentProcess[]; flows: SentFlow[]; findings: number[];
  overlaps: SentOverlaps[]; objects: SentObjects[]; flowSteps: SentFlowStep[];
  at?: SentAt; findingList?: FindingList;
}
export interface SentProcess { pid: string; name?: string; sortIndex?: number; threads: SentThread[]; async: SentAsync[]; counters: SentCounter[] }
export interface SentThread { tid: string; name?: string; sortIndex?: number; depths: number; slices: number[]; instants: number[] }
export interface SentAsync { name: string; lanes: number; spans: number[] }
export interface SentCounter { name: string; series: SentSeries[] }
export interface SentSeries { name: string; points: number[] }
export interface SentFlowEnd { ts: number; pid: string; tid: string; depth: number; bound: boolean; range: EventRange }
export interface SentFlow { from: SentFlowEnd; to?: SentFlowEnd; severity?: string }
export interface SentFlowStep { from: SentFlowEnd; to: SentFlowEnd; severity?: string; flow: EventRange }
export interface SentOverlaps { pid: string; tid: string; spans: number[] }
export interface SentObjects {
  pid: string; name?: string; lanes: number; lifetimes: number[]; snapshots: number[]; deletedAgain: number[]; deletedUncreated: number[];
}
/** The item the editor's cursor is on (one item, its ts from timeBase). */
export interface SentAt { item: number[]; pid: string; tid: string; kind: string }
/** The findings in a selected range of time (asked with listFindings). */
export interface FindingList { items: ListedFinding[]; more: boolean }
export interface ListedFinding { ts: number; severity: string; rule: string; message: string; range: EventRange }

/** An item's flags: its severity in the low 3 bits (0 none, 1 error, 2 warning, 3 information, 4 hint), then these. */
export const MERGED = 8;
export const OPEN = 16;
export const END_RANGE = 32;

// ---- the page and the extension ----

/** The page asks for the range on screen (the first asks for the whole trace: no start or end). */
export interface RequestAsk { type: 'request'; seq: number; start?: number; end?: number; widthPx: number; at?: Pos }
/** A slice was clicked: select its event in the editor. */
export interface RevealAsk { type: 'reveal'; range: EventRange }
/** The pointer rests on an item: its event's hover and findings (for a B/E pair, on its E too). */
export interface HoverAsk { type: 'hover'; seq: number; range: EventRange; endRange?: EventRange }
/** A range of time was selected: the findings in it. */
export interface FindingsAsk { type: 'findings'; seq: number; start: number; end: number }
export type PageMessage = RequestAsk | RevealAsk | HoverAsk | FindingsAsk;

/** A finding on a hovered event, as the tooltip lists it. */
export interface HoverFinding { severity: string; message: string; rule?: string; line: number }
export type ExtensionMessage =
  | { type: 'data'; seq: number; data: SentAnswer }
  | { type: 'error'; seq: number; error: string }
  | { type: 'cursor'; position: Pos }
  | { type: 'refresh' }
  | { type: 'hover'; seq: number; text: string; findings: HoverFinding[]; more: number }
  | { type: 'findings'; seq: number; list?: FindingList; error?: string };

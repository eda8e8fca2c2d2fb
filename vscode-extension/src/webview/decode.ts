/** The server's compact answer (wire.ts) into the objects drawn (model.ts): pure, tested outside the browser. */
import type { Answer, FlowEnd, Item } from './model';
import { END_RANGE, MERGED, OPEN, type SentAnswer, type SentFlowEnd } from './wire';

/** An item's or a mark's severity number: 0 none, 1 error, 2 warning, 3 information, 4 hint. */
export const SEVERITIES = [undefined, 'error', 'warning', 'information', 'hint'];

export function decode(a: SentAnswer): Answer {
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
      if (flags & MERGED) {
        item.count = f[i++];
      } else {
        item.name = names[f[i++]];
        line += f[i++];
        item.range = [line, f[i], line + f[i + 1], f[i + 2]];
        i += 3;
        if (flags & END_RANGE) {
          const l = line + f[i++];
          item.endRange = [l, f[i], l + f[i + 1], f[i + 2]];
          i += 3;
        }
        if (flags & OPEN) {
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
  const end = (e: SentFlowEnd): FlowEnd => ({ ...e, ts: time(e.ts) });
  return {
    start: a.start, end: a.end, widthPx: a.widthPx, traceStart: a.traceStart, traceEnd: a.traceEnd,
    displayTimeUnit: a.displayTimeUnit, truncated: a.truncated,
    processes: a.processes.map((p) => ({
      pid: p.pid, name: p.name,
      threads: p.threads.map((t) => ({ tid: t.tid, name: t.name, depths: t.depths, slices: items(t.slices), instants: items(t.instants) })),
      async: p.async.map((s) => ({ name: s.name, lanes: s.lanes, spans: items(s.spans) })),
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
    flowSteps: (a.flowSteps ?? []).map((f) => ({ ...f, from: end(f.from), to: end(f.to) })),
  };
}

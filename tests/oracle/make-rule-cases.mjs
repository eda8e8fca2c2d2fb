#!/usr/bin/env node
// Writes cases/rule-<id>.json (the Bad example of docs/rules/<id>.md) and cases/rule-<id>.good.json
// (its Good example, the control: what the importer does on the same shape without the defect).
// Same extraction as RuleDocExamplesTest: the ```json block right under "## Bad" / "## Good".
//
// Two changes to the examples, so that what an importer does with the rule's own condition is
// not hidden by something else:
// - every event without "cat" gets the example's own category (the first "cat" in it, else
//   "test"): TracerBench's model throws on any event without cat (split-cat.ts); a missing cat
//   has cases of its own (tracerbench-no-cat, devtools-no-cat);
// - an example without any B, E or X event (but no-slices', whose point that is) gets one X "anchor" on a thread of its own
//   (pid/tid 999): speedscope imports only B/E/X and calls a file without them empty, and the
//   DevTools panel shows nothing for a file without events.
// Texts that are not strict JSON, or whose point is the text (duplicate keys), get the cat
// textually; everything else is re-serialized one event per line.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const RULES = path.join(here, '../../docs/rules');
const CASES = path.join(here, 'cases');
const BAD = /## Bad\s*\n+```json\n([\s\S]*?)```/;
const GOOD = /## Good\s*\n+```json\n([\s\S]*?)```/;
/** Rules whose examples are not traces. */
const NOT_TRACES = new Set(['invalid-config', 'time-order-limited']);
/** Rules whose Bad text must stay as written (JSON.parse would merge or reject it). */
const VERBATIM = new Set(['duplicate-key']);
const DEFAULT_CAT = 'test';
const DRAWN_BY_ALL = new Set(['B', 'E', 'X']);

export function ruleIds() {
  return fs.readdirSync(RULES).filter(f => f.endsWith('.md') && f !== 'README.md')
      .map(f => f.slice(0, -3)).filter(id => !NOT_TRACES.has(id)).sort();
}

function withCat(text, id) {
  const CAT = /"cat"\s*:\s*"([^"]*)"/.exec(text)?.[1] ?? DEFAULT_CAT;
  let parsed;
  if (!VERBATIM.has(id)) {
    try { parsed = JSON.parse(text); } catch { /* not strict JSON: textual change below */ }
  }
  if (parsed === undefined) {
    // An event object starting with "name", "ph" or "pid" and having no "cat" before its "}".
    return text.replace(/\{(?=\s*"(?:name|ph|pid)")(?![^{}]*"cat")/g, `{"cat": "${CAT}", `);
  }
  const events = Array.isArray(parsed) ? parsed : parsed?.traceEvents;
  if (!Array.isArray(events)) return text;
  const withCats = events.map(e => (e && typeof e === 'object' && !Array.isArray(e) && !('cat' in e) ? {cat: CAT, ...e} : e));
  if (id !== 'no-slices' && !events.some(e => DRAWN_BY_ALL.has(e?.ph))) { // no-slices: the missing B/E/X is the point
    const times = events.map(e => e?.ts).filter(ts => typeof ts === 'number');
    const ts = times.length ? Math.min(...times) : 0;
    withCats.push({cat: CAT, name: 'anchor', ph: 'X', ts, dur: 1, pid: 999, tid: 999});
  }
  return serialize(withCats, Array.isArray(parsed) ? null : parsed);
}

function serialize(events, container) {
  const body = '[\n' + events.map(e => '  ' + JSON.stringify(e)).join(',\n') + '\n]';
  if (!container) return body + '\n';
  const rest = Object.entries(container).filter(([k]) => k !== 'traceEvents')
      .map(([k, v]) => `,\n "${k}": ${JSON.stringify(v)}`).join('');
  return `{"traceEvents": ${body}${rest}\n}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(CASES, {recursive: true});
  for (const id of ruleIds()) {
    const page = fs.readFileSync(path.join(RULES, `${id}.md`), 'utf8');
    for (const [pattern, suffix] of [[BAD, ''], [GOOD, '.good']]) {
      const match = pattern.exec(page);
      if (!match) throw new Error(`${id}: no json block under ${suffix ? 'Good' : 'Bad'}`);
      fs.writeFileSync(path.join(CASES, `rule-${id}${suffix}.json`), withCat(match[1], id));
    }
  }
  console.error(`wrote ${ruleIds().length * 2} rule cases to ${CASES}`);
}

// The before/after tables of repair-proof.mjs, in markdown, from its per-trace rows.
import {IMPORTERS} from './run-one.mjs';

const LABEL = {'chrome-tracing': 'chrome://tracing', perfetto: 'Perfetto', devtools: 'DevTools', speedscope: 'speedscope', tracerbench: 'tracerbench'};
const bad = v => v === 'fails' || v === 'degraded';

function count(rows, test) {
  return rows.filter(test).length;
}

/** Rows: what tracelint says (every targeted viewer), then what the real importers did. */
export function summaryTable(rows, viewers) {
  const lines = ['| | before | after repair |', '|---|---|---|'];
  const both = (label, test) => lines.push(`| ${label} | ${count(rows, r => test(r, 'before'))} | ${count(rows, r => test(r, 'after'))} |`);
  both('traces that some targeted viewer fails or degrades (tracelint)', (r, t) => viewers.some(v => bad(r.viewers[v][t])));
  both('traces that load everywhere targeted (tracelint)', (r, t) => viewers.every(v => r.viewers[v][t] === 'loads'));
  for (const v of viewers) {
    both(`${LABEL[v]} fails (tracelint)`, (r, t) => r.viewers[v][t] === 'fails');
    both(`${LABEL[v]} degraded (tracelint)`, (r, t) => r.viewers[v][t] === 'degraded');
  }
  for (const i of IMPORTERS) {
    both(`${LABEL[i]} fails (the importer run)`, (r, t) => r.importers[i][t] === 'fails');
    both(`${LABEL[i]} degraded (the importer run)`, (r, t) => r.importers[i][t] === 'degraded');
  }
  lines.push(`| importer failures repaired (failed on the input, load the output) | - | ${count(rows, r => IMPORTERS.some(i => r.importers[i].judgement === 'repaired'))} |`);
  lines.push(`| **regressions** (an importer loads less or draws fewer) | - | **${count(rows, r => IMPORTERS.some(i => r.importers[i].judgement.startsWith('regression')))}** |`);
  return lines.join('\n') + '\n';
}

/** The issue's acceptance targets, each with its figures and whether it is met. */
export function acceptance(rows, viewers) {
  const out = [];
  const failing = rows.filter(r => viewers.some(v => r.viewers[v].after === 'fails' && !r.viewers[v].remaining.every(x => x.nothingToFix)));
  out.push(`${failing.length === 0 ? 'met' : 'not met'}: no trace fails in a targeted viewer except for a condition with nothing to fix` +
    ` (${failing.length} do${failing.length ? ': ' + failing.slice(0, 12).map(r => r.file).join(', ') + (failing.length > 12 ? ', ...' : '') : ''})`);
  for (const v of ['perfetto', 'chrome-tracing'].filter(x => viewers.includes(x))) {
    const b = count(rows, r => r.viewers[v].before === 'degraded');
    const a = count(rows, r => r.viewers[v].after === 'degraded');
    out.push(`${a * 2 <= b ? 'met' : 'not met'}: ${LABEL[v]} degraded on at most half as many traces (${b} -> ${a})`);
  }
  for (const i of IMPORTERS) {
    const still = rows.filter(r => r.importers[i].judgement.startsWith('still fails:'));
    const repaired = count(rows, r => r.importers[i].judgement === 'repaired');
    const untargeted = count(rows, r => r.importers[i].judgement.startsWith('not targeted'));
    const regressions = count(rows, r => r.importers[i].judgement.startsWith('regression'));
    out.push(`${still.length === 0 && regressions === 0 ? 'met' : 'not met'}: ${LABEL[i]} loads every repaired trace it failed on ` +
      `(${repaired} repaired, ${still.length} still fail${still.length ? ': ' + still.slice(0, 8).map(r => r.file).join(', ') + (still.length > 8 ? ', ...' : '') : ''}` +
      `${untargeted ? `, ${untargeted} fail where its viewer is not targeted` : ''}) and draws no fewer (${regressions} regressions)`);
  }
  return out;
}

/** Per targeted viewer and rule, what remains after repair: traces, findings, and the model's sources. */
export function remainingTable(rows, viewers) {
  const agg = new Map();
  for (const r of rows) {
    for (const v of viewers) {
      const verdict = r.viewers[v].after;
      for (const x of r.viewers[v].remaining) {
        const key = `${v}\t${x.rule}`;
        const e = agg.get(key) ?? {viewer: v, rule: x.rule, fails: 0, degraded: 0, findings: 0, nothingToFix: x.nothingToFix, sources: x.sources};
        if (verdict === 'fails') e.fails++; else e.degraded++;
        e.findings += x.count;
        agg.set(key, e);
      }
    }
  }
  if (!agg.size) return 'Nothing remains.\n';
  const lines = ['| viewer | rule | traces failing | traces degraded | findings | nothing to fix | the model\'s source |', '|---|---|---|---|---|---|---|'];
  const order = [...agg.values()].sort((a, b) => viewers.indexOf(a.viewer) - viewers.indexOf(b.viewer)
    || (b.fails + b.degraded) - (a.fails + a.degraded) || a.rule.localeCompare(b.rule));
  for (const e of order) {
    lines.push(`| ${LABEL[e.viewer]} | \`${e.rule}\` | ${e.fails} | ${e.degraded} | ${e.findings} | ${e.nothingToFix ? 'yes' : ''} | ${e.sources.join('; ').replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n') + '\n';
}

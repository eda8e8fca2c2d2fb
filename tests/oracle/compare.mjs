#!/usr/bin/env node
// Compares tracelint's per-viewer verdicts (`check --format json` through the jar) with what the
// real importers did, as recorded: cases/manifest.tsv for the cases, corpus-outcomes.jsonl for
// ../shared/corpus (re-record those with record-cases.mjs / run.mjs first if an importer changed).
// Prints, per importer, how often tracelint and the importer agree on whether the file loads at
// all (fails or not) and on the exact verdict (loads / degraded / fails), then every load-or-fail
// disagreement with the importer's error. Not gated in CI: no rule yet names several failures the
// importers hit (README "Will it load?").
//   node compare.mjs [--jar ../../server/target/tracelint.jar] [--corpus /work/shared/corpus]
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {readManifest} from './lib/manifest.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const jar = opt('--jar', path.join(here, '../../server/target/tracelint.jar'));
const corpus = opt('--corpus', path.join(here, '../../../shared/corpus'));
const JUDGED = ['devtools', 'speedscope']; // the importers tracelint has a viewer for

/** tracelint's verdicts for every trace under dir, by path relative to dir. */
function verdicts(dir) {
  let out;
  try {
    out = execFileSync('java', ['-jar', jar, 'check', '--format', 'json', '--fail-on', 'fails', '.'],
      {cwd: dir, maxBuffer: 1 << 30, encoding: 'utf8'});
  } catch (e) {
    if (e.status !== 1) throw e; // 1: some viewer fails some file, as expected
    out = e.stdout;
  }
  const report = JSON.parse(out);
  const byFile = new Map();
  for (const f of report.files) {
    byFile.set(path.normalize(f.path), f.viewers ?? null);
  }
  return byFile;
}

function compare(label, records, ours) {
  for (const importer of JUDGED) {
    let n = 0, loadOrFail = 0, exact = 0;
    const wrong = [];
    for (const r of records.filter(r => r.importer === importer)) {
      if (!ours.has(path.normalize(r.file))) continue; // a name a folder walk skips (.log)
      const v = ours.get(path.normalize(r.file));
      const mine = v ? v[importer].verdict : 'loads'; // not judged a trace: tracelint says nothing
      n++;
      if ((mine === 'fails') === (r.verdict === 'fails')) loadOrFail++;
      else wrong.push(`  ${r.file}: importer ${r.verdict} (${(r.observed ?? r.error ?? '').slice(0, 90)}), tracelint ${mine}`);
      if (mine === r.verdict) exact++;
    }
    const pct = x => (100 * x / n).toFixed(1);
    console.log(`${label} ${importer}: ${n} files, load-or-fail agreement ${loadOrFail}/${n} (${pct(loadOrFail)} %),`
      + ` exact verdict ${exact}/${n} (${pct(exact)} %)`);
    for (const w of wrong) console.log(w);
  }
}

compare('cases', readManifest(path.join(here, 'cases/manifest.tsv')), verdicts(path.join(here, 'cases')));
if (fs.existsSync(corpus)) {
  const records = fs.readFileSync(path.join(here, 'corpus-outcomes.jsonl'), 'utf8').split('\n').filter(Boolean)
    .map(l => JSON.parse(l)).map(r => ({...r, observed: r.error}));
  compare('corpus', records, verdicts(corpus));
} else {
  console.log(`corpus: ${corpus} is not here; only the cases compared`);
}

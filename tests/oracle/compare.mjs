#!/usr/bin/env node
// Compares tracelint's per-viewer verdicts (`check --format json` through the jar) with what the
// real importers did, as recorded: cases/manifest.tsv for the cases, corpus-outcomes.jsonl for the
// real traces (re-record those with record-cases.mjs / run.mjs first if an importer changed).
// Two sets: the cases (the project's own, always); and the real traces of ../shared/corpus when it
// is beside the checkout (the repository keeps no copy of them). Prints, per set and importer, how often
// tracelint and the importer agree on whether the file loads at all (fails or not) and on the
// exact verdict (loads / degraded / fails), then every load-or-fail disagreement.
//
// --gate (CI, from the tests module's `verify`): exit 1 when, for devtools, speedscope or tracerbench, the
// load-or-fail agreement of a set is below its THRESHOLD, a disagreement is not listed in
// known-disagreements.tsv, or a listed one no longer occurs where it was compared. tracerbench is a
// viewer one can target (not a default one): the jar runs with every viewer targeted, so its verdict
// for tracerbench is there, gated like the other two.
//   node compare.mjs [--gate] [--jar ../../server/target/tracelint.jar] [--corpus ../../../shared/corpus]
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {readManifest} from './lib/manifest.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const gate = args.includes('--gate');
const jar = opt('--jar', path.join(here, '../../server/target/tracelint.jar'));
const shared = opt('--corpus', path.join(here, '../../../shared/corpus'));
const JUDGED = ['devtools', 'speedscope', 'tracerbench']; // the importers tracelint has a viewer for
const ALL_VIEWERS = 'chrome-tracing,perfetto,devtools,speedscope,tracerbench'; // tracerbench is not a default one
// per cent, load-or-fail agreement per set and judged importer
const THRESHOLD = {devtools: 98, speedscope: 98, tracerbench: 98};
const KNOWN = path.join(here, 'known-disagreements.tsv');

/** tracelint's verdicts for every trace under dir, by path relative to dir. */
function verdicts(dir) {
  let out;
  try {
    out = execFileSync('java', ['-jar', jar, 'check', '--format', 'json', '--fail-on', 'fails', '--viewers', ALL_VIEWERS, '.'],
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

/** known-disagreements.tsv: "importer\tfile" -> reason (file: cases/<name> or the corpus path). */
function readKnown() {
  const known = new Map();
  const [header, ...lines] = fs.readFileSync(KNOWN, 'utf8').split('\n').filter(l => l && !l.startsWith('#'));
  if (header !== 'importer\tfile\timporter_verdict\ttracelint_verdict\treason') throw new Error(`${KNOWN}: unexpected columns`);
  for (const line of lines) {
    const [importer, file, theirs, ours, reason] = line.split('\t');
    if (!reason) throw new Error(`${KNOWN}: no reason for ${importer} ${file}`);
    known.set(`${importer}\t${file}`, {theirs, ours, reason, seen: false, compared: false});
  }
  return known;
}

const known = readKnown();
const problems = [];

/** prefix: how the set's files are named in known-disagreements.tsv ("cases/" or ""). */
function compare(label, prefix, records, ours) {
  for (const importer of JUDGED) {
    let n = 0, loadOrFail = 0, exact = 0;
    const wrong = [];
    for (const r of records.filter(r => r.importer === importer)) {
      if (!ours.has(path.normalize(r.file))) continue; // a name a folder walk skips (.log), or not in this set
      const v = ours.get(path.normalize(r.file));
      const mine = v ? v[importer].verdict : 'loads'; // not judged a trace: tracelint says nothing
      const key = `${importer}\t${prefix}${r.file}`;
      const listed = known.get(key);
      if (listed) listed.compared = true;
      n++;
      if ((mine === 'fails') === (r.verdict === 'fails')) {
        loadOrFail++;
      } else {
        const line = `  ${r.file}: importer ${r.verdict} (${(r.observed ?? r.error ?? '').split('\n')[0].slice(0, 90)}), tracelint ${mine}`;
        if (listed) {
          listed.seen = true;
          wrong.push(`${line}\n      known: ${listed.reason}`);
        } else {
          wrong.push(`${line}\n      NOT LISTED in known-disagreements.tsv`);
          problems.push(`${label} ${importer}: ${r.file}: a disagreement not listed in known-disagreements.tsv`);
        }
      }
      if (mine === r.verdict) exact++;
    }
    const pct = x => (100 * x / n).toFixed(1);
    console.log(`${label} ${importer}: ${n} files, load-or-fail agreement ${loadOrFail}/${n} (${pct(loadOrFail)} %),`
      + ` exact verdict ${exact}/${n} (${pct(exact)} %)`);
    for (const w of wrong) console.log(w);
    if (n > 0 && 100 * loadOrFail / n < THRESHOLD[importer]) {
      problems.push(`${label} ${importer}: load-or-fail agreement ${pct(loadOrFail)} % is below ${THRESHOLD[importer]} %`);
    }
  }
}

const corpusRecords = fs.readFileSync(path.join(here, 'corpus-outcomes.jsonl'), 'utf8').split('\n').filter(Boolean)
  .map(l => JSON.parse(l)).map(r => ({...r, observed: r.error}));
compare('cases', 'cases/', readManifest(path.join(here, 'cases/manifest.tsv')), verdicts(path.join(here, 'cases')));
if (fs.existsSync(shared)) {
  compare('corpus (../shared/corpus)', '', corpusRecords, verdicts(shared));
} else {
  console.log(`corpus: ${shared} is not here; the cases alone compared`);
}
for (const [key, k] of known) {
  if (k.compared && !k.seen) {
    problems.push(`${key.replace('\t', ' ')}: listed in known-disagreements.tsv but no longer a disagreement (remove it)`);
  }
}
if (gate) {
  for (const p of problems) console.error(`oracle gate: ${p}`);
  if (problems.length) process.exit(1);
  console.log('oracle gate: passed');
}

#!/usr/bin/env node
// Runs every importer on every case in cases/ and writes what they do into cases/manifest.tsv,
// keeping the hand-written condition and source of rows that exist. Run it after adding a case
// or upgrading an importer, and review the diff: a changed row is a changed viewer.
//   node record-cases.mjs [CASE...]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {IMPORTERS, runOne} from './lib/run-one.mjs';
import {observedOf} from './lib/observed.mjs';
import {readManifest, writeManifest} from './lib/manifest.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CASES = path.join(here, 'cases');
const MANIFEST = path.join(CASES, 'manifest.tsv');

const only = process.argv.slice(2).map(f => path.basename(f));
const old = new Map(readManifest(MANIFEST).map(r => [`${r.file}\t${r.importer}`, r]));
const files = fs.readdirSync(CASES).filter(f => /\.json$/.test(f)).sort();
const rows = [];
for (const file of files) {
  for (const importer of IMPORTERS) {
    const key = `${file}\t${importer}`;
    const before = old.get(key);
    if (only.length && !only.includes(file) && before) { rows.push(before); continue; }
    const r = await runOne(path.join(CASES, file), importer);
    const row = {file, importer, outcome: r.outcome, verdict: r.verdict, observed: observedOf(r),
      condition: before?.condition ?? '', source: before?.source ?? ''};
    if (before && (before.outcome !== row.outcome || before.verdict !== row.verdict || before.observed !== row.observed)) {
      console.error(`changed: ${file} ${importer}: ${before.verdict} "${before.observed}" -> ${row.verdict} "${row.observed}"`);
    }
    rows.push(row);
  }
}
writeManifest(MANIFEST, rows);
console.error(`${rows.length} rows in ${MANIFEST}`);

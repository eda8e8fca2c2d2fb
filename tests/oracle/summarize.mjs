#!/usr/bin/env node
// Turns run.mjs output (JSON lines) into the Markdown tables of docs/will-it-load.md: totals per importer,
// then one row per file with each importer's verdict (and why, when it is not "loads").
//   node summarize.mjs corpus-outcomes.jsonl
import fs from 'node:fs';

const records = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map(l => JSON.parse(l));
const importers = [...new Set(records.map(r => r.importer))];
const files = [...new Set(records.map(r => r.file))];
const byKey = new Map(records.map(r => [`${r.file}\t${r.importer}`, r]));

const count = (importer, key, value) => records.filter(r => r.importer === importer && r[key] === value).length;
const out = [];
out.push(`| importer | files | loaded | threw | rejected | timeout/crashed | verdict: loads | degraded | fails |`);
out.push(`|---|---|---|---|---|---|---|---|---|`);
for (const importer of importers) {
  out.push(`| ${importer} | ${count(importer, 'importer', importer)} | ${count(importer, 'outcome', 'loaded')} | ${count(importer, 'outcome', 'threw')} | ` +
      `${count(importer, 'outcome', 'rejected')} | ${count(importer, 'outcome', 'timeout') + count(importer, 'outcome', 'crashed')} | ` +
      `${count(importer, 'verdict', 'loads')} | ${count(importer, 'verdict', 'degraded')} | ${count(importer, 'verdict', 'fails')} |`);
}
const all = verdict => files.filter(f => importers.every(i => byKey.get(`${f}\t${i}`)?.verdict === verdict)).length;
const none = files.filter(f => importers.every(i => byKey.get(`${f}\t${i}`)?.verdict !== 'fails')).length;
out.push('', `${files.length} files: ${all('loads')} load cleanly in all ${importers.length}, ${none} load (perhaps degraded) in all, ` +
    `${files.length - none} fail in at least one.`, '');

out.push(`| file | ${importers.join(' | ')} |`);
out.push(`|---|${importers.map(() => '---').join('|')}|`);
for (const file of files) {
  out.push(`| ${file} | ${importers.map(i => cell(byKey.get(`${file}\t${i}`))).join(' | ')} |`);
}
console.log(out.join('\n'));

function cell(r) {
  if (!r) return '';
  if (r.verdict === 'loads') return 'loads';
  if (r.verdict === 'fails') return `**fails** (${r.stage}): ${escape(shorten(r.error))}`;
  const signals = ['mismatch', 'tree_dropped', 'end_name_mismatch', 'end_on_empty_stack', 'still_open_at_end', 'bounds_nan']
      .filter(k => r[k]).map(k => `${k}${r[k] === true ? '' : '=' + r[k]}`);
  if (r.format && !/Trace Event|Chrome/.test(r.format)) signals.push(`read as ${r.format}`);
  return `degraded: ${signals.join(', ')}`;
}

function shorten(text) {
  const oneLine = String(text ?? '').replace(/\s+/g, ' ');
  return oneLine.length > 70 ? oneLine.slice(0, 67) + '...' : oneLine;
}

function escape(text) {
  return text.replace(/\|/g, '\\|');
}

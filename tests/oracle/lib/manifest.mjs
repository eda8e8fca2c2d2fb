// cases/manifest.tsv: one row per (case file, importer) with what the importer does on it
// (outcome, verdict, observed) and, written by hand, the condition and the importer's source
// that explains it.
import fs from 'node:fs';

export const COLUMNS = ['file', 'importer', 'outcome', 'verdict', 'observed', 'condition', 'source'];

export function readManifest(file) {
  if (!fs.existsSync(file)) return [];
  const [header, ...lines] = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const names = header.split('\t');
  if (names.join('\t') !== COLUMNS.join('\t')) throw new Error(`${file}: columns are not ${COLUMNS.join(', ')}`);
  return lines.map(line => Object.fromEntries(line.split('\t').map((v, i) => [names[i], v])));
}

export function writeManifest(file, rows) {
  const clean = v => String(v ?? '').replace(/[\t\n]/g, ' ');
  fs.writeFileSync(file, [COLUMNS.join('\t'), ...rows.map(r => COLUMNS.map(c => clean(r[c])).join('\t'))].join('\n') + '\n');
}

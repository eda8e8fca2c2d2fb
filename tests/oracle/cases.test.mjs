// node --test: every row of cases/manifest.tsv still holds, i.e. each importer still does what
// the manifest says with each case (outcome, verdict and the observed counts or error).
// A failure here means an importer changed (or a case did): re-record and review the viewer model.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runOne} from './lib/run-one.mjs';
import {observedOf} from './lib/observed.mjs';
import {readManifest} from './lib/manifest.mjs';

const CASES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases');
const rows = readManifest(path.join(CASES, 'manifest.tsv'));

test('the manifest has rows, each with a condition and a source', () => {
  assert.ok(rows.length > 0);
  for (const row of rows) {
    assert.ok(row.condition, `${row.file} ${row.importer}: no condition`);
    assert.ok(row.source, `${row.file} ${row.importer}: no source`);
  }
});

for (const row of rows) {
  test(`${row.file} on ${row.importer}: ${row.verdict}`, async () => {
    const r = await runOne(path.join(CASES, row.file), row.importer);
    assert.deepEqual({outcome: r.outcome, verdict: r.verdict, observed: observedOf(r)},
        {outcome: row.outcome, verdict: row.verdict, observed: row.observed});
  });
}

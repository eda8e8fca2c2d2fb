#!/usr/bin/env node
// Proof by the real importers (issue 35): repairs every trace and runs the runnable importers
// (DevTools' trace engine, speedscope, tracerbench: lib/run-one.mjs, as run.mjs does) on what the
// repair wrote, against what they did with the input. A repaired trace must load in every
// importer of a targeted viewer that failed on the input (unless what remains is a condition with
// nothing to fix, as the jar's verdict on the output names it) and draw at least what it drew
// before (DRAWN below). For Perfetto and chrome://tracing, which cannot run here, tracelint's own
// verdict on the output is taken, and what remains is named with the viewer model's sources.
//
// Two sets: the oracle's cases (cases/, always: their input outcomes are run here too) and the
// real traces of ../shared/corpus when it is beside the checkout (input outcomes from
// corpus-outcomes.jsonl; the repository keeps no copy of the traces).
//
//   node repair-proof.mjs [--gate] [--repair-with repair|fix] [--viewers LIST] [--set corpus|cases]
//       [--jar JAR] [--corpus DIR] [--work DIR] [--out FILE.jsonl] [--table FILE.md] [--docs]
//       [--timeout SECONDS] [--jobs N] [FILE...]
//   node repair-proof.mjs --from FILE.jsonl [--table FILE.md] [--docs] [--gate]   (the tables again, from a run's --out)
//
// --repair-with repair (default): `java -jar JAR repair IN -o OUT --format json --viewers LIST`
//   (exit 0: loads everywhere targeted, 1: something remains, 2: error), one JVM per trace, --jobs at once.
// --repair-with fix: IN copied to OUT (a gzip inflated: `--fix` rewrites no gzip file), then one
//   `check --fix --unsafe-fixes --viewers LIST` over every OUT: every fix, safe or unsafe, not only
//   the first per finding as `repair` applies. A jar without the repair command falls back to this,
//   and says so.
// --gate: exit 1 on any regression (an importer that loaded the input fails on the output, or draws
//   fewer), or a repair that ended in an error; the acceptance targets are printed, not gated.
// --docs: rewrite the generated part of ../../docs/repair.md (between its markers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {IMPORTERS, runOne} from './lib/run-one.mjs';
import {judgeImporter} from './lib/repair-judge.mjs';
import {summaryTable, remainingTable, acceptance} from './lib/repair-table.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const VALUED = ['--from', '--jobs', '--repair-with', '--viewers', '--set', '--jar', '--corpus', '--work', '--out', '--table', '--timeout'];
const FLAGS = ['--gate', '--docs'];
const gate = args.includes('--gate');
const jar = path.resolve(opt('--jar', path.join(here, '../../server/target/tracelint.jar')));
const corpusDir = path.resolve(opt('--corpus', path.join(here, '../../../shared/corpus')));
const casesDir = path.join(here, 'cases');
// the four viewers tracelint targets by default; tracerbench is one to name
const viewers = opt('--viewers', 'chrome-tracing,perfetto,devtools,speedscope').split(',');
const ALL_VIEWERS = 'chrome-tracing,perfetto,devtools,speedscope,tracerbench';
const IMPORTER_VIEWER = {devtools: 'devtools', speedscope: 'speedscope', tracerbench: 'tracerbench'};
const timeoutMs = Number(opt('--timeout', 120)) * 1000;
const jobs = Math.max(1, Number(opt('--jobs', 1))); // repairs at once (the importers run one at a time, as run.mjs does)
const onlySet = opt('--set', null);
const TRACE_FILE = /\.(json|log|gz)$/i;

function usage(code, message) {
  if (message) console.error(`repair-proof.mjs: ${message}`);
  console.error('usage: node repair-proof.mjs [--gate] [--repair-with repair|fix] [--viewers LIST] [--set corpus|cases] ' +
    '[--jar JAR] [--corpus DIR] [--work DIR] [--out FILE.jsonl] [--table FILE.md] [--docs] [--timeout SECONDS] [--jobs N] [FILE...]');
  process.exit(code);
}

const explicitFiles = [];
for (let i = 0; i < args.length; i++) {
  if (VALUED.includes(args[i])) i++;
  else if (FLAGS.includes(args[i])) continue;
  else if (args[i] === '--help' || args[i] === '-h') usage(0);
  else if (args[i].startsWith('--')) usage(2, `unknown option ${args[i]}`);
  else explicitFiles.push(path.resolve(args[i]));
}
const from = opt('--from', null);
if (!from && !fs.existsSync(jar)) usage(2, `no jar at ${jar} (build it: ./mvnw -B -q -pl server package -DskipTests)`);
if (onlySet && !['corpus', 'cases'].includes(onlySet)) usage(2, `--set corpus or cases, not ${onlySet}`);

let repairWith = opt('--repair-with', 'repair');
if (!['repair', 'fix'].includes(repairWith)) usage(2, `--repair-with repair or fix, not ${repairWith}`);
if (!from && repairWith === 'repair' && spawnSync('java', ['-jar', jar, 'repair', '--help'], {stdio: 'ignore'}).status !== 0) {
  console.error(`repair-proof: ${path.basename(jar)} has no repair command: using --repair-with fix (check --fix --unsafe-fixes)`);
  repairWith = 'fix';
}

const work = from ? null : path.resolve(opt('--work', fs.mkdtempSync(path.join(os.tmpdir(), 'repair-proof-'))));

/** Trace files under dir, sorted (as run.mjs walks), by path relative to dir. */
function traceFiles(dir) {
  const files = [];
  const walk = d => {
    for (const entry of fs.readdirSync(d, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && TRACE_FILE.test(entry.name)) files.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return files;
}

/** The sets to run: {name, dir, files (relative), recorded (Map "file\timporter" -> record) or null}. */
function sets() {
  if (explicitFiles.length) {
    return [{name: 'files', dir: process.cwd(), files: explicitFiles.map(f => path.relative(process.cwd(), f)), recorded: null}];
  }
  const out = [];
  if (onlySet !== 'corpus') out.push({name: 'cases', dir: casesDir, files: traceFiles(casesDir), recorded: null});
  if (onlySet !== 'cases') {
    if (fs.existsSync(corpusDir)) {
      const recorded = new Map();
      for (const line of fs.readFileSync(path.join(here, 'corpus-outcomes.jsonl'), 'utf8').split('\n').filter(Boolean)) {
        const r = JSON.parse(line);
        recorded.set(`${r.file}\t${r.importer}`, r);
      }
      out.push({name: 'corpus', dir: corpusDir, files: traceFiles(corpusDir), recorded});
    } else {
      console.log(`repair-proof: no corpus at ${corpusDir} (../shared is not beside the checkout): the corpus part did not run`);
    }
  }
  return out;
}

/** Where the repaired copy of a trace goes: the same name without .gz (speedscope routes on the name). */
function outPath(set, rel) {
  return path.join(work, set.name, rel.replace(/\.gz$/i, '').replace(/\.\.(\/|\\)/g, '__$1')); // a file given outside the cwd stays inside work
}

/** tracelint's verdicts, every viewer targeted, for the given files: Map path -> {viewer: {verdict, because: [finding]}}. */
function verdicts(files) {
  const byFile = new Map();
  const BATCH = 200; // one JVM for many files; bounded so the command line stays short
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH);
    const r = spawnSync('java', ['-jar', jar, 'check', '--format', 'json', '--fail-on', 'fails', '--viewers', ALL_VIEWERS, ...batch],
      {maxBuffer: 1 << 30, encoding: 'utf8'});
    if (r.status !== 0 && r.status !== 1) throw new Error(`check exited ${r.status}: ${r.stderr.slice(0, 500)}`);
    const report = JSON.parse(r.stdout);
    for (const f of report.files) {
      const v = {};
      for (const [viewer, {verdict, because}] of Object.entries(f.viewers ?? {})) {
        v[viewer] = {verdict, because: because.map(k => report.findings[k])};
      }
      byFile.set(path.resolve(f.path), f.viewers ? v : null);
    }
  }
  return byFile;
}

/** The viewer model from the jar: rule -> {nothingToFix (all its conditions), sources: {viewer: [source]}}. */
function ruleModel() {
  const rules = JSON.parse(execFileSync('java', ['-jar', jar, 'rules', '--format', 'json'], {maxBuffer: 1 << 28, encoding: 'utf8'})).rules;
  const model = new Map();
  for (const rule of rules) {
    const sources = {};
    for (const c of rule.conditions ?? []) {
      for (const [viewer, e] of Object.entries(c.viewers ?? {})) {
        if (e.consequence !== 'none' && e.source) (sources[viewer] ??= new Set()).add(e.source);
      }
    }
    const conditions = rule.conditions ?? [];
    model.set(rule.id, {nothingToFix: conditions.length > 0 && conditions.every(c => c.nothingToFix), sources});
  }
  return model;
}

function prepareCopy(inFile, out) {
  fs.mkdirSync(path.dirname(out), {recursive: true});
  const bytes = fs.readFileSync(inFile);
  const gzip = bytes.length > 1 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  fs.writeFileSync(out, gzip ? zlib.gunzipSync(bytes) : bytes, {mode: 0o644});
}

/** Runs the repair of every file of a set; returns Map rel -> {exit, ms, log}. */
async function repairAll(set) {
  const results = new Map();
  if (repairWith === 'fix') {
    for (const rel of set.files) prepareCopy(path.join(set.dir, rel), outPath(set, rel));
    const outs = set.files.map(rel => outPath(set, rel));
    const BATCH = 200;
    for (let i = 0; i < outs.length; i += BATCH) {
      const started = Date.now();
      const batch = outs.slice(i, i + BATCH);
      const r = spawnSync('java', ['-jar', jar, 'check', '--fix', '--unsafe-fixes', '--format', 'json', '--viewers', viewers.join(','), ...batch],
        {maxBuffer: 1 << 30, encoding: 'utf8'});
      const ms = Date.now() - started;
      for (const rel of set.files.slice(i, i + BATCH)) {
        results.set(rel, {exit: r.status, ms: Math.round(ms / batch.length), error: r.status > 1 ? r.stderr.slice(0, 300) : undefined});
      }
    }
    return results;
  }
  const queue = [...set.files];
  const worker = async () => {
    for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) {
      const out = outPath(set, rel);
      fs.mkdirSync(path.dirname(out), {recursive: true});
      const started = Date.now();
      const r = await run('java', ['-jar', jar, 'repair', path.join(set.dir, rel), '-o', out, '--format', 'json', '--viewers', viewers.join(',')]);
      const result = {exit: r.status, ms: Date.now() - started};
      if (r.status > 1 || r.status === null) result.error = (r.stderr || String(r.signal)).slice(0, 300);
      try {
        const log = JSON.parse(r.stdout);
        if (Array.isArray(log.changes)) result.changes = log.changes.length;
      } catch {
        // a log that is not JSON is the repair's own problem; the importers' outcome on OUT still counts
      }
      results.set(rel, result);
    }
  };
  await Promise.all(Array.from({length: jobs}, worker));
  return results;
}

/** A child process to its end: {status, signal, stdout, stderr (its last 2000 characters)}. */
function run(command, argv) {
  return new Promise(resolve => {
    const child = spawn(command, argv, {stdio: ['ignore', 'pipe', 'pipe']});
    const out = [];
    let stderr = '';
    child.stdout.on('data', d => out.push(d));
    child.stderr.on('data', d => { stderr = (stderr + d).slice(-2000); });
    child.on('close', (status, signal) => resolve({status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr}));
  });
}

/** The importers' records for a file, by importer. */
async function runImporters(file) {
  const out = {};
  for (const importer of IMPORTERS) out[importer] = await runOne(file, importer, {timeoutMs});
  return out;
}

/** What remains for a viewer after repair: rules of the findings behind its verdict, with counts and sources. */
function remaining(verdict, viewer, model) {
  if (!verdict || verdict.verdict === 'loads') return [];
  const counts = new Map();
  for (const f of verdict.because) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  return [...counts].map(([rule, count]) => ({rule, count, nothingToFix: model.get(rule)?.nothingToFix ?? false,
    sources: [...(model.get(rule)?.sources[viewer] ?? [])]}));
}

const rows = [];
const timings = []; // per set: {set, timing: {traces, repair_s, verdicts_s, importers_s}}, written after the set's rows
const problems = [];
const outStream = opt('--out', null) ? fs.createWriteStream(opt('--out', null)) : null;
const model = from ? null : ruleModel();

if (from) {
  for (const line of fs.readFileSync(from, 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    if (r.timing) { timings.push(r); continue; }
    rows.push(r);
    repairWith = r.repair_with;
    viewers.splice(0, viewers.length, ...Object.keys(r.viewers).filter(v => r.viewers[v].targeted));
    for (const [importer, j] of Object.entries(r.importers)) {
      if (j.judgement.startsWith('regression')) problems.push(`${r.set}/${r.file}: ${importer}: ${j.judgement}`);
    }
    if (r.repair.exit === null || r.repair.exit > 1) problems.push(`${r.set}/${r.file}: the repair ended in an error (exit ${r.repair.exit}): ${r.repair.error ?? ''}`);
  }
}

for (const set of from ? [] : sets()) {
  const t0 = Date.now();
  const repairs = await repairAll(set);
  const tRepair = Date.now() - t0;
  const before = verdicts(set.files.map(rel => path.join(set.dir, rel)));
  const after = verdicts(set.files.map(rel => outPath(set, rel)).filter(f => fs.existsSync(f)));
  const t1 = Date.now();
  for (const rel of set.files) {
    const inFile = path.join(set.dir, rel);
    const out = outPath(set, rel);
    const repair = repairs.get(rel);
    const row = {set: set.name, file: rel, repair_with: repairWith, repair, importers: {}, viewers: {}};
    const vBefore = before.get(path.resolve(inFile));
    const vAfter = fs.existsSync(out) ? after.get(path.resolve(out)) : undefined;
    for (const viewer of ALL_VIEWERS.split(',')) {
      row.viewers[viewer] = {
        targeted: viewers.includes(viewer),
        before: vBefore === null ? 'not a trace' : vBefore?.[viewer]?.verdict ?? 'not checked',
        after: vAfter === null ? 'not a trace' : vAfter?.[viewer]?.verdict ?? 'no output',
        remaining: remaining(vAfter?.[viewer], viewer, model),
      };
    }
    const recBefore = set.recorded
      ? Object.fromEntries(IMPORTERS.map(i => [i, set.recorded.get(`${rel}\t${i}`)]))
      : await runImporters(inFile);
    const recAfter = fs.existsSync(out) ? await runImporters(out) : null;
    for (const importer of IMPORTERS) {
      const b = recBefore[importer];
      const a = recAfter?.[importer];
      const viewer = row.viewers[IMPORTER_VIEWER[importer]];
      const judged = judgeImporter(importer, b, a, {targeted: viewer.targeted, remainingAfter: viewer.remaining});
      row.importers[importer] = judged;
      if (judged.judgement.startsWith('regression')) problems.push(`${set.name}/${rel}: ${importer}: ${judged.judgement}`);
    }
    if (repair.exit === null || repair.exit > 1) problems.push(`${set.name}/${rel}: the repair ended in an error (exit ${repair.exit}): ${repair.error ?? ''}`);
    rows.push(row);
    const line = JSON.stringify(row);
    if (outStream) outStream.write(line + '\n'); else if (!gate) process.stdout.write(line + '\n');
  }
  const timing = {set: set.name, timing: {traces: set.files.length, repair_s: Math.round(tRepair / 100) / 10,
    verdicts_s: Math.round((t1 - t0 - tRepair) / 100) / 10, importers_s: Math.round((Date.now() - t1) / 100) / 10}};
  timings.push(timing);
  outStream?.write(JSON.stringify(timing) + '\n');
  console.error(`repair-proof: ${set.name}: ${set.files.length} traces; repair ${timing.timing.repair_s} s ` +
    `(${repairWith}), verdicts ${timing.timing.verdicts_s} s, importers ${timing.timing.importers_s} s`);
}
outStream?.end();

const setNames = [...new Set(rows.map(r => r.set))].sort((a, b) => (a === 'corpus' ? -1 : b === 'corpus' ? 1 : 0)); // the real traces first
let markdown = '';
for (const name of setNames) {
  const of = rows.filter(r => r.set === name);
  markdown += `### ${name === 'corpus' ? '`../shared/corpus`' : name === 'cases' ? 'the oracle\'s cases (`tests/oracle/cases`)' : 'the files given'}: ${of.length} traces\n\n`;
  markdown += summaryTable(of, viewers) + '\n';
  markdown += acceptance(of, viewers).map(l => `- ${l}`).join('\n') + '\n\n';
  markdown += `What remains after repair (the findings behind each non-\`loads\` verdict of a targeted viewer, by rule):\n\n`;
  markdown += remainingTable(of, viewers) + '\n';
}
const header = `Repaired with \`${repairWith === 'fix' ? 'check --fix --unsafe-fixes' : 'repair'}\` for ${viewers.join(', ')}` +
  (from ? '' : `, ${new Date().toISOString().slice(0, 10)}`) + '. Time: ' +
  timings.map(t => `${t.set} ${t.timing.traces} traces: repair ${t.timing.repair_s} s, tracelint's verdicts ${t.timing.verdicts_s} s, ` +
    `the importers ${t.timing.importers_s} s`).join('; ') + '.\n\n';
if (opt('--table', null)) fs.writeFileSync(opt('--table', null), header + markdown);
if (args.includes('--docs')) {
  const docs = path.join(here, '../../docs/repair.md');
  const text = fs.readFileSync(docs, 'utf8');
  const BEGIN = '<!-- repair-proof: generated by tests/oracle/repair-proof.mjs --docs; do not edit -->';
  const END = '<!-- end repair-proof -->';
  const a = text.indexOf(BEGIN), b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${docs}: markers not found`);
  fs.writeFileSync(docs, text.slice(0, a + BEGIN.length) + '\n\n' + header + markdown + '\n' + text.slice(b));
}
if (gate || outStream) process.stderr.write(markdown); else console.error(markdown);

// Losses accepted with a reason (repair-known-losses.tsv): the gate fails on a regression not listed
// there, and on a listed one that no longer occurs in a trace that was run.
const known = knownLosses();
const keyOf = p => p.split(': ').slice(0, 2).join(': ');
for (const p of problems.filter(p => known.has(keyOf(p)))) console.error(`repair-proof: known loss: ${p} (${known.get(keyOf(p))})`);
const unlisted = problems.filter(p => !known.has(keyOf(p)));
const ran = new Set(rows.map(r => `${r.set}/${r.file}`));
const stale = [...known.keys()].filter(k => ran.has(k.split(': ')[0]) && !problems.some(p => keyOf(p) === k));
for (const k of stale) unlisted.push(`${k}: listed in repair-known-losses.tsv but no longer occurs: remove the line`);
if (unlisted.length) {
  console.error(`repair-proof: ${unlisted.length} regression(s):`);
  for (const p of unlisted) console.error(`  ${p}`);
}
if (gate && unlisted.length) process.exit(1);
if (gate) console.error(`repair-proof: gate passed: no importer loads less or draws fewer after repair (${rows.length} traces;`
  + ` ${problems.length - unlisted.length} known losses listed with their reason)`);

function knownLosses() {
  const file = new URL('./repair-known-losses.tsv', import.meta.url);
  const map = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#') || line.startsWith('file\t')) continue;
    const [file_, importer, reason] = line.split('\t');
    map.set(`${file_}: ${importer}`, reason);
  }
  return map;
}
if (work && !opt('--work', null)) fs.rmSync(work, {recursive: true, force: true}); // a --work folder is kept to look at

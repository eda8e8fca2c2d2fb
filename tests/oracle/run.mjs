#!/usr/bin/env node
// The oracle: runs the real JavaScript importers (the DevTools Performance panel's trace engine,
// speedscope, TracerBench's trace model) on trace files and prints one JSON line per
// (file, importer). Files run one after the other, each importer in a child process of its own.
//
//   node run.mjs [--importers devtools,speedscope,tracerbench] [--timeout 120] [--relative-to DIR] FILE|FOLDER...
import fs from 'node:fs';
import path from 'node:path';
import {IMPORTERS, runOne} from './lib/run-one.mjs';

const TRACE_FILE = /\.(json|log|gz)$/i;

function parseArgs(argv) {
  const options = {importers: IMPORTERS, timeoutMs: 120_000, relativeTo: null, inputs: []};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--importers') options.importers = argv[++i].split(',');
    else if (arg === '--timeout') options.timeoutMs = Number(argv[++i]) * 1000;
    else if (arg === '--relative-to') options.relativeTo = argv[++i];
    else if (arg === '--help' || arg === '-h') usage(0);
    else if (arg.startsWith('--')) usage(2, `unknown option ${arg}`);
    else options.inputs.push(arg);
  }
  const unknown = options.importers.filter(name => !IMPORTERS.includes(name));
  if (unknown.length) usage(2, `unknown importer ${unknown.join(', ')} (known: ${IMPORTERS.join(', ')})`);
  if (!options.inputs.length || !(options.timeoutMs > 0)) usage(2, 'give at least one file or folder');
  return options;
}

function usage(code, message) {
  if (message) console.error(`run.mjs: ${message}`);
  console.error('usage: node run.mjs [--importers devtools,speedscope,tracerbench] [--timeout SECONDS] [--relative-to DIR] FILE|FOLDER...');
  process.exit(code);
}

/** Files given, and the trace files under folders given (sorted, so runs are comparable). */
function traceFiles(inputs) {
  const files = [];
  const walk = dir => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && TRACE_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const input of inputs) {
    if (fs.statSync(input).isDirectory()) walk(input); else files.push(input);
  }
  return files;
}

const options = parseArgs(process.argv.slice(2));
for (const file of traceFiles(options.inputs)) {
  for (const importer of options.importers) {
    const record = await runOne(file, importer, {timeoutMs: options.timeoutMs});
    if (options.relativeTo) record.file = path.relative(options.relativeTo, file);
    process.stdout.write(JSON.stringify(record) + '\n');
  }
}

// speedscope's file import, run from the app bundle that the speedscope@1.25.0 npm package ships
// (dist/release/speedscope-Y2522XSH.js, built by esbuild from jlfwong/speedscope 810efdf "1.25.0").
//
// The package has no library entry point: the importers live inside the minified app bundle.
// The bundle keeps the import module behind `var jr=Promise.resolve().then(()=>(Sf(),kf))`
// (esbuild's lazy module `src/import/index.ts`, whose exports keep their names). We evaluate the
// bundle unchanged except for one statement added after that line, which hands `jr` out; the app's
// own start-up then fails on the missing `document`, after every module is defined. So the code
// that runs is byte for byte what speedscope's users get; the SHA-256 below pins it.
//
// The app's file-open path is application.tsx `loadFromFile(file)` -> import/index.ts
// `importProfilesFromFile(file)` = `importProfileGroup(MaybeCompressedDataReader.fromFile(file))`;
// we call `importProfilesFromArrayBuffer(file.name, bytes)`, the same function on the same bytes.
// Then `loadProfile`: a throw -> error screen; null -> "Unrecognized format!"; zero profiles ->
// "Successfully imported profile, but it's empty!". The flame-graph drawing (WebGL) is not run.
import fs from 'node:fs';
import vm from 'node:vm';
import crypto from 'node:crypto';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const BUNDLE = require.resolve('speedscope/dist/release/speedscope-Y2522XSH.js');
const BUNDLE_SHA256 = '12b7fcfa95b1f07633886569903e0117043d810c83951ac9084e34c689ef1044';
const HOOK = 'var jr=Promise.resolve().then(()=>(Sf(),kf));';

export const version = 'speedscope 1.25.0 (npm dist/release bundle)';

async function importModule() {
  const source = fs.readFileSync(BUNDLE, 'utf8');
  const sha = crypto.createHash('sha256').update(source).digest('hex');
  if (sha !== BUNDLE_SHA256) throw new Error(`speedscope bundle changed: sha256 ${sha}; re-check the hook`);
  if (source.split(HOOK).length !== 2) throw new Error('speedscope bundle: import hook not found exactly once');
  globalThis.window ??= globalThis;
  globalThis.location ??= {hash: '', search: '', href: 'http://localhost/', protocol: 'http:'};
  try {
    vm.runInThisContext(source.replace(HOOK, HOOK + 'globalThis.__speedscopeImport=jr;'), {filename: BUNDLE});
  } catch (e) {
    // Expected: the app's last statement renders into document.body.
    if (!/document is not defined/.test(e.message)) throw e;
  }
  return await globalThis.__speedscopeImport;
}

const WARNINGS = [
  ['end_on_empty_stack', /but the stack was empty/],
  ['end_name_mismatch', /Doing nothing instead\./],
  ['end_args_mismatch', /Ending .* instead\./],
  ['still_open_at_end', /was still open at end of profile/],
  ['ignored_profile_chunk', /Ignoring ProfileChunk/],
];

export async function load(trace, captured) {
  const counts = Object.fromEntries(WARNINGS.map(([key]) => [key, 0]));
  let format = null;
  captured.onMessage((kind, text) => {
    if (kind === 'log' && text.startsWith('Importing ')) format ??= text.replace(/^Importing (as |from )?/, '');
    if (kind !== 'warn') return;
    for (const [key, pattern] of WARNINGS) if (pattern.test(text)) { counts[key]++; break; }
  });
  const mod = await importModule();
  const bytes = trace.raw;  // speedscope inflates gzip itself (pako), so it gets the file as is
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let group;
  try {
    group = await mod.importProfilesFromArrayBuffer(trace.name, buffer);
  } catch (e) {
    return {outcome: 'threw', stage: 'import', error: `${e.name}: ${e.message}`, signals: {format, ...counts}};
  }
  const signals = {format, ...counts};
  if (group == null) return {outcome: 'rejected', stage: 'import', error: 'Unrecognized format!', signals};
  signals.profiles = group.profiles.length;
  // The profiles' total length (sum of each profile's total weight, in its unit): a wrong
  // duration or an end taken from the wrong event shows here.
  signals.weight = group.profiles.reduce((sum, p) => sum + p.getTotalWeight(), 0);
  if (group.profiles.length === 0) {
    return {outcome: 'rejected', stage: 'import', error: "Successfully imported profile, but it's empty!", signals};
  }
  try {
    for (const profile of group.profiles) await profile.demangle();  // loadProfile does this next
  } catch (e) {
    return {outcome: 'threw', stage: 'demangle', error: `${e.name}: ${e.message}`, signals};
  }
  const notTraceEvents = format !== null && !/Trace Event Format|Chrome/.test(format);
  const degraded = counts.end_on_empty_stack + counts.end_name_mismatch + counts.still_open_at_end > 0 || notTraceEvents;
  return {outcome: 'loaded', stage: 'done', degraded, signals};
}

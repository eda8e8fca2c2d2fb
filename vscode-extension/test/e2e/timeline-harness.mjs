// Draws a trace's timeline in headless Chromium with the real webview bundle (dist/timeline.js) and the real
// server (over stdio, the trace checked by path as "Lint a Trace File on Disk" does), and measures the first
// picture and panning, without VS Code: for profiling the page (the answer reaches the page through
// Playwright's exposeFunction, slower than VS Code's postMessage; the e2e's figures are the real ones).
// Usage, in vscode-extension/ after npm run build:
//   node test/e2e/timeline-harness.mjs ../server/target/tracelint.jar dist/timeline.js ../bench/traces/trace-100MB.json
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
const [jar, bundle, trace] = process.argv.slice(2);
const server = spawn('java', ['-XX:TieredStopAtLevel=1', '-Xmx2G', '-jar', jar, 'lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
let buf = Buffer.alloc(0);
let id = 0;
const pending = new Map();
server.stdout.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  for (;;) {
    const h = buf.indexOf('\r\n\r\n');
    if (h < 0) return;
    const len = Number(/Content-Length: (\d+)/i.exec(buf.slice(0, h).toString())[1]);
    if (buf.length < h + 4 + len) return;
    const body = buf.slice(h + 4, h + 4 + len).toString('utf8');
    buf = buf.slice(h + 4 + len);
    const m = JSON.parse(body);
    if (m.id !== undefined && pending.has(m.id) && (m.result !== undefined || m.error)) {
      pending.get(m.id)({ m, chars: len });
      pending.delete(m.id);
    } else if (m.id !== undefined && m.method) { // a request of the server's: answer null
      send({ jsonrpc: '2.0', id: m.id, result: null });
    }
  }
});
function send(m) {
  const s = JSON.stringify(m);
  server.stdin.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`);
}
function request(method, params) {
  const i = ++id;
  send({ jsonrpc: '2.0', id: i, method, params });
  return new Promise((r) => pending.set(i, r));
}
await request('initialize', { processId: null, rootUri: null, capabilities: {} });
send({ jsonrpc: '2.0', method: 'initialized', params: {} });
let t = Date.now();
const check = await request('workspace/executeCommand', { command: 'tracelint.checkFile', arguments: [path.resolve(trace)] });
const uri = check.m.result.uri;
console.log(`checked in ${Date.now() - t} ms`);
await new Promise((r) => setTimeout(r, 3000)); // the build ahead
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 720 } });
const answers = [];
await page.exposeFunction('serverRequest', async (p) => {
  const t0 = Date.now();
  const { m, chars } = await request('tracelint/timeline', { uri, start: p.start, end: p.end, widthPx: p.widthPx });
  answers.push({ ms: Date.now() - t0, chars });
  return m.result;
});
const html = `<!DOCTYPE html><html><head><style>
html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
#scroller { position: absolute; top: 0; left: 0; right: 0; bottom: 22px; overflow-y: auto; overflow-x: hidden; }
#timeline { display: block; } #tooltip, #range, #findings { display: none; }
</style></head><body data-uri="${uri}">
<div id="scroller"><canvas id="timeline" tabindex="0"></canvas></div><div id="status"></div><div id="tooltip"></div><div id="range"></div><div id="findings"></div>
<script>window.acquireVsCodeApi = () => ({ getState() {}, setState() {}, postMessage(m) {
  if (m.type === 'request') window.serverRequest(m).then((data) => window.postMessage({ type: 'data', seq: m.seq, data }, '*'));
} });</script><script>${fs.readFileSync(bundle, 'utf8')}</script></body></html>`;
t = Date.now();
await page.setContent(html);
await page.waitForFunction(() => (window.__tracelintTimeline?.drawn?.length ?? 0) > 0, null, { timeout: 60000 });
const s = await page.evaluate(() => window.__tracelintTimeline);
console.log(`first picture ${Date.now() - t} ms after loading (request ${Math.round(s.firstRequestMs)}, answer ${Math.round(s.firstAnswerMs)}, picture ${Math.round(s.firstPictureMs)} ms; drawn in ${s.lastRenderMs.toFixed(1)} ms, ${s.drawn.length} items); server ${answers[0].ms} ms, ${answers[0].chars} chars`);
const fps = await page.evaluate(async () => {
  const t = window.__tracelintTimeline;
  for (let i = 0; i < 12; i++) t.zoom(0.5);
  const frames0 = t.frames; const requests0 = t.requests; let ticks = 0; const started = performance.now();
  await new Promise((resolve) => { const tick = () => { ticks++; t.pan(0.01); if (performance.now() - started < 3000) requestAnimationFrame(tick); else resolve(); }; requestAnimationFrame(tick); });
  const s = (performance.now() - started) / 1000; const now = window.__tracelintTimeline;
  return { animationFrames: ticks / s, drawn: (now.frames - frames0) / s, requests: now.requests - requests0, renderMs: now.lastRenderMs, items: now.drawn.length };
});
console.log(`panning: ${JSON.stringify(fps)}; server answers p50 ${answers.map((a) => a.ms).sort((a, b) => a - b)[answers.length >> 1]} ms`);
await browser.close();
server.kill();

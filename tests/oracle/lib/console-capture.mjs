// Importers report trouble only through console.error / console.warn (DevTools' "Begin/End events
// mismatch", speedscope's "Tried to end frame ..."). Capture them instead of printing them, so the
// worker's stdout carries nothing but its one result line.
const KEPT_MESSAGES = 20;

export function captureConsole() {
  const original = {log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug,
    time: console.time, timeEnd: console.timeEnd, assert: console.assert};
  const captured = {log: [], warn: [], error: [], counts: {log: 0, warn: 0, error: 0}};
  const keep = (kind) => (...args) => {
    captured.counts[kind]++;
    if (captured[kind].length < KEPT_MESSAGES) captured[kind].push(args.map(formatArg).join(' ').slice(0, 300));
    // Categories need every message, not only the kept ones.
    for (const listener of captured.listeners ?? []) listener(kind, args.map(formatArg).join(' '));
  };
  console.log = console.info = console.debug = keep('log');
  console.warn = keep('warn');
  console.error = keep('error');
  console.time = console.timeEnd = () => {};
  console.assert = (condition, ...args) => { if (!condition) keep('error')('Assertion failed:', ...args); };
  captured.onMessage = (listener) => { (captured.listeners ??= []).push(listener); };
  captured.restore = () => Object.assign(console, original);
  return captured;
}

function formatArg(arg) {
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (typeof arg === 'string') return arg;
  try { return JSON.stringify(arg); } catch { return String(arg); }
}

// Reads a trace file the way a viewer's file picker hands it over: the raw bytes, inflated once
// when they start with the gzip magic (DevTools inflates files whose type ends in "gzip", i.e.
// named *.gz; speedscope tries pako.inflate on every file; for the corpus both amount to "gzip
// magic => inflate once").
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';

export function isGzip(bytes) {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** @returns {{name: string, raw: Buffer, bytes: Buffer, gzipped: boolean}} */
export function readTrace(file) {
  const raw = fs.readFileSync(file);
  const gzipped = isGzip(raw);
  return {name: path.basename(file), raw, bytes: gzipped ? zlib.gunzipSync(raw) : raw, gzipped};
}

/** The file's text as a browser's File.text() gives it: UTF-8, a leading BOM dropped. */
export function decodeUtf8(bytes) {
  return new TextDecoder('utf-8').decode(bytes);
}

/** Counts events the way all three importers see them: the array, or the object's traceEvents. */
export function eventsOf(parsed) {
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && Array.isArray(parsed.traceEvents)) return parsed.traceEvents;
  return null;
}

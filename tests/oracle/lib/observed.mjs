// One short, stable line saying what an importer did with a case: the failure and its message,
// or the counts that show what it kept and what it dropped or mis-paired. The case manifest
// stores it, and cases.test.mjs compares it, so it leaves out timings.
export function observedOf(r) {
  if (r.outcome !== 'loaded') return `${r.stage}: ${firstLine(r.error)}`;
  const parts = [];
  const nonZero = keys => { for (const k of keys) if (r[k]) parts.push(r[k] === true ? k : `${k}=${r[k]}`); };
  if (r.importer === 'devtools') {
    parts.push(`drawn=${r.drawn}/${r.drawable_in}`, `threads=${r.threads_drawn}`, `range=${round(r.bounds_range)}`);
    nonZero(['mismatch', 'tree_dropped', 'b_zero_dur', 'user_timings', 'flows']);
  } else if (r.importer === 'speedscope') {
    parts.push(`profiles=${r.profiles}`, `weight=${round(r.weight)}`);
    if (r.format && r.format !== 'Trace Event Format profile') parts.push(`read as ${r.format}`);
    nonZero(['end_on_empty_stack', 'end_name_mismatch', 'end_args_mismatch', 'still_open_at_end', 'ignored_profile_chunk']);
  } else {
    parts.push(`events=${r.events_model}`, `processes=${r.processes}`);
    nonZero(['bounds_nan']);
  }
  return parts.join(' ');
}

/** Numbers as the importer computed them, cut to 3 decimals; a string (JS concatenation) kept in quotes. */
function round(value) {
  return typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : JSON.stringify(value);
}

function firstLine(text) {
  const line = String(text ?? '').split('\n')[0].replace(/\s+/g, ' ').trim();
  return line.length > 120 ? line.slice(0, 117) + '...' : line;
}

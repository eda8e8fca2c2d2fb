// What one importer did with a trace before and after its repair, and whether that is a proof, a
// failure left or a regression. Shared by repair-proof.mjs and its test.

/**
 * Per importer, the record's counts that mean "drew": after repair each must be at least what it
 * was before (when the input loaded at all).
 * - devtools: `drawn` (entries of kept threads in the flame chart's trees: the X, B and I it can
 *   draw), the flow arrows (`flows`) and the user-timing spans (`user_timings`). Not `drawable_in`
 *   (the input's count, not what was drawn) nor `threads_drawn` (a lane of its own for an
 *   overlapping slice adds one, renumbering never removes one; `drawn` already counts their entries).
 * - speedscope: `profiles` (one per thread it shows). Its `weight` (the profiles' total length)
 *   counts only where the input loaded clean: an unclosed or mis-paired slice is stretched to the
 *   profile's end (`still_open_at_end`, `end_name_mismatch`), so a repair that pairs it rightly
 *   shortens the weight without losing anything.
 * - tracerbench: `processes`. Not `events_model`: buildModel makes one event of each B/E pair, so a
 *   repair that makes a phase canonical (`"begin"`/`"end"` to `B`/`E`) lowers it by one per pair
 *   without losing anything; tracerbench draws nothing, and a removed or merged event shows in
 *   DevTools' `drawn` where it was drawable.
 */
export const DRAWN = {
  devtools: r => ({drawn: r.drawn, flows: countList(r.flows), user_timings: countList(r.user_timings)}),
  speedscope: r => ({profiles: r.profiles, ...(r.verdict === 'loads' ? {weight: r.weight} : {})}),
  tracerbench: r => ({processes: r.processes}),
};

function countList(joined) {
  return joined ? String(joined).split(',').length : 0;
}

// speedscope "loads" a text that is no trace by reading it as another format (collapsed stacks):
// that is not the trace loaded, so it counts as a failure here, as the oracle's verdict does
// (importers/speedscope.mjs: degraded when the format is not the Trace Event Format's).
const readAsAnotherFormat = r => r.importer === 'speedscope' && r.format != null && !/Trace Event Format|Chrome/.test(r.format);
const loaded = r => r?.outcome === 'loaded' && !readAsAnotherFormat(r);
const TOLERANCE = 1e-9; // speedscope's weight is a sum of doubles: a reordering may change its last bits

/**
 * @param before  the importer's record on the input (undefined: not recorded)
 * @param after   its record on the repaired output (undefined: no output)
 * @param targeted whether the importer's viewer was targeted by the repair
 * @param remainingAfter what tracelint says remains for that viewer after repair ([{rule, nothingToFix}])
 * @return {before, after, drew_before, drew_after, judgement}: judgement is `loads` (loaded before
 *   and after, drawing no less), `repaired` (failed before, loads now), `regression: ...`,
 *   `still fails: ...` (a targeted viewer), `still fails, nothing to fix: ...`, `not targeted, still fails`,
 *   `not recorded`
 */
export function judgeImporter(importer, before, after, {targeted, remainingAfter}) {
  const out = {before: before?.verdict ?? 'not recorded', after: after?.verdict ?? 'no output'};
  if (!before) return {...out, judgement: 'not recorded'};
  if (before.outcome === 'loaded' && !loaded(before)) out.read_as = before.format;
  if (loaded(before)) out.drew_before = DRAWN[importer](before);
  if (loaded(after)) out.drew_after = DRAWN[importer](after);
  if (loaded(before) && !loaded(after)) {
    const how = !after ? 'no output' : after.outcome === 'loaded' ? `read the output as ${after.format}`
      : `${after.outcome} on the output (${after.stage}: ${firstLine(after.error)})`;
    return {...out, judgement: `regression: loaded the input, ${how}`};
  }
  if (loaded(before)) {
    const fewer = [];
    for (const [key, was] of Object.entries(out.drew_before)) {
      const now = out.drew_after[key];
      if (typeof was !== 'number') continue;
      const floor = was - Math.abs(was) * TOLERANCE;
      if (!(now >= floor)) fewer.push(`${key} ${was} -> ${now}`);
    }
    return {...out, judgement: fewer.length ? `regression: draws fewer: ${fewer.join(', ')}` : 'loads'};
  }
  if (loaded(after)) return {...out, judgement: 'repaired'};
  const why = !after ? 'no output' : after.outcome === 'loaded' ? `read as ${after.format}` : `${after.stage}: ${firstLine(after.error)}`;
  if (!targeted) return {...out, judgement: `not targeted, still fails: ${why}`};
  const reasons = remainingAfter ?? [];
  if (reasons.length && reasons.every(r => r.nothingToFix)) {
    return {...out, judgement: `still fails, nothing to fix (${reasons.map(r => r.rule).join(', ')}): ${why}`};
  }
  return {...out, judgement: `still fails: ${why}`};
}

function firstLine(text) {
  const line = String(text ?? '').split('\n')[0].replace(/\s+/g, ' ').trim();
  return line.length > 100 ? line.slice(0, 97) + '...' : line;
}

package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.Quoted;
import dev.tracelint.trace.SampleThreads;

/**
 * A global sample (top-level samples array) whose tid is no thread of the trace's events. catapult's
 * importSampleData looks each sample's thread up by tid among the threads its events made (by tid
 * alone, as a JavaScript key, so 1 and "1" are one thread) and drops a sample it does not find, with a
 * warning; only a trace without events gets a thread made per sample tid. Judged at the end: samples
 * may come before the events.
 */
public final class SampleUnknownThread implements Rule {
    // 72 on this branch, the next free index here (indexes are 0 to n-1); the plan gives it 74, after
    // the two other rules of issue 36 (missing-pid-tid is 72 on its branch): take the next free one at merge
    public static final Declaration RULE = Declaration.rule(73, "sample-unknown-thread", c -> new SampleUnknownThread())
            .finds("A sample whose `tid` is no thread of the trace's events")
            .everyEvent("`samples` (and the threads events make)")
            .when("sample of a thread no event has")
                .catapult(DROPPED, "warning `sample_import_error` (\"Thread undefinednot found\"); the sample is dropped",
                        CATAPULT + " importSampleData")
                .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-sample-unknown-thread.json")
                .speedscope(NONE, "samples are grouped by `tid` as it is, whatever the events' threads",
                        SPEEDSCOPE + " sampleListToProfileGroup (samples)", "rule-sample-unknown-thread.json");

    /** The events' threads and the samples' tids, as catapult binds them. */
    private final SampleThreads samples = new SampleThreads();
    private boolean anyEvent;
    /** A sub-trace whose importer makes threads of its own (ftrace, Fuchsia, Android process dumps): not judged. */
    private boolean subtrace;

    @Override
    public void accept(EventView e, Report out) {
        anyEvent = true;
        samples.event(e);
    }

    @Override
    public void acceptTopLevel(Field member, Report out) {
        String k = member.key();
        if ((k.equals("systemTraceEvents") || k.equals("androidProcessDump"))
                && (member.kind() == ValueKind.OBJECT || member.kind() == ValueKind.STRING && member.valueEnd() - member.valueStart() > 2)) {
            subtrace = true; // a non-empty one: catapult skips an empty string (falsy)
        }
    }

    @Override
    public void acceptSample(EventView sample, Report out) {
        Field tid = sample.get("tid");
        // a sample without tid is sample-missing-field's, one of another type or a fraction invalid-sample's
        if (tid != null && (tid.kind() == ValueKind.STRING || isInteger(tid))) {
            samples.sample(tid);
        }
    }

    @Override
    public void finish(Report out) {
        if (!anyEvent || subtrace) {
            return; // without events catapult makes a thread per sample tid
        }
        samples.forEachWithoutThread(s -> out.add(out.at(s.first(), "sample tid " + (s.isString() ? Quoted.quoted(s.text()) : Quoted.plain(s.text()))
                + " is no thread of the trace's events (" + s.samples() + (s.samples() == 1 ? " sample names it)" : " samples name it)"))));
    }

    private static boolean isInteger(Field f) {
        if (f.kind() != ValueKind.NUMBER) {
            return false;
        }
        double d = f.asDouble();
        return Double.isFinite(d) && d == Math.rint(d);
    }
}

package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.Quoted;

/**
 * A global sample (top-level samples array) whose tid, cpu or weight has a type the schema does
 * not allow. catapult (trace_event_importer.html importSampleData) looks the thread up by tid,
 * makes a CPU for whatever cpu holds, and keeps weight unread; the other viewers ignore samples.
 */
public final class InvalidSample implements Rule {
    public static final Declaration RULE = Declaration.rule(55, "invalid-sample", c -> new InvalidSample())
            .finds("A sample whose `tid`, `cpu` or `weight` has the wrong type")
            .phases("`samples`")
            .when("sample tid of the wrong type")
                .catapult(DROPPED, "a `tid` that is `true`, `null`, a fraction, an object or an array matches no thread: warning"
                        + " `sample_import_error`, the sample is dropped", CATAPULT + " importSampleData")
                .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-invalid-sample.json")
                .speedscope(NONE, "loads as the same trace with a valid sample does (samples grouped by `tid` as it is);"
                        + " what a flame graph shows for it was not checked", SPEEDSCOPE + " sampleListToProfileGroup (samples)",
                        "rule-invalid-sample.json")
            .when(InvalidSample.KEPT, "sample cpu or weight of the wrong type")
                .catapult(NONE, "the sample is kept; a `cpu` of another type still makes a CPU named after it; `weight` is"
                        + " stored, not shown", CATAPULT + " importSampleData")
                .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "cond-invalid-sample-kept.json")
                .speedscope(NONE, "`cpu` and `weight` are not read (weights come from the samples' ts)",
                        SPEEDSCOPE + " sampleListToProfileGroup (samples)", "cond-invalid-sample-kept.json");

    /** The condition of a cpu or weight of the wrong type: catapult still keeps the sample. */
    static final String KEPT = "invalid-sample/kept";

    @Override
    public void acceptSample(EventView sample, Report out) {
        Field tid = sample.get("tid");
        if (tid != null && tid.kind() != ValueKind.STRING && !isInteger(tid)) {
            out.add(out.at(tid.valueRange(), "\"tid\" is " + describe(tid)
                    + ", not an integer or string"));
        }
        Field cpu = sample.get("cpu");
        if (cpu != null && !isInteger(cpu)) {
            Report kept = out.condition(KEPT);
            kept.add(kept.at(cpu.valueRange(), "\"cpu\" is " + describe(cpu)
                    + ", not an integer"));
        }
        Field weight = sample.get("weight");
        if (weight != null && weight.kind() != ValueKind.NUMBER) {
            Report kept = out.condition(KEPT);
            kept.add(kept.at(weight.valueRange(), "\"weight\" is " + describe(weight)
                    + ", not a number, as the spec asks"));
        }
    }

    /** An integer as JSON Schema counts them: 2.0 and 2e3 are integers too. */
    private static boolean isInteger(Field f) {
        if (f.kind() != ValueKind.NUMBER) {
            return false;
        }
        if (Json.isIntegerLiteral(f.text())) {
            return true;
        }
        double d = Double.parseDouble(f.text());
        return Double.isFinite(d) && d == Math.rint(d);
    }

    private static String describe(Field f) {
        return switch (f.kind()) {
            case STRING -> "a string";
            case NUMBER -> "the number " + Quoted.plain(f.text());
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case NULL -> "null";
            case TRUE -> "true";
            case FALSE -> "false";
        };
    }
}

package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;

/** A global sample (top-level samples array) without tid, ts, name or sf. */
public final class SampleMissingField implements Rule {
    public static final Declaration RULE = Declaration.rule(50, "sample-missing-field", c -> new SampleMissingField())
            .finds("A sample without `sf`/`tid`/`ts`/`name`")
            .phases("`samples`")
            .when("sample without sf/tid/ts/name")
                .catapult(FAILS, "no `sf`: TypeError in `new Sample`, the import fails; no `tid`: warning, dropped",
                        CATAPULT + " importSampleData")
                .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-sample-missing-field.json")
                .speedscope(NONE, "a sample without `sf` has no stack", SPEEDSCOPE + " sampleListToProfileGroup (samples)",
                        "rule-sample-missing-field.json");

    private static final String[] FIELDS = {"sf", "tid", "ts", "name"};

    @Override
    public void acceptSample(EventView sample, Report out) {
        for (int i = 0; i < FIELDS.length; i++) {
            if (!sample.has(FIELDS[i])) {
                out.add(out.at(new TextRange(sample.start(), sample.start() + 1),
                        "sample without \"" + FIELDS[i] + "\""));
            }
        }
    }
}

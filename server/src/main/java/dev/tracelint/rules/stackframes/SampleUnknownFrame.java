package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** A global sample whose sf names no frame of the top-level stackFrames: catapult aborts the import. */
public final class SampleUnknownFrame implements Rule {
    public static final Declaration RULE = Declaration.rule(51, "sample-unknown-frame", c -> new SampleUnknownFrame())
            .finds("A sample whose `sf` is not in `stackFrames`")
            .phases("`samples`")
            .when("sample of an unknown frame")
                .catapult(FAILS, "TypeError in `new Sample`: the import fails", CATAPULT + " importSampleData")
                .perfetto(NONE, "`samples` is not read", PERFETTO_NOT_READ)
                .devtools(NONE, "`samples` is not read", DEVTOOLS_LOAD, "rule-sample-unknown-frame.json")
                .speedscope(FAILS, "throws \"Could not find frame for id\"", SPEEDSCOPE + " getActiveFramesForSample (samples: the frame lookup)",
                        "rule-sample-unknown-frame.json");

    /** The sf of the samples, judged at the end: the dictionary may follow. */
    private final FrameReferences frames = new FrameReferences();

    @Override
    public void acceptStackFrame(StackFrame frame, Report out) {
        frames.define(frame);
    }

    @Override
    public void acceptSample(EventView sample, Report out) {
        frames.reference(sample.get("sf"));
    }

    @Override
    public void finish(Report out) {
        frames.reportUnknown("sample frame", out);
    }
}

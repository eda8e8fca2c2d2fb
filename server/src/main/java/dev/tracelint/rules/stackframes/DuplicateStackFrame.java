package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.Map;

/** One frame id defined by two M stackFrames events of a process: catapult throws "Stack frame already exists". */
public final class DuplicateStackFrame implements Rule {
    public static final Declaration RULE = Declaration.rule(49, "duplicate-stack-frame", c -> new DuplicateStackFrame())
            .finds("A frame id defined twice across a process's `M` `stackFrames`")
            .phases("`M` `stackFrames`", Phase.METADATA)
            .when("stack frame defined twice")
                .catapult(FAILS, "throws \"Stack frame already exists\"", "catapult tracing/tracing/model/model.html addStackFrame")
                .perfetto(NONE, IGNORED, PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("rule-duplicate-stack-frame.json");

    private record Defined(long event, TextRange idRange) {
    }

    /** namespace + id → where it was first defined. */
    private final Map<String, Defined> defined = new HashMap<>();

    @Override
    public void accept(EventView e, Report out) {
        String ns = Frames.metadataNamespace(e);
        if (ns == null) {
            return;
        }
        for (StackFrame f : Frames.ofMetadata(e)) {
            Defined first = defined.putIfAbsent(ns + '\u0000' + f.id(), new Defined(e.index(), f.idRange()));
            if (first != null && first.event != e.index()) {
                out.add(out.at(f.idRange(), "frame " + Quoted.plain(f.id()) + " is already defined by an earlier M stackFrames event of this process")
                        .related(first.idRange, "first defined here"));
            }
        }
    }
}

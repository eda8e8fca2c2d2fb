package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.dump.DumpFacts;

/** A second global memory dump (V) with one dump id: the spec allows zero or one per dump. */
public final class DuplicateGlobalDump extends FactRule<DumpFacts.DumpGlobalRepeated> {
    public static final Declaration RULE = Declaration.rule(59, "duplicate-global-dump", c -> new DuplicateGlobalDump())
            .finds("A second `V` with one dump id")
            .phases("`V`")
            .when("two V with one dump id")
                .catapult(NONE, "`V` is not read anyway", CATAPULT + " processMemoryDumpEvent")
                .perfetto(NONE, "V/v are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("cond-duplicate-global-dump.json");

    @Override
    protected void judge(DumpFacts.DumpGlobalRepeated d, Report out) {
        out.add(out.at(d.idRange(), "a second global memory dump (V) with dump id " + Quoted.quoted(d.id())
                + ": the spec allows zero or one per dump, so which is the system-wide part is unclear")
                .related(d.firstRange(), "the first V with this id"));
    }
}

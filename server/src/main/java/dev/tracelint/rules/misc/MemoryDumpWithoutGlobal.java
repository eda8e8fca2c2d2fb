package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.dump.DumpFacts;

/**
 * A process memory dump (v) whose dump id no global dump (V) has, in a file whose other dumps have
 * theirs (a lone v is legal: the spec allows zero global dumps); the V may come anywhere in the file.
 */
public final class MemoryDumpWithoutGlobal extends FactRule<DumpFacts.DumpWithoutGlobal> implements WholeTraceRule {
    public static final Declaration RULE = Declaration.rule(44, "memory-dump-without-global", c -> new MemoryDumpWithoutGlobal())
            .finds("A `v` whose dump id has no `V`, in a file with `V`s of other ids")
            .phases("`v`")
            .when("memory dump without V")
                .catapult(NONE, "`V` is not read anyway", CATAPULT + " processMemoryDumpEvent")
                .perfetto(NONE, "V/v are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("cond-memory-dump-without-global.json");

    @Override
    protected void judge(DumpFacts.DumpWithoutGlobal d, Report out) {
        out.add(out.at(d.idRange(), "process memory dump " + Quoted.quoted(d.id())
                + " has no global dump (V) with that id, though this file has global dumps of other ids:"
                + " its system-wide part was likely lost").related(d.globalRange(), "a global dump of another id"));
    }
}

package dev.tracelint.rules.misc;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** A memory dump (V or v) without the dump id that ties a dump's global and process parts together. */
public final class MemoryDumpMissingId implements Rule {
    public static final Declaration RULE = Declaration.rule(43, "memory-dump-missing-id", c -> new MemoryDumpMissingId())
            .finds("A `V`/`v` without a dump id")
            .phases(Phase.where(p -> p.family() == Phase.Family.MEMORY_DUMP))
            .when("memory dump without id")
                .catapult(DROPPED, "`v`: warning `memory_dump_parse_error`; the dump is dropped", CATAPULT + " processMemoryDumpEvent")
                .perfetto(NONE, "V/v are not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeSkipIt("devtools-memory-dump-named-without-id.json");

    @Override
    public void accept(EventView e, Report out) {
        if (e.has("id")) {
            return;
        }
        out.add(out.at(e.phRangeOrEvent(), e.phase() == Phase.MEMORY_DUMP_PROCESS
                ? "v is a process memory dump without \"id\" (the dump id)"
                : "V is a global memory dump without \"id\" (the dump id): it cannot be tied to its process dumps (v)"));
    }
}

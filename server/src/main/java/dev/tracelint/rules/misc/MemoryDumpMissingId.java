package dev.tracelint.rules.misc;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import java.util.Set;

/** A memory dump (V or v) without the dump id that ties a dump's global and process parts together. */
public final class MemoryDumpMissingId implements Rule {
    public static final Declaration RULE = Declaration.rule(43, "memory-dump-missing-id", c -> new MemoryDumpMissingId())
            .finds("A `V`/`v` without a dump id")
            .phases("`V` `v`");

    @Override
    public Set<Phase> phases() {
        return Phase.where(p -> p.family() == Phase.Family.MEMORY_DUMP);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase == null || phase.family() != Phase.Family.MEMORY_DUMP || e.has("id")) {
            return;
        }
        String ph = phase.letter();
        out.add(out.at(e.phRangeOrEvent(), "v".equals(ph)
                ? "v is a process memory dump without \"id\" (the dump id)"
                : "V is a global memory dump without \"id\" (the dump id): it cannot be tied to its process dumps (v)"));
    }
}

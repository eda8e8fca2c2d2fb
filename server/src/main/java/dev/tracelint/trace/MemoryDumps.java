package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Memory dumps grouped by dump id: the global dumps (V) and the first process dump (v) of each id; V may come anywhere in the file. */
final class MemoryDumps {
    private final FactBus facts;
    private final boolean needed;
    private final Set<String> globals = new HashSet<>();
    /** The first v of each dump id, where its id value is (bounded by the number of dumps). */
    private final Map<String, long[]> processDumps = new LinkedHashMap<>();

    MemoryDumps(FactBus facts) {
        this.facts = facts;
        this.needed = facts.wants(Fact.Kind.DUMP_WITHOUT_GLOBAL);
    }

    /** A V ({@code global}) or a v. */
    void event(EventView e, boolean global) {
        if (!needed) {
            return;
        }
        Field id = e.get("id");
        if (id == null || !id.kind().isScalar()) {
            return;
        }
        if (global) {
            globals.add(id.identity());
        } else {
            processDumps.putIfAbsent(id.identity(), new long[] {id.valueStart(), id.valueEnd()});
        }
    }

    void finish() {
        if (!needed) {
            return;
        }
        processDumps.forEach((id, range) -> {
            if (!globals.contains(id)) {
                facts.publish(new OtherFacts.DumpWithoutGlobal(id, range[0], range[1]));
            }
        });
    }
}

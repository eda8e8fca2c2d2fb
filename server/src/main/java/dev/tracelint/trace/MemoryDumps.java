package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Memory dumps grouped by dump id: the global dumps (V) and the first process dump (v) of each id;
 * V may come anywhere in the file. A v without its V is a fact only in a document that has global
 * dumps of other ids: the spec allows zero global dumps per dump, so a file of v's alone is whole,
 * while one whose other dumps have their V very likely lost this one's.
 */
final class MemoryDumps {
    private final FactBus facts;
    private final boolean needed;
    private final Set<String> globals = new HashSet<>();
    /** The first v of each dump id, where its id value is (bounded by the number of dumps). */
    private final Map<String, long[]> processDumps = new LinkedHashMap<>();
    /** Where the first V's id value is; -1 until a V is read. */
    private long firstGlobalStart = -1;
    private long firstGlobalEnd = -1;

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
            if (firstGlobalStart < 0) {
                firstGlobalStart = id.valueStart();
                firstGlobalEnd = id.valueEnd();
            }
            globals.add(id.identity());
        } else {
            processDumps.putIfAbsent(id.identity(), new long[] {id.valueStart(), id.valueEnd()});
        }
    }

    void finish() {
        if (!needed || globals.isEmpty()) {
            return;
        }
        processDumps.forEach((id, range) -> {
            if (!globals.contains(id)) {
                facts.publish(new OtherFacts.DumpWithoutGlobal(id, range[0], range[1], firstGlobalStart, firstGlobalEnd));
            }
        });
    }
}

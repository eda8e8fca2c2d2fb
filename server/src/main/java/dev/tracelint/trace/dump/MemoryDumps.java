package dev.tracelint.trace.dump;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.trace.FactBus;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Memory dumps grouped by dump id: the global dumps (V) and the first process dump (v) of each id;
 * V may come anywhere in the file. A v without its V is a fact only in a document that has global
 * dumps of other ids: the spec allows zero global dumps per dump, so a file of v's alone is whole,
 * while one whose other dumps have their V very likely lost this one's. A second V of one dump id
 * is a fact when it is read (the spec allows zero or one).
 */
public final class MemoryDumps {
    private final FactBus facts;
    private final boolean needed;
    private final boolean withoutGlobal;
    private final boolean repeated;
    /** The first V of each dump id, where its id value is (bounded by the number of dumps). */
    private final Map<String, long[]> globals = new HashMap<>();
    /** The first v of each dump id, where its id value is (bounded by the number of dumps). */
    private final Map<String, long[]> processDumps = new LinkedHashMap<>();
    /** Where the first V's id value is; -1 until a V is read. */
    private long firstGlobalStart = -1;
    private long firstGlobalEnd = -1;

    public MemoryDumps(FactBus facts) {
        this.facts = facts;
        this.withoutGlobal = facts.wants(DumpFacts.DumpWithoutGlobal.class);
        this.repeated = facts.wants(DumpFacts.DumpGlobalRepeated.class);
        this.needed = withoutGlobal || repeated;
    }

    /** A V ({@code global}) or a v. */
    public void event(EventView e, boolean global) {
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
            long[] first = globals.putIfAbsent(id.identity(), new long[] {id.valueStart(), id.valueEnd()});
            if (first != null && repeated) {
                facts.publish(new DumpFacts.DumpGlobalRepeated(id.identity(), id.valueStart(), id.valueEnd(), first[0], first[1]));
            }
        } else if (withoutGlobal) {
            processDumps.putIfAbsent(id.identity(), new long[] {id.valueStart(), id.valueEnd()});
        }
    }

    public void finish() {
        if (!withoutGlobal || globals.isEmpty()) {
            return;
        }
        processDumps.forEach((id, range) -> {
            if (!globals.containsKey(id)) {
                facts.publish(new DumpFacts.DumpWithoutGlobal(id, range[0], range[1], firstGlobalStart, firstGlobalEnd));
            }
        });
    }
}

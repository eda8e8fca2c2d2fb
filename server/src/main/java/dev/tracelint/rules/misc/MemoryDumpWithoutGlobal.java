package dev.tracelint.rules.misc;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** A process memory dump (v) whose dump id no global dump (V) has; the V may come anywhere in the file. */
public final class MemoryDumpWithoutGlobal implements Rule {
    private final Set<String> globals = new HashSet<>();
    /** The first v of each dump id (bounded by the number of dumps). */
    private final Map<String, TextRange> processDumps = new LinkedHashMap<>();

    @Override
    public Set<Phase> phases() {
        return Phase.where(p -> p.family() == Phase.Family.MEMORY_DUMP);
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase phase = e.phase();
        if (phase == null || phase.family() != Phase.Family.MEMORY_DUMP) {
            return;
        }
        String ph = phase.letter();
        Field id = e.get("id");
        if (id == null || !id.kind().isScalar()) {
            return;
        }
        if ("V".equals(ph)) {
            globals.add(id.identity());
        } else {
            processDumps.putIfAbsent(id.identity(), id.valueRange());
        }
    }

    @Override
    public void finish(Report out) {
        processDumps.forEach((id, range) -> {
            if (!globals.contains(id)) {
                out.add(out.at(range, "process memory dump " + Json.quote(id)
                        + " has no global dump (V) with that id: the dump has no system-wide part"));
            }
        });
    }
}

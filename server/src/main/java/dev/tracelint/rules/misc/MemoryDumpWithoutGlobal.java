package dev.tracelint.rules.misc;

import dev.tracelint.model.Phase;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.OtherFacts;
import java.util.Set;

/** A process memory dump (v) whose dump id no global dump (V) has; the V may come anywhere in the file. */
public final class MemoryDumpWithoutGlobal implements Rule {
    @Override
    public Set<Phase> phases() {
        return Set.of();
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.DUMP_WITHOUT_GLOBAL);
    }

    @Override
    public void accept(Fact fact, Report out) {
        OtherFacts.DumpWithoutGlobal d = (OtherFacts.DumpWithoutGlobal) fact;
        out.add(out.at(d.idRange(), "process memory dump " + Json.quote(d.id())
                + " has no global dump (V) with that id: the dump has no system-wide part"));
    }
}

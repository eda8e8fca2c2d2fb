package dev.tracelint.rules.schema;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.PerEvent;
import dev.tracelint.rules.SharedState;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.schema.Violation;
import java.util.List;

/**
 * The three schema rules share one validation per event and per top-level member: the first rule
 * to ask validates, the others reuse the result. One per analysis.
 */
final class SchemaChecks {
    private final PerEvent once = new PerEvent();
    private List<Violation> eventResult;
    private Field member;
    private long memberStart = -1;
    private List<Violation> memberResult;

    static SchemaChecks shared(SharedState s) {
        return s.get(SchemaChecks.class, x -> new SchemaChecks());
    }

    private SchemaChecks() {
    }

    /** The schema violations of the current event. */
    List<Violation> of(EventView e) {
        if (once.first(e)) {
            eventResult = TraceSchema.get().check(e);
        }
        return eventResult;
    }

    /** The schema violations of a top-level member of the object form (Fields are reused: check the offset too). */
    List<Violation> ofTopLevel(Field f) {
        if (f != member || f.keyStart() != memberStart) {
            memberResult = TraceSchema.get().checkTopLevel(f);
            member = f;
            memberStart = f.keyStart();
        }
        return memberResult;
    }
}

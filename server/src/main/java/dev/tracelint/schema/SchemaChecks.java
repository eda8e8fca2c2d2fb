package dev.tracelint.schema;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.util.List;

/**
 * The three schema rules share one validation per event and per top-level member: the first rule
 * to ask validates, the others reuse the result. One per analysis, made by the rule registry.
 */
public final class SchemaChecks {
    /** The event last checked, by where it starts (each event and sample of a document starts elsewhere). */
    private long eventStart = -1;
    private List<Violation> eventResult;
    private Field member;
    private long memberStart = -1;
    private List<Violation> memberResult;

    /** The schema violations of the event being checked. */
    public List<Violation> of(EventView e) {
        if (e.start() != eventStart || eventResult == null) {
            eventResult = TraceSchema.get().check(e);
            eventStart = e.start();
        }
        return eventResult;
    }

    /** The schema violations of a top-level member of the object form (Fields are reused: check the offset too). */
    public List<Violation> ofTopLevel(Field f) {
        if (f != member || f.keyStart() != memberStart) {
            memberResult = TraceSchema.get().checkTopLevel(f);
            member = f;
            memberStart = f.keyStart();
        }
        return memberResult;
    }
}

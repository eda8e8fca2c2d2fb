package dev.tracelint.schema;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.lang.ref.WeakReference;
import java.util.List;

/**
 * The three schema rules share one validation per event: the first rule to ask validates, the
 * others reuse the result (the rules of one document run on one thread, event after event). Weak
 * references: a finished document's reader is not kept alive by a pool thread.
 */
public final class EventCheck {
    private static final class Last {
        WeakReference<EventView> view = new WeakReference<>(null);
        long index = -1;
        long start = -1;
        List<Violation> result;
        WeakReference<Field> member = new WeakReference<>(null);
        long memberStart = -1;
        List<Violation> memberResult;
    }

    private static final ThreadLocal<Last> LAST = ThreadLocal.withInitial(Last::new);

    private EventCheck() {
    }

    /** The schema violations of the current event. */
    public static List<Violation> of(EventView e) {
        Last l = LAST.get();
        if (l.view.get() != e || l.index != e.index() || l.start != e.start()) {
            l.result = TraceSchema.get().check(e);
            l.view = new WeakReference<>(e);
            l.index = e.index();
            l.start = e.start();
        }
        return l.result;
    }

    /** The schema violations of a top-level member of the object form. */
    public static List<Violation> ofTopLevel(Field member) {
        Last l = LAST.get();
        if (l.member.get() != member || l.memberStart != member.keyStart()) {
            l.memberResult = TraceSchema.get().checkTopLevel(member);
            l.member = new WeakReference<>(member);
            l.memberStart = member.keyStart();
        }
        return l.memberResult;
    }
}

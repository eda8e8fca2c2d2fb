package dev.tracelint.rules.duration;

import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import dev.tracelint.rules.slice.ThreadTable;
import dev.tracelint.text.TextEdit;
import java.math.BigDecimal;
import java.util.List;

/** A B that no later E closes on its thread: viewers show it unfinished, with a guessed length. */
public final class UnmatchedBegin implements Rule {
    /**
     * Where a thread's last event ends and the latest time it reaches, with the ts and dur it came
     * from. They are kept as doubles, not literals (the reach moves on nearly every event): the fix
     * writes each in its shortest exact decimal form, which a viewer reads back as the same double.
     */
    private static final class ThreadEnd {
        long lastEventEnd;
        double reach = Double.NEGATIVE_INFINITY;
        double ts;
        double dur;

        BigDecimal lastTs() {
            if (!Double.isFinite(reach)) { // no ts yet
                return null;
            }
            BigDecimal t = exact(ts);
            return dur > 0 ? t.add(exact(dur)) : t;
        }

        private static BigDecimal exact(double d) {
            return new BigDecimal(Json.number(d));
        }
    }

    private final ThreadStacks stacks;
    private final ThreadTable<ThreadEnd> ends;

    public UnmatchedBegin(SharedState shared) {
        stacks = ThreadStacks.shared(shared);
        ends = new ThreadTable<>(shared, ThreadEnd::new);
    }

    @Override
    public void accept(EventView e, Report out) {
        stacks.accept(e);
        if (e.phase() == Phase.METADATA) {
            return;
        }
        ThreadEnd end = ends.of(e);
        end.lastEventEnd = e.end();
        Field ts = e.get("ts");
        if (ts == null || !ts.isNumber()) {
            return;
        }
        Field dur = e.get("dur");
        double d = dur != null && dur.isNumber() ? dur.asDouble() : 0;
        double t = ts.asDouble();
        double reach = t + (d > 0 ? d : 0);
        if (reach > end.reach) {
            end.reach = reach;
            end.ts = t;
            end.dur = d;
        }
    }

    @Override
    public void finish(Report out) {
        stacks.stillOpen().forEach((thread, open) -> {
            ThreadEnd end = ends.get(thread);
            for (OpenBegin b : open) {
                out.add(b.ph(), new Unclosed(b, thread.key(), end));
            }
        });
    }

    /**
     * A B left open, its thread's key and how far that thread reaches: a million unclosed B cost
     * a million of these small records, and their messages and fixes are written when asked.
     */
    private record Unclosed(OpenBegin b, String thread, ThreadEnd end) implements Details {
        @Override
        public String message() {
            return b.label() + " on thread " + thread + " is never closed: no E follows it on that thread";
        }

        @Override
        public List<Fix> fixes() {
            BigDecimal lastTs = end == null ? null : end.lastTs();
            if (lastTs == null) {
                return List.of();
            }
            String ts = lastTs.toPlainString();
            Fix insertEnd = Fix.unsafe("Insert a matching E at ts " + ts,
                    TextEdit.insert(end.lastEventEnd, ", " + endEvent(b, ts)));
            BigDecimal begin = b.exactTs();
            if (begin == null || lastTs.compareTo(begin) < 0) {
                return List.of(insertEnd);
            }
            String dur = lastTs.subtract(begin).toPlainString();
            return List.of(insertEnd, Fix.unsafe("Convert to an X event with dur " + dur,
                    TextEdit.replace(b.ph(), "\"X\""),
                    TextEdit.insert(b.ph().end(), ", \"dur\": " + dur)));
        }
    }

    private static String endEvent(OpenBegin b, String ts) {
        StringBuilder s = new StringBuilder("{\"ph\": \"E\"");
        if (b.name() != null) {
            s.append(", \"name\": ").append(Json.quote(b.name()));
        }
        if (b.pidLiteral() != null) {
            s.append(", \"pid\": ").append(b.pidLiteral());
        }
        if (b.tidLiteral() != null) {
            s.append(", \"tid\": ").append(b.tidLiteral());
        }
        return s.append(", \"ts\": ").append(ts).append('}').toString();
    }
}

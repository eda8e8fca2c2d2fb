package dev.tracelint.lsp.requests;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.tracelint.timeline.TimelineView;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Severity;
import dev.tracelint.text.LineIndex;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.ToDoubleFunction;
import org.eclipse.lsp4j.Position;
import dev.tracelint.lsp.protocol.Convert;

/**
 * The compact encoding of one {@value TimelineRequest#METHOD} answer (docs/lsp.md,
 * Timeline, documents it exactly): times as integers of a unit fine enough for the pixels
 * ({@code timeBase + k / 10^timeDigits} µs), names interned in a table per answer, and items as
 * runs of integers in flat arrays, relative to the item before, instead of one object per item.
 * A whole 100 MB trace at 1,600 px was 6.7 M chars of JSON as objects.
 */
final class TimelineCodec {
    /** Flags of an item: severity in the low 3 bits, then these. */
    static final int MERGED = 8;
    static final int OPEN = 16;
    static final int END_RANGE = 32;
    /** A time's error stays under a hundredth of a pixel. */
    private static final double UNITS_PER_PX = 100;
    /** Integers JSON readers (JavaScript's doubles) hold exactly. */
    private static final double EXACT = 9.007199254740991E15;

    private final TraceIndex index;
    private final LineIndex lines;
    private final double base;
    private final int digits;
    private final double scale;
    private final Map<String, Integer> nameNumbers = new HashMap<>();
    private final JsonArray names = new JsonArray();

    TimelineCodec(TimelineView v, TraceIndex index, LineIndex lines) {
        this.index = index;
        this.lines = lines;
        this.base = v.start();
        double usPerPx = (v.end() - v.start()) / Math.max(1, v.widthPx());
        int d = (int) Math.ceil(-Math.log10(usPerPx / UNITS_PER_PX));
        // no integer beyond 2^53: the farthest time of the trace from the base, and the trace's span (items
        // are sent relative to the one before, so a difference can be as large as the span), bound the unit
        double farthest = Math.max(Math.max(Math.abs(v.traceStart() - base), Math.abs(v.traceEnd() - base)),
                Math.abs(v.traceEnd() - v.traceStart())) + usPerPx + 1;
        d = Math.min(d, (int) Math.floor(Math.log10(EXACT / farthest)));
        this.digits = Math.max(-300, Math.min(300, d));
        this.scale = Math.pow(10, digits);
    }

    /** {@code timeBase}, {@code timeDigits} and the {@code names} table (complete once everything was encoded). */
    void header(JsonObject o) {
        o.addProperty("timeBase", base);
        o.addProperty("timeDigits", digits);
        o.add("names", names);
    }

    /** A time as the integer k of {@code timeBase + k / 10^timeDigits}. */
    long time(double us) {
        return Math.round((us - base) * scale);
    }

    /** A duration in the same unit. */
    long duration(double us) {
        return Double.isFinite(us) ? Math.round(us * scale) : 0;
    }

    int name(String name) {
        String n = name == null ? "" : name;
        Integer k = nameNumbers.get(n);
        if (k == null) {
            k = names.size();
            nameNumbers.put(n, k);
            names.add(n);
        }
        return k;
    }

    /**
     * Items one after another: {@code flags, ts, dur, depth}, then {@code count} (merged) or
     * {@code name, line, character, lines, endCharacter} and, for a pair, its end's
     * {@code line, character, lines, endCharacter}; ts and line relative to the item before.
     */
    JsonArray items(List<TimelineView.Item> items) {
        JsonArray out = new JsonArray();
        long lastTs = 0;
        int lastLine = 0;
        for (TimelineView.Item i : items) {
            int closer = i.merged() ? TraceIndex.NONE : index.partner(i.event());
            boolean endRange = closer != TraceIndex.NONE && isBegin(index.phase(i.event())); // its E's findings are the item's too
            out.add(severity(i.worst()) | (i.merged() ? MERGED : 0) | (!i.merged() && i.open() ? OPEN : 0)
                    | (endRange ? END_RANGE : 0));
            long ts = time(i.ts());
            out.add(ts - lastTs);
            lastTs = ts;
            out.add(duration(i.dur()));
            out.add(i.depth());
            if (i.merged()) {
                out.add(i.count());
                continue;
            }
            out.add(name(i.name()));
            Position a = Convert.position(lines, index.start(i.event()));
            Position b = Convert.position(lines, index.end(i.event()));
            out.add(a.getLine() - lastLine);
            lastLine = a.getLine();
            out.add(a.getCharacter());
            out.add(b.getLine() - a.getLine());
            out.add(b.getCharacter());
            if (endRange) {
                Position c = Convert.position(lines, index.start(closer));
                Position e = Convert.position(lines, index.end(closer));
                out.add(c.getLine() - a.getLine());
                out.add(c.getCharacter());
                out.add(e.getLine() - c.getLine());
                out.add(e.getCharacter());
            }
        }
        return out;
    }

    /** A counter series' points: {@code ts, min, max} one after another, ts relative to the point before. */
    JsonArray points(List<TimelineView.Point> points) {
        return byTime(points, TimelineView.Point::ts, (out, p) -> {
            out.add(number(p.min()));
            out.add(number(p.max()));
        });
    }

    /** Where the findings fall: {@code ts, severity, count} one after another, ts relative to the mark before. */
    JsonArray marks(List<TimelineView.Mark> marks) {
        return byTime(marks, TimelineView.Mark::ts, (out, m) -> {
            out.add(severity(m.severity()));
            out.add(m.count());
        });
    }

    /** Each item's ts relative to the item before (the first's to 0), then what {@code rest} writes of it. */
    private <T> JsonArray byTime(List<T> items, ToDoubleFunction<T> tsOf, BiConsumer<JsonArray, T> rest) {
        JsonArray out = new JsonArray();
        long lastTs = 0;
        for (T item : items) {
            long ts = time(tsOf.applyAsDouble(item));
            out.add(ts - lastTs);
            lastTs = ts;
            rest.accept(out, item);
        }
        return out;
    }

    /** 0 none, 1 error, 2 warning, 3 information, 4 hint. */
    static int severity(Severity s) {
        return s == null ? 0 : s.ordinal() + 1;
    }

    /** A value as the shortest JSON: an integer without ".0". */
    private static Number number(double v) {
        return v == Math.rint(v) && Math.abs(v) < EXACT ? (Number) (long) v : (Number) v;
    }

    /** A B or b, or an N: its partner (E, e, the D that ended the object) is part of its item. */
    private static boolean isBegin(String phase) {
        return "B".equals(phase) || "b".equals(phase) || "N".equals(phase);
    }
}

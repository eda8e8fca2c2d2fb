package dev.tracelint.read;

import dev.tracelint.text.Quoted;
import dev.tracelint.model.Phase;
import dev.tracelint.text.TextRange;

/**
 * One trace event as the reader saw it: where its object starts and ends, and each of its
 * members with the offsets of key and value. The same instance is refilled for every event, so
 * rules copy what they keep. Nested objects are recorded one level deep ({@code args.name},
 * {@code id2.local}); deeper values are skipped, never built into a tree.
 */
public final class EventView {
    final Members members = new Members(true);
    long index;
    long start;
    long end;
    long commaBefore = -1;
    long commaAfter = -1;
    long nextElement = -1;
    boolean objectForm;
    TraceSource source;

    /** An empty view over the same document, for handlers that keep views (see {@link TraceHandler#next}). */
    public EventView newSibling() {
        EventView v = new EventView();
        v.source = source;
        return v;
    }

    /** 0-based position of the event in the events array. */
    public long index() {
        return index;
    }

    /**
     * Whether the events array is the {@code traceEvents} of an object ({@code {"traceEvents": [...]}})
     * rather than the whole file: Perfetto reads the two forms' ends differently.
     */
    public boolean inObjectForm() {
        return objectForm;
    }

    /** Offset of the event's '{'. */
    public long start() {
        return start;
    }

    /** Offset just after the event's '}'. */
    public long end() {
        return end;
    }

    /** Offset of the ',' that separates this event from the previous element, or -1 if first. */
    public long commaBefore() {
        return commaBefore;
    }

    /** Offset of the ',' after this event, or -1 if it is the last element. */
    public long commaAfter() {
        return commaAfter;
    }

    /** Offset of the first non-whitespace char after {@link #commaAfter()}, or -1. */
    public long nextElement() {
        return nextElement;
    }

    /**
     * The event's source text, or null if it is longer than the reader's replay window (rules that
     * need the whole event, such as schema validation, must then judge from the recorded members).
     */
    public String rawText() {
        return source == null ? null : source.slice(start, end);
    }

    /** The source char at {@code offset} (within this event), or -1 if it left the replay window. No allocation. */
    public int charAt(long offset) {
        return source == null ? -1 : source.peekBack(offset);
    }

    /** The source text of a range within this event, or null if it left the replay window. */
    public String text(TextRange r) {
        return source == null ? null : source.slice(r.start(), r.end());
    }

    public TextRange range() {
        return new TextRange(start, end);
    }

    public Members members() {
        return members;
    }

    public Field get(String key) {
        return members.get(key);
    }

    public boolean has(String key) {
        return members.get(key) != null;
    }

    /** The member {@code key} of its {@code args} object, or null (no args, args not an object, no such member). */
    public Field arg(String key) {
        Field args = members.get("args");
        return args == null ? null : args.children().get(key);
    }

    /** The text of a string member, or null if absent or not a string. */
    public String string(String key) {
        Field f = members.get(key);
        return f != null && f.kind == ValueKind.STRING ? f.text() : null;
    }

    /** The {@code ph} string, or null. */
    public String ph() {
        Field f = members.get("ph");
        int letter = f == null ? -1 : f.singleChar();
        // every event's ph is asked for by several rules: the usual one-letter ph is a shared string
        return letter >= 0 && letter < ONE_LETTER.length ? ONE_LETTER[letter] : string("ph");
    }

    private static final String[] ONE_LETTER = new String[128];

    static {
        for (char c = 0; c < ONE_LETTER.length; c++) {
            ONE_LETTER[c] = String.valueOf(c);
        }
    }

    private int cachedGeneration = -1;
    private Phase cachedPhase;
    private String cachedThreadKey;

    private void cache() {
        if (cachedGeneration != members.generation) {
            cachedGeneration = members.generation;
            Field ph = members.get("ph");
            int letter = ph == null ? -1 : ph.singleChar();
            Phase phase = letter < 0 ? null : Phase.of((char) letter);
            if (cachedPhase != phase) { // see Field: stores into long-lived objects only on change
                cachedPhase = phase;
            }
            cachedThreadKey = null; // built on first ask: most events never need the string
        }
    }

    /** The known phase, or null for an unknown or missing {@code ph}. */
    public Phase phase() {
        cache();
        return cachedPhase;
    }

    public String name() {
        return string("name");
    }

    /** A number member's value, or NaN. */
    public double number(String key) {
        Field f = members.get(key);
        return f != null && f.kind == ValueKind.NUMBER ? f.asDouble() : Double.NaN;
    }

    /** The event's thread as "pid:tid" (numbers and strings by their text; missing parts empty). */
    public String threadKey() {
        cache();
        if (cachedThreadKey == null) {
            cachedThreadKey = identity("pid") + ":" + identity("tid");
        }
        return cachedThreadKey;
    }

    private String identity(String key) {
        Field f = members.get(key);
        return f == null ? "" : f.identity();
    }

    /** The range of the {@code ph} value, or of the whole event if there is none. */
    public TextRange phRangeOrEvent() {
        Field f = members.get("ph");
        return f != null ? f.valueRange() : new TextRange(start, start + 1);
    }

    /** A short human label: the phase letter and name, e.g. {@code B 'RunTask'}. */
    public String label() {
        String ph = ph();
        String name = name();
        StringBuilder b = new StringBuilder();
        b.append(ph == null ? "event" : Quoted.plain(ph)); // an unknown ph is a trace string too
        if (name != null) {
            b.append(' ').append(Quoted.named(name));
        }
        return b.toString();
    }
}

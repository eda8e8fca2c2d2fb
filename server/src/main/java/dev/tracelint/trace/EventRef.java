package dev.tracelint.trace;

import dev.tracelint.text.Quoted;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.text.TextRange;

/**
 * One event as facts name it: its number in the events array ({@code EventView.index()}), its
 * phase letter, the range of its {@code ph} value (of its '{' when it has none), its name (null if
 * missing or not a string), its ts as read (NaN if missing or not a number) and, for events matched
 * by id, the id as written ({@link IdText}, else null). Made only for events a fact names.
 */
public record EventRef(long index, char phase, long phStart, long phEnd, String name, double ts, IdText id) {

    /** The event being handed on, as a fact will name it. */
    public static EventRef of(EventView e, char phase, IdText id) {
        Field ph = e.get("ph");
        return new EventRef(e.index(), phase, ph != null ? ph.valueStart() : e.start(),
                ph != null ? ph.valueEnd() : e.start() + 1, e.name(), e.number("ts"), id);
    }

    /** The range of its {@code ph} value (of its '{' without one). */
    public TextRange ph() {
        return new TextRange(phStart, phEnd);
    }

    /** The ts as read (not rounded to whole nanoseconds), or "?" if it is missing or not a number. */
    public String tsText() {
        return Double.isNaN(ts) ? "?" : Json.number(ts);
    }

    /** The phase letter and name, e.g. {@code b 'Load'}; the letter alone without a name. */
    public String label() {
        return name == null ? String.valueOf(phase) : phase + " " + Quoted.named(name);
    }

    /** Its label, id and ts, e.g. {@code b 'Load' (id "0x1", ts 5)}: an event matched by id, as a finding names it. */
    public String labelWithIdAndTs() {
        return label() + " (id " + shownId() + ", ts " + tsText() + ")";
    }

    /** The id as shown in messages ({@code "0x1"}, {@code 7}, {@code {"local": "0x1"}}), "?" without one. */
    public String shownId() {
        return id == null ? "?" : id.toString();
    }
}

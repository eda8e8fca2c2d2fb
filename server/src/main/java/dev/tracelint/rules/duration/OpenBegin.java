package dev.tracelint.rules.duration;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;

/**
 * What the duration rules remember of a B still open: offsets, its name, its ts, and its pid and
 * tid as an inserted E must spell them. One object per B: almost every B gets closed, so ranges,
 * literals and exact values are made only for a finding. The ts is kept as its value ({@link
 * Double#NaN} if missing or not a number); pid and tid as their text (the recent-values table's
 * strings, so a repeated one allocates nothing), quoted only when a fix is written.
 */
record OpenBegin(long phStart, long phEnd, long nameStart, long nameEnd, String name, double ts,
                 String pidText, boolean pidIsString, String tidText, boolean tidIsString) {

    static OpenBegin of(EventView e) {
        Field ph = e.get("ph");
        Field name = e.get("name");
        Field pid = e.get("pid");
        Field tid = e.get("tid");
        return new OpenBegin(ph != null ? ph.valueStart() : e.start(), ph != null ? ph.valueEnd() : e.start() + 1,
                name != null ? name.valueStart() : -1, name != null ? name.valueEnd() : -1,
                name != null && name.kind() == ValueKind.STRING ? name.text() : null,
                e.number("ts"),
                text(pid), pid != null && pid.isString(), text(tid), tid != null && tid.isString());
    }

    /** A string's text or any other value's literal; null if missing. */
    private static String text(Field f) {
        return f == null ? null : f.isString() ? f.text() : f.jsonLiteral();
    }

    /** The pid as written, or null without one. */
    String pidLiteral() {
        return pidText == null ? null : pidIsString ? Json.quote(pidText) : pidText;
    }

    /** The tid as written, or null without one. */
    String tidLiteral() {
        return tidText == null ? null : tidIsString ? Json.quote(tidText) : tidText;
    }

    /** The range of the B's ph value (of its '{' without one). */
    TextRange ph() {
        return new TextRange(phStart, phEnd);
    }

    /** The range of the B's name value, or null without one. */
    TextRange nameRange() {
        return nameStart < 0 ? null : new TextRange(nameStart, nameEnd);
    }

    /** The ts as a short decimal that reads back as its value, or null if it is missing or not finite. */
    BigDecimal exactTs() {
        return Double.isFinite(ts) ? new BigDecimal(Json.number(ts)) : null;
    }

    String label() {
        return name == null ? "B" : "B '" + name + "'";
    }
}

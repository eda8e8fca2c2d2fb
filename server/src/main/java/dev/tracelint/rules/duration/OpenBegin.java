package dev.tracelint.rules.duration;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;

/**
 * What the duration rules remember of a B still open: offsets, its name and its ts. One object
 * per B and nothing more: almost every B gets closed, so ranges and exact values are made only
 * for a finding. The ts is kept as its value ({@link Double#NaN} if missing or not a number).
 */
record OpenBegin(long phStart, long phEnd, long nameStart, long nameEnd, String name, double ts) {

    static OpenBegin of(EventView e) {
        Field ph = e.get("ph");
        Field name = e.get("name");
        return new OpenBegin(ph != null ? ph.valueStart() : e.start(), ph != null ? ph.valueEnd() : e.start() + 1,
                name != null ? name.valueStart() : -1, name != null ? name.valueEnd() : -1,
                name != null && name.kind() == ValueKind.STRING ? name.text() : null,
                e.number("ts"));
    }

    /** The range of the B's ph value (of its '{' without one). */
    TextRange ph() {
        return new TextRange(phStart, phEnd);
    }

    /** The range of the B's name value, or null without one. */
    TextRange nameRange() {
        return nameStart < 0 ? null : new TextRange(nameStart, nameEnd);
    }

    /** The ts as the shortest decimal that reads back as its value, or null if it is missing or not finite. */
    BigDecimal exactTs() {
        return Double.isFinite(ts) ? new BigDecimal(Json.number(ts)) : null;
    }

    String label() {
        return name == null ? "B" : "B '" + name + "'";
    }
}

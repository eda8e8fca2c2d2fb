package dev.tracelint.rules.duration;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;

/**
 * What the duration rules remember of a B still open: its ranges and the values a fix needs. The
 * ts is kept as its literal: almost every B gets closed, so its exact value is parsed only for a fix.
 */
record OpenBegin(TextRange ph, TextRange nameRange, String name, String tsLiteral,
                 String pidLiteral, String tidLiteral) {

    static OpenBegin of(EventView e) {
        Field name = e.get("name");
        Field ts = e.get("ts");
        Field pid = e.get("pid");
        Field tid = e.get("tid");
        return new OpenBegin(e.phRangeOrEvent(),
                name != null ? name.valueRange() : null,
                name != null && name.kind() == ValueKind.STRING ? name.text() : null,
                ts != null && ts.isNumber() ? ts.text() : null,
                pid != null ? pid.jsonLiteral() : null,
                tid != null ? tid.jsonLiteral() : null);
    }

    /** The exact ts, or null if it is missing or not a number. */
    BigDecimal ts() {
        if (tsLiteral == null) {
            return null;
        }
        try {
            return new BigDecimal(tsLiteral);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    String label() {
        return name == null ? "B" : "B '" + name + "'";
    }
}

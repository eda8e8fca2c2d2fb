package dev.tracelint.rules.duration;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;

/** What the duration rules remember of a B still open: its ranges and the values a fix needs. */
record OpenBegin(TextRange event, TextRange ph, TextRange nameRange, String name, BigDecimal ts,
                 String pidLiteral, String tidLiteral) {

    static OpenBegin of(EventView e) {
        Field name = e.get("name");
        Field ts = e.get("ts");
        Field pid = e.get("pid");
        Field tid = e.get("tid");
        return new OpenBegin(e.range(), e.phRangeOrEvent(),
                name != null ? name.valueRange() : null,
                name != null && name.kind() == ValueKind.STRING ? name.text() : null,
                ts != null ? ts.asDecimal() : null,
                pid != null ? pid.jsonLiteral() : null,
                tid != null ? tid.jsonLiteral() : null);
    }

    String label() {
        return name == null ? "B" : "B '" + name + "'";
    }
}

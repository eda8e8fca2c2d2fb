package dev.tracelint.rules.duration;

import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

/** A B or E earlier than the previous B/E on its thread: the spec requires increasing order. */
public final class NonMonotonicTimestamp implements Rule {
    public static final RuleInfo INFO = new RuleInfo("non-monotonic-timestamp", Severity.ERROR,
            "A B/E event earlier than the previous B/E on its thread");

    private record Last(BigDecimal ts, String text, TextRange range, String ph) {
    }

    private final Map<String, Last> last = new HashMap<>();

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void accept(EventView e, Report out) {
        Phase p = e.phase();
        if (p != Phase.BEGIN && p != Phase.END) {
            return;
        }
        Field tsField = e.get("ts");
        BigDecimal ts = tsField != null ? tsField.asDecimal() : null;
        if (ts == null) {
            return;
        }
        String thread = e.threadKey();
        Last previous = last.get(thread);
        if (previous != null && ts.compareTo(previous.ts()) < 0) {
            out.add(out.at(tsField.valueRange(), p.letter() + " at ts " + tsField.text() + " comes after ts "
                            + previous.text() + " on thread " + thread
                            + " (B/E timestamps must increase per thread)")
                    .related(previous.range(), "the earlier " + previous.ph() + " at ts " + previous.text()));
            return; // keep the larger ts as the bar
        }
        last.put(thread, new Last(ts, tsField.text(), tsField.valueRange(), p.letter()));
    }
}

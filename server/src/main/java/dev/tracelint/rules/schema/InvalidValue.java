package dev.tracelint.rules.schema;

import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.schema.EventCheck;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.schema.Violation;
import java.util.List;

/** A value outside what the trace JSON Schema allows ({@code "s": "G"}, {@code "displayTimeUnit": "us"}). */
public final class InvalidValue implements Rule {
    public static final RuleInfo INFO = new RuleInfo(TraceSchema.INVALID_VALUE, Severity.ERROR,
            "A value outside the allowed set (s not g/p/t, displayTimeUnit not ms/ns...), per the trace JSON Schema");

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void accept(EventView event, Report out) {
        report(EventCheck.of(event), out);
    }

    @Override
    public void acceptTopLevel(Field member, Report out) {
        report(EventCheck.ofTopLevel(member), out);
    }

    private static void report(List<Violation> violations, Report out) {
        for (Violation v : violations) {
            if (v.rule().equals(TraceSchema.INVALID_VALUE)) {
                Finding.Builder f = out.at(v.range(), v.message());
                if (v.fix() != null) {
                    f.fix(v.fix());
                }
                out.add(f);
            }
        }
    }
}

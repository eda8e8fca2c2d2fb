package dev.tracelint.rules.schema;

import dev.tracelint.finding.Finding;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.schema.SchemaChecks;
import dev.tracelint.schema.Violation;
import java.util.List;

/**
 * What the three schema rules share: each reports the schema violations that carry its own id,
 * for every event and every member of the object form's container.
 */
abstract class SchemaViolations implements Rule {
    private final SchemaChecks checks;
    /** The rule id of the violations this rule reports. */
    private final String id;

    SchemaViolations(SchemaChecks checks, String id) {
        this.checks = checks;
        this.id = id;
    }

    @Override
    public final void accept(EventView event, Report out) {
        report(checks.of(event), event, null, out);
    }

    @Override
    public final void acceptTopLevel(Field member, Report out) {
        report(checks.ofTopLevel(member), null, member, out);
    }

    /**
     * Whether the rule holds the finding of {@code condition} on {@code event} back (to add it later,
     * with what only the end of the document tells); by default none is.
     */
    boolean held(String condition, EventView event, Finding.Builder f, Report to) {
        return false;
    }

    /**
     * {@code event}: the event the violations are of, or null for a member of the object form's container,
     * {@code member} (else null).
     */
    private void report(List<Violation> violations, EventView event, Field member, Report out) {
        if (violations.isEmpty()) {
            return; // nearly every event: no iterator (C1, the launcher's JIT, allocates one per for-each)
        }
        for (Violation v : violations) {
            if (v.rule().equals(id) && !SchemaConditions.reportedElsewhere(v, event)) {
                String condition = SchemaConditions.of(v, event);
                Report to = condition == null ? out : out.condition(condition);
                Finding.Builder f = to.at(v.range(), v.message());
                if (event != null && MissingField.isPhaseMissing(condition)) {
                    f.fix(MissingField.removeEventWithoutPhase(event));
                }
                if (v.fix() != null) {
                    f.fix(v.fix());
                } else if (InvalidType.SYSTEM_TRACE.equals(condition) && member != null) {
                    f.fix(InvalidType.systemTraceFix(member));
                }
                if (!held(condition, event, f, to)) {
                    to.add(f);
                }
            }
        }
    }
}

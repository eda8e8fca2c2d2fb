package dev.tracelint.finding;

import dev.tracelint.model.Severity;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/** One problem: which rule, how bad, what, exactly where, what else to look at, how to fix. */
public record Finding(String ruleId, Severity severity, String message, TextRange range,
                      List<Related> related, List<Fix> fixes) {
    public Finding {
        related = List.copyOf(related);
        fixes = List.copyOf(fixes);
    }

    public Finding withSeverity(Severity s) {
        return new Finding(ruleId, s, message, range, related, fixes);
    }

    public static Builder of(String ruleId, Severity severity, TextRange range, String message) {
        return new Builder(ruleId, severity, range, message);
    }

    /** Collects related locations and fixes before building the immutable finding. */
    public static final class Builder {
        private final String ruleId;
        private final Severity severity;
        private final TextRange range;
        private final String message;
        private final List<Related> related = new ArrayList<>(1);
        private final List<Fix> fixes = new ArrayList<>(1);

        private Builder(String ruleId, Severity severity, TextRange range, String message) {
            this.ruleId = ruleId;
            this.severity = severity;
            this.range = range;
            this.message = message;
        }

        public Builder related(TextRange r, String why) {
            related.add(new Related(r, why));
            return this;
        }

        public Builder fix(Fix f) {
            fixes.add(f);
            return this;
        }

        public Finding build() {
            return new Finding(ruleId, severity, message, range, related, fixes);
        }
    }
}

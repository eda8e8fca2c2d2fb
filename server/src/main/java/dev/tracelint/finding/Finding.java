package dev.tracelint.finding;


import dev.tracelint.model.Severity;
import dev.tracelint.text.LongText;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Impact;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One problem: which rule, how bad and what it does to the viewers ({@link Impact}), exactly
 * where, and its {@link Details} (what, what else to look at, how to fix). Two findings are equal
 * when all of these are. Kept small: a trace may have millions, and the CLI holds them all to
 * report them in position order.
 */
public final class Finding {
    private final String ruleId;
    private final Impact impact; // shared by every finding of its condition: one reference, no copy
    private final long start;
    private final long end;
    private final Details details;

    public Finding(String ruleId, Impact impact, TextRange range, Details details) {
        this.ruleId = Objects.requireNonNull(ruleId);
        this.impact = Objects.requireNonNull(impact);
        this.start = range.start(); // offsets, not the range: one object less per finding
        this.end = range.end();
        this.details = Objects.requireNonNull(details);
    }

    /** A finding the viewer model says nothing about (a problem in tracelint.json, a note). */
    public Finding(String ruleId, Severity severity, TextRange range, Details details) {
        this(ruleId, Impact.plain(severity), range, details);
    }

    public Finding(String ruleId, Severity severity, String message, TextRange range,
                   List<Related> related, List<Fix> fixes) {
        this(ruleId, severity, range, new Written(message, related, fixes));
    }

    public String ruleId() {
        return ruleId;
    }

    public Severity severity() {
        return impact.severity();
    }

    /** Its condition and what the targeted viewers do with it. */
    public Impact impact() {
        return impact;
    }

    public TextRange range() {
        return new TextRange(start, end);
    }

    /** The rule's description of the defect, then what the targeted viewers do with it (made from the viewer model). */
    public String message() {
        return impact.message(details.message());
    }

    public List<Related> related() {
        return details.related();
    }

    /**
     * The fixes, but for one that would write a string the reader held bounded ({@link LongText}):
     * its whole text is not at hand, so such a fix cannot be written and is not offered.
     */
    public List<Fix> fixes() {
        List<Fix> fixes = details.fixes();
        for (Fix f : fixes) {
            if (writesHeldBounded(f)) {
                return fixes.stream().filter(x -> !writesHeldBounded(x)).toList();
            }
        }
        return fixes;
    }

    private static boolean writesHeldBounded(Fix f) {
        for (TextEdit e : f.edits()) {
            if (LongText.holdsBounded(e.newText())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Finding f && start == f.start && end == f.end && ruleId.equals(f.ruleId)
                && severity() == f.severity() && message().equals(f.message()) && related().equals(f.related())
                && fixes().equals(f.fixes());
    }

    @Override
    public int hashCode() {
        return Objects.hash(ruleId, severity(), message(), range(), related(), fixes());
    }

    @Override
    public String toString() {
        return "Finding[ruleId=" + ruleId + ", severity=" + severity() + ", message=" + message() + ", range=" + range()
                + ", related=" + related() + ", fixes=" + fixes() + "]";
    }

    public static Builder of(String ruleId, Severity severity, TextRange range, String message) {
        return new Builder(ruleId, Impact.plain(severity), range, message);
    }

    public static Builder of(String ruleId, Impact impact, TextRange range, String message) {
        return new Builder(ruleId, impact, range, message);
    }

    /** Details written out when the finding was made. */
    private record Written(String message, List<Related> related, List<Fix> fixes) implements Details {
        Written {
            Objects.requireNonNull(message);
            related = List.copyOf(related); // List.of()'s shared empty list, no copy of an immutable one
            fixes = List.copyOf(fixes);
        }
    }

    /** Collects related locations and fixes before building the immutable finding. */
    public static final class Builder {
        private final String ruleId;
        private final Impact impact;
        private final TextRange range;
        private final String message;
        private List<Related> related = List.of();
        private List<Fix> fixes = List.of();

        private Builder(String ruleId, Impact impact, TextRange range, String message) {
            this.ruleId = ruleId;
            this.impact = impact;
            this.range = range;
            this.message = message;
        }

        public Builder related(TextRange r, String why) {
            related = append(related, new Related(r, why));
            return this;
        }

        public Builder fix(Fix f) {
            fixes = append(fixes, f);
            return this;
        }

        /** Most findings have no related place and at most one fix: no list is made until a second. */
        private static <T> List<T> append(List<T> list, T item) {
            if (list.isEmpty()) {
                return List.of(item);
            }
            List<T> grown = new ArrayList<>(list);
            grown.add(item);
            return grown;
        }

        public Finding build() {
            return new Finding(ruleId, impact, range, new Written(message, related, fixes));
        }
    }
}

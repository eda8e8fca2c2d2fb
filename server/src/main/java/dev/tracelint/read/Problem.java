package dev.tracelint.read;

import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextRange;
import java.util.List;
import java.util.Objects;

/**
 * What the reader itself finds wrong while it reads (malformed JSON, an array without its ']',
 * bytes that are not UTF-8, an events array element that is not an object): the rule, where, what it says and how to fix it. It has no severity:
 * the analysis rates it as it rates every rule's findings, from the rule registry and the
 * configuration, so a rule's default severity is written in one place.
 */
public record Problem(String ruleId, TextRange range, String message, List<Fix> fixes) implements Details {
    public Problem {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(range);
        Objects.requireNonNull(message);
        fixes = List.copyOf(fixes);
    }

    public Problem(String ruleId, TextRange range, String message, Fix... fixes) {
        this(ruleId, range, message, List.of(fixes));
    }
}

package dev.tracelint.rules;

/**
 * A rule whose finding is an absence (a B no E closes, a flow never ended, a dump without its global one) or an
 * end whose start is not there: what it says is missing may be in events a syntax error hid, so it
 * {@link Rule#judgesWholeTrace() judges the whole trace}. Said once here rather than by an override in each rule.
 */
public interface WholeTraceRule extends Rule {
    @Override
    default boolean judgesWholeTrace() {
        return true;
    }
}

package dev.tracelint.rules;

import dev.tracelint.finding.Details;
import dev.tracelint.finding.Finding;
import dev.tracelint.text.TextRange;

/** Where a rule reports; the severity is the rule's effective one (config and targeted viewers applied). */
public interface Report {
    /**
     * Where the rule reports findings of one of its other conditions in the viewer model
     * ({@code <rule>/<what>}, e.g. {@code missing-field/name}): viewers treat it differently from
     * the rule's own, so its findings get that condition's severity and count in the verdicts by it.
     */
    Report condition(String conditionId);

    /** Starts a finding for the reporting rule at {@code range}; call build/add when done. */
    Finding.Builder at(TextRange range, String message);

    /**
     * Starts a summary of the rule's findings at {@code range} (a flood of them on one thread): of
     * the rule's severity, but outside the viewer model, so that the verdicts count only the
     * findings it sums up, not the summary.
     */
    Finding.Builder summaryAt(TextRange range, String message);

    void add(Finding.Builder finding);

    /**
     * Reports a finding whose text is written when asked (see {@link Details}): for rules that
     * may report once per event, so that a finding costs a small record.
     */
    void add(TextRange range, Details details);
}

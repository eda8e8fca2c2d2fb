package dev.tracelint.finding;

import java.util.List;

/**
 * What a finding says and offers: its message, related places and fixes. A rule that may report
 * once per event (a million unclosed B in one trace) keeps only the facts it already has and
 * writes the text when asked, so a finding costs a small record instead of its strings, lists and
 * edits. Implementations are immutable and must give equal answers every time they are asked.
 */
public interface Details {
    String message();

    /**
     * Which of its rule's conditions in the viewer model this is ({@code <rule>/<what>}), or null
     * for the rule's own: for findings made outside a rule (the reader's problems), whose rule
     * cannot choose it when it reports.
     */
    default String condition() {
        return null;
    }

    /** Related places, in the order they are shown; an empty list for none. */
    default List<Related> related() {
        return List.of();
    }

    /** Fixes, the preferred one first; an empty list for none. */
    default List<Fix> fixes() {
        return List.of();
    }
}

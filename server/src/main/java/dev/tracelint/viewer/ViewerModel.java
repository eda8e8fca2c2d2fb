package dev.tracelint.viewer;

import dev.tracelint.rules.Rules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each viewer does with each condition a rule detects, gathered from the rules' declarations
 * (each rule class declares its conditions: {@code rules/Declaration#when}). Findings' severities
 * (for the viewers a user targets), the per-file verdicts and the tables of the rule pages are all
 * made from it.
 *
 * <p>Every condition cites the viewer's source (file and function; shared references in {@link Sources}).
 * DevTools, speedscope and tracerbench entries also name the case in tests/oracle/cases on which their
 * real importer showed it (the oracle runs it in CI and compares); catapult and Perfetto have no
 * runnable importer here, so their entries are code reading (../shared/spec/viewer-behaviour.md).
 * Perfetto's are of google/perfetto at ec5d16b1 (2026-08-22) and checked against Perfetto's own JSON
 * importer tests (PerfettoOracleTest). A rule without a condition (invalid-config) keeps the severity
 * its declaration gives it.
 */
public final class ViewerModel {
    private static final List<Condition> CONDITIONS = Rules.declarations().stream()
            .flatMap(d -> d.conditions().stream()).toList();
    private static final Map<String, Condition> BY_ID = index(CONDITIONS);

    private ViewerModel() {
    }

    /** Every condition, in the order of the rules (the docs' order), each rule's own first. */
    public static List<Condition> all() {
        return CONDITIONS;
    }

    /** The condition with this id, or null. */
    public static Condition condition(String id) {
        return BY_ID.get(id);
    }

    /** The rule's own condition, then its others, in the order of its declaration; empty for a rule the model does not know. */
    public static List<Condition> of(String ruleId) {
        List<Condition> out = new ArrayList<>();
        for (Condition c : CONDITIONS) {
            if (c.rule().equals(ruleId)) {
                out.add(c);
            }
        }
        return Collections.unmodifiableList(out);
    }

    private static Map<String, Condition> index(List<Condition> conditions) {
        Map<String, Condition> m = new LinkedHashMap<>();
        for (Condition c : conditions) {
            if (m.put(c.id(), c) != null) {
                throw new IllegalStateException("condition " + c.id() + " is in the viewer model twice");
            }
            if (!c.id().equals(c.rule()) && !m.containsKey(c.rule())) {
                throw new IllegalStateException(c.id() + " comes before its rule's own condition " + c.rule());
            }
        }
        return Collections.unmodifiableMap(m);
    }
}

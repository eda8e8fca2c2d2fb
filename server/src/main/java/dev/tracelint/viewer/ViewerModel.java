package dev.tracelint.viewer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each viewer does with each condition a rule detects: every rule's conditions, in the order
 * of the rules (the docs' order), each rule's own first. The rules declare them (each rule class:
 * {@code rules/Declaration#when}), the rule registry gathers them once ({@code rules/registry/Rules#viewerModel});
 * this package knows neither. A finding's severity comes from its rule's own conditions
 * ({@code rules/RuleInfo#conditions}); this whole model is for what reads every condition (the checks
 * of the model's entries against the oracle and the sources).
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
    private final List<Condition> conditions;
    private final Map<String, Condition> byId;

    /** Of these conditions, each id once (the registry's rule ids are unique, and a rule declares each of its conditions once). */
    public ViewerModel(List<Condition> conditions) {
        this.conditions = List.copyOf(conditions);
        Map<String, Condition> m = new LinkedHashMap<>();
        for (Condition c : this.conditions) {
            m.put(c.id(), c);
        }
        this.byId = Collections.unmodifiableMap(m);
    }

    /** Every condition, in the order of the rules (the docs' order), each rule's own first. */
    public List<Condition> all() {
        return conditions;
    }

    /** The condition with this id, or null. */
    public Condition condition(String id) {
        return byId.get(id);
    }
}

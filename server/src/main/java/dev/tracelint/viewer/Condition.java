package dev.tracelint.viewer;

import dev.tracelint.model.Severity;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One defect a rule detects, with what every viewer does with it. A rule's own condition has the
 * rule's id; a rule that finds defects the viewers treat differently has more, named
 * {@code <rule>/<what>} ({@code missing-field/name}).
 *
 * @param id           the rule id, or {@code <rule>/<what>}
 * @param label        what is wrong, in a few words, for the verdict lines ("event without name")
 * @param nothingToFix the spec allows it and no edit of the trace should fix it (a trace without
 *                     B/E/X, a recording with no events): the viewers' consequences still make the
 *                     verdicts and the messages, but its findings are only information, whatever the
 *                     targeted viewers do (docs/will-it-load.md, severities)
 */
public record Condition(String id, String label, Map<Viewer, Effect> effects, boolean nothingToFix) {
    /** A condition that is a defect of the trace (most). */
    public Condition(String id, String label, Map<Viewer, Effect> effects) {
        this(id, label, effects, false);
    }

    public Condition {
        Objects.requireNonNull(id);
        Objects.requireNonNull(label);
        effects = new EnumMap<>(effects);
        for (Viewer v : Viewer.values()) {
            if (!effects.containsKey(v)) {
                throw new IllegalArgumentException(id + ": no entry for " + v.id());
            }
        }
    }

    /** The rule that detects it. */
    public String rule() {
        int slash = id.indexOf('/');
        return slash < 0 ? id : id.substring(0, slash);
    }

    public Effect effect(Viewer v) {
        return effects.get(v);
    }

    /** The worst of its consequences in the targeted viewers. */
    public Consequence worst(Viewers targets) {
        Consequence worst = Consequence.NONE;
        for (Viewer v : targets) {
            Consequence c = effects.get(v).consequence();
            if (c.compareTo(worst) > 0) {
                worst = c;
            }
        }
        return worst;
    }

    /**
     * Its severity when these viewers are targeted (see {@link Consequence#severity()}); information
     * for a condition with {@link #nothingToFix}: a finding is an error or a warning only where the
     * trace is at fault.
     */
    public Severity severity(Viewers targets) {
        return nothingToFix ? Severity.INFORMATION : worst(targets).severity();
    }
}

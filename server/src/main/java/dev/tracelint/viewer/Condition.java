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
 * @param id    the rule id, or {@code <rule>/<what>}
 * @param label what is wrong, in a few words, for the verdict lines ("event without name")
 */
public record Condition(String id, String label, Map<Viewer, Effect> effects) {
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

    /** Its severity when these viewers are targeted (see {@link Consequence#severity()}). */
    public Severity severity(Viewers targets) {
        return worst(targets).severity();
    }
}

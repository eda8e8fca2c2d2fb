package dev.tracelint.viewer;

import dev.tracelint.model.Severity;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a finding means for the viewers a user targets: its condition, its severity and what each
 * targeted viewer does. One per condition and configuration, shared by all the findings of that
 * condition, so a finding pays one reference for it.
 */
public final class Impact {
    private static final Map<Severity, Impact> PLAIN = new EnumMap<>(Severity.class);

    static {
        for (Severity s : Severity.values()) {
            PLAIN.put(s, new Impact(null, s, null));
        }
    }

    private final Condition condition;
    private final Severity severity;
    private final Viewers targets;
    /**
     * What the targeted viewers do, as the end of a message: made when a message first needs it
     * (two threads may both make it; they make the same string).
     */
    private String clause;

    private Impact(Condition condition, Severity severity, Viewers targets) {
        this.condition = condition;
        this.severity = Objects.requireNonNull(severity);
        this.targets = targets;
    }

    /** A finding outside the viewer model (invalid-config, a summary note): only a severity. */
    public static Impact plain(Severity severity) {
        return PLAIN.get(severity);
    }

    /** A finding of {@code condition} (null when the model has none for its rule) rated {@code severity}, for {@code targets}. */
    public static Impact of(Condition condition, Severity severity, Viewers targets) {
        return condition == null ? plain(severity) : new Impact(condition, severity, targets);
    }

    public Severity severity() {
        return severity;
    }

    /** The condition, or null for a finding the model says nothing about. */
    public Condition condition() {
        return condition;
    }

    /**
     * The message of a finding that says {@code defect} (what is wrong, where, the values): the
     * defect, then what the targeted viewers do with it (see {@link ConsequenceText}).
     */
    public String message(String defect) {
        if (condition == null) {
            return defect;
        }
        String c = clause;
        if (c == null) {
            clause = c = ConsequenceText.clause(condition, targets);
        }
        return ConsequenceText.message(defect, c);
    }

    /** What a targeted viewer does; {@link Consequence#NONE} for a viewer not targeted or a finding outside the model. */
    public Consequence consequence(Viewer v) {
        return condition == null || !targets.contains(v) ? Consequence.NONE : condition.effect(v).consequence();
    }
}

package dev.tracelint.viewer;

import dev.tracelint.model.Severity;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
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

    /** What a targeted viewer does; {@link Consequence#NONE} for a viewer not targeted or a finding outside the model. */
    public Consequence consequence(Viewer v) {
        return condition == null || !targets.contains(v) ? Consequence.NONE : condition.effect(v).consequence();
    }

    /**
     * What the targeted viewers do, for the end of a message: "DevTools cannot load the file;
     * Perfetto drops it", "not visible in any viewer" (only the targeted viewers are named). Empty for a
     * finding outside the model.
     */
    public String clause() {
        if (condition == null) {
            return "";
        }
        Map<Consequence, List<Viewer>> by = new EnumMap<>(Consequence.class);
        for (Viewer v : targets) {
            by.computeIfAbsent(condition.effect(v).consequence(), c -> new ArrayList<>()).add(v);
        }
        StringBuilder b = new StringBuilder();
        for (Consequence c : new Consequence[] {Consequence.FAILS, Consequence.DROPPED, Consequence.WRONG}) {
            List<Viewer> vs = by.get(c);
            if (vs != null) {
                b.append(b.length() == 0 ? "" : "; ").append(names(vs, " and ")).append(' ').append(verb(c, vs.size()));
            }
        }
        if (b.length() == 0) {
            return targets.size() == Viewer.values().length ? "not visible in any viewer"
                    : "not visible in " + names(by.get(Consequence.NONE), " or ");
        }
        return b.toString();
    }

    private static String verb(Consequence c, int subjects) {
        String phrase = c.phrase();
        if (subjects == 1) {
            return phrase;
        }
        return switch (c) { // plural
            case FAILS -> phrase;
            case DROPPED -> "drop it";
            default -> "draw it wrongly";
        };
    }

    /** "A", "A and B", "A, B and C" (or "or"). */
    private static String names(List<Viewer> vs, String last) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < vs.size(); i++) {
            b.append(i == 0 ? "" : i == vs.size() - 1 ? last : ", ").append(vs.get(i).title());
        }
        return b.toString();
    }
}

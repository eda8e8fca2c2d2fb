package dev.tracelint.viewer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The part of a finding's message that says what the targeted viewers do with its condition, made
 * from the {@link ViewerModel} so that a message cannot contradict it: the viewers grouped by
 * consequence, the worst first, e.g. "DevTools and speedscope cannot load the file; Perfetto drops
 * it; chrome://tracing shows it wrongly". Viewers that show nothing are left out; if no targeted
 * viewer shows anything, it says so ("no viewer shows it", or "no targeted viewer shows it" where
 * an untargeted one does), since that is why such a finding is only information. Only targeted viewers are named: the clause then explains the finding's
 * severity, and what the others do is in the rule's page and the hover.
 *
 * <p>Made once per condition and set of targets (there are a few dozen conditions and at most 31
 * sets), when a message first asks for it, so a finding pays one concatenation when its message
 * is asked for, and a clean trace nothing.
 */
public final class ConsequenceText {
    /**
     * Per set of targets, per condition id, the clause. Keyed by the id, not the Condition: a
     * record's hashCode is linked through invokedynamic at its first call, which start-up avoids
     * (StartupWorkTest).
     */
    private static final Map<Viewers, Map<String, String>> CLAUSES = new ConcurrentHashMap<>();

    private ConsequenceText() {
    }

    /** The clause for {@code condition} when {@code targets} are targeted; never empty. */
    public static String clause(Condition condition, Viewers targets) {
        return CLAUSES.computeIfAbsent(targets, t -> new ConcurrentHashMap<>())
                .computeIfAbsent(condition.id(), id -> write(condition, targets));
    }

    /** A message: the rule's description of the defect, then the clause (if any) after a colon. */
    public static String message(String defect, String clause) {
        return clause == null ? defect : defect + ": " + clause;
    }

    private static String write(Condition condition, Viewers targets) {
        List<String> parts = new ArrayList<>();
        Consequence[] worstFirst = Consequence.values();
        for (int i = worstFirst.length - 1; i >= 0; i--) {
            Consequence c = worstFirst[i];
            if (c == Consequence.NONE) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (Viewer v : targets) {
                if (condition.effect(v).consequence() == c) {
                    names.add(v.title());
                }
            }
            if (!names.isEmpty()) {
                parts.add(join(names) + " " + verb(c, names.size() > 1));
            }
        }
        if (parts.isEmpty()) {
            return shownByNone(condition) ? "no viewer shows it" : "no targeted viewer shows it";
        }
        // why such a finding is only information although a viewer fails on it
        return String.join("; ", parts) + (condition.nothingToFix() ? " (the spec allows it: nothing in the trace to fix)" : "");
    }

    /** Whether no viewer at all, targeted or not, shows the condition. */
    private static boolean shownByNone(Condition condition) {
        for (Viewer v : Viewer.values()) {
            if (condition.effect(v).consequence() != Consequence.NONE) {
                return false;
            }
        }
        return true;
    }

    private static String verb(Consequence c, boolean plural) {
        return switch (c) {
            case FAILS -> "cannot load the file";
            case DROPPED -> plural ? "drop it" : "drops it";
            case WRONG -> plural ? "show it wrongly" : "shows it wrongly";
            case NONE -> throw new IllegalArgumentException("no text for " + c);
        };
    }

    /** "A", "A and B", "A, B and C". */
    private static String join(List<String> names) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}

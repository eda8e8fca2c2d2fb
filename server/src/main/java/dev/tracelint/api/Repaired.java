package dev.tracelint.api;

import java.util.List;

/**
 * The outcome of {@link Tracelint#repair}.
 *
 * @param status    {@link Status#CHECKED} when the input was read and the output written; otherwise why not
 *                  (the output is then not written)
 * @param reason    why the status is not {@link Status#CHECKED}, else null
 * @param changes   the fixes applied, in the order of the rounds
 * @param refused   the fixes refused because they made a targeted viewer's verdict worse
 * @param remaining what still stops a targeted viewer
 * @param before    the verdicts of the input, per targeted viewer
 * @param after     the verdicts of the repaired trace, in the same order
 * @param capped    whether the round cap stopped the repair with fixes still to apply
 */
public record Repaired(Status status, String reason, List<Change> changes, List<Change> refused, List<Unrepaired> remaining,
                       List<ViewerVerdict> before, List<ViewerVerdict> after, boolean capped) {
    /** Whether every targeted viewer loads the repaired trace. */
    public boolean loads() {
        return status == Status.CHECKED && after.stream().allMatch(v -> v.verdict().equals("loads"));
    }

    static Repaired failed(Status status, String reason) {
        return new Repaired(status, reason, List.of(), List.of(), List.of(), List.of(), List.of(), false);
    }
}

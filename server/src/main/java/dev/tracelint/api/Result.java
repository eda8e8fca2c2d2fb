package dev.tracelint.api;

import java.util.List;

/**
 * The outcome of checking one file.
 *
 * @param name     the name it was checked under
 * @param status   what became of it
 * @param reason   why it is not {@link Status#CHECKED} or {@link Status#NOT_A_TRACE}, else null
 * @param findings its findings in document order (hint-level ones included; {@code check} lists them
 *                 with {@code --show-hints})
 * @param verdicts what each targeted viewer makes of it (empty unless checked)
 * @param overview its overview (null unless checked)
 */
public record Result(String name, Status status, String reason, List<Problem> findings, List<ViewerVerdict> verdicts,
                     Overview overview) {
    /** How many findings have this severity id ({@code error}, {@code warning}, {@code information}, {@code hint}). */
    public long count(String severity) {
        return findings.stream().filter(p -> p.severity().equals(severity)).count();
    }

    static Result failed(String name, Status status, String reason) {
        return new Result(name, status, reason, List.of(), List.of(), null);
    }
}

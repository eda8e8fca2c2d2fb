package dev.tracelint.api;

/** What became of a file: checked as a trace, some other JSON, unreadable, or it broke the engine. */
public enum Status {
    /** Read to the end as a trace: its findings, verdicts and overview are there. */
    CHECKED("checked"),
    /** JSON that is not a trace (docs/cli.md "Which JSON is a trace"): no findings, no verdicts. */
    NOT_A_TRACE("not-a-trace"),
    /** It could not be read (missing, a folder, denied, broken gzip); {@link Result#reason()} says why. */
    UNREADABLE("unreadable"),
    /** The engine failed on it (an internal error); {@link Result#reason()} names the error. */
    INTERNAL_ERROR("internal-error"),
    /** The cancel signal turned true before the check finished. */
    CANCELLED("cancelled");

    private final String id;

    Status(String id) {
        this.id = id;
    }

    /** The id used in outputs: {@code checked}, {@code not-a-trace}, {@code unreadable}, ... (as {@code check --format json}'s status). */
    public String id() {
        return id;
    }
}

package dev.tracelint.api;

import dev.tracelint.model.IdFromName;

/** What became of a file: checked as a trace, some other JSON, unreadable, or it broke the engine. */
public enum Status implements IdFromName {
    /** Read to the end as a trace: its findings, verdicts and overview are there. */
    CHECKED,
    /** JSON that is not a trace (docs/cli.md "Which JSON is a trace"): no findings, no verdicts. */
    NOT_A_TRACE,
    /** It could not be read (missing, a folder, denied, broken gzip); {@link Result#reason()} says why. */
    UNREADABLE,
    /** The engine failed on it (an internal error); {@link Result#reason()} names the error. */
    INTERNAL_ERROR,
    /** The cancel signal turned true before the check finished. */
    CANCELLED
}

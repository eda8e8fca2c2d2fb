package dev.tracelint.spark;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Where the run's time went, in milliseconds: Spark's session start (from the JVM's start; -1 when
 * the session was given, as in the tests), listing the files, checking them (the job that checks
 * and counts, from its submission to its last task), writing both tables, and the summary; the
 * whole run from the JVM's start (from {@code run}'s start when the session was given).
 */
record Split(long session, long listing, long checking, long writing, long summary, long total, int tasks) {

    /** The two lines of the summary that say it, with the checks' own time and rate from {@code t}. */
    void print(Tally t, PrintStream out) {
        out.printf(Locale.ROOT, "time: %s s %s: session start %s s, listing %s s, checking %s s, writing %s s, summary %s s%n",
                s(total), session < 0 ? "since the job started (session given)" : "since the JVM started",
                session < 0 ? "-" : s(session), s(listing), s(checking), s(writing), s(summary));
        double mb = t.bytes / 1e6;
        // outside the checks' job: what does not shrink with more cores (the files' checks, summed over
        // the cores, would exceed the run's wall time with more than one)
        out.printf(Locale.ROOT, "checking: %d files, %.1f MB as stored, %d tasks; the files' checks took %s s (%.1f MB/s per core); %s s of the run was outside the checks' job%n",
                t.files, mb, tasks, s(t.millis), t.millis == 0 ? 0.0 : mb / (t.millis / 1000.0), s(total - checking));
    }

    private static String s(long millis) {
        return String.format(Locale.ROOT, "%.1f", millis / 1000.0);
    }
}

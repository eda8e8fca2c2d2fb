package dev.tracelint.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to check: the viewers to judge for, rule severities, a {@code tracelint.json}, and how many
 * findings to keep per file. {@link #DEFAULT} is {@code check} without options and without a
 * {@code tracelint.json}.
 *
 * @param viewers     viewer ids ({@code chrome-tracing}, {@code perfetto}, {@code devtools},
 *                    {@code speedscope}); empty for the config's (else all targeted by default)
 * @param severities  rule id to {@code off}, {@code error}, {@code warning}, {@code information} or
 *                    {@code hint}, on top of the config file's
 * @param configFile  a {@code tracelint.json} to use, or null for none
 * @param maxProblems the most findings a {@link Result} keeps (the first in document order; the
 *                    verdicts still see all of them), 0 for no limit
 */
public record Options(List<String> viewers, Map<String, String> severities, Path configFile, int maxProblems) {
    /** All viewers targeted by default, the rules' own severities, no config file, no limit. */
    public static final Options DEFAULT = new Options(List.of(), Map.of(), null, 0);

    public Options {
        viewers = List.copyOf(viewers);
        severities = Map.copyOf(severities);
        if (maxProblems < 0) {
            throw new IllegalArgumentException("maxProblems < 0: " + maxProblems);
        }
    }

    /** A copy for these viewers. */
    public Options withViewers(List<String> ids) {
        return new Options(ids, severities, configFile, maxProblems);
    }

    /** A copy with this {@code tracelint.json}. */
    public Options withConfigFile(Path file) {
        return new Options(viewers, severities, file, maxProblems);
    }

    /** A copy with these rule severities on top. */
    public Options withSeverities(Map<String, String> ruleSeverities) {
        return new Options(viewers, ruleSeverities, configFile, maxProblems);
    }

    /** A copy keeping at most {@code n} findings per file. */
    public Options withMaxProblems(int n) {
        return new Options(viewers, severities, configFile, n);
    }
}

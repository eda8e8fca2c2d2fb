package dev.tracelint.analysis;

import java.util.Locale;

/**
 * Whether a document was handed over as a trace. JSON that looks like a trace is judged either
 * way; what this decides is the rest: a document that is not JSON at all, or a lone string,
 * number or null, is a broken trace when it was claimed to be one, and otherwise just some other
 * file (docs/cli.md "Which JSON is a trace").
 */
public enum Claim {
    /** Any JSON: found by walking a folder, or a JSON document open in an editor. */
    ANY_JSON,
    /** Named as a trace: on the command line, piped in, asked for by path, or a file named *trace*. */
    TRACE;

    /** TRACE for a file whose name says "trace" (any case: {@code x.trace.json}, {@code Trace-1.json.gz}). */
    public static Claim byName(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).contains("trace") ? TRACE : ANY_JSON;
    }
}

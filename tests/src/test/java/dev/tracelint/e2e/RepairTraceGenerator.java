package dev.tracelint.e2e;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A trace of about a given size for {@code repair}, with a sprinkling of the defects real traces
 * have and tracelint has a fix for: an E without a name closing a named B (CMake, Mill, Horovod:
 * DevTools fails), a lower-case "x" phase on a thread of its own (dropped by chrome://tracing and
 * Perfetto), B events the recording never closed at the end, and a trailing comma before the
 * final ']' (the JSON does not parse). Everything else is well formed: X slices on eight threads,
 * one event per line, some names not ASCII. Streamed: memory does not grow with the size.
 *
 * <p>By hand, for the 1 GB measurement in docs/cli.md:
 * {@code java -cp tests/target/test-classes dev.tracelint.e2e.RepairTraceGenerator /tmp/big.json 1073741824}
 */
public final class RepairTraceGenerator {
    static final String[] NAMES = {"RunTask", "V8.Execute", "ParseHTML", "Layout", "Paint 🎨", "日本語のレンダリング", "GPUTask"};
    /** Every this many lines, a B and its nameless E. */
    static final int NAMELESS_EVERY = 997;
    /** Every this many lines, an "x" on a thread of its own. */
    static final int LOWERCASE_EVERY = 4999;
    static final int UNCLOSED_AT_END = 3;

    /** What was written: the defects, for the tests to count. */
    public record Written(long bytes, long lines, long namelessEnds, long lowercase, int unclosed) {
    }

    public static Written generate(Path file, long bytes) throws IOException {
        long[] ts = new long[9];
        long lines = 0;
        long nameless = 0;
        long lower = 0;
        try (OutputStream raw = Files.newOutputStream(file);
             Writer w = new OutputStreamWriter(new BufferedOutputStream(raw, 1 << 16), StandardCharsets.UTF_8)) {
            CountingWriter out = new CountingWriter(w);
            out.write("{\"traceEvents\": [\n");
            out.write("{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"Renderer\"}}");
            for (int t = 1; t <= 8; t++) {
                out.write(",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": " + t
                        + ", \"args\": {\"name\": \"worker " + t + "\"}}");
            }
            while (out.count < bytes) {
                lines++;
                int tid = (int) (lines % 8) + 1;
                String name = NAMES[(int) (lines % NAMES.length)];
                if (lines % NAMELESS_EVERY == 0) {
                    out.write(",\n{\"name\": \"" + name + "\", \"ph\": \"B\", \"pid\": 1, \"tid\": " + tid + ", \"ts\": " + ts[tid] + "}");
                    out.write(",\n{\"ph\": \"E\", \"pid\": 1, \"tid\": " + tid + ", \"ts\": " + (ts[tid] + 3) + "}");
                    ts[tid] += 5;
                    nameless++;
                } else if (lines % LOWERCASE_EVERY == 0) {
                    lower++;
                    out.write(",\n{\"name\": \"" + name + "\", \"ph\": \"x\", \"pid\": 1, \"tid\": " + (1000 + lower)
                            + ", \"ts\": " + ts[tid] + ", \"dur\": 2}");
                } else {
                    out.write(",\n{\"name\": \"" + name + "\", \"cat\": \"toplevel\", \"ph\": \"X\", \"pid\": 1, \"tid\": " + tid
                            + ", \"ts\": " + ts[tid] + ", \"dur\": 7, \"args\": {\"seq\": " + lines + "}}");
                    ts[tid] += 10;
                }
            }
            long last = 0;
            for (long t : ts) {
                last = Math.max(last, t);
            }
            for (int t = 1; t <= UNCLOSED_AT_END; t++) {
                out.write(",\n{\"name\": \"unfinished " + t + "\", \"ph\": \"B\", \"pid\": 1, \"tid\": " + t + ", \"ts\": " + last + "}");
            }
            out.write(",\n]}\n"); // the trailing comma
            return new Written(out.count, lines, nameless, lower, UNCLOSED_AT_END);
        }
    }

    /** Counts UTF-8 bytes as they are written. */
    private static final class CountingWriter {
        private final Writer w;
        long count;

        CountingWriter(Writer w) {
            this.w = w;
        }

        void write(String s) throws IOException {
            w.write(s);
            count += s.getBytes(StandardCharsets.UTF_8).length;
        }
    }

    public static void main(String[] args) throws IOException {
        Written w = generate(Path.of(args[0]), Long.parseLong(args[1]));
        System.out.println(w);
    }
}

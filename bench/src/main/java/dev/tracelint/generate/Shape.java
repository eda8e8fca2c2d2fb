package dev.tracelint.generate;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Traces of one hostile shape, for the benchmark: each was once quadratic in time or linear in
 * memory with a large factor. {@link #NORMAL} is {@link TraceGenerator}'s realistic trace.
 */
public enum Shape {
    /** The realistic trace of every phase. */
    NORMAL,
    /** One X event with as many distinct keys as fit the size ({@code duplicate-key} compared every pair). */
    WIDE_EVENT,
    /** B/E pairs whose E is always misnamed: one safe fix per E ({@code --fix} planned them pairwise). */
    MISNAMED_ENDS,
    /** B events only, none closed: one {@code unmatched-begin} finding per event, all held until the report. */
    UNCLOSED_BEGINS,
    /**
     * X events not sorted per thread, as tracers that write a slice when it ends do (children
     * before their parent), in chunks of 4,096 slices per thread, threads taking turns (merged
     * per-thread buffers): the trace model puts each thread back in time order within its bound.
     */
    UNSORTED_SLICES;

    /** The name on the command line, e.g. {@code wide-event}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Shape parse(String id) {
        for (Shape s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown shape '" + id + "' (normal, wide-event, misnamed-ends, unclosed-begins or unsorted-slices)");
    }

    /** Writes a trace of this shape of about {@code bytes} bytes (ASCII, so chars = bytes). */
    public TraceGenerator.Stats generate(Path file, long bytes, long seed) throws IOException {
        if (this == NORMAL) {
            return TraceGenerator.generate(file, bytes, seed);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            Counting w = new Counting(out);
            long events = switch (this) {
                case WIDE_EVENT -> wideEvent(w, bytes);
                case MISNAMED_ENDS -> misnamedEnds(w, bytes);
                case UNSORTED_SLICES -> unsortedSlices(w, bytes);
                default -> unclosedBegins(w, bytes);
            };
            return new TraceGenerator.Stats(w.written, events);
        }
    }

    private static long wideEvent(Counting w, long bytes) throws IOException {
        w.write("[{\"ph\":\"X\",\"name\":\"wide\",\"cat\":\"bench\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1");
        for (long k = 0; w.written < bytes - 3; k++) {
            w.write(",\"key" + k + "\":" + k);
        }
        w.write("}]\n");
        return 1;
    }

    private static long unsortedSlices(Counting w, long bytes) throws IOException {
        w.write("[\n");
        long events = 0;
        int threads = 8;
        int chunk = 4096;
        long[] task = new long[threads];
        for (int turn = 0; w.written < bytes - 2; turn = (turn + 1) % threads) {
            int tid = turn + 1;
            for (int k = 0; k < chunk && w.written < bytes - 2; k++) {
                long base = 100 * task[turn]++;
                // post-order: a child, a grandchild, its parent the second child, then the task itself
                events += slice(w, bytes, events, tid, "child", base + 10, 20);
                events += slice(w, bytes, events, tid, "grandchild", base + 45, 10);
                events += slice(w, bytes, events, tid, "child", base + 40, 30);
                events += slice(w, bytes, events, tid, "task" + (base % 1000), base, 90);
            }
        }
        w.write("\n]\n");
        return events;
    }

    /** Writes one X unless the file is full (the last task may lose its parent: its children still nest). */
    private static int slice(Counting w, long bytes, long written, int tid, String name, long ts, long dur) throws IOException {
        if (w.written >= bytes - 2) {
            return 0;
        }
        w.write(written == 0 ? "" : ",\n");
        w.write("{\"ph\":\"X\",\"name\":\"" + name + "\",\"cat\":\"bench\",\"pid\":1,\"tid\":" + tid
                + ",\"ts\":" + ts + ",\"dur\":" + dur + "}");
        return 1;
    }

    private static long misnamedEnds(Counting w, long bytes) throws IOException {
        w.write("[\n");
        long events = 0;
        for (long i = 0; w.written < bytes - 2; i++) {
            int tid = (int) (i % 8) + 1;
            w.write(events == 0 ? "" : ",\n");
            w.write("{\"ph\":\"B\",\"name\":\"task" + (i % 1000) + "\",\"cat\":\"bench\",\"pid\":1,\"tid\":" + tid
                    + ",\"ts\":" + (2 * i) + "},\n{\"ph\":\"E\",\"name\":\"misnamed\",\"cat\":\"bench\",\"pid\":1,\"tid\":"
                    + tid + ",\"ts\":" + (2 * i + 1) + "}");
            events += 2;
        }
        w.write("\n]\n");
        return events;
    }

    private static long unclosedBegins(Counting w, long bytes) throws IOException {
        w.write("[\n");
        long events = 0;
        for (long i = 0; w.written < bytes - 2; i++) {
            w.write(events == 0 ? "" : ",\n");
            w.write("{\"ph\":\"B\",\"name\":\"task" + (i % 1000) + "\",\"cat\":\"bench\",\"pid\":1,\"tid\":"
                    + (i % 8 + 1) + ",\"ts\":" + i + "}");
            events++;
        }
        w.write("\n]\n");
        return events;
    }

    /** Counts what it writes (all ASCII: one byte a char). */
    private static final class Counting {
        final Writer out;
        long written;

        Counting(Writer out) {
            this.out = out;
        }

        void write(String s) throws IOException {
            out.write(s);
            written += s.length();
        }
    }
}

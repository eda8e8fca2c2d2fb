package dev.tracelint.lsp;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import java.io.StringReader;

/**
 * Analyses a small synthetic trace at start-up, on a background thread, so the JIT has
 * compiled the reader and rules before the first real (possibly 50 MB) document arrives.
 */
final class Warmup {
    private Warmup() {
    }

    static String trace(int events) {
        StringBuilder b = new StringBuilder(events * 120).append("{\"traceEvents\": [\n");
        for (int i = 0; i < events; i++) {
            int tid = i % 4;
            long ts = i * 10L;
            switch (i % 6) {
                case 0 -> b.append("{\"ph\": \"B\", \"name\": \"Task Ä\", \"cat\": \"toplevel\", \"pid\": 1, \"tid\": ").append(tid)
                        .append(", \"ts\": ").append(ts).append(", \"args\": {\"n\": ").append(i).append("}}");
                case 1 -> b.append("{\"ph\": \"X\", \"name\": \"Work\", \"pid\": 1, \"tid\": ").append(tid).append(", \"ts\": ")
                        .append(ts).append(".5, \"dur\": 3}");
                case 2 -> b.append("{\"ph\": \"E\", \"pid\": 1, \"tid\": ").append((i - 2) % 4).append(", \"ts\": ").append(ts).append('}');
                case 3 -> b.append("{\"ph\": \"C\", \"name\": \"heap\", \"pid\": 1, \"ts\": ").append(ts)
                        .append(", \"args\": {\"used\": ").append(i * 3).append("}}");
                case 4 -> b.append("{\"ph\": \"b\", \"name\": \"req\", \"cat\": \"net\", \"id\": \"0x").append(Integer.toHexString(i))
                        .append("\", \"pid\": 1, \"tid\": ").append(tid).append(", \"ts\": ").append(ts).append('}');
                default -> b.append("{\"ph\": \"e\", \"name\": \"req\", \"cat\": \"net\", \"id\": \"0x").append(Integer.toHexString(i - 1))
                        .append("\", \"pid\": 1, \"tid\": ").append(tid).append(", \"ts\": ").append(ts).append(", \"s\": \"t\"}");
            }
            b.append(i + 1 < events ? ",\n" : "\n");
        }
        return b.append("], \"displayTimeUnit\": \"ms\"}").toString();
    }

    static void run() {
        String t = trace(20_000);
        for (int round = 0; round < 2; round++) {
            try {
                new Analyzer(Config.DEFAULT).analyze(new StringReader(t), () -> false, true);
            } catch (java.io.IOException | RuntimeException e) {
                return; // warm-up is best effort
            }
        }
    }
}

package dev.tracelint.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.read.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --whole-process}'s second generated trace, {@link TraceGenerator.Mix#RICH}: valid
 * JSON, the same for a seed, and per event more of what issue 27 names than the bench mix: args,
 * stack frames and async events. tracelint reads every event of it.
 */
class RichMixTest {
    @TempDir
    Path dir;

    /** Per event: how many have args, a stack, an async phase; and the event count. */
    private record Counts(int events, int withArgs, int withStack, int async) {
    }

    private static Counts count(Path file) throws IOException {
        int events = 0;
        int withArgs = 0;
        int withStack = 0;
        int async = 0;
        try (JsonParser p = Json.FACTORY.createParser(file.toFile())) {
            int depth = 0; // {"traceEvents":[{event}]}: an event's own keys are at depth 3
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) { // the whole document: jackson throws on invalid JSON
                if (t.isStructStart()) {
                    depth++;
                } else if (t.isStructEnd()) {
                    depth--;
                } else if (t == JsonToken.FIELD_NAME && depth == 3) {
                    String key = p.currentName();
                    if (key.equals("ph")) {
                        events++;
                        String ph = p.nextTextValue();
                        if (ph.equals("b") || ph.equals("e") || ph.equals("n")) {
                            async++;
                        }
                    } else if (key.equals("args")) {
                        withArgs++;
                    }
                } else if (t == JsonToken.FIELD_NAME && depth == 4 && p.currentName().equals("stack")) {
                    withStack++;
                }
            }
        }
        return new Counts(events, withArgs, withStack, async);
    }

    @Test
    void moreArgsStacksAndAsyncEventsPerEventThanTheBenchMix() throws IOException {
        Path bench = dir.resolve("bench.json");
        Path rich = dir.resolve("rich.json");
        Path again = dir.resolve("again.json");
        TraceGenerator.generate(bench, 1 << 20, 7, true, TraceGenerator.Mix.BENCH);
        TraceGenerator.Stats r = TraceGenerator.generate(rich, 1 << 20, 7, true, TraceGenerator.Mix.RICH);
        TraceGenerator.generate(again, 1 << 20, 7, true, TraceGenerator.Mix.RICH);
        assertEquals(-1, Files.mismatch(rich, again), "the same for a seed");

        Counts b = count(bench);
        Counts c = count(rich);
        assertEquals(r.events(), c.events(), c.toString());
        assertTrue(share(c.withArgs(), c) > share(b.withArgs(), b) + 0.1, b + " vs " + c); // 0.62 against 0.50: E, counters and flows have none in either
        assertTrue(share(c.withStack(), c) > 0.3 && share(b.withStack(), b) < 0.05, b + " vs " + c);
        assertTrue(share(c.async(), c) > 2 * share(b.async(), b), b + " vs " + c);

        Analysis a = new Analyzer(Config.DEFAULT).analyze(Files.readString(rich));
        assertEquals(c.events(), a.result().events(), "tracelint reads every event");
    }

    private static double share(int n, Counts c) {
        return (double) n / c.events();
    }
}

package dev.tracelint.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.model.Phase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The language server warms its JIT up on a trace from its jar (lsp/transport/Warmup), made by this
 * generator, which is no part of the product. It must be what the generator makes, so that a
 * change to the generator reaches the warm-up too. To remake it:
 * {@code java -jar bench/target/tracelint-bench.jar bench --size 512KB --seed 1 --generate-only --regenerate
 * --file server/src/main/resources/dev/tracelint/lsp/transport/warmup-trace.json}
 */
class WarmupTraceTest {
    private static final String RESOURCE = "/dev/tracelint/lsp/transport/warmup-trace.json";

    private static String resource() throws IOException {
        try (InputStream in = WarmupTraceTest.class.getResourceAsStream(RESOURCE)) {
            assertNotNull(in, RESOURCE + " is missing from the server's resources");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theWarmUpTraceIsTheGeneratorsOutput() throws IOException {
        String expected = TraceGenerator.inMemory(512 * TraceGenerator.KB, 1);
        assertTrue(expected.equals(resource()), "the warm-up trace differs from the generator's (512KB, seed 1): remake it"
                + " with the command in this test's comment");
    }

    @Test
    void theWarmUpTraceHasEveryPhaseTheGeneratorWrites() throws IOException {
        String trace = resource();
        Set<String> phases = new TreeSet<>();
        for (Phase p : Phase.values()) {
            if (trace.contains("\"ph\":\"" + p.letter() + "\"")) {
                phases.add(p.letter());
            }
        }
        assertEquals(new TreeSet<>(List.of("B", "C", "D", "E", "M", "N", "O", "X", "b", "e", "f", "i", "s")), phases);
        assertEquals(1705, new Analyzer(Config.DEFAULT).analyze(trace).result().events());
    }
}

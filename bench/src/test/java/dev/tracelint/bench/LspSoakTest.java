package dev.tracelint.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: the language server started as README says, {@code bin/tracelint lsp} over stdio, runs
 * with the heap settings of a long-lived editor process, and a short session of small documents
 * stays small. Before: the JVM's defaults (an initial heap of a 64th of the machine), and 600 edits
 * of ten small documents took the server to 570 MB on a 24 GB machine.
 */
class LspSoakTest {
    /** Generous: with the settings the server holds about 150-240 MB here, with the defaults 520 MB and more. */
    private static final long BOUND_MB = 400;

    @Test
    void theServerThroughTheLauncherHasItsHeapSettingsAndStaysSmall(@TempDir Path dir) throws Exception {
        Path jar = Product.jar(null);
        Map<String, String> env = Map.of("TRACELINT_JAR", jar.toString(), "TRACELINT_CDS", "0",
                "JAVA_HOME", System.getProperty("java.home"));
        Soak.Result r = Soak.run(new Soak.Plan(List.of(Product.launcher().toString(), "lsp"), env, 10, 20 << 10, 1000, 15, 100, 0),
                dir);
        String memory = r.serverLog().lines().filter(l -> l.startsWith("[tracelint] memory: ")).findFirst().orElse("");
        // in effect, as the JVM reports them (the launcher's flags and the server's own)
        assertTrue(memory.startsWith("[tracelint] memory: G1, heap 32 MB initial")
                && memory.contains("a collection after 15 s idle")
                && memory.contains("10-20% free after a full collection"), () -> "memory settings: " + memory + "\n" + r.serverLog());
        if (Files.isReadable(Path.of("/proc/self/status"))) {
            assertTrue(Soak.mb(r.peakKb()) < BOUND_MB, r::summary);
            assertTrue(r.diagnostics() > 100, () -> "the edits were analysed: " + r.summary());
        }
    }
}

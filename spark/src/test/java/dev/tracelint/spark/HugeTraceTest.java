package dev.tracelint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated trace of 1 GiB (decompressed), gzip-compressed, checked by the job in a JVM of its
 * own with {@code -Xmx512m} (driver and local executor in one heap of 512 MB: stricter than an
 * executor of 512 MB). The trace is written streaming into the test's temporary folder and deleted
 * with it. Its size is {@code TRACELINT_HUGE_MB} (default 1024).
 */
class HugeTraceTest {
    @Test
    void aGigabyteGzipTraceInAHeapOf512Mb(@TempDir Path tmp) throws Exception {
        long target = Long.parseLong(System.getenv().getOrDefault("TRACELINT_HUGE_MB", "1024")) << 20;
        Path trace = tmp.resolve("huge.trace.json.gz");
        long events = generate(trace, target);
        Path out = tmp.resolve("out");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty")) {
                cmd.add(a);
            }
        }
        cmd.addAll(List.of("-Dspark.master=local[1]", "-Dspark.ui.enabled=false", "-cp", System.getProperty("java.class.path"),
                CheckTraces.class.getName(), "--input", trace.toUri().toString(), "--output", out.toUri().toString(), "--format", "json"));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("job.log").toFile()).start();
        assertTrue(p.waitFor(20, TimeUnit.MINUTES), "the job finishes");
        String log = Files.readString(tmp.resolve("job.log"));
        assertEquals(0, p.exitValue(), log.length() > 20000 ? log.substring(log.length() - 20000) : log);
        String files = String.join("\n", Files.readAllLines(Files.list(out.resolve("files")).filter(f -> f.getFileName().toString().startsWith("part-"))
                .filter(f -> f.toFile().length() > 0).findFirst().orElseThrow()));
        System.out.printf("HugeTraceTest: %d MB (%d MB gzip), %d events, job %.1f s in -Xmx512m%n", target >> 20, Files.size(trace) >> 20,
                events, (System.nanoTime() - t0) / 1e9);
        assertTrue(files.contains("\"status\":\"checked\""), files);
        assertTrue(files.contains("\"events\":" + events), files);
        assertTrue(files.contains("\"errors\":0,"), files);
    }

    /** Complete events on eight threads, none overlapping, names with non-ASCII and emoji, until {@code bytes} decompressed. */
    static long generate(Path file, long bytes) throws Exception {
        long n = 0;
        long written = 0;
        try (OutputStream out = new BufferedOutputStream(new GZIPOutputStream(Files.newOutputStream(file), 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        }, 1 << 16)) {
            byte[] head = "{\"traceEvents\":[\n".getBytes(StandardCharsets.UTF_8);
            out.write(head);
            written += head.length;
            StringBuilder b = new StringBuilder();
            while (written < bytes) {
                b.setLength(0);
                for (int i = 0; i < 1000; i++, n++) {
                    b.append(n == 0 ? "" : ",\n").append("{\"ph\":\"X\",\"name\":\"tâche 🙂 ").append(n % 97)
                            .append("\",\"cat\":\"gpu\",\"ts\":").append(n / 8 * 10).append(",\"dur\":5,\"pid\":1,\"tid\":").append(n % 8)
                            .append(",\"args\":{\"step\":").append(n).append("}}");
                }
                byte[] chunk = b.toString().getBytes(StandardCharsets.UTF_8);
                out.write(chunk);
                written += chunk.length;
            }
            out.write("\n]}\n".getBytes(StandardCharsets.UTF_8));
        }
        return n;
    }
}

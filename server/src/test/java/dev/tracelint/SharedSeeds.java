package dev.tracelint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real traces as fuzz inputs, taken from the shared corpus at run time (the repository keeps no
 * copy of them; its own seeds are the docs' examples and every input a fuzzer ever kept). Two uses:
 * the fuzz tests replay each real trace as an ordinary test in every build, and in fuzzing mode
 * ({@code JAZZER_FUZZ} set) the traces are written into the corpus Jazzer grows, which it reads
 * when it starts ({@code .cifuzz-corpus/<test class>/<method>/}, relative to the working directory:
 * Jazzer's {@code generatedCorpusPath}), so the fuzzer starts from real shapes too.
 */
public final class SharedSeeds {
    private SharedSeeds() {
    }

    /** One real trace's first {@code maxBytes} bytes (the fuzzers cut their inputs there too). */
    public record Seed(String name, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The shared corpus's traces, each cut to {@code maxBytes}; none, with a line saying so, without the shared corpus. */
    public static List<Seed> real(String test, int maxBytes) throws IOException {
        Corpus.noteIfAbsent(test);
        List<Seed> seeds = new ArrayList<>();
        for (Corpus.Trace t : Corpus.real()) {
            try (InputStream in = Files.newInputStream(t.path())) {
                seeds.add(new Seed(t.name(), in.readNBytes(maxBytes)));
            }
        }
        return seeds;
    }

    /** In fuzzing mode, puts the real traces into the corpus Jazzer grows for that test (once; kept between runs). */
    public static void intoFuzzCorpus(Class<?> test, String method, int maxBytes) throws IOException {
        String fuzz = System.getenv("JAZZER_FUZZ");
        if (fuzz == null || fuzz.isEmpty() || fuzz.equals("0")) {
            return;
        }
        Path dir = Path.of(".cifuzz-corpus", test.getName(), method);
        Files.createDirectories(dir);
        for (Seed s : real(test.getSimpleName(), maxBytes)) {
            Path f = dir.resolve("shared-" + s.name().replace('/', '_'));
            if (!Files.exists(f)) {
                Files.write(f, s.bytes());
            }
        }
    }
}

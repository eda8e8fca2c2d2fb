package dev.tracelint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The real traces the tests read: the sample checked into {@code tests/corpus/} (always there, so
 * the tests pass on a user's clone), and, where it exists beside the checkout as on the developers'
 * machines and CI, the full shared corpus {@code ../shared/corpus/}. A file in both is read once.
 */
public final class Corpus {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();
    /** The sample in the repository. */
    public static final Path SAMPLE = REPO.resolve("tests/corpus");
    /** The full corpus beside the checkout, if there. */
    public static final Path SHARED = REPO.resolve("../shared/corpus").normalize();
    /** The format's specification beside the checkout, if there. */
    public static final Path SHARED_SPEC = REPO.resolve("../shared/spec").normalize();

    private Corpus() {
    }

    public static boolean sharedPresent() {
        return Files.isDirectory(SHARED);
    }

    /** One trace: its name relative to the corpus root ({@code producer/file}) and where it is. */
    public record Trace(String name, Path path) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Every trace (files one folder down; README, MANIFEST and STATS are not traces), sorted by name. */
    public static List<Trace> traces() {
        Map<String, Trace> byName = new TreeMap<>();
        add(SAMPLE, byName);
        if (sharedPresent()) {
            add(SHARED, byName); // the same file, if in both: the shared copy is the original
        }
        return List.copyOf(byName.values());
    }

    /** The uncompressed {@code .json} traces (tests that read a file as one string). */
    public static List<Trace> jsonTraces() {
        return traces().stream().filter(t -> t.name().endsWith(".json")).toList();
    }

    /** The spec's file of that name, when the shared spec is there. */
    public static Optional<Path> specFile(String name) {
        Path p = SHARED_SPEC.resolve(name);
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }

    private static void add(Path root, Map<String, Trace> byName) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(f -> root.relativize(f).getNameCount() >= 2)
                    .forEach(f -> {
                        String name = root.relativize(f).toString().replace('\\', '/');
                        byName.put(name, new Trace(name, f));
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

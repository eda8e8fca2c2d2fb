package dev.tracelint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The traces the tests read. Real traces come only from the shared corpus beside the checkout
 * ({@code ../shared/corpus/}, as on the developers' machines and CI): the repository keeps no copy of
 * another project's files. The project's own traces (the oracle's cases in {@code tests/oracle/cases/},
 * written for this project, and {@code examples/}) are always there, so a test over {@link #traces()}
 * runs on any clone; on a clone without the shared corpus it says so in one line ({@link #noteIfAbsent}).
 */
public final class Corpus {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();
    /** The shared corpus beside the checkout, if there ({@code -Dtracelint.shared=DIR} points elsewhere, e.g. nowhere). */
    public static final Path SHARED = Path.of(System.getProperty("tracelint.shared", REPO.resolve("../shared").toString()))
            .toAbsolutePath().normalize().resolve("corpus");
    /** The format's specification beside the checkout, if there. */
    public static final Path SHARED_SPEC = SHARED.resolveSibling("spec");
    /** The viewers' own tests as data beside the checkout, if there (Perfetto's JSON importer tests). */
    public static final Path SHARED_ORACLES = SHARED.resolveSibling("oracles");
    /** The project's own traces: the oracle's cases and the examples. */
    private static final List<Path> OWN = List.of(REPO.resolve("tests/oracle/cases"), REPO.resolve("examples"));

    private Corpus() {
    }

    public static boolean sharedPresent() {
        return Files.isDirectory(SHARED);
    }

    /** Prints, once per caller, the one line that says a test ran without the shared corpus. */
    public static void noteIfAbsent(String test) {
        if (!sharedPresent()) {
            System.out.println(test + ": ../shared/corpus is not beside the checkout; ran on the project's own traces only");
        }
    }

    /** One trace: its name ({@code producer/file} for a real one, {@code own/<folder>/file} for the project's) and where it is. */
    public record Trace(String name, Path path) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The real traces of the shared corpus (files one folder down; README, MANIFEST and STATS are not traces), sorted by name; none without it. */
    public static List<Trace> real() {
        Map<String, Trace> byName = new TreeMap<>();
        if (sharedPresent()) {
            walk(SHARED, 2, "", byName);
        }
        return List.copyOf(byName.values());
    }

    /** The real traces where the shared corpus is there, then the project's own traces, which are always there. */
    public static List<Trace> traces() {
        List<Trace> all = new ArrayList<>(real());
        Map<String, Trace> own = new TreeMap<>();
        for (Path dir : OWN) {
            walk(dir, 1, "own/" + dir.getFileName() + "/", own);
        }
        all.addAll(own.values());
        return List.copyOf(all);
    }

    /** The uncompressed {@code .json} traces in valid UTF-8 (tests that read a file as one string; some own cases are broken UTF-8 on purpose). */
    public static List<Trace> jsonTraces() {
        return traces().stream().filter(t -> t.name().endsWith(".json") && (!t.name().startsWith("own/") || utf8(t.path()))).toList();
    }

    private static boolean utf8(Path p) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(p)));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The spec's file of that name, when the shared spec is there. */
    public static Optional<Path> specFile(String name) {
        Path p = SHARED_SPEC.resolve(name);
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }

    private static void walk(Path root, int minDepth, String prefix, Map<String, Trace> byName) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(f -> root.relativize(f).getNameCount() >= minDepth)
                    .filter(f -> minDepth > 1 || f.getFileName().toString().endsWith(".json")) // own: traces, not manifests
                    .forEach(f -> {
                        String name = prefix + root.relativize(f).toString().replace('\\', '/');
                        byName.put(name, new Trace(name, f));
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.tracelint.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The real traces {@code bench --whole-process} measures by default: the four of issue 27, where
 * start-up and warm-up are a large part of a check (15-35 MB, two of them one line, two gzip),
 * from the shared corpus beside the checkout. Files given on the command line join them. A gzip
 * file is inflated into a temporary folder first, so that the token scan, node and DevTools read
 * the same bytes as the check (and the check's time is not its inflating).
 */
final class RealTraces {
    /** Paths inside the corpus. */
    static final List<String> DEFAULT = List.of(
            "pytorch-kineto/kineto_tb_resnet50_num_workers_0.pt.trace.json",
            "chrome-catapult/lthi_cats.json",
            "chrome-catapult/fuchsia_trace.json.gz",
            "chrome-cdp-perfetto-json/YeomanYe_nextjs-blog_trace.json.gz");

    private RealTraces() {
    }

    /** The shared corpus beside the checkout ({@code ../shared/corpus}). */
    static Path defaultCorpus() throws IOException {
        return Product.checkout().resolveSibling("shared").resolve("corpus");
    }

    /**
     * The default traces of {@code corpus} that are there, then {@code given}, each inflated into
     * {@code tmp} if it is gzip. Says in one line when the corpus (or one of its traces) is missing.
     */
    static List<BenchInput> resolve(Path corpus, List<Path> given, Path tmp, PrintStream out) throws IOException {
        List<BenchInput> inputs = new ArrayList<>();
        if (corpus != null) {
            if (!Files.isDirectory(corpus)) {
                out.println(corpus + " is absent: the real traces of issue 27 are not measured (give files, or --corpus DIR)");
            } else {
                for (String name : DEFAULT) {
                    Path p = corpus.resolve(name);
                    if (Files.isRegularFile(p)) {
                        inputs.add(new BenchInput(name, plain(p, tmp), BenchInput.Origin.REAL));
                    } else {
                        out.println(p + " is absent: not measured");
                    }
                }
            }
        }
        for (Path p : given) {
            if (!Files.isRegularFile(p)) {
                throw new IOException(p + ": no such file");
            }
            inputs.add(new BenchInput(p.getFileName().toString(), plain(p, tmp), BenchInput.Origin.GIVEN));
        }
        return inputs;
    }

    /** {@code file}, or its inflated copy in {@code tmp} when it starts with the gzip magic. */
    static Path plain(Path file, Path tmp) throws IOException {
        if (!gzip(file)) {
            return file;
        }
        String name = file.getFileName().toString().replaceFirst("\\.gz$", "");
        Path dir = Files.createTempDirectory(tmp, "inflated-");
        Path out = dir.resolve(name);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
        }
        return out;
    }

    private static boolean gzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }
}

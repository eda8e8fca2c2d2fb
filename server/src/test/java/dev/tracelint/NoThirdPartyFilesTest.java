package dev.tracelint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The repository carries no copy of another project's files: no file the project tracks is
 * byte-for-byte a file of {@code ../shared} (the real-trace corpus, the viewers' test data, the
 * spec), which stay there and are read from there. Files of 512 bytes or less are not compared (a
 * two-event trace may well be written twice by chance).
 */
class NoThirdPartyFilesTest {
    private static final long SMALLEST_COMPARED = 513;
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();

    @Test
    void noTrackedFileIsACopyOfASharedFile() throws IOException, InterruptedException {
        Path shared = Corpus.SHARED.getParent();
        if (!Files.isDirectory(shared)) {
            System.out.println("NoThirdPartyFilesTest: ../shared is not beside the checkout; nothing to compare with");
        }
        Assumptions.assumeTrue(Files.isDirectory(shared));
        List<Path> tracked = tracked();
        assertTrue(tracked.size() > 100, "the checkout's files: " + tracked.size());
        Map<String, Path> sharedByHash = new HashMap<>();
        try (Stream<Path> files = Files.walk(shared)) {
            files.filter(Files::isRegularFile).filter(p -> size(p) >= SMALLEST_COMPARED)
                    .forEach(p -> sharedByHash.putIfAbsent(sha256(p), p));
        }
        List<String> copies = new ArrayList<>();
        for (Path p : tracked) {
            if (Files.isRegularFile(p) && size(p) >= SMALLEST_COMPARED) {
                Path original = sharedByHash.get(sha256(p));
                if (original != null) {
                    copies.add(REPO.relativize(p) + " = " + original);
                }
            }
        }
        assertEquals(List.of(), copies, "files of ../shared copied into the repository (read them from ../shared instead)");
    }

    /** The files git tracks, or, without git, every file outside build output and dependencies. */
    private static List<Path> tracked() throws IOException, InterruptedException {
        try {
            Process git = new ProcessBuilder("git", "ls-files", "-z").directory(REPO.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (git.waitFor() == 0) {
                return Stream.of(out.split("\0")).filter(s -> !s.isEmpty()).map(REPO::resolve).toList();
            }
        } catch (IOException noGit) {
            // not a git checkout, or no git: walk instead
        }
        try (Stream<Path> files = Files.walk(REPO)) {
            return files.filter(Files::isRegularFile).filter(p -> {
                String rel = REPO.relativize(p).toString().replace('\\', '/');
                return !rel.startsWith(".git/") && !rel.contains("/target/") && !rel.contains("node_modules/")
                        && !rel.contains(".cifuzz-corpus/");
            }).toList();
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

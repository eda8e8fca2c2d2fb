package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Common ground for the end-to-end tests: a fresh working folder and small file helpers. */
abstract class E2eTest {
    @TempDir
    Path dir;

    @BeforeEach
    void noStrayConfigAbove() {
        // A tracelint.json in a parent of the temp folder would change every result here.
        for (Path d = dir.toAbsolutePath().getParent(); d != null; d = d.getParent()) {
            assertFalse(Files.exists(d.resolve("tracelint.json")),
                    "a tracelint.json above the test folder would be picked up: " + d.resolve("tracelint.json"));
        }
    }

    /** Writes {@code text} as UTF-8 to {@code dir/relative}, creating folders; returns the path. */
    Path write(String relative, String text) {
        return writeBytes(relative, text.getBytes(StandardCharsets.UTF_8));
    }

    Path writeBytes(String relative, byte[] bytes) {
        Path p = dir.resolve(relative);
        try {
            Files.createDirectories(p.getParent());
            Files.write(p, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** Writes {@code text} gzip-compressed (GZIPOutputStream) to {@code dir/relative}. */
    Path writeGzip(String relative, String text) {
        return writeBytes(relative, gzip(text));
    }

    static byte[] gzip(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] readBytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Cli.Result check(String... args) {
        return Cli.check(dir, args);
    }

    Cli.Result checkStdin(byte[] stdin, String... args) {
        return Cli.check(dir, stdin, args);
    }

    /**
     * Asserts a text-format finding line: exactly {@code path:line:col: severity: }, then a message,
     * then {@code  [rule]} at the end.
     */
    static void assertFinding(String line, String path, int ln, int col, String severity, String rule) {
        String prefix = path + ":" + ln + ":" + col + ": " + severity + ": ";
        String suffix = " [" + rule + "]";
        assertTrue(line.startsWith(prefix) && line.endsWith(suffix) && line.length() > prefix.length() + suffix.length(),
                () -> "expected <" + prefix + "... " + suffix + "> but was <" + line + ">");
    }

    /** Asserts there is no sign of a Java stack trace or exception dump in {@code text}. */
    static void assertNoStackTrace(String text) {
        assertFalse(Pattern.compile("(?m)^\\s+at [\\w$.]+\\(").matcher(text).find(), () -> "stack trace in:\n" + text);
        assertFalse(text.contains("Exception in thread"), () -> "uncaught exception in:\n" + text);
        assertFalse(text.contains("Caused by:"), () -> "stack trace in:\n" + text);
    }

    static void assertExit(int expected, Cli.Result r) {
        assertEquals(expected, r.exitCode(), () -> "exit code\n" + r);
    }

    static void assertLines(List<String> expected, List<String> actual, Cli.Result r) {
        assertEquals(expected, actual, () -> "lines\n" + r);
    }
}

package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * One very long string is not held whole (issue 29): a 1 MB {@code .json.gz} that inflates to an
 * event whose name is 1 GiB, and a plain 50 MB name, are checked in a heap of 256 MB, with the
 * findings of that event (its name quoted cut, with its whole length) and of the event after it.
 * Before, the first ran out of memory at -Xmx512m, the second at -Xmx256m.
 */
class LongStringMemoryTest extends E2eTest {
    private static final List<String> SMALL_HEAP = List.of("-Xmx256m");
    private static final String AFTER = "\",\"ph\":\"X\",\"ts\":1,\"dur\":-5,\"pid\":1,\"tid\":1},\n"
            + "{\"name\":\"next\",\"ph\":\"X\",\"ts\":2,\"dur\":-1,\"pid\":1,\"tid\":1}]\n";

    /** Writes {@code [{"name":"é😀aaa…` with {@code as} a's, then the rest of the two events. */
    private static void writeTrace(OutputStream out, long as) throws IOException {
        out.write("[{\"name\":\"é😀".getBytes(StandardCharsets.UTF_8));
        byte[] run = new byte[1 << 16];
        Arrays.fill(run, (byte) 'a');
        for (long left = as; left > 0; left -= run.length) {
            out.write(run, 0, (int) Math.min(run.length, left));
        }
        out.write(AFTER.getBytes(StandardCharsets.UTF_8));
    }

    private void assertChecked(Cli.Result r, String file, long nameChars) {
        List<String> lines = r.findingLines();
        String cut = "… (" + String.format(java.util.Locale.ROOT, "%,d", nameChars) + " chars)";
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(file + ":1:") && l.contains("[negative-duration]")
                && l.contains("'é😀aaaa") && l.contains(cut)), r::toString);
        assertFinding(lines.stream().filter(l -> l.startsWith(file + ":2:")).findFirst().orElseThrow(), file, 2, 38, "error", "negative-duration");
        assertTrue(r.stdout().length() < 10_000, () -> "output bounded: " + r.stdout().length());
        assertNoStackTrace(r.stderr());
        assertExit(1, r);
    }

    @Test
    void aGibibyteNameInGzipIsCheckedInA256MegabyteHeap() throws IOException {
        Path gz = dir.resolve("long-name.json.gz");
        long as = 1L << 30;
        try (OutputStream out = new BufferedOutputStream(new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16))) {
            writeTrace(out, as);
        }
        assertTrue(Files.size(gz) < 2_000_000, "the gzip file is small: " + Files.size(gz));
        assertChecked(Cli.run(dir, null, SMALL_HEAP, List.of("check", "long-name.json.gz")), "long-name.json.gz", as + 3);
    }

    @Test
    void aFiftyMegabyteNameIsCheckedInA256MegabyteHeap() {
        Path plain = dir.resolve("long-name.json");
        long as = 50L << 20;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(plain), 1 << 16)) {
            writeTrace(out, as);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertChecked(Cli.run(dir, null, SMALL_HEAP, List.of("check", "long-name.json")), "long-name.json", as + 3);
    }
}

package dev.tracelint.fuzz;

import dev.tracelint.read.TraceSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/** Text as the engine sees it, for the fuzz properties. */
public final class FuzzText {
    private FuzzText() {
    }

    /**
     * The chars the reader makes of these bytes (its own UTF-8 decoding: each malformed byte one
     * U+FFFD, a byte order mark kept as a char), read back through the source itself so the
     * properties compare against exactly what the rules saw.
     */
    public static String decodedAsTheReaderDoes(byte[] bytes) {
        TraceSource source = new TraceSource(new ByteArrayInputStream(bytes));
        StringBuilder b = new StringBuilder(bytes.length);
        try (Reader r = source.readerFrom(0, "")) {
            char[] buf = new char[8192];
            for (int n; (n = r.read(buf, 0, buf.length)) > 0; ) {
                b.append(buf, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toString();
    }
}

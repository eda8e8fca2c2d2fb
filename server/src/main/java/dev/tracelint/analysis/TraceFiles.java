package dev.tracelint.analysis;

import dev.tracelint.read.ReadBuffers;
import dev.tracelint.read.TraceSource;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a trace file or stdin for the analyzer, reading it once as a stream: gzip is detected by
 * its magic bytes, not the name, and the encoding by its byte order mark (UTF-8 without or with
 * one; UTF-16 and UTF-32 with one), both on the stream itself, so pipes, FIFOs and devices read
 * like files. Shared by the CLI and the language server.
 */
public final class TraceFiles {
    private static final int BUFFER = 1 << 16;
    private static final Charset UTF_32BE = Charset.forName("UTF-32BE");
    private static final Charset UTF_32LE = Charset.forName("UTF-32LE");

    private TraceFiles() {
    }

    /**
     * How a file holds its text.
     *
     * @param gzip    whether it is gzip-compressed (the rest describes the decompressed bytes)
     * @param charset its encoding, from the byte order mark (UTF-8 without one)
     * @param bom     the length in bytes of its byte order mark, 0 for none
     */
    public record Layout(boolean gzip, Charset charset, int bom) {
        public boolean utf8() {
            return charset.equals(StandardCharsets.UTF_8);
        }
    }

    /** An opened input: its text, after any gzip layer and byte order mark, read once. */
    public static final class Text implements Closeable {
        private final InputStream body;
        private final Layout layout;

        private Text(InputStream body, Layout layout) {
            this.body = body;
            this.layout = layout;
        }

        public Layout layout() {
            return layout;
        }

        /**
         * The source the analyzer reads: UTF-8 goes through the reader's own byte decoder (the fast
         * path), UTF-16 and UTF-32 through its own (which reports malformed units as the UTF-8 one
         * reports malformed bytes). Offsets count UTF-16 units of the decoded text either way, from
         * the first char after the byte order mark.
         */
        public TraceSource source() {
            return source(null);
        }

        /** As {@link #source()}, the reader's window taken from {@code buffers} (null: a new one). */
        public TraceSource source(ReadBuffers buffers) {
            return layout.utf8() ? new TraceSource(body, buffers) : new TraceSource(body, layout.charset(), buffers);
        }

        /** The decoded chars, for readers of the text other than the analyzer. */
        public Reader reader() {
            return layout.utf8() ? new InputStreamReader(body, layout.charset()) : TraceSource.decoded(body, layout.charset());
        }

        @Override
        public void close() throws IOException {
            body.close();
        }
    }

    /** The file's text; a file that is not a regular one (a pipe, a FIFO, a device) is read as a stream. */
    public static Text text(Path path) throws IOException {
        // Files.newInputStream's stream asks its channel for a position (available()), which a
        // pipe does not have ("Illegal seek"); FileInputStream only reads
        InputStream raw = Files.isRegularFile(path) ? Files.newInputStream(path) : new FileInputStream(path.toFile());
        try {
            return text(raw);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    public static Text stdin() throws IOException {
        return text(System.in);
    }

    /** The file's text as chars, decoded as {@link #text(Path)} decodes it. */
    public static Reader open(Path path) throws IOException {
        return text(path).reader();
    }

    /** The bytes of a gzip file, inflated (its failures said in plain words, as a check says them). */
    public static InputStream inflated(Path gzip) throws IOException {
        InputStream raw = Files.newInputStream(gzip);
        try {
            return GzipInput.open(new BufferedInputStream(raw, BUFFER), BUFFER);
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }

    /** How a (regular) file holds its text, from its first bytes. */
    public static Layout layout(Path path) throws IOException {
        try (Text t = text(path)) {
            return t.layout();
        }
    }

    /** The text of a stream of a file's bytes (gzip and byte order mark recognised as for a file). */
    public static Text text(InputStream raw) throws IOException {
        BufferedInputStream in = raw instanceof BufferedInputStream b ? b : new BufferedInputStream(raw, BUFFER);
        boolean gzip = startsWithGzipMagic(in);
        if (gzip) {
            in = new BufferedInputStream(GzipInput.open(in, BUFFER), BUFFER);
            if (startsWithGzipMagic(in)) {
                // Compressed twice: refused rather than unwrapped, see docs/cli.md, "Inputs"
                throw new IOException("gzip inside gzip: the decompressed data is gzip-compressed again;"
                        + " decompress it once more (gunzip) and check the result");
            }
        }
        in.mark(4);
        int b0 = in.read();
        int b1 = in.read();
        int b2 = in.read();
        int b3 = in.read();
        in.reset();
        Layout layout = new Layout(gzip, StandardCharsets.UTF_8, 0);
        if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
            layout = new Layout(gzip, StandardCharsets.UTF_8, 3);
        } else if (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            layout = new Layout(gzip, UTF_32BE, 4);
        } else if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) {
            layout = new Layout(gzip, UTF_32LE, 4); // before UTF-16LE, whose mark it starts with
        } else if (b0 == 0xFE && b1 == 0xFF) {
            layout = new Layout(gzip, StandardCharsets.UTF_16BE, 2);
        } else if (b0 == 0xFF && b1 == 0xFE) {
            layout = new Layout(gzip, StandardCharsets.UTF_16LE, 2);
        }
        // editors do not show the mark: offsets, lines and columns count from the first char after it
        in.skipNBytes(layout.bom());
        return new Text(in, layout);
    }

    private static boolean startsWithGzipMagic(BufferedInputStream in) throws IOException {
        in.mark(2);
        boolean gzip = in.read() == 0x1f && in.read() == 0x8b;
        in.reset();
        return gzip;
    }
}

package dev.tracelint.analysis;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opens a trace file or stdin as UTF-8 chars for the analyzer: gzip is detected by its magic bytes,
 * not the name, and a byte order mark is skipped. Shared by the CLI and the language server.
 */
public final class TraceFiles {
    private static final int BUFFER = 1 << 16;

    private TraceFiles() {
    }

    public static Reader open(Path path) throws IOException {
        return new InputStreamReader(openUtf8(path), StandardCharsets.UTF_8);
    }

    public static Reader stdin() throws IOException {
        return new InputStreamReader(stdinUtf8(), StandardCharsets.UTF_8);
    }

    /** The file's UTF-8 bytes, gunzipped if need be, after any byte order mark. */
    public static InputStream openUtf8(Path path) throws IOException {
        return body(Files.newInputStream(path));
    }

    public static InputStream stdinUtf8() throws IOException {
        return body(System.in);
    }

    public static boolean isGzip(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** True if the file starts with a UTF-8 byte order mark. */
    public static boolean hasBom(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == 0xEF && in.read() == 0xBB && in.read() == 0xBF;
        }
    }

    /**
     * Skips a UTF-8 byte order mark: editors do not show it, so offsets, lines and columns are
     * counted from the first char after it.
     */
    private static void skipBom(InputStream in) throws IOException {
        in.mark(3);
        if (!(in.read() == 0xEF && in.read() == 0xBB && in.read() == 0xBF)) {
            in.reset();
        }
    }

    private static InputStream body(InputStream raw) throws IOException {
        BufferedInputStream in = raw instanceof BufferedInputStream b ? b : new BufferedInputStream(raw, BUFFER);
        in.mark(2);
        boolean gzip = in.read() == 0x1f && in.read() == 0x8b;
        in.reset();
        InputStream body = gzip ? new BufferedInputStream(new GZIPInputStream(in, BUFFER), BUFFER) : in;
        skipBom(body);
        return body;
    }
}

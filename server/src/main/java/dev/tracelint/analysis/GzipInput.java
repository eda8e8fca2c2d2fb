package dev.tracelint.analysis;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * A gzip stream whose failures are said in plain words: the JDK's inflater ends a file cut short
 * with an {@link EOFException} whose message is "Unexpected end of ZLIB input stream", or none at
 * all (a header cut short), and damaged data with a {@link ZipException} in zlib's words.
 */
final class GzipInput extends FilterInputStream {
    /** What a gzip file that ends before its compressed data does is told as. */
    static final String CUT_SHORT = "the gzip data is cut short: the file ends before its compressed data does"
            + " (an unfinished download or copy?)";

    private GzipInput(InputStream in) {
        super(in);
    }

    static InputStream open(InputStream raw, int buffer) throws IOException {
        try {
            return new GzipInput(new GZIPInputStream(raw, buffer));
        } catch (IOException e) {
            throw worded(e);
        }
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (IOException e) {
            throw worded(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return super.read(b, off, len);
        } catch (IOException e) {
            throw worded(e);
        }
    }

    private static IOException worded(IOException e) {
        if (e instanceof EOFException) {
            return new IOException(CUT_SHORT, e);
        }
        if (e instanceof ZipException) {
            String m = e.getMessage() == null ? "" : " (" + e.getMessage().toLowerCase(Locale.ROOT) + ")";
            return new IOException("broken gzip data" + m, e);
        }
        return e;
    }
}

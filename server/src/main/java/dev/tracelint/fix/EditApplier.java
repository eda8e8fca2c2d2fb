package dev.tracelint.fix;

import dev.tracelint.text.TextEdit;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/** Applies sorted, non-overlapping edits while copying a document, so a 1 GB file streams. */
public final class EditApplier {
    private EditApplier() {
    }

    public static String apply(String text, List<TextEdit> sortedEdits) {
        StringWriter out = new StringWriter(text.length() + 64);
        try {
            apply(new StringReader(text), out, sortedEdits);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Copies {@code in} to {@code out}, replacing each edit's range by its text. */
    public static void apply(Reader in, Writer out, List<TextEdit> sortedEdits) throws IOException {
        char[] buf = new char[1 << 16];
        long pos = 0;
        int next = 0;
        int n;
        int bufStart = 0;
        int bufEnd = 0;
        // Invariant: chars [pos, pos + (bufEnd - bufStart)) are buffered in buf[bufStart, bufEnd).
        while (true) {
            if (bufStart == bufEnd) {
                n = in.read(buf, 0, buf.length);
                if (n < 0) {
                    break;
                }
                bufStart = 0;
                bufEnd = n;
            }
            long chunkEnd = pos + (bufEnd - bufStart);
            while (next < sortedEdits.size() && sortedEdits.get(next).range().start() < chunkEnd) {
                TextEdit e = sortedEdits.get(next);
                long start = e.range().start();
                if (start < pos) {
                    throw new IllegalArgumentException("overlapping edits at offset " + start);
                }
                int upTo = bufStart + (int) (start - pos);
                out.write(buf, bufStart, upTo - bufStart);
                bufStart = upTo;
                pos = start;
                out.write(e.newText());
                long skip = e.range().length();
                while (skip > 0) {
                    if (bufStart == bufEnd) {
                        n = in.read(buf, 0, buf.length);
                        if (n < 0) {
                            throw new IOException("edit past the end of the document");
                        }
                        bufStart = 0;
                        bufEnd = n;
                    }
                    int s = (int) Math.min(skip, bufEnd - bufStart);
                    bufStart += s;
                    pos += s;
                    skip -= s;
                }
                next++;
                chunkEnd = pos + (bufEnd - bufStart);
            }
            out.write(buf, bufStart, bufEnd - bufStart);
            pos += bufEnd - bufStart;
            bufStart = bufEnd;
        }
        while (next < sortedEdits.size()) { // insertions at the very end
            TextEdit e = sortedEdits.get(next++);
            if (e.range().start() != pos || e.range().length() != 0) {
                throw new IOException("edit past the end of the document");
            }
            out.write(e.newText());
        }
    }
}

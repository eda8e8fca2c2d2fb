package dev.tracelint.text;

/** A half-open range of UTF-16 char offsets [start, end) in a document. */
public record TextRange(long start, long end) {
    public TextRange {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad range " + start + ".." + end);
        }
    }

    public static TextRange at(long offset) {
        return new TextRange(offset, offset);
    }

    public long length() {
        return end - start;
    }

    public boolean contains(long offset) {
        return offset >= start && offset < end;
    }

    public boolean overlaps(TextRange other) {
        return start < other.end && other.start < end;
    }
}

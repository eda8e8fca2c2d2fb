package dev.tracelint.text;

/** Replace the chars in {@code range} by {@code newText}; an empty range is an insertion. */
public record TextEdit(TextRange range, String newText) {
    public static TextEdit insert(long offset, String text) {
        return new TextEdit(TextRange.at(offset), text);
    }

    public static TextEdit delete(long start, long end) {
        return new TextEdit(new TextRange(start, end), "");
    }

    public static TextEdit replace(TextRange range, String text) {
        return new TextEdit(range, text);
    }
}

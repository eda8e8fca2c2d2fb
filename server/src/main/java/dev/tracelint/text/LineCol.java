package dev.tracelint.text;

/** A position as 0-based line and 0-based UTF-16 column (what LSP counts). */
public record LineCol(int line, int column) {
    public int oneBasedLine() {
        return line + 1;
    }

    public int oneBasedColumn() {
        return column + 1;
    }
}

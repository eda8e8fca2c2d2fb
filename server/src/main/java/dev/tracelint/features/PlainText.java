package dev.tracelint.features;

/**
 * The hovers' and completion docs' Markdown as plain text, for a client that shows only plain
 * text (eglot without markdown-mode announces {@code contentFormat: ["plaintext"]}): no emphasis
 * marks, no code backticks, no rules, escapes resolved; lists and line breaks stay as they read.
 */
public final class PlainText {
    private PlainText() {
    }

    public static String fromMarkdown(String markdown) {
        StringBuilder b = new StringBuilder(markdown.length());
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().equals("---")) {
                continue; // a rule between parts: the blank lines around it separate them already
            }
            b.append(plainLine(line)).append('\n');
        }
        b.setLength(Math.max(0, b.length() - 1)); // the last line's break
        return b.toString().replaceAll("\n{3,}", "\n\n").strip();
    }

    private static String plainLine(String line) {
        StringBuilder b = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && "*_`\\".indexOf(line.charAt(i + 1)) >= 0) {
                b.append(line.charAt(++i)); // an escaped mark is the char itself
            } else if (c == '*' && i + 1 < line.length() && line.charAt(i + 1) == '*') {
                i++; // bold
            } else if (c != '`') {
                b.append(c);
            }
        }
        return b.toString();
    }
}

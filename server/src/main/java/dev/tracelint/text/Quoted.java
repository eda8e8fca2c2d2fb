package dev.tracelint.text;

import java.util.Locale;

/**
 * How every message shows a string that came from a trace (a name, a category, an id, a thread
 * name, a key): escaped so that it cannot break a line or speak to a terminal, and cut so that a
 * message stays short however long the string is. One function for every message, so every
 * output read line by line (text, the stderr notes, an editor's diagnostic) shows it the same way.
 *
 * <p>Escaped: C0 controls and DEL (ESC among them), C1 controls U+0080–U+009F, the line and
 * paragraph separators U+2028/U+2029, the bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and a surrogate without its partner;
 * each as a JSON-style {@code \n}, {@code \r}, {@code \t} or {@code \}{@code uXXXX}. Cut: after
 * {@link #SHOWN_CHARS} chars (never between the two halves of an emoji), followed by
 * {@code … (N chars)}, the whole string's length.
 */
public final class Quoted {
    /** How many chars of a string a message or a hover shows before cutting it. */
    public static final int SHOWN_CHARS = 60;

    private Quoted() {
    }

    /** {@code "RunTask"}: JSON-quoted ({@code "} and {@code \} escaped too), escaped, cut. */
    public static String quoted(String s) {
        return wrap(s, '"');
    }

    /** {@code 'RunTask'}: the single-quoted form of event names in messages, escaped, cut. */
    public static String named(String s) {
        return wrap(s, '\'');
    }

    /** The string without quotes, escaped and cut (a thread's "pid:tid", an id's text). */
    public static String plain(String s) {
        return wrap(s, (char) 0);
    }

    /**
     * A whole line of output made safe: every char a terminal or a line-by-line reader would
     * interpret escaped as above, nothing cut, nothing else changed (a line with none of them is
     * returned as it is). The last guard of the text outputs, for paths and anything else
     * that did not pass through {@link #quoted}.
     */
    public static String safe(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && !escaped(line, i)) {
            i++;
        }
        if (i == n) {
            return line;
        }
        StringBuilder b = new StringBuilder(n + 16).append(line, 0, i);
        for (; i < n; i++) {
            char c = line.charAt(i);
            if (escaped(line, i)) {
                escape(b, c);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Where to cut {@code s} to show at most {@code max} chars from {@code start}: never between a
     * high and a low surrogate (then one char fewer).
     */
    public static int cutEnd(CharSequence s, int start, int end, int max) {
        if (end - start <= max) {
            return end;
        }
        int cut = start + max;
        if (cut > start && Character.isHighSurrogate(s.charAt(cut - 1))) {
            cut--; // not half an emoji
        }
        return cut;
    }

    /** {@code … (1,048,576 chars)}: what follows a string cut at {@code shownChars}. */
    public static String cutNote(long length) {
        return "… (" + String.format(Locale.ROOT, "%,d", length) + " chars)";
    }

    private static String wrap(String s, char quote) {
        if (s == null) {
            s = "null"; // as string concatenation showed it
        }
        int n = s.length();
        int end = cutEnd(s, 0, n, SHOWN_CHARS);
        long whole = LongText.length(s); // a long string's bounded form says its whole length
        StringBuilder b = new StringBuilder(end + 24);
        if (quote != 0) {
            b.append(quote);
        }
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            if (quote == '"' && (c == '"' || c == '\\')) {
                b.append('\\').append(c);
            } else if (escaped(s, i)) {
                escape(b, c);
            } else {
                b.append(c);
            }
        }
        if (quote != 0) {
            b.append(quote);
        }
        if (end < n) {
            b.append(cutNote(whole));
        }
        return b.toString();
    }

    private static boolean escaped(String s, int i) {
        char c = s.charAt(i);
        if (c < 0x20 || c >= 0x7f && c <= 0x9f) {
            return true;
        }
        if (c < 0x61c) {
            return false;
        }
        switch (c) {
            case '\u061c', '\u200e', '\u200f', '\u2028', '\u2029',
                 '\u202a', '\u202b', '\u202c', '\u202d', '\u202e',
                 '\u2066', '\u2067', '\u2068', '\u2069':
                return true;
            default:
                if (Character.isHighSurrogate(c)) {
                    return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
                }
                if (Character.isLowSurrogate(c)) {
                    return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
                }
                return false;
        }
    }

    private static void escape(StringBuilder b, char c) {
        switch (c) {
            case '\n' -> b.append("\\n");
            case '\r' -> b.append("\\r");
            case '\t' -> b.append("\\t");
            default -> b.append("\\u").append(String.format(Locale.ROOT, "%04x", (int) c));
        }
    }
}

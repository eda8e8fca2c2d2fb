package dev.tracelint.text;

import java.util.Locale;

/**
 * How every message shows a string that came from a trace (a name, a category, an id, a thread
 * name, a key): escaped so that it cannot break a line, speak to a terminal or hide, and cut so
 * that a message stays short however long the string is. One function for every message, so every
 * output (text, JSON, SARIF, the stderr notes, an editor's diagnostic and hover) shows it the same way.
 *
 * <p>Escaped, each as a JSON-style {@code \n}, {@code \r}, {@code \t} or {@code \}{@code uXXXX}
 * (a supplementary char as its two halves): C0 controls and DEL (ESC among them), C1 controls
 * U+0080–U+009F, the line and paragraph separators U+2028/U+2029, a surrogate without its partner,
 * and every char Unicode makes invisible, {@link Invisible}: the format chars (general category
 * Cf: the bidirectional marks, embeddings, overrides and isolates, zero-width space, joiners, word
 * joiner, U+FEFF, the soft hyphen, tags...) and the other default-ignorable code points (the
 * Hangul fillers, variation selectors, the combining grapheme joiner...), so a name cannot look
 * empty or like another name. Kept as they are, because they only join what is visible and an
 * emoji name stays readable: a zero-width joiner between two pictographs (👨‍👩‍👧), a variation
 * selector right after a pictograph (❤️) or in a keycap (1️⃣), and the tags of the three subdivision
 * flags Unicode recommends (🏴 and the tags of gbeng, gbsct or gbwls, then the cancel tag). Cut: after {@link #SHOWN_CHARS} chars, or sooner once the
 * escaped form reaches {@link #SHOWN_ESCAPED} chars (never between the two halves of an emoji),
 * followed by {@code … (N chars)}, the whole string's length.
 */
public final class Quoted {
    /** How many chars of a string a message or a hover shows before cutting it. */
    public static final int SHOWN_CHARS = 60;
    /**
     * How long the shown part may grow by escaping: 60 control chars would take 360 as
     * {@code \u0000}; a message quoting three or four of them would no longer be short.
     */
    public static final int SHOWN_ESCAPED = 2 * SHOWN_CHARS;

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
        while (i < n && !escaped(line, i, n)) {
            i++;
        }
        if (i == n) {
            return line;
        }
        StringBuilder b = new StringBuilder(n + 16).append(line, 0, i);
        for (; i < n; i++) {
            char c = line.charAt(i);
            if (escaped(line, i, n)) {
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
        int shownFrom = b.length();
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            if (b.length() - shownFrom >= SHOWN_ESCAPED && !(Character.isLowSurrogate(c) && Character.isHighSurrogate(s.charAt(i - 1)))) {
                end = i; // escapes made it long: cut here (not half an emoji)
                break;
            }
            if (quote == '"' && (c == '"' || c == '\\')) {
                b.append('\\').append(c);
            } else if (escaped(s, i, end)) {
                escape(b, c);
            } else {
                b.append(c);
            }
        }
        if (end < n && b.length() > shownFrom && b.charAt(b.length() - 1) == '\u200d') {
            b.setLength(b.length() - 1); // kept as joining two pictographs, but the escapes cut the second off
            escape(b, '\u200d');
        }
        if (quote != 0) {
            b.append(quote);
        }
        if (end < n) {
            b.append(cutNote(whole));
        }
        return b.toString();
    }

    /**
     * Whether the char at {@code i} is written as an escape; {@code end}: where the shown part ends
     * (a joiner is kept only if what it joins is shown too).
     */
    private static boolean escaped(String s, int i, int end) {
        char c = s.charAt(i);
        if (c < 0x20 || c >= 0x7f && c <= 0x9f) {
            return true;
        }
        if (c < 0xad) {
            return false; // the common case, printable ASCII and Latin-1, at once
        }
        if (Character.isHighSurrogate(c)) {
            if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                return true;
            }
            return Invisible.at(s, i, end);
        }
        if (Character.isLowSurrogate(c)) {
            if (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1))) {
                return true;
            }
            return Invisible.at(s, i - 1, end); // a pair is escaped whole or not at all
        }
        return c == '\u2028' || c == '\u2029' || Invisible.at(s, i, end);
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

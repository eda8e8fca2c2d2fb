package dev.tracelint.read;

import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;

/**
 * A key written as a bare word, then ':' or '=', where JSON wants a key in double quotes
 * ({@code id="0x100"}, as a writer that formats its events by hand or as key=value pairs writes
 * it): the intent is plain, a member of that name. The fix quotes the word and writes ':' for
 * '='. Unsafe: the reader skipped the rest of the event after the error, so the member and what
 * follows it are read only once it is mended (they may carry faults of their own).
 *
 * @param range the bare word
 * @param word the word
 * @param between the spaces between the word and its separator
 * @param equals whether the separator is '=' (else ':')
 */
record UnquotedKey(TextRange range, String word, String between, boolean equals) {
    /** The longest bare word taken for a key: longer, it is likely not a key at all. */
    static final int MAX_WORD = 64;

    /** The bare key starting at {@code at}, or null if no identifier followed by ':' or '=' starts there. */
    static UnquotedKey at(TraceSource src, long at) throws java.io.IOException {
        long end = at;
        while (end - at <= MAX_WORD && isWordChar(src.charAt(end), end == at)) {
            end++;
        }
        if (end == at || end - at > MAX_WORD) {
            return null;
        }
        long sep = end;
        while (sep - end < MAX_WORD && (src.charAt(sep) == ' ' || src.charAt(sep) == '\t')) {
            sep++;
        }
        int c = src.charAt(sep);
        if (c != ':' && c != '=') {
            return null;
        }
        String word = src.slice(at, end);
        String between = src.slice(end, sep);
        return word == null || between == null ? null : new UnquotedKey(new TextRange(at, end), word, between, c == '=');
    }

    private static boolean isWordChar(int c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || !first && c >= '0' && c <= '9';
    }

    String message() {
        return equals ? "the key " + word + "= must be written \"" + word + "\": (keys in double quotes, then ':')"
                : "the key " + word + " must be in double quotes: \"" + word + "\"";
    }

    Fix fix() {
        // one edit from the word through its separator: the spaces between stay as they were
        long separatorEnd = range.end() + between.length() + 1;
        TextEdit edit = TextEdit.replace(new TextRange(range.start(), separatorEnd), "\"" + word + "\"" + between + ":");
        return Fix.unsafe("Write the key as \"" + word + "\": (the rest of the event is read only then)", edit);
    }
}

package dev.tracelint.text;

/**
 * A string value too long to hold whole ({@link #LIMIT} chars or more: a 1 GiB event name), as
 * the reader keeps it: its first {@link #KEPT} chars, then a tail that records the whole
 * string's length and a 64-bit hash of all its chars. So memory does not grow with one string's
 * length, two long strings are equal exactly when their texts are (but for a hash collision),
 * and {@link Quoted} still says the whole length after the chars it shows. Strings shorter than
 * {@link #LIMIT} are held whole, as they always were.
 */
public final class LongText {
    /** Strings of at least this many chars are held as a prefix, a length and a hash. */
    public static final int LIMIT = 1 << 18;
    /** How many of a long string's chars are kept. */
    public static final int KEPT = 4096;
    /** Starts the tail after the kept chars: a noncharacter, which a trace can only spell as an escape. */
    private static final char MARK = '\uFFFF';

    private LongText() {
    }

    /** The string as the reader holds it: itself below {@link #LIMIT} chars, else its bounded form. */
    public static String bounded(String s) {
        if (s == null || s.length() < LIMIT) {
            return s;
        }
        Builder b = new Builder();
        for (int i = 0; i < s.length(); i++) {
            b.add(s.charAt(i));
        }
        return b.text();
    }

    /** The length of the string {@code s} stands for: its own, or the one a bounded form records. */
    public static long length(String s) {
        if (s.length() <= KEPT || s.charAt(KEPT) != MARK) {
            return s.length();
        }
        int colon = s.indexOf(':', KEPT + 1);
        if (colon < 0) {
            return s.length();
        }
        try {
            return Long.parseLong(s, KEPT + 1, colon, 10);
        } catch (NumberFormatException e) {
            return s.length(); // a trace's own string that happens to hold the mark
        }
    }

    /** Whether {@code s} holds a bounded form (as a fix's text made from a long name would). */
    public static boolean holdsBounded(String s) {
        for (int i = s.length() <= KEPT ? -1 : s.indexOf(MARK, KEPT); i >= 0; i = s.indexOf(MARK, i + 1)) {
            int j = i + 1;
            while (j < s.length() && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
                j++;
            }
            if (j > i + 1 && j < s.length() && s.charAt(j) == ':') {
                return true;
            }
        }
        return false;
    }

    /** Builds the text of a string char by char, holding at most {@link #LIMIT} of them. */
    public static final class Builder {
        private final StringBuilder chars = new StringBuilder();
        private long length;
        private long hash = 0xcbf29ce484222325L;

        public void add(char c) {
            if (length < LIMIT) {
                chars.append(c);
            }
            length++;
            hash = (hash ^ c) * 0x100000001b3L; // FNV-1a over the chars
        }

        /** The whole string if shorter than {@link #LIMIT}, else its bounded form. */
        public String text() {
            if (length < LIMIT) {
                return chars.toString();
            }
            return chars.substring(0, KEPT) + MARK + length + ":" + Long.toHexString(hash);
        }
    }
}

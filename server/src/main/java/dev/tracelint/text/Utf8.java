package dev.tracelint.text;

/**
 * How tracelint decodes UTF-8, written once for the reader (which turns bytes into the chars that
 * offsets count) and for {@code --fix} (which maps those offsets back to bytes): an ASCII byte is
 * one char; a well-formed sequence (RFC 3629) of 2 or 3 bytes is one char, of 4 bytes two (a
 * surrogate pair); every other byte, and each byte of a sequence cut short by the end of the input,
 * is one U+FFFD.
 */
public final class Utf8 {
    private Utf8() {
    }

    /**
     * Length of the well-formed sequence whose lead byte is at {@code i} (2 to 4), 0 if it may be
     * well-formed but continues past {@code n}, -1 if the lead byte is not part of one. Call it
     * for a byte that is not ASCII.
     */
    public static int sequenceLength(byte[] b, int i, int n) {
        int lead = b[i] & 0xFF;
        int len;
        int lo = 0x80;
        int hi = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            len = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            len = 3;
            lo = lead == 0xE0 ? 0xA0 : 0x80;
            hi = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            len = 4;
            lo = lead == 0xF0 ? 0x90 : 0x80;
            hi = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            return -1;
        }
        for (int k = 1; k < len; k++) {
            if (i + k >= n) {
                return 0;
            }
            int c = b[i + k] & 0xFF;
            if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF)) {
                return -1;
            }
        }
        return len;
    }

    /** The chars a well-formed sequence of {@code length} bytes decodes to: a 4-byte one is a surrogate pair. */
    public static int charsOf(int length) {
        return length == 4 ? 2 : 1;
    }

    /** The code point of the well-formed sequence of {@code len} bytes at {@code i}. */
    public static int codePoint(byte[] b, int i, int len) {
        int cp = b[i] & (0xFF >> (len + 1));
        for (int k = 1; k < len; k++) {
            cp = cp << 6 | b[i + k] & 0x3F;
        }
        return cp;
    }
}

package dev.tracelint.text;

/**
 * The chars a reader cannot see, that {@link Quoted} escapes so that a name cannot look empty or
 * like another name: the format chars (general category Cf) and the other default-ignorable code
 * points of Unicode 15.1 (DerivedCoreProperties.txt, Default_Ignorable_Code_Point), listed here
 * rather than asked of {@link Character}, whose tables follow the JDK's Unicode version (13.0 in
 * Java 17) and would change the output with the runtime. The set:
 *
 * <ul>
 * <li>U+00AD soft hyphen; U+034F combining grapheme joiner; U+0600–U+0605, U+06DD, U+070F,
 * U+0890–U+0891, U+08E2 (number signs written before digits); U+061C Arabic letter mark;
 * <li>U+115F, U+1160, U+3164, U+FFA0 Hangul fillers; U+17B4–U+17B5 Khmer inherent vowels;
 * U+180B–U+180F Mongolian variation selectors and vowel separator;
 * <li>U+200B–U+200F zero-width space, non-joiner, joiner, LRM, RLM; U+202A–U+202E embeddings and
 * overrides; U+2060–U+206F word joiner, invisible operators, isolates, deprecated format chars;
 * <li>U+FE00–U+FE0F variation selectors; U+FEFF zero-width no-break space (BOM);
 * U+FFF0–U+FFFB (reserved, interlinear annotation);
 * <li>U+110BD, U+110CD, U+13430–U+1343F, U+1BCA0–U+1BCA3, U+1D173–U+1D17A (format controls of
 * historic scripts and music); U+E0000–U+E0FFF tags, variation selectors supplement and their
 * reserved block.
 * </ul>
 *
 * <p>But for three that only join what is visible, kept so that an emoji name stays readable
 * ({@link #keptInEmoji}): a zero-width joiner between two pictographs, a variation selector after
 * a pictograph or in a keycap, and the tags of the subdivision flags Unicode recommends. The
 * line breaks and controls are {@link Quoted}'s own.
 */
final class Invisible {
    private static final int ZWJ = 0x200d;
    private static final int VS15 = 0xfe0e;
    private static final int VS16 = 0xfe0f;
    private static final int KEYCAP = 0x20e3;
    private static final int BLACK_FLAG = 0x1f3f4;
    private static final int CANCEL_TAG = 0xe007f;
    /** The tag letters of the subdivision flags in Unicode's recommended set (England, Scotland, Wales). */
    private static final String[] FLAG_TAGS = {"gbeng", "gbsct", "gbwls"};

    private Invisible() {
    }

    /** Whether the code point starting at {@code i} is invisible and not kept; {@code end}: where the shown part ends. */
    static boolean at(String s, int i, int end) {
        int cp = s.codePointAt(i);
        return invisible(cp) && !keptInEmoji(s, i, cp, end);
    }

    /** Cf or Default_Ignorable_Code_Point, as listed above. */
    static boolean invisible(int cp) {
        if (cp < 0x10000) {
            return cp == 0xad || cp == 0x34f || cp >= 0x600 && cp <= 0x605 || cp == 0x61c || cp == 0x6dd
                    || cp == 0x70f || cp == 0x890 || cp == 0x891 || cp == 0x8e2 || cp == 0x115f || cp == 0x1160
                    || cp == 0x17b4 || cp == 0x17b5 || cp >= 0x180b && cp <= 0x180f || cp >= 0x200b && cp <= 0x200f
                    || cp >= 0x202a && cp <= 0x202e || cp >= 0x2060 && cp <= 0x206f || cp == 0x3164
                    || cp >= 0xfe00 && cp <= 0xfe0f || cp == 0xfeff || cp == 0xffa0 || cp >= 0xfff0 && cp <= 0xfffb;
        }
        return cp == 0x110bd || cp == 0x110cd || cp >= 0x13430 && cp <= 0x1343f || cp >= 0x1bca0 && cp <= 0x1bca3
                || cp >= 0x1d173 && cp <= 0x1d17a || cp >= 0xe0000 && cp <= 0xe0fff;
    }

    /**
     * A joiner, a variation selector or a tag that is part of an emoji: what it joins is visible,
     * and escaping it would make every family, profession or flag emoji unreadable. What remains
     * possible is a joiner between two pictographs that no font joins (shown as the two side by
     * side, as without it): two such names can look alike, where the pictographs are visible.
     */
    private static boolean keptInEmoji(String s, int i, int cp, int end) {
        if (cp == ZWJ) {
            int next = i + 1;
            return next < end && pictograph(s.codePointAt(next)) && emojiBefore(s, i);
        }
        if (cp == VS16 || cp == VS15) {
            if (i > 0 && pictograph(s.codePointBefore(i))) {
                return true;
            }
            char before = i > 0 ? s.charAt(i - 1) : 0;
            return cp == VS16 && (before >= '0' && before <= '9' || before == '#' || before == '*')
                    && i + 1 < end && s.charAt(i + 1) == KEYCAP;
        }
        if (cp >= 0xe0020 && cp <= CANCEL_TAG) {
            return inSubdivisionFlag(s, i, end);
        }
        return false;
    }

    /** An emoji ends right before {@code i}: a pictograph, possibly followed by a variation selector or a skin tone. */
    private static boolean emojiBefore(String s, int i) {
        if (i == 0) {
            return false;
        }
        int cp = s.codePointBefore(i);
        if (cp == VS16 || cp >= 0x1f3fb && cp <= 0x1f3ff) { // a selector or a skin tone: the pictograph before it
            i -= Character.charCount(cp);
            if (i == 0) {
                return false;
            }
            cp = s.codePointBefore(i);
        }
        return pictograph(cp);
    }

    /**
     * The tag at {@code i} is in 🏴 followed by the tags of gbeng, gbsct or gbwls and the cancel tag,
     * all shown: a flag's tags are 6 at most, so looking back is bounded.
     */
    private static boolean inSubdivisionFlag(String s, int i, int end) {
        int from = i;
        int steps = 0;
        while (from >= 2 && steps < 6 && isTag(s.codePointBefore(from))) {
            from -= 2;
            steps++;
        }
        if (from < 2 || s.codePointBefore(from) != BLACK_FLAG) {
            return false;
        }
        for (String letters : FLAG_TAGS) {
            int at = from;
            boolean match = true;
            for (int k = 0; k < letters.length() && match; k++) {
                match = at + 1 < end && s.codePointAt(at) == 0xe0000 + letters.charAt(k);
                at += 2;
            }
            if (match && at + 1 < end && s.codePointAt(at) == CANCEL_TAG) {
                return i <= at;
            }
        }
        return false;
    }

    private static boolean isTag(int cp) {
        return cp >= 0xe0020 && cp <= CANCEL_TAG;
    }

    /**
     * A pictograph an emoji sequence joins: the emoji blocks U+1F000–U+1FAFF but the regional
     * indicators (flags are pairs of them, never joined) and the skin tones, and the symbols
     * (general category So) of the BMP's arrow, technical, shape, symbol, dingbat and
     * miscellaneous-symbol blocks (♀ ♂ ⚕ ✈ ❤ ⬛ ➡ among them). The emoji blocks count whole: their
     * code points newer than the JDK's tables (🫱, Unicode 14) are unassigned to {@link Character}.
     */
    static boolean pictograph(int cp) {
        if (cp >= 0x1f000 && cp <= 0x1faff) {
            return !(cp >= 0x1f1e6 && cp <= 0x1f1ff) && !(cp >= 0x1f3fb && cp <= 0x1f3ff);
        }
        boolean symbolBlock = cp >= 0x2190 && cp <= 0x21ff || cp >= 0x2300 && cp <= 0x23ff
                || cp >= 0x25a0 && cp <= 0x27bf || cp >= 0x2900 && cp <= 0x297f || cp >= 0x2b00 && cp <= 0x2bff;
        return symbolBlock && Character.getType(cp) == Character.OTHER_SYMBOL;
    }
}

package dev.tracelint.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How messages show a trace's strings: escaped, and cut by chars shown and by escaped length. */
class QuotedTest {
    @Test
    void aShortStringIsShownWholeAndEscaped() {
        assertEquals("'Run\\nTask 🚀'", Quoted.named("Run\nTask 🚀"));
        assertEquals("\"a\\\"b\\\\c\"", Quoted.quoted("a\"b\\c"));
        assertEquals("x\\u001b[31m", Quoted.plain("x\u001b[31m"));
    }

    @Test
    void aLongStringIsCutAfterSixtyCharsWithItsLength() {
        String s = "é".repeat(100);
        assertEquals("'" + "é".repeat(60) + "'… (100 chars)", Quoted.named(s));
    }

    @Test
    void escapesCannotMakeTheShownPartLongerThanItsBound() {
        String nuls = "\u0000".repeat(1000);
        String shown = Quoted.quoted(nuls);
        // 20 escapes of 6 chars reach SHOWN_ESCAPED: the cut comes there, and the note says the whole length
        assertEquals("\"" + "\\u0000".repeat(20) + "\"… (1,000 chars)", shown);
        assertTrue(shown.length() <= Quoted.SHOWN_ESCAPED + 6 + 2 + Quoted.cutNote(1000).length());
    }

    @Test
    void anEscapedCutNeverSplitsAnEmoji() {
        // 19 escapes (114 chars) and a '!' (115), then emoji of two chars each: the third one's high
        // half brings the shown part to 120, its low half still follows, and the cut comes before the fourth
        String s = "\u0001".repeat(19) + "!" + "🚀".repeat(10);
        String shown = Quoted.plain(s);
        assertEquals("\\u0001".repeat(19) + "!" + "🚀".repeat(3) + "… (" + s.length() + " chars)", shown);
    }

    @Test
    void invisibleCharsAreEscapedSoANameCannotLookEmptyOrLikeAnother() {
        assertEquals("'\\u200b'", Quoted.named("\u200b")); // a zero-width space alone: not an empty name
        assertEquals("'Run\\u200bTask'", Quoted.named("Run\u200bTask"));
        assertEquals("'\\ufeffLoad'", Quoted.named("\ufeffLoad"));
        assertEquals("'Lay\\u00adout'", Quoted.named("Lay\u00adout")); // soft hyphen
        assertEquals("'a\\u200cb\\u200dc\\u2060d'", Quoted.named("a\u200cb\u200dc\u2060d")); // ZWNJ, ZWJ, word joiner
        assertEquals("'\\u115f\\u1160\\u3164\\uffa0'", Quoted.named("\u115f\u1160\u3164\uffa0")); // Hangul fillers
        assertEquals("'x\\u034f\\u180e\\u17b4\\ufe00'", Quoted.named("x\u034f\u180e\u17b4\ufe00"));
        assertEquals("'\\u0600\\u202e\\u2066'", Quoted.named("\u0600\u202e\u2066"));
        // a tag char (U+E0041, TAG LATIN CAPITAL LETTER A) hides text: both halves escaped
        assertEquals("'ok\\udb40\\udc41'", Quoted.named("ok" + new String(Character.toChars(0xe0041))));
        // U+1D173 (a music format control), a variation selector of the supplement
        assertEquals("'\\ud834\\udd73\\udb40\\udd00'", Quoted.named(cp(0x1d173) + cp(0xe0100)));
        assertEquals("\\u200b \\u00ad", Quoted.safe("\u200b \u00ad"));
        assertEquals("Latin-1 é ß ¥ and CJK 名前 stay", Quoted.safe("Latin-1 é ß ¥ and CJK 名前 stay"));
    }

    @Test
    void emojiStayReadable() {
        String family = "👨\u200d👩\u200d👧"; // man ZWJ woman ZWJ girl: one glyph
        assertEquals("'" + family + "'", Quoted.named(family));
        String coder = "👩🏽\u200d💻"; // a skin tone between the pictograph and the joiner
        assertEquals("'" + coder + "'", Quoted.named(coder));
        String rainbow = "🏳\ufe0f\u200d🌈"; // a selector between them
        assertEquals("'" + rainbow + "'", Quoted.named(rainbow));
        String runner = "🏃\u200d♂\ufe0f"; // a BMP pictograph (♂) joined, with its selector
        assertEquals("'" + runner + "'", Quoted.named(runner));
        assertEquals("'❤\ufe0f 1\ufe0f\u20e3'", Quoted.named("❤\ufe0f 1\ufe0f\u20e3")); // a selector after a pictograph, a keycap
        String scotland = "🏴" + tags("gbsct") + cp(0xe007f);
        assertEquals("'" + scotland + "'", Quoted.named(scotland));
        assertEquals(scotland, Quoted.safe(scotland));
        assertEquals("'" + family + "'", Quoted.safe(Quoted.named(family))); // the text output's guard leaves it
    }

    @Test
    void joinersAndSelectorsOutsideAnEmojiAreEscaped() {
        assertEquals("'a\\u200d👩'", Quoted.named("a\u200d👩")); // nothing visible before: the joiner could hide
        assertEquals("'👩\\u200db'", Quoted.named("👩\u200db"));
        assertEquals("'👩\\u200d'", Quoted.named("👩\u200d")); // joins nothing
        assertEquals("'a\\ufe0f\\u200d💻'", Quoted.named("a\ufe0f\u200d💻")); // a selector after a letter is no emoji
        assertEquals("'a🏻\\u200d💻'", Quoted.named("a🏻\u200d💻")); // nor a skin tone after a letter
        assertEquals("'🇫\\u200d🇷'", Quoted.named("🇫\u200d🇷")); // regional indicators are never joined
        assertEquals("'1\\ufe0f'", Quoted.named("1\ufe0f")); // no keycap follows
        // tags that spell no recommended flag, or not after 🏴: escaped, each as its two halves
        String other = "🏴" + tags("usca") + cp(0xe007f);
        assertEquals("'🏴" + "\\udb40\\udc75\\udb40\\udc73\\udb40\\udc63\\udb40\\udc61\\udb40\\udc7f'", Quoted.named(other));
        assertEquals("'x\\udb40\\udc67'", Quoted.named("x" + tags("g")));
    }

    @Test
    void aJoinerAtTheCutIsEscapedAsItJoinsNothingShown() {
        // 59 chars, then the joiner is the 60th: what it would join is not shown
        String s = "a".repeat(57) + "👩\u200d👧";
        assertEquals("'" + "a".repeat(57) + "👩\\u200d'… (" + s.length() + " chars)", Quoted.named(s));
    }

    @Test
    void aJoinerAtTheEscapesCutIsEscapedToo() {
        // 19 escapes (114 chars), then 👩 ZWJ 👧 ZWJ brings the shown part to 120: the cut comes before 👦
        String s = "\u0001".repeat(19) + "👩\u200d👧\u200d👦";
        assertEquals("\\u0001".repeat(19) + "👩\u200d👧\\u200d… (" + s.length() + " chars)", Quoted.plain(s));
    }

    private static String cp(int codePoint) {
        return new String(Character.toChars(codePoint));
    }

    private static String tags(String letters) {
        StringBuilder b = new StringBuilder();
        letters.chars().forEach(c -> b.appendCodePoint(0xe0000 + c));
        return b.toString();
    }
}

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
}

package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: the repairs of the JSON syntax errors real traces have, where the intent is plain: a
 * file cut at any point of its events, a comma missing between events or members, a raw control
 * char in a string, a key without its quotes (tracecompass's object_alloc.json writes {@code id="0x100"}).
 */
class SyntaxRepairsTest {
    private static final String FAILS = ": chrome://tracing, Perfetto, DevTools and speedscope cannot load the file";
    private static final String A = "{\"name\": \"😀\", \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}";
    private static final String B = "{\"name\": \"b\", \"ph\": \"X\", \"ts\": 3, \"dur\": 1, \"pid\": 1, \"tid\": 1}";

    @Test
    void aMissingCommaBetweenEventsIsInsertedAfterTheFirst() {
        assertFindings("[" + A + "\n «{»" + B.substring(1) + "]",
                finding("json-syntax", "expected ',' or ']' after event #1, found '{'" + FAILS));
        assertEquals(List.of("Insert the missing ',' (safe)"), fixTitles("[" + A + B + "]", "json-syntax"));
        assertFix("[" + A + "\n " + B + "]\n", "json-syntax", "Insert the missing ','", "[" + A + ",\n " + B + "]\n");
        assertFix("{\"traceEvents\": [" + A + B + "]}", "json-syntax", "Insert the missing ','", "{\"traceEvents\": [" + A + "," + B + "]}");
        // not after an event: a number where an event belongs is no plain case
        assertEquals(List.of(), fixTitles("[" + A + ", 42 " + B + "]", "json-syntax"));
    }

    @Test
    void aMissingCommaBetweenMembersIsAnUnsafeFix() {
        String broken = "[{\"name\": \"😀\", \"ph\": \"X\", \"ts\": 1 \"dur\": 1, \"pid\": 1, \"tid\": 1}]";
        assertFindings(broken.replace(" \"dur\"", " «\"»dur\""),
                finding("json-syntax", "expected ',' or '}' after the value of \"ts\", found '\"'" + FAILS));
        assertEquals(List.of("Insert the missing ',' (the rest of the event is read only then) (unsafe)"), fixTitles(broken, "json-syntax"));
        assertFix(broken, "json-syntax", "Insert the missing ',' (the rest of the event is read only then)", broken.replace("1 \"dur\"", "1, \"dur\""));
    }

    @Test
    void aRawControlCharInAStringIsEscaped() {
        String tab = "[{\"name\": \"😀\tb\", \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]";
        assertFindings(tab.replace("\t", "«\t»"), finding("json-syntax", "a tab inside a string must be written as \\t"
                + ": chrome://tracing, DevTools and speedscope cannot load the file"));
        assertEquals(List.of("Escape it as '\\t' (safe)"), fixTitles(tab, "json-syntax"));
        assertFix(tab, "json-syntax", "Escape it as '\\t'", tab.replace("\t", "\\t"));
        String crlf = tab.replace("\t", "\r\n");
        assertFindings(crlf.replace("\r\n", "«\r\n»"), finding("json-syntax", "a line break inside a string must be written as \\n"
                + ": chrome://tracing, DevTools and speedscope cannot load the file"));
        assertFix(crlf, "json-syntax", "Escape it as '\\r\\n'", tab.replace("\t", "\\r\\n"));
        assertFix(tab.replace("\t", "\u0001"), "json-syntax", "Escape it as '\\u0001'", tab.replace("\t", "\\u0001"));
        // two in one string: each is safe, the second found once the first is mended
        String two = tab.replace("\t", "\n\n");
        assertEquals(List.of("Escape it as '\\n' (safe)"), fixTitles(two, "json-syntax"));
        String second = tab.replace("\t", "\\n\n");
        assertEquals(List.of("Escape it as '\\n' (safe)"), fixTitles(second, "json-syntax"));
        assertFix(second, "json-syntax", "Escape it as '\\n'", tab.replace("\t", "\\n\\n"));
    }

    /** A string whose closing quote is lost runs on to the next line: escaping the line break would not mend it. */
    @Test
    void aLineBreakWhereTheQuoteIsLostIsAnUnsafeFix() {
        String lost = "[{\"name\": \"a\n, \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]";
        assertEquals(List.of("Escape it as '\\n' (unsafe)"), fixTitles(lost, "json-syntax"));
    }

    @Test
    void aBareKeyIsQuotedAndItsEqualsSignBecomesAColon() {
        String bare = "[{\"name\": \"😀\", \"pid\": 52, \"ts\": 100, \"tid\": 53,\n      \"ph\": \"N\", id=\"0x100\"}]";
        assertFindings(bare.replace("id=", "«id»="),
                finding("json-syntax", "the key id= must be written \"id\": (keys in double quotes, then ':')" + FAILS));
        assertEquals(List.of("Write the key as \"id\": (the rest of the event is read only then) (unsafe)"), fixTitles(bare, "json-syntax"));
        assertFix(bare, "json-syntax", "Write the key as \"id\": (the rest of the event is read only then)", bare.replace("id=", "\"id\":"));
        String colon = "[{\"name\": \"a\", \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, tid : 1}]";
        assertFindings(colon.replace("tid :", "«tid» :"), finding("json-syntax", "the key tid must be in double quotes: \"tid\"" + FAILS));
        assertFix(colon, "json-syntax", "Write the key as \"tid\": (the rest of the event is read only then)", colon.replace("tid :", "\"tid\" :"));
        // a word followed by neither ':' nor '=' is no key: no fix
        assertEquals(List.of(), fixTitles("[{\"name\": \"a\", oops \"ph\": \"X\"}]", "json-syntax"));
    }

    /** Every point a file can be cut at inside an event: the cut event goes, the array (or the trace object) is closed. */
    @Test
    void aFileCutInsideAnEventDropsItAndClosesTheArray() {
        String head = "[" + A + ",\n ";
        String drop = "Drop the cut-off event and close the array with ']' (its members are lost)";
        for (String cut : List.of("{\"name\": \"b😀", "{\"name\"", "{\"name\":", "{\"name\": \"b\",", "{\"ts\": 12", "{\"ts\": 1.",
                "{\"args\": {\"a\": [1, {\"b\": ", "{")) {
            assertFindings(head + cut + "«»", finding("json-syntax", "the file ends inside event #2: it is missing its closing '}'" + FAILS));
            assertEquals(List.of(drop + " (unsafe)"), fixTitles(head + cut, "json-syntax"), cut);
            // whitespace after the last char stays where it was
            assertFix(head + cut, "json-syntax", drop, "[" + A + "]" + cut.substring(cut.stripTrailing().length()));
        }
        // a line break after the cut stays (inside a cut string it would be a control char of its own)
        assertFix(head + "{\"ts\": 12\n", "json-syntax", drop, "[" + A + "]\n");
        // the first event cut: an empty array is left
        assertFix("[\n" + A.substring(0, 20), "json-syntax", drop, "[\n]");
        // the object form: the trace object is closed too
        assertFix("{\"traceEvents\": [" + A + ", {\"na", "json-syntax",
                "Drop the cut-off event and close the trace with ']}' (its members are lost)", "{\"traceEvents\": [" + A + "]}");
    }

    @Test
    void aFileCutInAValueBetweenEventsDropsTheValue() {
        String cut = "[" + A + ",\n -";
        assertEquals(List.of("Drop the cut-off value and close the array with ']' (its text is lost) (unsafe)"), fixTitles(cut, "json-syntax"));
        assertFix(cut, "json-syntax", "Drop the cut-off value and close the array with ']' (its text is lost)", "[" + A + "]");
    }

    /** An object-form trace whose events are whole but whose ']}' is missing: closing it invents nothing. */
    @Test
    void anObjectFormWithoutItsCloseIsClosed() {
        String title = "Close the events array and the trace with ']}'";
        assertEquals(List.of(title + " (safe)"), fixTitles("{\"traceEvents\": [" + A + ",\n", "json-syntax"));
        assertFix("{\"traceEvents\": [" + A + ",\n", "json-syntax", title, "{\"traceEvents\": [" + A + "]}\n");
        assertFix("{\"traceEvents\": [" + A, "json-syntax", title, "{\"traceEvents\": [" + A + "]}");
        // after a syntax error, where the array ends is a guess
        List<Finding> after = new Analyzer(Config.DEFAULT).analyze("{\"traceEvents\": [{\"ph\": \"i\" \"ts\": 1},\n" + A + ",\n").findings();
        Finding end = after.get(after.size() - 1);
        assertEquals(List.of(title), end.fixes().stream().map(Fix::title).toList(), end.message());
        assertFalse(end.fixes().get(0).safe());
    }
}

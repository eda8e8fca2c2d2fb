package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.model.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** json-syntax, unterminated-array, duplicate-key. */
class SyntaxRulesTest {
    private static final String UNTERMINATED = "the events array has no closing ']' (the spec allows it): DevTools cannot load the file";
    private static final String UNTERMINATED_COMMA = "the events array ends with a trailing ',' and no ']' (the spec allows a missing ']'): DevTools cannot load the file";

    @Test
    void bothFormsOfTheSpecAreClean() {
        assertNoFindings("""
                [ {"name": "Asub", "cat": "PERF", "ph": "B", "pid": 22630, "tid": 22630, "ts": 829},
                  {"name": "Asub", "cat": "PERF", "ph": "E", "pid": 22630, "tid": 22630, "ts": 833} ]""");
        assertNoFindings("""
                {
                  "traceEvents": [
                    {"name": "Asub", "cat": "PERF", "ph": "B", "pid": 22630, "tid": 22630, "ts": 829},
                    {"name": "Asub", "cat": "PERF", "ph": "E", "pid": 22630, "tid": 22630, "ts": 833}
                  ],
                  "displayTimeUnit": "ns",
                  "systemTraceEvents": "SystemTraceData",
                  "otherData": {"version": "My Application v1.0"}
                }""");
    }

    @Test
    void missingClosingBracketIsAnErrorBecauseDevToolsCannotLoadIt() {
        assertFindings("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 2}«}»
                """.replace("}«}»", "«}»"),
                finding("unterminated-array", UNTERMINATED).severity(Severity.ERROR));
        assertFindings("""
                [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 2}«,»
                """, finding("unterminated-array", UNTERMINATED_COMMA));
        assertFindings("[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}«,»\r\n   \r\n",
                finding("unterminated-array", UNTERMINATED_COMMA));
    }

    @Test
    void closingTheArrayFixes() {
        assertFix("[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},\n", "unterminated-array",
                "Close the array with ']'", "[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]\n");
        assertFix("[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}\n", "unterminated-array",
                "Close the array with ']'", "[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]\n");
    }

    @Test
    void rulesStillRunOnAnUnterminatedArray() {
        assertFindings("""
                [{"ph": «"B"», "name": "a", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "i", "name": "b", "pid": 1, "tid": 1, "ts": 2}«,»""",
                finding("unmatched-begin", "B 'a' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly"),
                finding("unterminated-array", UNTERMINATED_COMMA));
    }

    @Test
    void objectFormMustBeClosed() {
        assertFindings("{\"traceEvents\": [{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}\n«»",
                finding("json-syntax", "the file ends inside the \"traceEvents\" array: the object form must end with ']}' (only an array trace may omit its ']'): chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    @Test
    void missingCommaBetweenMembersNamesTheKeyAndReadingResumes() {
        assertFindings("""
                [{"ph": "i", "name": "a", "pid": 1 «"»tid": 1, "ts": 1},
                 {"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 2},
                 {"ph": «"Q"», "name": "c", "pid": 1, "tid": 1, "ts": 3},
                 {"name": "b", "ph": "E", "pid": 1, "tid": 1, "ts": 4}]""",
                finding("json-syntax", "expected ',' or '}' after the value of \"pid\", found '\"': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"),
                finding("unknown-phase", "unknown phase \"Q\" (a phase is one letter such as B, E, X, i, C, b, e, M): chrome://tracing and Perfetto drop it"));
    }

    /** Chrome, Node and catapult write a trace on one line: recovery finds the next event by the structure, not by a line break. */
    @Test
    void aStringWithoutItsClosingQuoteOnOneLineHidesNoLaterEvent() {
        assertFindings("""
                [{"name": "a,"«p»h": "X", "ts": 1, "dur": 1, "pid": 1, "tid": 1},{"name": "😀", "ph": "X", "ts": 1, "dur": «-5», "pid": 1, "tid": 1}]""",
                finding("json-syntax", "expected ',' or '}' after the value of \"name\", found 'p': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"),
                finding("negative-duration", "X '😀' has a negative dur -5: Perfetto drops it; chrome://tracing, DevTools and speedscope show it wrongly"));
    }

    @Test
    void missingCommaBetweenEventsKeepsBothEvents() {
        assertFindings("""
                [{"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 2}
                 «{»"name": "b", "ph": "E", "pid": 1, "tid": 1, "ts": 4}]""",
                finding("json-syntax", "expected ',' or ']' after event #1, found '{': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    @Test
    void missingClosingBraceResumesAtTheNextEvent() {
        // the broken B is not read: that the E closes nothing rests on what was read, so it is not said
        assertFindings("""
                [{"ph": "B", "name": "b", "pid": 1, "tid": 1, "ts": 2,
                 «{»"ph": "E", "name": "c", "pid": 1, "tid": 2, "ts": 4}]""",
                finding("json-syntax", "expected a key in double quotes, found '{': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    @Test
    void trailingCommaBeforeBracketHasASafeFix() {
        assertFindings("""
                [{"ph": «"B"», "name": "a", "pid": 1, "tid": 1, "ts": 1}«,»]""",
                finding("unmatched-begin", "B 'a' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly"),
                finding("json-syntax", "trailing comma before ']': JSON allows none: chrome://tracing, DevTools and speedscope cannot load the file"));
        assertFix("[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1},\n]", "json-syntax",
                "Remove the trailing comma", "[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}\n]");
        assertFix("[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1,}]", "json-syntax",
                "Remove the trailing comma", "[{\"ph\": \"i\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]");
    }

    /**
     * The reader's own limits (Json.FACTORY: 100,000 digits, 100,000 levels) are not JSON's: the viewers'
     * parsers read past them, so the message says what each viewer does, not that none can load the file.
     */
    @Test
    void aNumberLongerThanTheReaderReadsIsItsLimitNotAViewerFailure() {
        String digits = "1".repeat(100_001);
        assertFindings("[{\"ph\": \"X\", \"name\": \"é🙂\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, \"id\": «" + digits + "»},\n"
                        + " {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                finding("json-syntax", "a number of 100001 digits: tracelint reads numbers of at most 100000 digits"
                        + ": Perfetto shows it wrongly").severity(Severity.WARNING));
    }

    @Test
    void nestingDeeperThanTheReaderReadsIsItsLimitNotAViewerFailure() {
        // counted from the event (the reader reads each event with a parser of its own): the event and args are
        // 2 levels, so the 99,999th bracket is the 100,001st level
        int brackets = 100_000;
        String open = "[".repeat(99_998);
        assertFindings("[{\"ph\": \"X\", \"name\": \"é🙂\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1, \"args\": {\"a\": "
                        + open + "«[»" + "[".repeat(brackets - 99_999) + "1" + "]".repeat(brackets) + "}},\n"
                        + " {\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1}]",
                finding("json-syntax", "arrays and objects nested more than 100000 levels deep: tracelint reads no deeper"
                        + ": speedscope cannot load the file").severity(Severity.ERROR));
    }

    @Test
    void badTokensAndStrings() {
        assertFindings("[{\"ph\": \"C\", \"name\": \"c\", \"pid\": 1, \"ts\": 1, \"args\": {\"v\": «NaN»}}]",
                finding("json-syntax", "NaN is not a JSON value (JSON has no NaN or Infinity) for \"v\": write a number (null, the unsafe fix,"
                        + " leaves the field without a value): chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
        assertFindings("[{\"ph\": \"i\", \"name\": 'a', \"ts\": 1}]".replace("'a'", "«'»a'"),
                finding("json-syntax", "strings must be in double quotes, found a single quote for \"name\": chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
        assertFindings("[{\"ph\": \"i\", \"name\": \"a«\n»b\", \"ts\": 1}]",
                finding("json-syntax", "a line break inside a string must be written as \\n: chrome://tracing, DevTools and speedscope cannot load the file"));
        assertFindings("[{\"ph\": \"i\", \"name\": \"a\", \"ts\": «012»}]",
                finding("json-syntax", "numbers may not have leading zeros: chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
        assertFindings("[{\"ph\": \"i\", \"name\": \"a\", \"ts\": «tru»}]",
                finding("json-syntax", "'tru' is not a JSON value (strings need double quotes; literals are true, false and null): chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
        // a bare word longer than jackson quotes whole (it cuts it at 256 chars, adds "..." and stops there): its first
        // 256 chars, where they are, after an emoji (a FormatFuzzTest finding: the range was 3 chars early, or at offset 0)
        String word = "f".repeat(300);
        assertFindings("[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": «" + word.substring(0, 256) + "»" + word.substring(256) + "}]",
                finding("json-syntax", "'" + "f".repeat(60) + "'… (256 chars) is not a JSON value (strings need double quotes; literals are true,"
                        + " false and null): chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    private static final String NOT_AN_OBJECT = "an event is a JSON object, not %s: DevTools and speedscope cannot load the file;"
            + " chrome://tracing and Perfetto drop it";
    /** catapult reads a field of every element before its phase (importClockSyncMarker_): only null makes it throw. */
    private static final String NULL_ELEMENT = "an event is a JSON object, not null: chrome://tracing, DevTools and speedscope cannot"
            + " load the file; Perfetto drops it";

    /** The importers throw on such an element (tests/oracle on a number, string, array, null); it used to pass silently. */
    @Test
    void anEventsArrayElementThatIsNotAnObjectIsAnError() {
        assertFindings("""
                [{"ph": "i", "name": "é😀", "s": "t", "pid": 1, "tid": 1, "ts": 1}, «42», {"ph": "i", "name": "b", "s": "t", "pid": 1, "tid": 1, "ts": 2}]""",
                finding("invalid-type", NOT_AN_OBJECT.formatted("the number 42")));
        assertFindings("""
                {"traceEvents": [«"😀"», «null»,
                  «[1, {"a": 2}]», {"ph": "i", "name": "b", "s": "t", "pid": 1, "tid": 1, "ts": 2}, «true»]}""",
                finding("invalid-type", NOT_AN_OBJECT.formatted("a string")),
                finding("invalid-type", NULL_ELEMENT),
                finding("invalid-type", NOT_AN_OBJECT.formatted("an array")),
                finding("invalid-type", NOT_AN_OBJECT.formatted("true")));
        // the element goes with the comma before it, or (first in the array) the one after it
        String event = "{\"ph\": \"i\", \"name\": \"b\", \"s\": \"t\", \"pid\": 1, \"tid\": 1, \"ts\": 2}";
        assertFix("[" + event + ",\n 42\n]", "invalid-type", "Remove the element", "[" + event + "\n]");
        assertFix("{\"traceEvents\": [\"😀\" ,\n " + event + "]}", "invalid-type", "Remove the element",
                "{\"traceEvents\": [" + event + "]}");
        assertFix("{\"traceEvents\": [ 42 ]}", "invalid-type", "Remove the element", "{\"traceEvents\": [  ]}");
        // first in the array and followed by another non-object: no fix for it (the next would take
        // its place); the next one goes with the comma before it, and the first in a later round
        assertEquals(List.of(List.of(), List.of("Remove the element")), dev.tracelint.TraceAssert.analyze(
                "{\"traceEvents\": [\"x\", 2, " + event + "]}").findings().stream()
                .map(f -> f.fixes().stream().map(dev.tracelint.finding.Fix::title).toList()).toList());
    }

    @Test
    void emptyFileIsABrokenTrace() {
        assertFindings("«»", finding("json-syntax", "the file is empty: a trace is a JSON array of events or an object with \"traceEvents\": chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    @Test
    void otherJsonIsLeftAlone() {
        assertNoFindings("{\"name\": \"my-package\", \"version\": \"1.0.0\"}");
        assertNoFindings("[1, 2, 3]");
        assertNoFindings("\"just a string\"");
        assertNoFindings("{\"a\": [1, 2,]}");
    }

    @Test
    void duplicateKeyPointsAtTheIgnoredOneWithASafeFix() {
        assertFindings("""
                [{"ph": "C", "name": "ctr", «"cname"»: "bad", "pid": 1, "ts": 1, ‹"cname"›: "good", "args": {"v": 1}}]""",
                finding("duplicate-key", "\"cname\" appears again later in this event, whose last value counts: no viewer shows it")
                        .severity(Severity.INFORMATION).related("the value that counts"));
        assertFix("""
                [{"ph": "C", "name": "ctr", "cname": "bad", "pid": 1, "ts": 1, "cname": "good", "args": {"v": 1}}]""",
                "duplicate-key", "Remove the earlier \"cname\"", """
                [{"ph": "C", "name": "ctr", "pid": 1, "ts": 1, "cname": "good", "args": {"v": 1}}]""");
        assertFix("""
                [{"ph": "i", "name": "a", "ts": 1, "ts": 2}]""", "duplicate-key", "Remove the earlier \"ts\"", """
                [{"ph": "i", "name": "a", "ts": 2}]""");
    }

    @Test
    void aWideEventPointsEachRepeatedKeyAtItsNextRepeat() {
        // more members than DuplicateKey compares pairwise: the same findings, found through a map
        StringBuilder marked = new StringBuilder("[{\"ph\": \"i\", \"name\": \"a\", \"ts\": 1");
        for (int i = 0; i < 40; i++) {
            String key = "\"k" + i + "\"";
            marked.append(", ").append(i == 3 || i == 5 ? "«" + key + "»" : key).append(": ").append(i);
        }
        marked.append(", «\"😀\"»: 1, ‹\"k3\"›: 2, «‹\"k5\"›»: 7, ‹\"😀\"›: 2, ‹\"k5\"›: 8}]");
        String message = " appears again later in this event, whose last value counts: no viewer shows it";
        assertFindings(marked.toString(),
                finding("duplicate-key", "\"k3\"" + message).related("the value that counts"),
                finding("duplicate-key", "\"k5\"" + message).related("the value that counts"),
                finding("duplicate-key", "\"😀\"" + message).related("the value that counts"),
                finding("duplicate-key", "\"k5\"" + message).related("the value that counts"));
        String wide = marked.substring(0, marked.indexOf(", «\"😀")).replaceAll("[«»‹›]", "");
        assertFix(wide + ", \"😀\": 1, \"😀\": 2}]", "duplicate-key", "Remove the earlier \"😀\"", wide + ", \"😀\": 2}]");
    }

    @Test
    void aSyntaxErrorBeforeTraceEventsStillReadsTheEvents() {
        assertFindings("""
                {"displayTimeUnit": "ns",«,»"traceEvents": [
                  {"ph": «"B"», "name": "a", "pid": 1, "tid": 1, "ts": 1}
                ]}""",
                finding("json-syntax", "expected a key in double quotes, found ',': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"),
                finding("unmatched-begin", "B 'a' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope show it wrongly"));
    }

    @Test
    void aByteOrderMarkIsNotAnError() {
        assertFindings("\uFEFF[{\"ph\": «\"Q\"», \"ts\": 1}]",
                finding("unknown-phase", "unknown phase \"Q\" (a phase is one letter such as B, E, X, i, C, b, e, M): chrome://tracing and Perfetto drop it"));
    }

    @Test
    void aSyntaxErrorAtAnEmojiCoversTheWholeCharacter() {
        assertFindings("[{\"ph\": \"i\", \"ts\": 1 «😀»}]",
                finding("json-syntax", "expected ',' or '}' after the value of \"ts\", found '😀': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    /** Found by the fuzzer: jackson places a control char between tokens one past it (at the end of the file, past the document). */
    @Test
    void aControlCharBetweenTokensIsMarkedWhereItIs() {
        String ctrl = "control character U+0000 between JSON values: only spaces, tabs and line breaks may stand there: chrome://tracing, Perfetto, DevTools and speedscope cannot load the file";
        assertFindings("[{\"name\": \"n\", \"ph\": \"i\", \"ts\": 1, \"s\": \"t\"},\t««\u0000»»",
                finding("json-syntax", ctrl), finding("unterminated-array", UNTERMINATED));
        assertFindings("[{\"name\": \"n\", \"ph\": \"i\", \"ts\": 1, \"s\": \"t\"}, «\u0000» {\"name\": \"n\", \"ph\": \"i\", \"ts\": 2, \"s\": \"t\"}]",
                finding("json-syntax", ctrl));
    }

    /** Found by the fuzzer: after a syntax error, closing the array is a guess (the ']' may be there, hidden by the broken text). */
    @Test
    void afterASyntaxErrorClosingTheArrayIsUnsafeAndAClosingBracketAtTheEndCounts() {
        String brokenThenUnclosed = "[{\"ph\": \"i\", \"ts\": 1 \"s\": \"g\"},\n {\"ph\": \"i\", \"ts\": 2, \"s\": \"g\"}";
        assertEquals(List.of("Close the array with ']' (unsafe)"), fixTitles(brokenThenUnclosed, "unterminated-array"));
        assertEquals(List.of("Close the array with ']' (safe)"), fixTitles("[{\"ph\": \"i\", \"ts\": 2, \"s\": \"g\"}", "unterminated-array"));
        assertFindings("[{\"cat\": \"c\", \"name\": \"load\", \"ph\": \"b\", \"i: 1, \"«t»s\": 1, \"pid\": 1}]\n",
                finding("json-syntax", "expected ':' after the key \"i: 1, \" found 't': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    /** Found by the fuzzer: a file ending in a value cut short is not just missing its ']' (closing it would not help). */
    @Test
    void aValueCutShortAtTheEndIsASyntaxErrorNotAMissingBracket() {
        assertFindings("[{\"name\": \"n\", \"ph\": \"i\", \"ts\": 1, \"s\": \"g\"},\n-«»",
                finding("json-syntax", "the file ends in the middle of a value: the last event is cut short: chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    /** Numbers spelled wrong are marked whole, with jackson's reason in words. */
    @Test
    void aBrokenNumberIsMarkedWhole() {
        assertFindings("[{\"name\": \"n\", \"ph\": \"i\", \"ts\": 1, \"s\": \"g\"}, «1.» ]",
                finding("json-syntax", "invalid number '1.': a decimal point must be followed by a digit: chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
        assertFindings("[{\"name\": \"n\", \"ph\": \"i\", \"ts\": «-»\n, \"s\": \"g\"}]",
                finding("json-syntax", "invalid number '-': a '-' must be followed by a digit: chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
    }

    @Test
    void nothingIsSaidAboutWhatWasNotRead() {
        // the X is not read (its NaN stops it): "no B, E or X" would rest on what was read, and so would "the E
        // closes nothing" for the E whose B is cut short; the syntax error is the first and only finding
        String marked = """
                [{"ph": "i", "s": "t", "name": "😀 start", "ts": 0, "pid": 1, "tid": 1},
                 {"ph": "X", "name": "😀 load", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "args": {"ratio": «NaN»}},
                 {"ph": "B", "name": "b", "ts": 4, "pid": 1, "tid": 1, "args": {"re": "«\\d»+"}},
                 {"ph": "E", "name": "b", "ts": 5, "pid": 1, "tid": 1},
                 {"ph": "i", "s": "t", "name": "end", "ts": 6, "pid": 1, "tid": 1}]""";
        Analysis a = new Analyzer(Config.DEFAULT).analyze(marked.replaceAll("[«»]", ""));
        assertFindings(Config.DEFAULT, marked,
                finding("json-syntax", "NaN is not a JSON value (JSON has no NaN or Infinity) for \"ratio\": write null (or a number)"
                        + ": chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"),
                finding("json-syntax", "'\\d' is not a JSON escape (those are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX): a"
                        + " backslash in a string is written '\\\\': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"));
        assertTrue(a.result().partlyRead());
        // each viewer fails on the syntax error, which the verdict names first
        for (var v : a.verdicts()) {
            assertEquals("json-syntax", a.findings().get(v.first()).ruleId(), v.viewer().id());
        }
        // fixed, the trace is read whole, and what rests on all of it is said again: the B/E pair closes, the X is there
        String fixed = marked.replaceAll("[«»]", "").replace("NaN", "null").replace("\\d", "\\\\d");
        assertNoFindings(fixed);
        assertFalse(new Analyzer(Config.DEFAULT).analyze(fixed).result().partlyRead());
        // a missing comma between two events hides nothing: what rests on the whole trace is still said
        assertFindings(Config.DEFAULT, "[{\"ph\": «\"B\"», \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1} «{»\"ph\": \"i\","
                        + " \"s\": \"t\", \"name\": \"i\", \"ts\": 2, \"pid\": 1, \"tid\": 1}]",
                finding("unmatched-begin", "B '😀' on thread 1:1 is never closed: no E follows it on that thread: chrome://tracing,"
                        + " Perfetto, DevTools and speedscope show it wrongly"),
                finding("json-syntax", "expected ',' or ']' after event #1, found '{': chrome://tracing, Perfetto, DevTools and"
                        + " speedscope cannot load the file"));
        // a B that is cut short with the file: its E may be in what is missing; an unclosed B read whole is still said
        assertFindings(Config.DEFAULT, "[{\"ph\": \"B\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1},\n"
                        + " {\"ph\": \"B\", \"name\": \"b\", \"ts\": 2, «»",
                finding("json-syntax", "the file ends inside event #2: it is missing its closing '}': chrome://tracing, Perfetto,"
                        + " DevTools and speedscope cannot load the file"));
    }
}

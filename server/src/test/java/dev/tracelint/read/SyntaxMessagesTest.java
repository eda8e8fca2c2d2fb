package dev.tracelint.read;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.finding;
import static dev.tracelint.TraceAssert.fixTitles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.fix.FixLoop;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * tracelint's own words for every kind of syntax error jackson reports (no jackson text reaches the
 * user), and the fixes where the intent is plain: a backslash that starts no escape is doubled, a
 * NaN or Infinity becomes null.
 */
class SyntaxMessagesTest {
    private static final String CANNOT_LOAD = ": chrome://tracing, Perfetto, DevTools and speedscope cannot load the file";

    /**
     * Every kind of error jackson's char parser (ReaderBasedJsonParser, ParserBase, ParserMinimalBase,
     * StreamReadConstraints of jackson-core 2.18) reports on a document the reader reads, by the start
     * of jackson's own message, with an event that makes it. Kinds jackson has only for features the
     * reader does not enable (comments, unquoted names, single quotes, leading plus, non-numeric
     * numbers, duplicate detection, base64, binary) still reach the reader as one of these, or, for the
     * features, as the message of the disabled feature: those are listed too.
     */
    private static final Map<String, String> KINDS = new LinkedHashMap<>();

    static {
        String e = "[{\"ph\": \"i\", \"name\": \"ä😀\", \"ts\": 1, \"args\": {\"v\": %s}}]";
        KINDS.put("Unrecognized character escape", e.formatted("\"C:\\Users\\x\""));
        KINDS.put("Unexpected character ('G' (code 71)): expected a hex-digit for character escape sequence", e.formatted("\"\\u12G4\""));
        KINDS.put("Non-standard token 'NaN'", e.formatted("NaN"));
        KINDS.put("Non-standard token 'Infinity'", e.formatted("Infinity"));
        KINDS.put("Non-standard token '-Infinity'", e.formatted("-Infinity"));
        KINDS.put("Non-standard token '+Infinity'", e.formatted("+Infinity"));
        KINDS.put("Unrecognized token 'inf'", e.formatted("inf"));
        KINDS.put("Unexpected character ('i' (code 105)) in numeric value: expected digit (0-9) to follow minus sign", e.formatted("-inf"));
        KINDS.put("Unexpected character ('}' (code 125)) in numeric value: expected digit (0-9) to follow minus sign", e.formatted("-"));
        KINDS.put("Invalid numeric value: Leading zeroes not allowed", e.formatted("012"));
        KINDS.put("Unexpected character ('}' (code 125)) in numeric value: Decimal point not followed by a digit", e.formatted("1."));
        KINDS.put("Unexpected character ('}' (code 125)) in numeric value: Exponent indicator not followed by a digit", e.formatted("1e"));
        KINDS.put("Unexpected character ('+' (code 43)) in numeric value: JSON spec does not allow numbers to have plus signs", e.formatted("+1"));
        KINDS.put("Unexpected character ('.' (code 46)): expected a valid value", e.formatted(".5"));
        KINDS.put("Unexpected character (''' (code 39)): expected a valid value", e.formatted("'a'"));
        KINDS.put("Unexpected character ('/' (code 47)): maybe a (non-standard) comment?", e.formatted("/* c */ 1"));
        KINDS.put("Unrecognized token 'tru'", e.formatted("tru"));
        KINDS.put("Unexpected close marker ']': expected '}'", e.formatted("1]"));
        KINDS.put("Unexpected close marker '}': expected ']'", e.formatted("[1}"));
        KINDS.put("Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries", e.formatted("1 \"w\": 2"));
        KINDS.put("Unexpected character ('2' (code 50)): was expecting comma to separate Array entries", e.formatted("[1 2]"));
        KINDS.put("Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value", e.formatted("{\"w\" 1}"));
        KINDS.put("Unexpected character ('w' (code 119)): was expecting double-quote to start field name", e.formatted("{w: 1}"));
        KINDS.put("Unexpected character (''' (code 39)): was expecting double-quote to start field name", e.formatted("{'w': 1}"));
        KINDS.put("Illegal unquoted character ((CTRL-CHAR, code 1))", e.formatted("\"a\u0001b\""));
        KINDS.put("Illegal unquoted character ((CTRL-CHAR, code 10))", e.formatted("\"a\nb\""));
        KINDS.put("Illegal character ((CTRL-CHAR, code 1))", e.formatted("\u0001 1"));
        KINDS.put("Unexpected end-of-input", "[{\"ph\": \"i\", \"name\": \"ä😀\", \"ts\": 1, \"args\": {\"v\": \"abc");
        KINDS.put("Number value length", e.formatted("1".repeat(100_001)));
        KINDS.put("Document nesting depth", e.formatted("[".repeat(100_001) + "]".repeat(100_001)));
    }

    /** Words of jackson's that no message of tracelint's has. */
    private static final Pattern JACKSON = Pattern.compile("\\(code \\d+|was expecting|Unrecognized|Unexpected character|Non-standard"
            + "|JsonReadFeature|enable `|CTRL-CHAR|starting at|Illegal|end-of-input|close marker|in numeric value|JSON spec|hex-digit"
            + "|maximum allowed|StreamReadConstraints|Decimal point|Exponent indicator|Leading zeroes|expected digit");

    @Test
    void everyKindOfJacksonErrorIsSaidInTracelintsWords() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> k : KINDS.entrySet()) {
            String raw = jacksonMessage(k.getValue());
            assertTrue(raw.startsWith(k.getKey()), "the input makes the kind it names: " + k.getKey() + " / jackson said: " + raw);
            List<Finding> syntax = new Analyzer(Config.DEFAULT).analyze(k.getValue()).findings().stream()
                    .filter(f -> f.ruleId().equals(TraceReader.JSON_SYNTAX)).toList();
            assertFalse(syntax.isEmpty(), k.getKey());
            for (Finding f : syntax) {
                if (JACKSON.matcher(f.message()).find()) {
                    wrong.add(k.getKey() + " -> " + f.message());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** jackson's own message for the first error in {@code text}, read as the reader reads (same factory). */
    static String jacksonMessage(String text) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            while (p.nextToken() != null) {
                p.finishToken();
            }
        } catch (JsonProcessingException ex) {
            return ex.getOriginalMessage();
        }
        throw new AssertionError("no error in " + text.substring(0, Math.min(80, text.length())));
    }

    /**
     * A file that ends inside a string after an event (a fuzz finding: {@code ": *g[}): the '[' at
     * its end is the string's, not the array's, so it is no array waiting only for its ']' and no
     * safe fix closes it; the last value is cut short.
     */
    @Test
    void aFileEndingInsideAStringIsNoArrayMissingItsBracket() throws IOException {
        for (String trace : new String[] {"[{\"x 😀\": 1},\n\": *g[", "[{\"x\": 1},\n\"a},", "[{\"x\": 1}, \"{\""}) {
            List<Finding> findings = new Analyzer(Config.DEFAULT).analyze(trace).findings();
            assertTrue(findings.stream().noneMatch(f -> f.ruleId().equals("unterminated-array")), trace + ": " + findings);
            assertTrue(findings.stream().anyMatch(f -> f.ruleId().equals(TraceReader.JSON_SYNTAX)
                    && f.message().contains("ends in the middle of a value")), trace + ": " + findings);
        }
        // a file that ends after an event still only lacks its ']'
        assertEquals(List.of("Close the array with ']' (safe)"), fixTitles("[{\"x\": 1},\n", "unterminated-array"));
    }

    @Test
    void aWindowsPathGetsItsBackslashesDoubled() {
        // the emoji before it on the line: the range is in UTF-16 units
        String marked = "[{\"ph\": \"X\", \"name\": \"😀 build\", \"ts\": 1, \"dur\": 2, \"pid\": 1, \"tid\": 1,"
                + " \"args\": {\"file\": \"C:«\\U»sers\\ä\\trace.json\"}}]";
        assertFindings(marked, finding("json-syntax", "'\\U' is not a JSON escape (those are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX):"
                + " a backslash in a string is written '\\\\'" + CANNOT_LOAD));
        String trace = marked.replaceAll("[«»]", "");
        assertEquals(List.of("Escape the backslash ('\\\\') (safe)"), fixTitles(trace, "json-syntax"));
        // only the one byte is added; the next bad escape (\ä) is the next round's
        assertEquals(trace.replace("C:\\U", "C:\\\\U"), fixOnce(trace));
        // --fix's loop: valid JSON, no finding left, none new; the valid \t stays a tab
        FixLoop.FixedText fixed = fixAll(trace, false);
        assertEquals(trace.replace("C:\\Users\\ä", "C:\\\\Users\\\\ä"), fixed.text());
        assertEquals(List.of(), fixed.outcome().analysis().findings());
    }

    @Test
    void aRegexGetsItsBackslashesDoubled() {
        String marked = "[{\"ph\": \"i\", \"s\": \"t\", \"name\": \"match 🙂\", \"ts\": 1, \"pid\": 1, \"tid\": 1,"
                + " \"args\": {\"pattern\": \"^«\\d»+\\.\\P{L}\\u00e9$\"}},\n"
                + " {\"ph\": \"X\", \"name\": \"after\", \"ts\": 2, \"dur\": 1, \"pid\": 1, \"tid\": 1}]";
        assertFindings(marked, finding("json-syntax", "'\\d' is not a JSON escape (those are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX):"
                + " a backslash in a string is written '\\\\'" + CANNOT_LOAD));
        String trace = marked.replaceAll("[«»]", "");
        FixLoop.FixedText fixed = fixAll(trace, false);
        // \. and \P doubled too, the valid \u00e9 kept
        assertEquals(trace.replace("^\\d+\\.\\P{L}", "^\\\\d+\\\\.\\\\P{L}"), fixed.text());
        assertEquals(List.of(), fixed.outcome().analysis().findings());
    }

    @Test
    void aBadEscapeInAStringThatRunsOnIsOnlyAnUnsafeFix() {
        // the string's closing quote is lost: doubling the backslash would let it swallow the next line
        String runsOn = "[{\"ph\": \"i\", \"s\": \"t\", \"name\": \"C:\\Users 😀 },\n"
                + " {\"ph\": \"X\", \"name\": \"after\", \"ts\": 2, \"dur\": 1, \"pid\": 1, \"tid\": 1}]";
        assertEquals(List.of("Escape the backslash ('\\\\') (unsafe)"), fixTitles(runsOn, "json-syntax"));
        // a quote that closes the string but is followed by no ',', '}', ']' or ':' is no end either
        String strayQuote = "[{\"ph\": \"i\", \"name\": \"a\\} \" b\", \"ts\": 1, \"pid\": 1, \"tid\": 1}]";
        assertEquals(List.of("Escape the backslash ('\\\\') (unsafe)"), fixTitles(strayQuote, "json-syntax"));
        // the string closes, but a string after it in its object runs over a line break: the recovery from this error hid that
        String laterQuoteLost = "[{\"ph\": \"B\", \"name\": \"lone\\uE\", \"cat\": \"a,\n"
                + " \"ts\": 1, \"pid\": 1, \"tid\": 1}]";
        assertEquals(List.of("Escape the backslash ('\\\\') (unsafe)"), fixTitles(laterQuoteLost, "json-syntax"));
        // the strings after it close, but a word stands where a key belongs (a fuzz finding: the recovery hid it)
        String wordAfter = "[{\"ph\": \"B\", \"name\": \"lone\\ud\u00e941\", \"tid\": \":1},{\"ph\": \"E\", \"ts\": 2}]";
        assertEquals(List.of("Escape the backslash ('\\\\') (unsafe)"), fixTitles(wordAfter, "json-syntax"));
        // in an array, a value after it; the rest of the array parses: safe
        String inArray = "[{\"ph\": \"X\", \"name\": \"n\", \"dur\": 1, \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"l\": [\"a\\q\", 1, {\"b\": \"c\"}]}}]";
        assertEquals(List.of("Escape the backslash ('\\\\') (safe)"), fixTitles(inArray, "json-syntax"));
        assertEquals(List.of(), fixAll(inArray, false).outcome().analysis().findings());
        // closed on the same line, after another bad escape and a valid four-digit escape: safe
        String closes = "[{\"ph\": \"X\", \"dur\": 1, \"name\": \"a\\} \\q \\u00e9 \\\"\", \"ts\": 1, \"pid\": 1, \"tid\": 1}]";
        assertEquals(List.of("Escape the backslash ('\\\\') (safe)"), fixTitles(closes, "json-syntax"));
        assertEquals(List.of(), fixAll(closes, false).outcome().analysis().findings());
    }

    @Test
    void aBackslashUWithoutHexDigitsIsABackslash() {
        String marked = "[{\"ph\": \"i\", \"s\": \"t\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"dir\": \"C:«\\u»sers\"}}]";
        assertFindings(marked, finding("json-syntax", "'\\u' must be followed by 4 hex digits, found 's': a backslash in a string is"
                + " written '\\\\'" + CANNOT_LOAD));
        assertFix(marked.replaceAll("[«»]", ""), "json-syntax", "Escape the backslash ('\\\\')",
                marked.replaceAll("[«»]", "").replace("C:\\u", "C:\\\\u"));
    }

    @Test
    void aNonFiniteNumberInArgsBecomesNull() {
        for (String token : List.of("NaN", "Infinity", "-Infinity", "inf", "-inf", "+Infinity", "nan")) {
            String marked = "[{\"ph\": \"X\", \"name\": \"😀\", \"ts\": 1, \"dur\": 2, \"pid\": 1, \"tid\": 1, \"args\": {\"ratio\": «"
                    + token + "»}}]";
            List<Finding> found = assertFindings(marked, finding("json-syntax", token + " is not a JSON value (JSON has no NaN or"
                    + " Infinity) for \"ratio\": write null (or a number)" + CANNOT_LOAD));
            // the condition says what the viewers do, and what they do with the null of the fix
            assertEquals(TraceReader.NON_FINITE, found.get(0).impact().condition().id());
            String trace = marked.replaceAll("[«»]", "");
            assertFix(trace, "json-syntax", "Replace " + token + " with null", trace.replace(token, "null"));
            FixLoop.FixedText fixed = fixAll(trace, false);
            assertEquals(List.of(), fixed.outcome().analysis().findings(), token);
        }
    }

    @Test
    void aNonFiniteNumberOutsideArgsIsOnlyAnUnsafeFix() {
        // as "ts" a null is no time: the fix is a guess, and what the viewers do with it is invalid-type's to say
        String marked = "[{\"ph\": \"X\", \"name\": \"😀\", \"ts\": «NaN», \"dur\": 2, \"pid\": 1, \"tid\": 1}]";
        assertFindings(marked, finding("json-syntax", "NaN is not a JSON value (JSON has no NaN or Infinity) for \"ts\": write a number"
                + " (null, the unsafe fix, leaves the field without a value)" + CANNOT_LOAD));
        assertEquals(List.of("Replace NaN with null (unsafe)"), fixTitles(marked.replaceAll("[«»]", ""), "json-syntax"));
        // a counter's values are read: there too the fix is a guess
        assertEquals(List.of("Replace NaN with null (unsafe)"), fixTitles(
                "[{\"ph\": \"C\", \"name\": \"c\", \"ts\": 1, \"pid\": 1, \"args\": {\"v\": NaN}}]", "json-syntax"));
    }

    @Test
    void aPlusSignIsRemoved() {
        String trace = "[{\"ph\": \"i\", \"s\": \"t\", \"name\": \"😀\", \"ts\": +5, \"pid\": 1, \"tid\": 1}]";
        assertFindings(trace.replace("+5", "«+5»"), finding("json-syntax", "a JSON number has no '+' sign: write 5" + CANNOT_LOAD));
        assertFix(trace, "json-syntax", "Remove the '+'", trace.replace("+5", "5"));
        assertEquals(List.of("Remove the '+' (safe)"), fixTitles(trace, "json-syntax"));
        // in an array, with more values after it: safe
        String inArray = "[{\"ph\": \"X\", \"name\": \"n\", \"dur\": 1, \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"l\": [+4, 2, \"é\"]}}]";
        assertEquals(List.of("Remove the '+' (safe)"), fixTitles(inArray, "json-syntax"));
        assertEquals(List.of(), fixAll(inArray, false).outcome().analysis().findings());
    }

    @Test
    void aNaNOrATrailingCommaBeforeBrokenStructureIsOnlyAnUnsafeFix() {
        // after the value, or after the object the comma is in, a string runs over a line break: the recovery from
        // this error skipped it, so the mended file would have a new finding there
        String nan = "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"r\": NaN, \"pf}},\n"
                + "{\"ph\": \"E\", \"ts\": 2}]";
        assertEquals(List.of("Replace NaN with null (unsafe)"), fixTitles(nan, "json-syntax"));
        String comma = "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"r\": 1,}, \"pf}},\n"
                + "{\"ph\": \"E\", \"ts\": 2}]";
        assertEquals(List.of("Remove the trailing comma (unsafe)"), fixTitles(comma, "json-syntax"));
        // the same with the rest well formed: safe, and fixing leaves no finding
        String nanOk = nan.replace("\"pf}},\n", "\"pf\": 1}},\n");
        assertEquals(List.of("Replace NaN with null (safe)"), fixTitles(nanOk, "json-syntax"));
        String commaOk = comma.replace("\"pf}},\n", "\"pf\": 1},\n").replace("{\"ph\": \"E\", \"ts\": 2}", "{\"ph\": \"E\", \"ts\": 2, \"pid\": 1, \"tid\": 1}");
        assertEquals(List.of("Remove the trailing comma (safe)"), fixTitles(commaOk, "json-syntax"));
        // a trailing comma in the top-level array, followed by the end of the input: safe
        assertEquals(List.of("Remove the trailing comma (safe)"), fixTitles("[{\"ph\": \"i\", \"ts\": 1},]\n", "json-syntax"));
    }

    @Test
    void aPlusSignBeforeBrokenStructureIsOnlyAnUnsafeFix() {
        // a fuzz finding (kept as a seed of FixBytesFuzzTest): after the number a string runs over a line break, which the
        // recovery from this error skipped; with the '+' gone the reader would reach it, with more errors than before
        String runsOn = "[{\"ph\": \"i\", \"name\": \"😀\", \"ds\": +4, \"pf}},\n{\"ph\": \"E\", \"ts\": 2}]";
        assertEquals(List.of("Remove the '+' (unsafe)"), fixTitles(runsOn, "json-syntax"));
        // a word where a key belongs
        String wordAfter = "[{\"ph\": \"i\", \"ts\": +4, tid: 1}]";
        assertEquals(List.of("Remove the '+' (unsafe)"), fixTitles(wordAfter, "json-syntax"));
    }

    private static String fixOnce(String trace) {
        Finding f = new Analyzer(Config.DEFAULT).analyze(trace).findings().get(0);
        return dev.tracelint.fix.EditApplier.apply(trace, f.fixes().get(0).edits());
    }

    private static FixLoop.FixedText fixAll(String trace, boolean unsafe) {
        Analyzer analyzer = new Analyzer(Config.DEFAULT);
        Analysis first = analyzer.analyze(trace);
        return FixLoop.fixText(trace, first, analyzer, () -> false, unsafe);
    }
}

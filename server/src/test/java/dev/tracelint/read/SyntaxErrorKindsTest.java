package dev.tracelint.read;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each row of {@link SyntaxError}'s table of jackson's error kinds, with a broken trace that makes
 * that kind (checked against jackson's own message), tracelint's message and its range; a row with
 * branches (a trailing comma, a single quote, a bare key) has a trace for each. An emoji before the
 * error on the line: ranges are in UTF-16 units.
 */
class SyntaxErrorKindsTest {
    private static final String CANNOT_LOAD = ": chrome://tracing, Perfetto, DevTools and speedscope cannot load the file";
    /** A trailing comma and a raw control char in a string: Perfetto's reader accepts them. */
    private static final String CANNOT_LOAD_BUT_PERFETTO = ": chrome://tracing, DevTools and speedscope cannot load the file";
    private static final String EVENT_BEFORE = "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": ";
    private static final String EVENT_AFTER = "}}]";

    static Stream<Arguments> rows() {
        return Stream.of(
                Arguments.of("end of input",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"args\": {\"v\": \"abc«»",
                        "the file ends inside event #1: it is missing its closing '}'" + CANNOT_LOAD),
                Arguments.of("bad escape",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": \"C:«\\U»sers\"}}]",
                        "'\\U' is not a JSON escape (those are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX): a backslash in a string is written '\\\\'" + CANNOT_LOAD),
                Arguments.of("bad unicode escape",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": \"«\\u»12G4\"}}]",
                        "'\\u' must be followed by 4 hex digits, found 'G': a backslash in a string is written '\\\\'" + CANNOT_LOAD),
                Arguments.of("bad number",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «1.»}}]",
                        "invalid number '1.': a decimal point must be followed by a digit" + CANNOT_LOAD),
                Arguments.of("missing member comma",
                        "[{\"ph\": \"i\", \"name\": \"😀\" «\"»ts\": 1, \"pid\": 1, \"tid\": 1}]",
                        "expected ',' or '}' after the value of \"name\", found '\"'" + CANNOT_LOAD),
                Arguments.of("missing element comma",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1} «{»\"ph\": \"i\", \"name\": \"b\", \"ts\": 2, \"pid\": 1, \"tid\": 1}]",
                        "expected ',' or ']' after event #1, found '{'" + CANNOT_LOAD),
                Arguments.of("missing element comma",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": [1 «2»]}}]",
                        "expected ',' or ']' between array elements, found '2'" + CANNOT_LOAD),
                Arguments.of("missing colon",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\" «1», \"pid\": 1, \"tid\": 1}]",
                        "expected ':' after the key \"ts\" found '1'" + CANNOT_LOAD),
                Arguments.of("key not in double quotes",
                        "[{\"ph\": \"i\", \"name\": \"😀\", «ts»: 1, \"pid\": 1, \"tid\": 1}]",
                        "the key ts must be in double quotes: \"ts\"" + CANNOT_LOAD),
                Arguments.of("key not in double quotes",
                        "[{\"ph\": \"i\", \"name\": \"😀\", «'»ts': 1, \"pid\": 1, \"tid\": 1}]",
                        "keys must be in double quotes, found a single quote" + CANNOT_LOAD),
                Arguments.of("key not in double quotes",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1«,»}]",
                        "trailing comma before '}': JSON allows none" + CANNOT_LOAD_BUT_PERFETTO),
                Arguments.of("key not in double quotes",
                        "[{\"ph\": \"i\", \"name\": \"😀\", «5»: 1, \"pid\": 1, \"tid\": 1}]",
                        "expected a key in double quotes, found '5'" + CANNOT_LOAD),
                Arguments.of("comment",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «/»* c */ 1}}]",
                        "comments are not allowed in JSON, found '/'" + CANNOT_LOAD),
                Arguments.of("no value",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «.»5}}]",
                        "expected a value (string, number, object, array, true, false or null) for \"v\", found '.'" + CANNOT_LOAD),
                Arguments.of("no value",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «'»a'}}]",
                        "strings must be in double quotes, found a single quote for \"v\"" + CANNOT_LOAD),
                Arguments.of("no value",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": [1«,»]}}]",
                        "trailing comma before ']': JSON allows none" + CANNOT_LOAD_BUT_PERFETTO),
                Arguments.of("unexpected character",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1}] 1«x»",
                        "unexpected 'x'" + CANNOT_LOAD),
                Arguments.of("bad token",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «tru»}}]",
                        "'tru' is not a JSON value (strings need double quotes; literals are true, false and null)" + CANNOT_LOAD),
                Arguments.of("bad token",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «NaN»}}]",
                        "NaN is not a JSON value (JSON has no NaN or Infinity) for \"v\": write null (or a number)" + CANNOT_LOAD),
                Arguments.of("control character in a string",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": \"a«\u0001»b\"}}]",
                        "control character U+0001 inside a string must be escaped" + CANNOT_LOAD_BUT_PERFETTO),
                Arguments.of("control character between values",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": «\u0001» 1}}]",
                        "control character U+0001 between JSON values: only spaces, tabs and line breaks may stand there" + CANNOT_LOAD),
                Arguments.of("wrong close",
                        "[{\"ph\": \"i\", \"name\": \"😀\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"v\": [1«}»}}]",
                        "'}' closes an object, but an array is open here: expected ',' or ']'" + CANNOT_LOAD),
                // the reader's own limits (jackson's StreamReadConstraints, set by the reader): the deepest '[' read, the whole number
                Arguments.of("nested too deep",
                        EVENT_BEFORE + "[".repeat(99_998) + "«[»" + "[".repeat(2) + "]".repeat(100_001) + EVENT_AFTER,
                        "arrays and objects nested more than 100000 levels deep: tracelint reads no deeper: speedscope cannot load the file"),
                Arguments.of("number too long",
                        EVENT_BEFORE + "«" + "1".repeat(100_001) + "»" + EVENT_AFTER,
                        "a number of 100001 digits: tracelint reads numbers of at most 100000 digits: Perfetto shows it wrongly"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachKindIsWordedByItsRow(String row, String marked, String message) throws IOException {
        assertEquals(row, SyntaxError.kindOf(SyntaxMessagesTest.jacksonMessage(marked.replaceAll("[«»]", ""))), "the row that words jackson's message");
        assertFindings(marked, finding("json-syntax", message));
    }

    @Test
    void everyRowHasATrace() {
        Set<String> tested = rows().map(a -> (String) a.get()[0]).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(SyntaxError.kindNames()), tested);
        assertEquals(List.copyOf(new java.util.LinkedHashSet<>(SyntaxError.kindNames())), SyntaxError.kindNames(), "row names are unique");
    }
}

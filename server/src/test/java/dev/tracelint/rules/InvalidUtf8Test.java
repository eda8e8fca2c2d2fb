package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFindingsInBytes;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.TraceAssert;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.read.MalformedUtf8;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** invalid-utf8: reported by the reader's decoder, at each run of malformed bytes. The traces are read as bytes; {@code \xHH} is a raw byte. */
class InvalidUtf8Test {
    /** What the viewer model says every viewer does with it. */
    private static final String SHOWN = ": chrome://tracing, Perfetto, DevTools and speedscope show it wrongly";

    private static String one(String hex) {
        return "byte " + hex + " is not valid UTF-8 (read as U+FFFD, the replacement character)" + SHOWN;
    }

    private static String several(int n, String hex) {
        return n + " bytes " + hex + " are not valid UTF-8 (read as U+FFFD, the replacement character)" + SHOWN;
    }

    @Test
    void eachRunOfMalformedBytesIsOneFindingAtItsChars() {
        // columns count UTF-16 units: the emoji before the bad bytes counts two
        assertFindingsInBytes("""
                [{"ph": "i", "name": "😀 a«\\xFF»b«\\xE2\\x82»c", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "i", "name": "Latin-1: caf«\\xE9»", "pid": 1, "tid": 1, "ts": 2}]""",
                finding("invalid-utf8", one("0xFF")).severity(Severity.WARNING),
                finding("invalid-utf8", several(2, "0xE2 0x82")),
                finding("invalid-utf8", one("0xE9")));
    }

    @Test
    void surrogatesOverlongFormsAndCutSequencesAreMalformed() {
        assertFindingsInBytes("""
                [{"ph": "i", "name": "«\\xED\\xA0\\x80»|«\\xC0\\xAF»|«\\xF4\\x90\\x80\\x80»|ok: 😀", "pid": 1, "tid": 1, "ts": 1},
                 {"ph": "i", "name": "x", "pid": 1, "tid": 1, "ts": 2}]
                ««\\xF0»\\x9F\\x98»""",
                finding("invalid-utf8", several(3, "0xED 0xA0 0x80")),
                finding("invalid-utf8", several(2, "0xC0 0xAF")),
                finding("invalid-utf8", several(4, "0xF4 0x90 0x80 0x80")),
                // outside a string it is also a syntax error; an emoji cut short at the end is three bad bytes
                finding("json-syntax", "expected a value (string, number, object, array, true, false or null), found '\uFFFD': chrome://tracing, Perfetto, DevTools and speedscope cannot load the file"),
                finding("invalid-utf8", several(3, "0xF0 0x9F 0x98")));
    }

    @Test
    void aLongRunShowsItsFirstEightBytes() {
        assertFindingsInBytes("[{\"ph\": \"i\", \"name\": \"«" + "\\xFF".repeat(20) + "»\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]",
                finding("invalid-utf8", several(20, "0xFF 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF ...")));
    }

    @Test
    void aBinaryFileGivesAtMostOneHundredAndOneFindings() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("[{\"ph\": \"i\", \"name\": \"".getBytes(StandardCharsets.UTF_8));
        int runs = 5000;
        for (int i = 0; i < runs; i++) {
            bytes.write(0x80 + i % 64);
            bytes.write(i % 3 == 0 ? 0xFF : 'a'); // every third run is two bytes long
            bytes.write('a');
        }
        bytes.writeBytes("\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]".getBytes(StandardCharsets.UTF_8));
        List<Finding> findings = new Analyzer(TraceAssert.FRAGMENTS).analyze(new ByteArrayInputStream(bytes.toByteArray()), () -> false)
                .findings();
        assertEquals(MalformedUtf8.LISTED + 1, findings.size(), findings::toString);
        assertTrue(findings.stream().allMatch(f -> f.ruleId().equals("invalid-utf8")));
        Finding last = findings.get(MalformedUtf8.LISTED);
        // runs 0..99 listed; run 100 (at char 22 + 300) is where the rest start; 4900 runs, 1634 of them two bytes long
        assertEquals(22 + 3 * 100, last.range().start());
        assertEquals("invalid UTF-8 here and in 4899 more places after it (6533 bytes in all): only the first 100 places"
                + " of a file are listed one by one" + SHOWN, last.message());
    }

    @Test
    void notReportedForTextThatIsAlreadyChars() {
        // an editor's text has no bytes: whatever was malformed is U+FFFD already, a real character
        assertFindings("[{\"ph\": \"i\", \"name\": \"a\uFFFDb\", \"pid\": 1, \"tid\": 1, \"ts\": 1}]");
    }

    @Test
    void canBeTurnedOff() throws IOException {
        byte[] bytes = {'[', '{', '"', 'p', 'h', '"', ':', '"', 'i', '"', ',', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xFF,
            '"', ',', '"', 't', 's', '"', ':', '1', '}', ']'};
        Config off = Config.DEFAULT.withOverrides(Map.of("invalid-utf8", "off"));
        assertEquals(List.of(), new Analyzer(off).analyze(new ByteArrayInputStream(bytes), () -> false).findings().stream()
                .filter(f -> f.ruleId().equals("invalid-utf8")).toList());
    }
}

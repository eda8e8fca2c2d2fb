package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 29, item 4, through the jar: after a syntax error reading resumes at the next event
 * wherever it starts, so a trace written on one line (as Chrome, Node and catapult write them)
 * has the findings of the same events one per line, and of its {@code format}ted form. Before
 * recovery went by the structure, the one-line trace gave json-syntax alone.
 */
class OneLineRecoveryTest extends E2eTest {
    private static final String BROKEN = "{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1 \"x\"}";
    private static final String NEGATIVE = "{\"name\":\"😀\",\"ph\":\"X\",\"ts\":1,\"dur\":-5,\"pid\":1,\"tid\":1}";

    @Test
    void aSyntaxErrorHidesNothingAfterItOnOneLine() {
        write("one-line.json", "[" + BROKEN + "," + NEGATIVE + "]\n");
        write("two-lines.json", "[" + BROKEN + ",\n" + NEGATIVE + "]\n");
        Cli.Result oneLine = check("one-line.json");
        Cli.Result twoLines = check("two-lines.json");
        assertEquals(List.of("json-syntax", "negative-duration"), rules(oneLine), oneLine::toString);
        assertEquals(rules(twoLines), rules(oneLine), twoLines::toString);
        // the negative duration at its value's column on the one line, after "[", the broken event and "," (the emoji is two columns)
        assertFinding(oneLine.findingLines().get(1), "one-line.json", 1, 1 + BROKEN.length() + 1 + NEGATIVE.indexOf("-5") + 1,
                "error", "negative-duration");

        write("formatted.json", "[" + BROKEN + "," + NEGATIVE + "]\n");
        Cli.Result format = Cli.run(dir, null, List.of("format", "formatted.json")); // in place
        Cli.Result formatted = check("formatted.json");
        assertEquals(rules(oneLine), rules(formatted), () -> format + "\n" + formatted);
    }

    private static List<String> rules(Cli.Result r) {
        return r.findingLines().stream().filter(l -> l.endsWith("]")).map(l -> l.substring(l.lastIndexOf('[') + 1, l.lastIndexOf(']'))).toList();
    }
}

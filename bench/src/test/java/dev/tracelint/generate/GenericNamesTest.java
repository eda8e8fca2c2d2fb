package dev.tracelint.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --generic-names}: the same trace, with only the names taken from Chrome prefixed
 * (so that DevTools' engine reads it as a generic trace): the same events and the same findings,
 * but chrome-event-without-data, which names what DevTools throws on in the plain one.
 */
class GenericNamesTest {
    @TempDir
    Path dir;

    private static Map<String, Integer> byRule(Analysis a) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Finding f : a.findings()) {
            counts.merge(f.ruleId(), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void theSameTraceWithChromesNamesPrefixed() throws IOException {
        Path plain = dir.resolve("plain.json");
        Path generic = dir.resolve("generic.json");
        TraceGenerator.Stats p = TraceGenerator.generate(plain, 300_000, 3, false);
        TraceGenerator.Stats g = TraceGenerator.generate(generic, 300_000, 3, true);
        String plainText = Files.readString(plain);
        String genericText = Files.readString(generic);
        assertTrue(plainText.contains("\"name\":\"UpdateLayoutTree\""), "the plain trace has Chrome's names");
        assertFalse(genericText.contains("\"name\":\"UpdateLayoutTree\""));
        assertTrue(genericText.contains("\"name\":\"" + TraceGenerator.GENERIC_PREFIX + "UpdateLayoutTree\""));
        assertTrue(genericText.contains("\"name\":\"thread_name\""), "metadata keeps its names");
        // the same events up to the byte budget (longer names leave room for fewer)
        String[] a = plainText.split("\n");
        String[] b = genericText.split("\n");
        int same = Math.min(a.length, b.length) - 2;
        for (int i = 0; i < same; i++) {
            assertEquals(a[i], b[i].replace("\"name\":\"" + TraceGenerator.GENERIC_PREFIX, "\"name\":\""), "line " + (i + 1));
        }
        assertTrue(Math.abs(p.events() - g.events()) < p.events() / 20, p + " vs " + g);
        Analysis pa = new Analyzer(Config.DEFAULT).analyze(plainText);
        Analysis ga = new Analyzer(Config.DEFAULT).analyze(genericText);
        // the same findings, but for what makes DevTools' engine throw on Chrome's names without Chrome's
        // args (a Paint or firstPaint without args.data), which is why --generic-names exists
        Map<String, Integer> plainRules = byRule(pa);
        Map<String, Integer> genericRules = byRule(ga);
        assertTrue(plainRules.containsKey("chrome-event-without-data"), plainRules::toString);
        assertFalse(genericRules.containsKey("chrome-event-without-data"), genericRules::toString);
        plainRules.remove("chrome-event-without-data");
        assertEquals(plainRules.keySet(), genericRules.keySet());
    }
}

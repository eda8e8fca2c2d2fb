package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rule messages say in words what a viewer does ("DevTools cannot load the file", "Perfetto drops
 * it"); the viewer model says it as a consequence. On every finding tracelint makes on the oracle
 * cases (the rules' Bad examples and the minimal cases of tests/oracle/cases), a message that says
 * a viewer aborts the import must be of a condition the model gives {@code fails} for that viewer,
 * and one that says a viewer drops the event must be of a condition where it drops it or fails.
 */
class MessagesAgreeWithTheModelTest {
    private static final Path CASES = Path.of(System.getProperty("tracelint.repo", "..")).resolve("tests/oracle/cases");
    private static final Map<String, Viewer> NAMES = Map.of("chrome://tracing", Viewer.CHROME_TRACING, "catapult", Viewer.CHROME_TRACING,
            "Perfetto", Viewer.PERFETTO, "DevTools", Viewer.DEVTOOLS, "speedscope", Viewer.SPEEDSCOPE);
    private static final String VIEWER = "(chrome://tracing|catapult|Perfetto|DevTools|speedscope)";
    /** "DevTools and speedscope fail to load", "catapult aborts", "Perfetto drops": viewers joined by "and"/",", then the verb. */
    private static final Pattern CLAIM = Pattern.compile(VIEWER + "((?:,? (?:and )?" + VIEWER + ")*)"
            + "(?:'s trace engine)? (cannot load|fails? to load|aborts|drops?)\\b");

    @Test
    void whatAMessageSaysAViewerDoesIsWhatTheModelSays() throws IOException {
        List<String> wrong = new ArrayList<>();
        int claims = 0;
        List<Path> files;
        try (Stream<Path> s = Files.list(CASES)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path file : files) {
            Analysis a;
            try (InputStream in = Files.newInputStream(file)) {
                a = new Analyzer(Config.DEFAULT).analyze(in, () -> false);
            }
            for (Finding f : a.findings()) {
                Condition c = f.impact().condition();
                if (c == null) {
                    continue;
                }
                Matcher m = CLAIM.matcher(f.message());
                while (m.find()) {
                    Consequence least = m.group(4).startsWith("drop") ? Consequence.DROPPED : Consequence.FAILS;
                    for (String name : names(m.group(0))) {
                        claims++;
                        Viewer v = NAMES.get(name);
                        if (c.effect(v).consequence().compareTo(least) < 0) {
                            wrong.add(file.getFileName() + ": " + c.id() + ": the message says \"" + m.group(0) + "\", the model says "
                                    + v.id() + " " + c.effect(v).consequence().id() + ": " + f.message());
                        }
                    }
                }
            }
        }
        assertTrue(claims > 20, "the messages name viewers: " + claims);
        assertEquals(List.of(), new ArrayList<>(new TreeSet<>(wrong)));
    }

    private static List<String> names(String claim) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile(VIEWER).matcher(claim);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}

package dev.tracelint.features;

import dev.tracelint.features.hover.HoverService;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.Corpus;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.rules.flow.FlowWithoutEnd;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ModelFacts;
import dev.tracelint.trace.flow.FlowFacts;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Go-to-definition and the linter agree (issue 13): for every pair the linter accepts (B/E, async
 * b/e, a flow's s with its t and f), definition on the later one goes to the other; for every
 * pairing finding, definition there has no target. On the whole corpus and on the issue's example.
 */
class NavigationAgreementTest {
    /** Rules that say an event has no partner. */
    private static final Set<String> PAIRING_FINDINGS = Set.of("unmatched-begin", "unmatched-end",
            "unmatched-async-begin", "unmatched-async-end", "flow-without-start", "flow-without-end", "async-end-before-begin",
            "flow-step-before-start");
    /** Pairs checked per file at most (each is one definition request, which re-reads two events). */
    private static final int MAX_PAIRS = 5_000;

    private final NavigationService navigation = new NavigationService();

    @Test
    void aFlowEndWhoseIdDiffersInJsonTypeFromTheStartIsNoPairForEither() throws IOException {
        String text = """
                [{"name": "f", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "s", "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "f", "bp": "e", "id": "1", "ts": 2, "pid": 1, "tid": 1}]""";
        Analysis a = analyze(text);
        long f = text.indexOf("\"f\", \"bp\"");
        assertTrue(a.findings().stream().anyMatch(x -> x.ruleId().equals("flow-without-start") && x.range().start() == f),
                a.findings().toString());
        assertEquals(List.of(), navigation.definition(text, a, f + 1, () -> false));
        assertAgreement("example", text);
    }

    /** The spec's linking example, the link between and after the two: definition at the e goes to the b. */
    @Test
    void anAsyncEndOfALinkedIdGoesToItsBegin() throws IOException {
        String b = """
                {"cat": "foo", "name": "async_read", "ph": "b", "id": "0x1000", "ts": 1, "pid": 1, "tid": 1}""";
        String link = """
                {"cat": "foo", "name": "link", "ph": "=", "id": "0x1000", "ts": 2, "pid": 1, "tid": 1, "args": {"linked_id": "0x2000"}}""";
        String e = """
                {"cat": "foo", "name": "async_read", "ph": "e", "id": "0x2000", "ts": 3, "pid": 1, "tid": 1}""";
        for (String text : List.of("[" + b + ",\n " + link + ",\n " + e + "]", "[" + e + ",\n " + b + ",\n " + link + "]")) {
            Analysis a = analyze(text);
            assertEquals(List.of(), a.findings(), text);
            long bPh = text.indexOf("\"b\", \"id\"");
            long ePh = text.indexOf("\"e\", \"id\"");
            assertEquals(List.of(new TextRange(bPh, bPh + 3)), navigation.definition(text, a, ePh + 1, () -> false), text);
            assertEquals(1, assertAgreement("link example", text)[0], text);
        }
    }

    /**
     * An id_ref resolves against the lifetime that contains its event's ts, wherever the event sits
     * in the file: written after the object's D, a reference inside the lifetime goes to its N; one
     * outside every lifetime is the linter's dangling-id-ref and has no target (both used to be
     * resolved by a scan of their own in file order, of args.id_ref rather than the spec's
     * args.<field>.id_ref).
     */
    @Test
    void anIdRefGoesWhereTheLinterResolvesItInTimeOrder() throws IOException {
        String text = """
                [{"name": "Layer", "ph": "N", "id": "0x1", "ts": 10, "pid": 1, "tid": 1},
                 {"name": "Layer", "ph": "D", "id": "0x1", "ts": 20, "pid": 1, "tid": 1},
                 {"name": "Paint🎨", "ph": "X", "ts": 15, "dur": 1, "pid": 1, "tid": 1, "args": {"layer": {"id_ref": "0x1"}}},
                 {"name": "Late", "ph": "X", "ts": 25, "dur": 1, "pid": 1, "tid": 1, "args": {"layer": {"id_ref": "0x1"}}}]""";
        Analysis a = analyze(text);
        int inside = text.indexOf("{\"id_ref\"");
        int after = text.indexOf("{\"id_ref\"", inside + 1);
        assertEquals(List.of("dangling-id-ref@" + after), a.findings().stream()
                .map(x -> x.ruleId() + "@" + x.range().start()).toList());
        long nPh = text.indexOf("\"N\"");
        assertEquals(List.of(new TextRange(nPh, nPh + 3)), navigation.definition(text, a, inside + 3, () -> false));
        assertEquals(List.of(), navigation.definition(text, a, after + 3, () -> false));
        HoverService hovers = new HoverService();
        assertTrue(hovers.hover(text, a, inside + 3, () -> false).orElseThrow().markdown().startsWith("Refers to object **Layer**"));
        assertTrue(hovers.hover(text, a, after + 3, () -> false).orElseThrow().markdown().startsWith("No object"));
    }

    @Test
    void navigationAgreesWithTheLinterOnTheCorpus() throws IOException {
        int pairs = 0;
        int findings = 0;
        for (Corpus.Trace t : Corpus.traces()) {
            int[] counts = assertAgreement(t.name(), read(t.path()));
            pairs += counts[0];
            findings += counts[1];
        }
        // the project's own traces alone (a clone without ../shared) have about 50 pairs
        boolean shared = Corpus.sharedPresent();
        assertTrue(pairs > (shared ? 10_000 : 40), "pairs checked: " + pairs);
        assertTrue(findings > (shared ? 100 : 10), "pairing findings checked: " + findings);
        Corpus.noteIfAbsent("NavigationAgreementTest");
    }

    /** Checks both directions on one document; returns how many pairs and pairing findings it checked. */
    private int[] assertAgreement(String name, String text) throws IOException {
        Analysis a = analyze(text);
        if (a.index() == null) {
            return new int[2];
        }
        int findings = 0;
        for (Finding f : a.findings()) {
            // a flow stepped but never ended is reported at its last t, which has its s (issue 36)
            if (PAIRING_FINDINGS.contains(f.ruleId()) && !FlowWithoutEnd.STEPPED.equals(f.impact().condition().id())) {
                assertEquals(List.of(), navigation.definition(text, a, f.range().start(), () -> false),
                        name + ": definition at " + f.ruleId() + " " + f.range());
                findings++;
            }
        }
        int pairs = 0;
        for (EventRef[] pair : pairs(text)) {
            if (pairs++ == MAX_PAIRS) {
                break;
            }
            EventRef earlier = pair[0];
            EventRef later = pair[1];
            assertEquals(List.of(earlier.ph()), navigation.definition(text, a, later.phStart(), () -> false),
                    name + ": definition at " + later.label() + " (event " + later.index() + ") should go to "
                            + earlier.label() + " (event " + earlier.index() + ")");
        }
        return new int[] {pairs, findings};
    }

    private static Analysis analyze(String text) throws IOException {
        return new Analyzer(dev.tracelint.TraceAssert.FRAGMENTS).analyze(new StringReader(text), () -> false, true);
    }

    /** The pairs the trace model makes, as the rules read them: (begin, end), (s, t or f). */
    private static List<EventRef[]> pairs(String text) throws IOException {
        List<EventRef[]> out = new ArrayList<>();
        for (Fact f : ModelFacts.of(text, DurationFacts.BeginEnd.class, AsyncFacts.Pair.class, FlowFacts.Step.class)) {
            if (f instanceof DurationFacts.BeginEnd p) {
                out.add(new EventRef[] {p.begin(), p.end()});
            } else if (f instanceof AsyncFacts.Pair p) {
                out.add(new EventRef[] {p.begin(), p.end()});
            } else if (f instanceof FlowFacts.Step p) {
                out.add(new EventRef[] {p.start(), p.step()});
            }
        }
        return out;
    }

    private static String read(Path f) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(f), 1 << 16)) {
            raw.mark(2);
            boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
            raw.reset();
            InputStream in = gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

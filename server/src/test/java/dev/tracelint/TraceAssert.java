package dev.tracelint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.model.Severity;
import dev.tracelint.read.TraceReader;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Tests that read like the spec (after eclipse/lemminx's XMLAssert): a literal trace with each
 * expected finding's range marked «like this», the findings expected in document order, and
 * ‹related› ranges marked the same way for findings that name one. Two findings on the same
 * range mark it twice: ««"S"»».
 */
public final class TraceAssert {
    private TraceAssert() {
    }

    /** An expected finding: rule id, exact message, optional severity and related message. */
    public record Expected(String rule, String message, Severity severity, String relatedMessage) {
        public Expected severity(Severity s) {
            return new Expected(rule, message, s, relatedMessage);
        }

        public Expected related(String why) {
            return new Expected(rule, message, severity, why);
        }
    }

    public static Expected finding(String rule, String message) {
        return new Expected(rule, message, null, null);
    }

    /** The trace with markers removed, and the marked ranges. */
    public record Marked(String text, List<TextRange> ranges, List<TextRange> related) {
        public static Marked parse(String marked) {
            StringBuilder b = new StringBuilder();
            List<TextRange> ranges = new ArrayList<>();
            List<TextRange> related = new ArrayList<>();
            java.util.ArrayDeque<Integer> opens = new java.util.ArrayDeque<>();
            long relatedOpen = -1;
            for (int i = 0; i < marked.length(); i++) {
                char c = marked.charAt(i);
                switch (c) {
                    case '«' -> opens.push(b.length());
                    case '»' -> ranges.add(new TextRange(opens.pop(), b.length()));
                    case '‹' -> relatedOpen = b.length();
                    case '›' -> related.add(new TextRange(relatedOpen, b.length()));
                    default -> b.append(c);
                }
            }
            return new Marked(b.toString(), ranges, related);
        }
    }

    /**
     * The configuration of the literal traces: the default with no-slices off, and nothing else.
     * The literals are fragments about a few events, most without any B/E/X, and their findings are
     * asserted exactly: no-slices' one finding about the whole file (speedscope shows nothing) would
     * join 91 of them without telling anything about the rule under test. It is tested with the
     * default configuration in ViewerImporterRulesTest.noSlices, on its doc page's examples
     * (RuleDocExamplesTest), on the corpus (CorpusSnapshotTest) and through the jar.
     */
    public static final Config FRAGMENTS = Config.DEFAULT.withOverrides(Map.of("no-slices", "off"));

    public static Analysis analyze(String text) {
        return new Analyzer(FRAGMENTS).analyze(text);
    }

    /** Findings of every rule must be exactly the expected ones, at the marked ranges. */
    public static List<Finding> assertFindings(String marked, Expected... expected) {
        Marked m = Marked.parse(marked);
        return assertFindings(m, analyze(m.text()).findings(), expected);
    }

    /** As {@link #assertFindings(String, Expected...)}, under {@code config} (other targeted viewers, a rule set). */
    public static List<Finding> assertFindings(Config config, String marked, Expected... expected) {
        Marked m = Marked.parse(marked);
        return assertFindings(m, new Analyzer(config).analyze(m.text()).findings(), expected);
    }

    /** Stands for a raw byte in a marked text while its offsets are counted: one char, as it will be read. */
    private static final char RAW_BYTE = '\uE000';
    private static final Pattern BYTE_ESCAPE = Pattern.compile("\\\\x([0-9A-Fa-f]{2})");

    /**
     * The UTF-8 bytes of {@code text}, where {@code \xHH} stands for the raw byte HH (so that a test
     * or an example can hold bytes that are not UTF-8).
     */
    public static byte[] utf8WithRawBytes(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Matcher m = BYTE_ESCAPE.matcher(text);
        int at = 0;
        while (m.find()) {
            out.writeBytes(text.substring(at, m.start()).getBytes(StandardCharsets.UTF_8));
            out.write(Integer.parseInt(m.group(1), 16));
            at = m.end();
        }
        out.writeBytes(text.substring(at).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /**
     * As {@link #assertFindings(String, Expected...)} for a trace read from its bytes (as the CLI
     * reads a file), where {@code \xHH} stands for the raw byte HH: one char (U+FFFD) once read.
     */
    public static List<Finding> assertFindingsInBytes(String marked, Expected... expected) {
        List<String> raw = new ArrayList<>();
        Matcher bytes = BYTE_ESCAPE.matcher(marked);
        StringBuilder placeheld = new StringBuilder();
        while (bytes.find()) {
            raw.add(bytes.group());
            bytes.appendReplacement(placeheld, String.valueOf(RAW_BYTE));
        }
        bytes.appendTail(placeheld);
        Marked m = Marked.parse(placeheld.toString());
        StringBuilder source = new StringBuilder();
        int next = 0;
        for (char c : m.text().toCharArray()) {
            source.append(c == RAW_BYTE ? raw.get(next++) : String.valueOf(c));
        }
        List<Finding> actual;
        try {
            actual = new Analyzer(FRAGMENTS).analyze(new ByteArrayInputStream(utf8WithRawBytes(source.toString())),
                    () -> false).findings();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return assertFindings(new Marked(m.text().replace(RAW_BYTE, '\uFFFD'), m.ranges(), m.related()), actual, expected);
    }

    private static List<Finding> assertFindings(Marked m, List<Finding> actual, Expected... expected) {
        String listing = describe(m.text(), actual);
        assertEquals(expected.length, actual.size(), "number of findings; actual:\n" + listing);
        assertEquals(expected.length, m.ranges().size(), "one «range» per expected finding");
        List<Finding> byRange = new ArrayList<>(actual);
        int relatedIndex = 0;
        for (int i = 0; i < expected.length; i++) {
            Finding f = byRange.get(i);
            Expected e = expected[i];
            assertEquals(e.rule(), f.ruleId(), "rule of finding " + i + "; actual:\n" + listing);
            assertEquals(e.message(), f.message(), "message of finding " + i);
            assertEquals(m.ranges().get(i), f.range(), "range of finding " + i + " ('"
                    + slice(m.text(), f.range()) + "' instead of '" + slice(m.text(), m.ranges().get(i)) + "')");
            if (e.severity() != null) {
                assertEquals(e.severity(), f.severity(), "severity of finding " + i);
            }
            if (e.relatedMessage() != null) {
                assertTrue(relatedIndex < m.related().size(), "a ‹related› marker for finding " + i);
                assertEquals(1, f.related().size(), "related locations of finding " + i);
                assertEquals(m.related().get(relatedIndex++), f.related().get(0).range(), "related range of finding " + i);
                assertEquals(e.relatedMessage(), f.related().get(0).message());
            }
        }
        return actual;
    }

    /**
     * As {@link #assertFindings(String, Expected...)}, for the trace as written and again with its events
     * in the reverse order (a literal of one event a line, {@code [} first and {@code ]} last): for a
     * judgment made in time order, which the file's order must not change. One expected finding: the
     * reversed file would list several in the other order.
     */
    public static void assertFindingsEitherWay(String marked, Expected expected) {
        assertFindings(marked, expected);
        String[] lines = marked.substring(1, marked.length() - 1).split(",\n ");
        assertTrue(lines.length > 1, "a literal of one event a line");
        java.util.Collections.reverse(java.util.Arrays.asList(lines));
        assertFindings("[" + String.join(",\n ", lines) + "]", expected);
    }

    public static void assertNoFindings(String trace) {
        List<Finding> actual = analyze(trace).findings();
        assertTrue(actual.isEmpty(), "expected no findings, got:\n" + describe(trace, actual));
    }

    /** The titles of the fixes of the only finding of {@code rule}, with their safety. */
    public static List<String> fixTitles(String trace, String rule) {
        Finding f = only(trace, rule);
        return f.fixes().stream().map(x -> x.title() + (x.safe() ? " (safe)" : " (unsafe)")).collect(Collectors.toList());
    }

    /**
     * Applies the fix titled {@code title} of the only finding of {@code rule}; the result must be
     * {@code after}, must read without syntax errors, and must not have that finding any more.
     */
    public static void assertFix(String before, String rule, String title, String after) {
        Finding f = only(before, rule);
        Fix fix = f.fixes().stream().filter(x -> x.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no fix titled '" + title + "' among "
                        + f.fixes().stream().map(Fix::title).toList()));
        List<TextEdit> edits = new ArrayList<>(fix.edits());
        edits.sort(Comparator.comparingLong(e -> e.range().start()));
        String fixed = EditApplier.apply(before, edits);
        assertEquals(after, fixed, "text after the fix");
        List<Finding> again = analyze(fixed).findings();
        assertTrue(again.stream().noneMatch(x -> x.ruleId().equals(TraceReader.JSON_SYNTAX)),
                "the fix left a syntax error:\n" + describe(fixed, again));
        long before1 = analyze(before).findings().stream().filter(x -> x.ruleId().equals(rule)).count();
        long after1 = again.stream().filter(x -> x.ruleId().equals(rule)).count();
        assertEquals(before1 - 1, after1, "the fix removes its finding:\n" + describe(fixed, again));
    }

    private static Finding only(String trace, String rule) {
        List<Finding> of = analyze(trace).findings().stream().filter(x -> x.ruleId().equals(rule)).toList();
        if (of.size() != 1) {
            fail("expected exactly one " + rule + " finding, got:\n" + describe(trace, analyze(trace).findings()));
        }
        return of.get(0);
    }

    static String slice(String text, TextRange r) {
        return text.substring((int) Math.min(r.start(), text.length()), (int) Math.min(r.end(), text.length()));
    }

    public static String describe(String text, List<Finding> findings) {
        StringBuilder b = new StringBuilder();
        for (Finding f : findings) {
            b.append("  ").append(f.ruleId()).append(" [").append(f.range().start()).append(',')
                    .append(f.range().end()).append(") '").append(slice(text, f.range())).append("': ")
                    .append(f.message()).append('\n');
        }
        return b.toString();
    }
}

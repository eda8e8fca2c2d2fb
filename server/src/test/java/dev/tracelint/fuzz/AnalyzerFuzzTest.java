package dev.tracelint.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracelint.SharedSeeds;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.features.CompletionService;
import dev.tracelint.features.hover.HoverService;
import dev.tracelint.features.NavigationService;
import dev.tracelint.features.OutlineService;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.fix.FixPlan;
import dev.tracelint.read.ReaderDifferential;
import dev.tracelint.read.TraceReader;
import dev.tracelint.schema.SchemaDifferential;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;

/**
 * Coverage-guided fuzzing of the engine: the reader, every rule, the editor's index and features,
 * and the fixes, on any bytes. Run as a regression test on every build (each input kept under
 * src/test/resources/dev/tracelint/fuzz/AnalyzerFuzzTestInputs/), and as a fuzzer with
 * JAZZER_FUZZ=1 (see docs/fuzzing.md). The properties, for any input:
 * <ul>
 *   <li>nothing escapes: no exception, no error, within the per-input time limit (a quadratic walk
 *       on a few hundred KB shows up as a timeout);</li>
 *   <li>the bytes (the CLI's path) and the same text decoded as the reader decodes it (the
 *       editor's path) give the same findings, but for the bytes' invalid-utf8 findings, which
 *       mark U+FFFD chars of the text;</li>
 *   <li>the reader's fast paths, over that text's chars and its UTF-8 bytes, record every event,
 *       member, offset and finding that jackson's path records (the differential test);</li>
 *   <li>the schema's fast paths agree with everit on every event ({@code SchemaDifferential});</li>
 *   <li>every finding and related range lies in the document and never splits a surrogate pair
 *       or a CR LF (issue 29: a range ends inside its line);
 *       the edits of one fix do not overlap;</li>
 *   <li>applying one round of safe fixes leaves JSON that is no more broken than before, and
 *       the result reads again without an internal error;</li>
 *   <li>hover, definition, highlights, references, outline and completion answer at any offset.</li>
 * </ul>
 */
class AnalyzerFuzzTest {
    /** Inputs beyond this are cut: the reader's ring holds 1 M chars, and the fuzzer is after shapes, not size. */
    private static final int MAX_INPUT = 256 * 1024;

    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    @BeforeAll
    static void seedTheFuzzerWithRealTraces() throws IOException {
        SharedSeeds.intoFuzzCorpus(AnalyzerFuzzTest.class, "anyBytes", MAX_INPUT);
    }

    /** Every real trace of the shared corpus, as an input to the same properties (the repository keeps no copy of them). */
    @TestFactory
    Stream<DynamicTest> realTraces() throws IOException {
        return SharedSeeds.real("AnalyzerFuzzTest", MAX_INPUT).stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> anyBytes(s.bytes())));
    }

    @FuzzTest(maxDuration = "60s")
    void anyBytes(byte[] input) throws IOException {
        byte[] bytes = input.length <= MAX_INPUT ? input : java.util.Arrays.copyOf(input, MAX_INPUT);
        Analysis fromBytes = analyzer.analyze(new ByteArrayInputStream(bytes), () -> false);
        String text = FuzzText.decodedAsTheReaderDoes(bytes);
        Analysis fromText = analyzer.analyze(new StringReader(text), () -> false, true);
        // the bytes' invalid-utf8 findings mark U+FFFD chars of the text (which, read as chars, is valid)
        List<Finding> invalidUtf8 = fromBytes.findings().stream().filter(f -> f.ruleId().equals("invalid-utf8")).toList();
        for (Finding f : invalidUtf8) {
            assertWithin(text, f.range(), f);
            if (f.range().length() > 0) {
                assertEquals('\uFFFD', text.charAt((int) f.range().start()), () -> "invalid-utf8 not at a U+FFFD: " + f);
            }
        }
        assertEquals(fromText.findings(), fromBytes.findings().stream().filter(f -> !invalidUtf8.contains(f)).toList(),
                "bytes and text give the same findings");
        assertEquals(text.length(), fromText.lines().length(), "the line index covers the text");
        // the reader's fast paths (chars; UTF-8 bytes) record what jackson's path records, findings included
        ReaderDifferential.assertSameAsJackson(text, "fuzz input");
        // the schema's verdicts worded from its pre-check are everit's
        SchemaDifferential.assertAgrees(text, "fuzz input");

        for (Finding f : fromText.findings()) {
            assertWithin(text, f.range(), f);
            f.related().forEach(r -> assertWithin(text, r.range(), f));
            for (Fix fix : f.fixes()) {
                List<TextEdit> edits = fix.edits().stream()
                        .sorted(java.util.Comparator.comparingLong((TextEdit e) -> e.range().start())).toList();
                for (int i = 0; i < edits.size(); i++) {
                    assertWithin(text, edits.get(i).range(), f);
                    assertTrue(i == 0 || edits.get(i - 1).range().end() <= edits.get(i).range().start(),
                            "the edits of one fix overlap: " + f);
                }
            }
        }
        fixesLeaveNoMoreSyntaxErrors(text, fromText);
        featuresAnswerEverywhere(text, fromText);
    }

    private void fixesLeaveNoMoreSyntaxErrors(String text, Analysis before) {
        FixPlan plan = FixPlan.of(before.findings(), false);
        if (plan.isEmpty() || !before.isTrace()) {
            return;
        }
        String fixed = EditApplier.apply(text, plan.edits());
        Analysis after = analyzer.analyze(fixed);
        assertTrue(syntaxErrors(after) <= syntaxErrors(before),
                "safe fixes broke the JSON: " + plan.chosen() + "\n" + fixed);
    }

    private static long syntaxErrors(Analysis a) {
        return a.findings().stream().filter(f -> f.ruleId().equals(TraceReader.JSON_SYNTAX)).count();
    }

    private static void featuresAnswerEverywhere(String text, Analysis analysis) {
        long[] offsets = {0, text.length() / 3, text.length() / 2, 2L * text.length() / 3, text.length()};
        for (long offset : offsets) {
            new HoverService().hover(text, analysis, offset, () -> false);
            NavigationService nav = new NavigationService();
            nav.definition(text, analysis, offset, () -> false).forEach(r -> assertWithin(text, r, "definition"));
            nav.highlights(text, analysis, offset).forEach(r -> assertWithin(text, r, "highlight"));
            nav.references(text, analysis, offset, () -> false).forEach(r -> assertWithin(text, r, "reference"));
            new CompletionService().complete(text, offset);
        }
        new OutlineService().outline(analysis, 100, () -> false);
    }

    private static void assertWithin(String text, TextRange r, Object what) {
        assertTrue(0 <= r.start() && r.start() <= r.end() && r.end() <= text.length(),
                () -> "range " + r + " outside the document of " + text.length() + " chars: " + what);
        assertTrue(!splitsSurrogatePair(text, r.start()) && !splitsSurrogatePair(text, r.end()),
                () -> "range " + r + " splits a surrogate pair: " + what);
        // issue 29: every range ends inside its line, whatever line breaks appear inside strings
        assertTrue(!splitsCrLf(text, r.start()) && !splitsCrLf(text, r.end()),
                () -> "range " + r + " starts or ends between a CR and its LF: " + what);
    }

    private static boolean splitsCrLf(String text, long offset) {
        int i = (int) offset;
        return i > 0 && i < text.length() && text.charAt(i - 1) == '\r' && text.charAt(i) == '\n';
    }

    private static boolean splitsSurrogatePair(String text, long offset) {
        int i = (int) offset;
        return i > 0 && i < text.length() && Character.isHighSurrogate(text.charAt(i - 1))
                && Character.isLowSurrogate(text.charAt(i));
    }
}

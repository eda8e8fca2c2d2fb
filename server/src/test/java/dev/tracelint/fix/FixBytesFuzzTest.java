package dev.tracelint.fix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.read.TraceReader;
import dev.tracelint.text.TextEdit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Coverage-guided fuzzing of {@code --fix}'s core on any bytes: the file's findings, one round of
 * fixes (safe, or safe and unsafe) spliced into its bytes as {@code --fix} does. Properties:
 * <ul>
 *   <li>every byte outside the fixes' ranges is unchanged: the output equals a reference splice
 *       built from the JDK's own strict UTF-8 decoder (malformed bytes included);</li>
 *   <li>safe fixes leave no more JSON syntax errors than the input had, and remove what they fix:
 *       no finding of the same rule and message stands where a fixed one stood (a fix may reveal
 *       another defect behind it, such as the extra '}' behind a trailing comma);</li>
 *   <li>safe fixes never make the trace worse ({@link SafeFixProperty}): no viewer's verdict gets
 *       worse and no rule other than those fixed gets a finding.</li>
 * </ul>
 * Inputs kept under src/test/resources/dev/tracelint/fix/FixBytesFuzzTestInputs/ replay on every build.
 */
class FixBytesFuzzTest {
    private static final int MAX_INPUT = 128 * 1024;
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    @FuzzTest(maxDuration = "60s")
    void fixesChangeOnlyTheirBytes(byte[] input) throws IOException {
        byte[] bytes = input.length <= MAX_INPUT ? input : Arrays.copyOf(input, MAX_INPUT);
        Analysis before = analyzer.analyze(new ByteArrayInputStream(bytes), () -> false);
        if (!before.isTrace()) {
            return;
        }
        for (boolean unsafe : new boolean[] {false, true}) {
            FixPlan plan = FixPlan.of(before.findings(), unsafe);
            if (plan.isEmpty()) {
                continue;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + 256);
            EditApplier.apply(new ByteArrayInputStream(bytes), out, plan.edits());
            byte[] fixed = out.toByteArray();
            assertArrayEquals(referenceSplice(bytes, plan.edits()), fixed, "the bytes outside the fixes changed");

            if (!unsafe) { // unsafe fixes guess; --fix's own check refuses a guess that breaks the JSON
                Analysis after = analyzer.analyze(new ByteArrayInputStream(fixed), () -> false);
                assertTrue(count(after, TraceReader.JSON_SYNTAX) <= count(before, TraceReader.JSON_SYNTAX),
                        () -> "safe fixes broke the JSON: " + plan.chosen());
                for (FixPlan.Chosen c : plan.chosen()) {
                    long at = moved(c.finding().range().start(), plan.edits());
                    assertTrue(after.findings().stream().noneMatch(f -> f.ruleId().equals(c.finding().ruleId())
                                    && f.message().equals(c.finding().message()) && f.range().start() == at),
                            () -> "a safe fix left its finding in place: " + c);
                }
                java.util.Set<String> fixedRules = new java.util.HashSet<>();
                plan.chosen().forEach(c -> fixedRules.add(c.finding().ruleId()));
                List<String> worse = SafeFixProperty.worse(before, after, fixedRules);
                assertTrue(worse.isEmpty(), () -> "safe fixes made the trace worse: " + worse + " by " + plan.chosen());
            }
        }
    }

    /** Where the char at {@code offset} (not inside an edit) is after the edits. */
    private static long moved(long offset, List<TextEdit> edits) {
        long shift = 0;
        for (TextEdit e : edits) {
            if (e.range().end() <= offset) { // an insertion at the offset goes before its char
                shift += e.newText().length() - e.range().length();
            }
        }
        return offset + shift;
    }

    private static long count(Analysis a, String rule) {
        return a.findings().stream().map(Finding::ruleId).filter(rule::equals).count();
    }

    /**
     * The expected output, computed apart from the splicer: the byte offset of every char offset
     * found by asking the JDK's strict decoder which byte runs are well-formed UTF-8.
     */
    private static byte[] referenceSplice(byte[] bytes, List<TextEdit> edits) {
        long[] byteAt = byteOffsetOfEachChar(bytes);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int copied = 0;
        for (TextEdit e : edits) {
            int start = (int) byteAt[(int) e.range().start()];
            out.write(bytes, copied, start - copied);
            byte[] text = e.newText().getBytes(StandardCharsets.UTF_8);
            out.write(text, 0, text.length);
            copied = (int) byteAt[(int) e.range().end()];
        }
        out.write(bytes, copied, bytes.length - copied);
        return out.toByteArray();
    }

    /** byteAt[c] = the byte where char c starts; byteAt[chars] = bytes.length. */
    private static long[] byteOffsetOfEachChar(byte[] bytes) {
        long[] byteAt = new long[bytes.length * 2 + 1];
        int chars = 0;
        int i = 0;
        while (i < bytes.length) {
            int len = wellFormedLength(bytes, i);
            byteAt[chars++] = i;
            if (len == 4) {
                byteAt[chars++] = i + 2; // the low surrogate: never an edit boundary (the reader never splits a pair)
            }
            i += Math.max(len, 1);
        }
        byteAt[chars] = bytes.length;
        return Arrays.copyOf(byteAt, chars + 1);
    }

    /** 1 to 4 if bytes[i, i+len) is one well-formed UTF-8 character, else 0 (a malformed byte). */
    private static int wellFormedLength(byte[] bytes, int i) {
        for (int len = 1; len <= 4 && i + len <= bytes.length; len++) {
            try {
                String s = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes, i, len)).toString();
                if (s.codePointCount(0, s.length()) == 1) {
                    return len;
                }
            } catch (CharacterCodingException e) {
                // not (yet) a whole character: try one byte more
            }
        }
        return 0;
    }
}

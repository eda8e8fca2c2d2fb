package dev.tracelint.fix;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.fuzz.FuzzText;
import java.util.Arrays;

/**
 * Coverage-guided fuzzing of the formatter ({@code format}, the editor's formatting) on any bytes:
 * formatting twice changes nothing, no JSON token changes, the bytes and the text the reader
 * decodes from them format alike, and the formatted document read again has the same findings,
 * each at the place the formatting moved it ({@link FormatProperties}). Inputs kept under
 * src/test/resources/dev/tracelint/fix/FormatFuzzTestInputs/ replay on every build.
 */
class FormatFuzzTest {
    private static final int MAX_INPUT = 64 * 1024;
    private final Analyzer analyzer = new Analyzer(Config.DEFAULT);

    @FuzzTest(maxDuration = "60s")
    void formattingKeepsTokensAndFindings(byte[] input) {
        byte[] bytes = input.length <= MAX_INPUT ? input : Arrays.copyOf(input, MAX_INPUT);
        FormatProperties.assertFormattingKeepsMeaning(bytes, FuzzText.decodedAsTheReaderDoes(bytes), analyzer);
    }
}

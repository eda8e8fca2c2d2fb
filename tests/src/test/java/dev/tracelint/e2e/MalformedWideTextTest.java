package dev.tracelint.e2e;

import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Malformed UTF-16 and UTF-32 (a file with a byte order mark) are {@code invalid-utf8} findings at
 * the exact characters, as malformed UTF-8 is, and each decodes to one U+FFFD only: the character
 * after a lone surrogate is read as written and every later column stays exact. Before, the JDK's
 * decoder replaced a lone high surrogate and the character after it ('Run\ud800Task' was 'Run�ask'),
 * every later column was one off, and nothing was reported.
 */
class MalformedWideTextTest extends E2eTest {
    private static final String NEGATIVE = "has a negative dur -1: Perfetto drops it; chrome://tracing, DevTools and speedscope show it wrongly [negative-duration]";
    private static final String SHOWN_WRONGLY = ": chrome://tracing, Perfetto, DevTools and speedscope show it wrongly [invalid-utf8]";

    /** The text's UTF-16 units as bytes, lone surrogates included (no JDK encoder writes those). */
    private static byte[] utf16(String text, boolean bigEndian) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(bigEndian ? 0xFE : 0xFF);
        b.write(bigEndian ? 0xFF : 0xFE);
        for (char c : text.toCharArray()) {
            b.write(bigEndian ? c >> 8 : c & 0xFF);
            b.write(bigEndian ? c & 0xFF : c >> 8);
        }
        return b.toByteArray();
    }

    @Test
    void aLoneSurrogateInUtf16IsAFindingAndEatsNothing() {
        // line 2: 😀 (a pair, two columns) before the lone surrogate
        String text = "[\n{\"name\":\"😀Run\uD800Task\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"pid\":1,\"tid\":1}]\n";
        for (boolean be : new boolean[] {false, true}) {
            String enc = be ? "UTF-16BE" : "UTF-16LE";
            writeBytes("t.json", utf16(text, be));
            Cli.Result r = check("t.json");
            assertLines(List.of(
                    "t.json:2:15: warning: 2 bytes " + (be ? "0xD8 0x00" : "0x00 0xD8") + " are not valid " + enc
                            + ": a lone surrogate U+D800 (read as U+FFFD, the replacement character)" + SHOWN_WRONGLY,
                    "t.json:2:44: error: X '😀Run\uFFFDTask' " + NEGATIVE,
                    "2 problems (1 error, 1 warning) in 1 trace."), r.findingLines(), r);
            assertExit(1, r);
        }
    }

    @Test
    void aValueAboveU10FFFFInUtf32IsAFinding() {
        String text = "[{\"name\":\"Run😀Task\",\"ph\":\"X\",\"ts\":1,\"dur\":-1,\"pid\":1,\"tid\":1}]";
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0});
        byte[] body = text.getBytes(java.nio.charset.Charset.forName("UTF-32LE"));
        int t = text.indexOf('T') - 1; // the code point index of 'T' (the emoji is one code point, two chars)
        body[4 * t] = 0;
        body[4 * t + 1] = 0;
        body[4 * t + 2] = 0x11; // U+110000
        body[4 * t + 3] = 0;
        b.writeBytes(body);
        writeBytes("t.json", b.toByteArray());
        Cli.Result r = check("t.json");
        assertLines(List.of(
                "t.json:1:16: warning: 4 bytes 0x00 0x00 0x11 0x00 are not valid UTF-32LE: 0x110000 is no code point"
                        + " (read as U+FFFD, the replacement character)" + SHOWN_WRONGLY,
                "t.json:1:44: error: X 'Run😀\uFFFDask' " + NEGATIVE,
                "2 problems (1 error, 1 warning) in 1 trace."), r.findingLines(), r);
        assertExit(1, r);
    }
}

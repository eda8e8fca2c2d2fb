package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.text.TextRange;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** UTF-16 and UTF-32 decoding with malformed units, across every read and buffer boundary. */
class WideInputTest {
    /** A stream that hands out at most {@code step} bytes a read, to cut units and pairs anywhere. */
    private static InputStream trickle(byte[] bytes, int step) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, step));
            }
        };
    }

    private static String decode(byte[] bytes, int unit, boolean be, int step, int room, MalformedUtf8 m) throws IOException {
        WideInput in = new WideInput(trickle(bytes, step), unit, be, m);
        StringBuilder b = new StringBuilder();
        char[] buf = new char[room];
        for (int n; (n = in.read(buf, 0, room)) > 0; ) {
            b.append(buf, 0, n);
        }
        return b.toString();
    }

    @Test
    void utf16WithLoneSurrogatesDecodesEachToOneReplacementAndReportsItsPlace() throws IOException {
        Random random = new Random(29);
        StringBuilder text = new StringBuilder();
        StringBuilder expected = new StringBuilder();
        List<Long> lone = new ArrayList<>();
        while (text.length() < 30_000) {
            switch (random.nextInt(5)) {
                case 0 -> {
                    text.append("😀");
                    expected.append("😀");
                }
                case 1 -> {
                    char s = random.nextBoolean() ? '\uD800' : '\uDC00';
                    lone.add((long) expected.length());
                    text.append(s).append('x'); // never a pair with what follows
                    expected.append('\uFFFD').append('x');
                }
                default -> {
                    char c = (char) ('a' + random.nextInt(26));
                    text.append(c);
                    expected.append(c);
                }
            }
        }
        for (boolean be : new boolean[] {false, true}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (char c : text.toString().toCharArray()) {
                bytes.write(be ? c >> 8 : c & 0xFF);
                bytes.write(be ? c & 0xFF : c >> 8);
            }
            for (int step : new int[] {1, 3, 8192, 1 << 20}) {
                for (int room : new int[] {2, 3, 16, 8192}) {
                    MalformedUtf8 m = new MalformedUtf8(be ? "UTF-16BE" : "UTF-16LE");
                    assertEquals(expected.toString(), decode(bytes.toByteArray(), 2, be, step, room, m), "step " + step + ", room " + room);
                    List<Long> reported = new ArrayList<>();
                    for (Problem p : m.problems()) {
                        TextRange r = p.range();
                        for (long o = r.start(); o < r.end(); o++) {
                            reported.add(o);
                        }
                    }
                    // the first 100 listed one by one, then one finding at the 101st for the rest
                    assertEquals(MalformedUtf8.LISTED + 1, reported.size());
                    assertEquals(lone.subList(0, reported.size()), reported, "places");
                }
            }
        }
    }

    @Test
    void utf32OutOfRangeAndSurrogatesAndALeftOverTail() throws IOException {
        int[] cps = {'[', 0x1F600, 0xD800, 'a', 0x110000, 'b', 0x10FFFF};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int cp : cps) {
            bytes.write(cp >>> 24);
            bytes.write(cp >>> 16 & 0xFF);
            bytes.write(cp >>> 8 & 0xFF);
            bytes.write(cp & 0xFF);
        }
        bytes.write(0); // a unit cut short at the end
        bytes.write(0);
        MalformedUtf8 m = new MalformedUtf8("UTF-32BE");
        String s = decode(bytes.toByteArray(), 4, true, 5, 16, m);
        assertEquals("[😀\uFFFDa\uFFFDb" + new String(Character.toChars(0x10FFFF)) + "\uFFFD", s);
        List<String> messages = new ArrayList<>();
        for (Problem p : m.problems()) {
            messages.add(p.range().start() + "-" + p.range().end() + " " + p.message());
        }
        assertEquals(List.of(
                "3-4 4 bytes 0x00 0x00 0xD8 0x00 are not valid UTF-32BE: a lone surrogate U+D800 (read as U+FFFD, the replacement character)",
                "5-6 4 bytes 0x00 0x11 0x00 0x00 are not valid UTF-32BE: 0x110000 is no code point (read as U+FFFD, the replacement character)",
                "9-10 2 bytes 0x00 0x00 are not valid UTF-32BE: the file ends inside a character (read as U+FFFD, the replacement character)"),
                messages);
    }
}

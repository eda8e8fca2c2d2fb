package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.fix.EditApplier;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Differential test of {@code --fix}'s splicing ({@link EditApplier}) against the reader's decoder
 * ({@link Utf8Input}): on random bytes (well-formed, malformed, cut short, across every buffer
 * boundary), edits given in the reader's char offsets change exactly the bytes the reader decoded
 * those chars from, and every other byte is copied as it was.
 *
 * <p>The expected output is built from what the decoder reports: each char of its text is either a
 * malformed byte (told with its offset and value) or a well-formed char, whose bytes are its UTF-8
 * encoding. So the decoder is the oracle; the splicer's own walk over the bytes is what is tested.
 */
class EditsOnBytesTest {
    private static final String[] TEXTS = {"", "x", "\"ä\"", "😀", "日本", "\uFFFD", ",\n", "{\"ph\": \"E\"}"};

    /** The decoder's view of some bytes: the text, and the malformed byte behind each U+FFFD that is one. */
    private record Decoded(String text, Map<Long, Byte> malformed) {
        /** The bytes chars [from, to) were decoded from. */
        void bytesOf(int from, int to, ByteArrayOutputStream out) {
            for (int k = from; k < to; k++) {
                Byte b = malformed.get((long) k);
                if (b != null) {
                    out.write(b);
                } else if (Character.isHighSurrogate(text.charAt(k))) {
                    out.writeBytes(text.substring(k, k + 2).getBytes(StandardCharsets.UTF_8));
                    k++;
                } else {
                    out.writeBytes(text.substring(k, k + 1).getBytes(StandardCharsets.UTF_8));
                }
            }
        }
    }

    private static Decoded decode(byte[] bytes, Random rnd) throws IOException {
        Map<Long, Byte> malformed = new HashMap<>();
        Utf8Input in = new Utf8Input(Utf8InputTest.trickle(bytes, rnd), new LineIndex(), malformed::put);
        return new Decoded(Utf8InputTest.readAll(in), malformed);
    }

    /** ASCII, well-formed sequences of every length, and malformed bytes of every kind. */
    static byte[] randomBytes(Random rnd, int size) {
        ByteArrayOutputStream b = new ByteArrayOutputStream(size + 8);
        byte[][] malformed = {
            {(byte) 0x80}, {(byte) 0xBF}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xC1}, {(byte) 0xF5}, {(byte) 0xFF},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x80}, {(byte) 0xEF, (byte) 0xBF},
        };
        String[] wellFormed = {"ä", "日", "😀", "\uFFFD", "\u0800", "\uFFFF", "\u07FF", "\uD83D\uDE00", "\uDBFF\uDFFF", "\n", "\r\n"};
        while (b.size() < size) {
            switch (rnd.nextInt(8)) {
                case 0, 1, 2 -> {
                    for (int i = rnd.nextInt(rnd.nextBoolean() ? 4 : 200); i > 0; i--) {
                        b.write(0x20 + rnd.nextInt(0x5F));
                    }
                }
                case 3, 4 -> b.writeBytes(wellFormed[rnd.nextInt(wellFormed.length)].getBytes(StandardCharsets.UTF_8));
                case 5 -> b.writeBytes(Character.toString(0x80 + rnd.nextInt(0x10FFFF - 0x80 + 1 - 0x800))
                        .getBytes(StandardCharsets.UTF_8)); // surrogate code points come out as '?': fine, ASCII
                case 6 -> b.writeBytes(malformed[rnd.nextInt(malformed.length)]);
                default -> b.write(rnd.nextInt(256));
            }
        }
        return b.toByteArray();
    }

    /** Sorted, non-overlapping edits at random char offsets (never between the halves of a surrogate pair). */
    private static List<TextEdit> randomEdits(Random rnd, String text) {
        List<Integer> cuts = new ArrayList<>();
        int count = rnd.nextInt(8);
        for (int i = 0; i < 2 * count; i++) {
            int at = rnd.nextInt(text.length() + 1);
            if (at > 0 && at < text.length() && Character.isLowSurrogate(text.charAt(at)) && Character.isHighSurrogate(text.charAt(at - 1))) {
                at--;
            }
            cuts.add(at);
        }
        cuts.sort(null);
        List<TextEdit> edits = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.size(); i += 2) {
            int start = cuts.get(i);
            int end = rnd.nextInt(4) == 0 ? start : cuts.get(i + 1); // some insertions
            if (rnd.nextInt(5) == 0) {
                edits.add(TextEdit.insert(start, TEXTS[rnd.nextInt(TEXTS.length)])); // two edits at one point
            }
            edits.add(new TextEdit(new TextRange(start, end), TEXTS[rnd.nextInt(TEXTS.length)]));
        }
        return edits;
    }

    private static void assertSplicedExactly(byte[] bytes, Random rnd, String what) throws IOException {
        Decoded d = decode(bytes, rnd);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        d.bytesOf(0, d.text().length(), all);
        assertArrayEquals(bytes, all.toByteArray(), what + ": the oracle accounts for every byte");

        List<TextEdit> edits = randomEdits(rnd, d.text());
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        int at = 0;
        for (TextEdit e : edits) {
            d.bytesOf(at, (int) e.range().start(), expected);
            expected.writeBytes(e.newText().getBytes(StandardCharsets.UTF_8));
            at = (int) e.range().end();
        }
        d.bytesOf(at, d.text().length(), expected);

        ByteArrayOutputStream actual = new ByteArrayOutputStream();
        EditApplier.apply(Utf8InputTest.trickle(bytes, rnd), actual, edits);
        assertArrayEquals(expected.toByteArray(), actual.toByteArray(), what + " with edits " + edits);
    }

    @Test
    void manySmallRandomDocuments() throws IOException {
        Random rnd = new Random(7);
        for (int round = 0; round < 20_000; round++) {
            assertSplicedExactly(randomBytes(rnd, rnd.nextInt(40)), rnd, "round " + round);
        }
    }

    @Test
    void largeRandomDocumentsAcrossBufferBoundaries() throws IOException {
        Random rnd = new Random(11);
        for (int round = 0; round < 40; round++) {
            // past the decoder's 8 KB and the splicer's 64 KB buffers, more than once
            assertSplicedExactly(randomBytes(rnd, 1 + rnd.nextInt(200_000)), rnd, "round " + round);
        }
    }

    @Test
    void withoutEditsEveryByteIsCopied() throws IOException {
        Random rnd = new Random(3);
        for (int round = 0; round < 200; round++) {
            byte[] bytes = randomBytes(rnd, rnd.nextInt(70_000));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            EditApplier.apply(new ByteArrayInputStream(bytes), out, List.of());
            assertArrayEquals(bytes, out.toByteArray(), "round " + round);
        }
    }

    @Test
    void anEditNextToMalformedBytesLeavesThemAsTheyWere() throws IOException {
        // "a" FF "b" FE: both malformed bytes read as U+FFFD; renaming "b" must keep FF and FE
        byte[] bytes = {'"', 'a', (byte) 0xFF, '"', ':', '"', 'b', (byte) 0xFE, '"'};
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EditApplier.apply(new ByteArrayInputStream(bytes), out, List.of(new TextEdit(new TextRange(6, 7), "c")));
        assertArrayEquals(new byte[] {'"', 'a', (byte) 0xFF, '"', ':', '"', 'c', (byte) 0xFE, '"'}, out.toByteArray());
    }

    @Test
    void editsThatCannotBeFromThisDocumentAreRefused() {
        byte[] emoji = "[\"😀\"]".getBytes(StandardCharsets.UTF_8); // the emoji is chars 2 and 3
        IllegalArgumentException split = assertThrows(IllegalArgumentException.class, () -> EditApplier.apply(
                new ByteArrayInputStream(emoji), new ByteArrayOutputStream(), List.of(TextEdit.insert(3, "x"))));
        assertTrue(split.getMessage().contains("splits a surrogate pair"), split.getMessage());
        IllegalArgumentException past = assertThrows(IllegalArgumentException.class, () -> EditApplier.apply(
                new ByteArrayInputStream(emoji), new ByteArrayOutputStream(), List.of(TextEdit.insert(7, "x"))));
        assertTrue(past.getMessage().contains("past the end"), past.getMessage());
        IllegalArgumentException lone = assertThrows(IllegalArgumentException.class, () -> EditApplier.apply(
                new ByteArrayInputStream(emoji), new ByteArrayOutputStream(), List.of(TextEdit.insert(1, "\"\uD800\""))));
        assertTrue(lone.getMessage().startsWith("internal: "), lone.getMessage());
        assertEquals("[\"😀\"]x", EditApplier.apply("[\"😀\"]", List.of(TextEdit.insert(6, "x"))));
    }
}

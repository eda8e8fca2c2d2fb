package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Slices of text read again as the reader reads them: the document's offsets, whole members only. */
class MemberReaderTest {
    @Test
    void aSliceIsReadWithItsDocumentsOffsets() {
        String slice = "{\"ph\": \"X\", \"args\": {\"n😀\": 1, \"s\": \"é\"}}";
        Members m = MemberReader.object(slice, 100);
        assertEquals(2, m.size());
        assertEquals(new TextRange(101, 105), m.get("ph").keyRange());
        assertEquals(new TextRange(107, 110), m.get("ph").valueRange());
        Members args = m.get("args").children();
        assertEquals(new TextRange(121, 126), args.get("n😀").keyRange(), "UTF-16 offsets: the emoji is two chars");
        assertEquals("1", args.get("n😀").text());
        assertEquals("é", args.get("s").text());
        assertEquals(ValueKind.OBJECT, m.get("args").kind());
    }

    /**
     * The walk that spares most snapshots a parse against the parse itself: never "certainly
     * without" where the parse finds the key, and "certainly without" wherever no key of the
     * object is the key or holds an escape.
     */
    @Test
    void certainlyWithoutAgreesWithTheParse() {
        java.util.Random rnd = new java.util.Random(71);
        int without = 0;
        for (int round = 0; round < 20_000; round++) {
            String slice = object(rnd, 0) + (rnd.nextInt(10) == 0 ? " \n" : "");
            boolean has = MemberReader.object(slice, 0).get("id") != null;
            boolean escapedKey = slice.matches("(?s).*\"[^\"]*\\\\.*");
            boolean certain = MemberReader.certainlyWithout(slice, "id");
            if (certain) {
                assertTrue(!has, slice);
                without++;
            } else if (!has) {
                assertTrue(escapedKey || slice.contains("\"id\""), "said maybe without cause: " + slice);
            }
        }
        assertTrue(without > 5_000, "certainly without: " + without);
        assertTrue(!MemberReader.certainlyWithout("{\"\\u0069d\": 1}", "id"), "an escaped key may spell it");
        assertTrue(!MemberReader.certainlyWithout("{\"a\": 1", "id"), "not a whole object");
        assertTrue(MemberReader.certainlyWithout("{\"a\": {\"id\": 1}, \"b\": [\"id\", {\"id\": 2}], \"c\": \"\\\"id\\\"\"}", "id"),
                "nested ids and a string that spells it are not members");
    }

    private static final String[] KEYS = {"id", "\\u0069d", "i\\\"d", "idx", "d", "ID", "x", "名", "😀"};
    private static final String[] SCALARS = {"1", "-2.5e3", "true", "null", "\"id\"", "\"a\\\"b\"", "\"{[,:\"", "\"é😀\""};

    /** A random JSON object, nested up to three deep, with keys that are, spell or resemble "id". */
    private static String object(java.util.Random rnd, int depth) {
        StringBuilder b = new StringBuilder("{");
        int members = rnd.nextInt(4);
        for (int m = 0; m < members; m++) {
            b.append(m > 0 ? ", " : "").append('"').append(KEYS[rnd.nextInt(KEYS.length)]).append("\": ").append(value(rnd, depth + 1));
        }
        return b.append('}').toString();
    }

    private static String value(java.util.Random rnd, int depth) {
        int k = rnd.nextInt(depth >= 3 ? 1 : 4);
        if (k == 1) {
            return object(rnd, depth);
        }
        if (k == 2) {
            return "[" + value(rnd, depth + 1) + ", " + value(rnd, depth + 1) + "]";
        }
        return SCALARS[rnd.nextInt(SCALARS.length)];
    }

    @Test
    void aSliceNestsAsDeepAsItIsWithoutTheReadersLimit() {
        StringBuilder args = new StringBuilder("{\"args\": {");
        for (int i = 0; i < TraceReader.MAX_NESTED_MEMBERS + 10; i++) {
            args.append(i == 0 ? "" : ",").append("\"k").append(i).append("\": ").append(i);
        }
        Members m = MemberReader.object(args.append("}}").toString(), 0);
        assertEquals(TraceReader.MAX_NESTED_MEMBERS + 10, m.get("args").children().size());
        assertEquals(0, m.get("args").children().droppedCount());
    }

    @Test
    void brokenTextKeepsTheMembersReadWhole() {
        Members m = MemberReader.object("{\"a\": 1, \"b\": {\"c\": }", 0);
        assertEquals(1, m.size());
        assertEquals("a", m.get(0).key());
        assertEquals(0, MemberReader.object("[1, 2]", 0).size(), "no object, no members");
    }

    @Test
    /** The parent is what catapult looks up: a string's or number's text, or a literal's (it prefixes true like an id). */
    void framesHaveTheParentCatapultLooksUpTheirShapeAndTheirNamesWhenAsked() {
        String dict = "{\"1\": {\"name\": \"main\", \"category\": \"app\"}, \"2\": {\"parent\": 1, \"name\": 7},"
                + " \"3\": 5, \"4\": {\"parent\": true}, \"\\u0035\": {\"parent\": \"2\"}}";
        List<String> seen = new ArrayList<>();
        MemberReader.frames(dict, 10, true, (f, name, category) -> seen.add(f.id() + " " + show(f.idRange()) + " parent "
                + f.parent() + " " + show(f.parentRange()) + " " + name + " " + category
                + " " + f.kind() + " " + show(f.valueRange()) + " " + f.named() + " " + f.categorized()));
        assertEquals(List.of(
                "1 [11,14) parent null null main app OBJECT [16,51) true true",
                "2 [53,56) parent 1 [69,70) 7 null OBJECT [58,82) true false",
                "3 [84,87) parent null null null null NUMBER [89,90) false false",
                "4 [92,95) parent true [108,112) null null OBJECT [97,113) false false",
                "5 [115,123) parent 2 [136,139) null null OBJECT [125,140) false false"), seen);
        assertEquals(List.of("1", "2", "3", "4", "5"), StackFrame.dictionary(dict, 10).stream().map(StackFrame::id).toList());
    }

    private static String show(TextRange r) {
        return r == null ? "null" : "[" + r.start() + "," + r.end() + ")";
    }
}

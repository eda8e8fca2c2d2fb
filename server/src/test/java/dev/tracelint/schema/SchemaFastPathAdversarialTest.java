package dev.tracelint.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hand-written attacks on the schema's fast paths (PreCheck.faults worded by TraceSchema.worded,
 * and the pre-check's PASS): every event of each trace below goes through
 * {@link SchemaDifferential}, which compares {@code check} with everit's verdict (rule, field,
 * range, message, fix) on suspicious events and asserts that everit finds nothing in an event the
 * pre-check passes. {@link #worded} cases also assert that the event took the fast path (else the
 * case would not probe it); {@link #everit} cases that it did not (the pre-check must give up).
 */
class SchemaFastPathAdversarialTest {

    // ---- helpers ----

    /** The events as a JSON array trace, every one compared; returns what the run saw. */
    private static SchemaDifferential.Counts compare(String name, List<String> events) throws IOException {
        SchemaDifferential.Counts c = new SchemaDifferential.Counts();
        SchemaDifferential.check(name, new StringReader("[" + String.join(",\n", events) + "]"), c);
        assertEquals(List.of(), c.disagreements, name + ", the events: " + disagreeing(c, events));
        assertEquals(events.size(), c.events, name + ": events read");
        return c;
    }

    /** The texts of the events the disagreements name ("event #3"), for the failure message. */
    private static String disagreeing(SchemaDifferential.Counts c, List<String> events) {
        StringBuilder b = new StringBuilder();
        for (String d : c.disagreements) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(" event #(\\d+)").matcher(d);
            if (m.find()) {
                String e = events.get(Integer.parseInt(m.group(1)) - 1);
                b.append("\n  #").append(m.group(1)).append(' ').append(e.length() > 300 ? e.substring(0, 300) + "..." : e);
            }
        }
        return b.toString();
    }

    /** One event that the pre-check words itself (one missing key, or wrong types), as everit would. */
    private static void worded(String name, String event) throws IOException {
        SchemaDifferential.Counts c = compare(name, List.of(event));
        assertEquals(1, c.worded, name + ": should take the fast path: " + event);
        assertEquals(1, c.invalid, name + ": everit should find a fault: " + event);
    }

    /** One suspicious event that must go to everit (a fault the fast path does not word: it would have to guess). */
    private static void everit(String name, String event) throws IOException {
        SchemaDifferential.Counts c = compare(name, List.of(event));
        assertEquals(1, c.suspicious, name + ": should be suspicious: " + event);
        assertEquals(0, c.worded, name + ": should not be worded by the pre-check: " + event);
    }

    /** One event everit finds nothing in (a wrong value shadowed by a later right one): check must say nothing either. */
    private static void valid(String name, String event) throws IOException {
        SchemaDifferential.Counts c = compare(name, List.of(event));
        assertEquals(0, c.invalid, name + ": everit should find nothing: " + event);
    }

    /** One event everit finds a fault in, whichever path check takes. */
    private static void invalid(String name, String event) throws IOException {
        SchemaDifferential.Counts c = compare(name, List.of(event));
        assertEquals(1, c.invalid, name + ": everit should find a fault: " + event);
    }

    /** Events on which only agreement is asserted (whichever path each takes). */
    private static SchemaDifferential.Counts agree(String name, String... events) throws IOException {
        return compare(name, List.of(events));
    }

    // ---- duplicate keys: everit (and viewers) keep the last ----

    @Test
    void aKeyWrittenTwiceWrongThenRightIsValid() throws IOException {
        valid("ts wrong then right", """
                {"ph": "B", "name": "a", "ts": "1", "ts": 1, "pid": 1, "tid": 1}""");
        valid("sync_id wrong then right in args", """
                {"ph": "c", "ts": 1, "args": {"sync_id": 7, "sync_id": "m"}}""");
        valid("args wrong then right", """
                {"ph": "c", "ts": 1, "args": {"sync_id": 7}, "args": {"sync_id": "m"}}""");
    }

    @Test
    void aKeyWrittenTwiceRightThenWrongIsTheLastOnesRange() throws IOException {
        // the worded range must be the last value's, where the Locator finds it too
        worded("ts right then wrong", """
                {"ph": "B", "name": "a", "ts": 1, "ts": "2", "pid": 1, "tid": 1}""");
        worded("sort_index right then wrong", """
                {"ph": "M", "name": "process_sort_index", "pid": 1, "args": {"sort_index": 1, "sort_index": "2"}}""");
        worded("args right then wrong", """
                {"ph": "c", "ts": 1, "args": {"sync_id": "m"}, "args": {"sync_id": 7}}""");
        worded("id2 right then wrong", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {"local": 1}, "id2": {"local": true}}""");
    }

    /**
     * A key written twice where the schema's if tests it (phase_M's conditions on name): everit sees
     * only the last value, so the then applies; the pre-check must not take the else because an
     * earlier value fails the condition. Found by this test: PreCheck passed these events (check()
     * said nothing) while everit reported the then's fault, since Properties.eval judged every member
     * with the key, the shadowed ones too; it now judges the last one only.
     */
    @Test
    void aKeyWrittenTwiceInAnIfsConditionCountsOnlyItsLastValue() throws IOException {
        invalid("thread_name after another name, no args", """
                {"ph": "M", "name": "x", "name": "thread_name", "pid": 1, "tid": 2}""");
        invalid("process_sort_index after another name, a string sort_index", """
                {"ph": "M", "name": "x", "name": "process_sort_index", "pid": 1, "args": {"sort_index": "1"}}""");
        invalid("process_labels after an escaped name, args without labels", """
                {"ph": "M", "n\\u0061me": "😀", "name": "process_labels", "pid": 1, "args": {}}""");
        invalid("thread_sort_index after an empty name, no tid", """
                {"ph": "M", "name": "", "name": "thread_sort_index", "pid": 1, "args": {"sort_index": 1}}""");
        // both names pass the first if (args needed) but only the last the fourth (tid needed): the
        // pre-check words one missing key, args, where everit reports two, args and tid
        invalid("thread_name after process_name, neither args nor tid", """
                {"ph": "M", "name": "process_name", "name": "thread_name", "pid": 1}""");
    }

    @Test
    void phWrittenTwiceDispatchesOnTheLast() throws IOException {
        worded("B then X, no dur", """
                {"ph": "B", "name": "a", "ts": 1, "ph": "X"}""");
        agree("X then B, no dur", """
                {"ph": "X", "name": "a", "ts": 1, "ph": "B"}""");
        worded("X then M, name missing", """
                {"ph": "X", "ts": 1, "dur": 1, "ph": "M", "pid": 1}""");
    }

    @Test
    void aRequiredKeyPresentTwiceOrOnlyAsADuplicate() throws IOException {
        agree("dur twice", """
                {"ph": "X", "name": "a", "ts": 1, "dur": 1, "dur": 2}""");
        worded("dur twice, the last a string", """
                {"ph": "X", "name": "a", "ts": 1, "dur": 1, "dur": "2"}""");
        valid("dur twice, the first a string", """
                {"ph": "X", "name": "a", "ts": 1, "dur": "1", "dur": 2}""");
    }

    // ---- escaped keys and values ----

    @Test
    void escapedKeysAreTheKeysTheySpell() throws IOException {
        agree("escaped dur present", """
                {"ph": "X", "name": "a", "ts": 1, "d\\u0075r": 5}""");
        worded("escaped dur, a string", """
                {"ph": "X", "name": "a", "ts": 1, "d\\u0075r": "5"}""");
        worded("escaped ph, X without dur", """
                {"\\u0070h": "X", "name": "a", "ts": 1}""");
        worded("escaped ph value, X without dur", """
                {"ph": "\\u0058", "name": "a", "ts": 1}""");
        worded("escaped args key, c with a number sync_id", """
                {"ph": "c", "ts": 1, "\\u0061rgs": {"sync_\\u0069d": 7}}""");
        worded("escaped key twice, the last wrong", """
                {"ph": "X", "name": "a", "ts": 1, "dur": 1, "d\\u0075r": "1"}""");
        valid("escaped key twice, the first wrong", """
                {"ph": "X", "name": "a", "ts": 1, "d\\u0075r": "1", "dur": 1}""");
        worded("escaped digits in a string ts (the fix)", """
                {"ph": "B", "name": "a", "ts": "\\u0031\\u0032"}""");
        worded("escaped quote in a string value", """
                {"ph": "B", "name": "a", "ts": "1\\"2"}""");
    }

    // ---- numbers and strings that look like numbers ----

    @Test
    void integerMembersWithNumberLiteralsThatAreNotPlainDigits() throws IOException {
        for (String v : List.of("1.0", "1e2", "1E+2", "-0", "-0.0", "0.5", "-7", "123456789012345678901234567890",
                "-123456789012345678901234567890", "1e999", "1e-999", "12345678901234567890.0")) {
            agree("sort_index " + v, "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 1, \"args\": {\"sort_index\": "
                    + v + "}}");
            agree("pid " + v, "{\"ph\": \"B\", \"name\": \"a\", \"ts\": 1, \"pid\": " + v + "}");
            agree("linked_id " + v, "{\"ph\": \"=\", \"id\": 1, \"args\": {\"linked_id\": " + v + "}}");
            agree("local " + v, "{\"ph\": \"n\", \"name\": \"a\", \"ts\": 1, \"id2\": {\"global\": " + v + "}}");
        }
    }

    @Test
    void stringsThatLookLikeNumbersWhereANumberBelongs() throws IOException {
        for (String v : List.of("\" 7 \"", "\"+1\"", "\"0x1\"", "\"1e999\"", "\"\"", "\"1.0\"", "\"-0\"", "\".5\"", "\"050\"",
                "\"1e2\"", "\"NaN\"", "\"Infinity\"", "\"١٢\"", "\"7\\n\"", "\"\\t7\"", "\"99999999999999999999999\"")) {
            worded("ts " + v, "{\"ph\": \"B\", \"name\": \"a\", \"ts\": " + v + "}");
            worded("sort_index " + v, "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {\"sort_index\": "
                    + v + "}}");
            worded("issue_ts " + v, "{\"ph\": \"c\", \"ts\": 1, \"args\": {\"sync_id\": \"s\", \"issue_ts\": " + v + "}}");
        }
    }

    // ---- every phase: one required key missing, one member of the wrong type ----

    /** A valid event of each phase (M in each of its kinds). */
    private static final List<String> VALID = List.of(
            "{\"ph\": \"B\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1}",
            "{\"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 2}",
            "{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}",
            "{\"ph\": \"i\", \"name\": \"a\", \"s\": \"g\", \"ts\": 1}",
            "{\"ph\": \"I\", \"name\": \"a\", \"ts\": 1}",
            "{\"ph\": \"C\", \"name\": \"a\", \"ts\": 1, \"args\": {\"v\": 1}}",
            "{\"ph\": \"b\", \"name\": \"a\", \"cat\": \"c\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"n\", \"name\": \"a\", \"cat\": \"c\", \"id2\": {\"local\": \"0x1\"}, \"ts\": 1}",
            "{\"ph\": \"e\", \"name\": \"a\", \"cat\": \"c\", \"id\": \"0x1\", \"ts\": 1}",
            "{\"ph\": \"S\", \"name\": \"a\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"T\", \"name\": \"a\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"p\", \"name\": \"a\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"F\", \"name\": \"a\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"s\", \"name\": \"a\", \"cat\": \"c\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"t\", \"name\": \"a\", \"cat\": \"c\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"f\", \"name\": \"a\", \"cat\": \"c\", \"id\": 1, \"ts\": 1, \"bp\": \"e\"}",
            "{\"ph\": \"P\", \"name\": \"a\", \"ts\": 1}",
            "{\"ph\": \"N\", \"name\": \"a\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"O\", \"name\": \"a\", \"id\": 1, \"ts\": 1, \"args\": {\"snapshot\": {\"x\": 1}}}",
            "{\"ph\": \"D\", \"name\": \"a\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"Browser\"}}",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"Main\"}}",
            "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {\"sort_index\": 1}}",
            "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 2, \"args\": {\"sort_index\": -1}}",
            "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1, \"args\": {\"labels\": \"a,b\"}}",
            "{\"ph\": \"M\", \"name\": \"other\", \"pid\": 1}",
            "{\"ph\": \"V\", \"ts\": 1}",
            "{\"ph\": \"v\", \"ts\": 1, \"pid\": 1}",
            "{\"ph\": \"R\", \"name\": \"a\", \"ts\": 1}",
            "{\"ph\": \"c\", \"ts\": 1, \"args\": {\"sync_id\": \"m\", \"issue_ts\": 1}}",
            "{\"ph\": \"(\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \")\", \"id\": 1, \"ts\": 1}",
            "{\"ph\": \"=\", \"id\": 1, \"args\": {\"linked_id\": \"0x2\"}}");

    /** Values of every kind, odd ones included, with non-ASCII and emoji. */
    private static final List<String> VALUES = List.of("\"7\"", "\" 7 \"", "\"ü😀\"", "\"\"", "7", "-0", "1.5", "1e2",
            "1.0", "true", "false", "null", "[]", "[1, \"x\"]", "{}", "{\"a\": {\"b\": 1}}", "{\"local\": 1}",
            "123456789012345678901234567890", "\"😀😀\"");

    @Test
    void everyPhaseWithEachOfItsMembersDroppedOrRetyped() throws IOException {
        List<String> events = new ArrayList<>();
        for (String valid : VALID) {
            List<String[]> members = members(valid);
            for (int i = 0; i < members.size(); i++) {
                events.add(without(members, i));
                for (String v : VALUES) {
                    events.add(with(members, i, v));
                }
            }
            for (String key : List.of("name", "cat", "ts", "tts", "dur", "tdur", "pid", "tid", "id", "id2", "scope", "args", "s",
                    "bp", "sf", "esf", "stack", "bind_id", "flow_in", "flow_out", "cname")) {
                for (String v : VALUES) {
                    events.add(added(members, key, v));
                }
            }
        }
        SchemaDifferential.Counts c = compare("every phase damaged once", events);
        assertTrue(c.worded > 1000, "the fast path should word most of these: " + c.worded + " of " + c.suspicious);
    }

    @Test
    void argsMembersOfEachPhaseRetyped() throws IOException {
        List<String> events = new ArrayList<>();
        for (String args : List.of("name", "sort_index", "labels", "sync_id", "issue_ts", "linked_id", "snapshot", "v", "a")) {
            for (String valid : VALID) {
                List<String[]> members = members(valid);
                for (String v : VALUES) {
                    events.add(added(members, "args", "{\"" + args + "\": " + v + "}"));
                    events.add(added(members, "args", "{\"" + args + "\": " + v + ", \"x😀\": {\"y\": [1]}}"));
                }
            }
        }
        compare("args members retyped", events);
    }

    // ---- M events ----

    @Test
    void metadataEventsWithOddArgs() throws IOException {
        for (String name : List.of("process_name", "thread_name", "process_sort_index", "thread_sort_index", "process_labels")) {
            for (String args : List.of("\"x\"", "[]", "null", "{}", "7", "{\"name\": 7}", "{\"sort_index\": \"7\"}",
                    "{\"labels\": [\"a\"]}", "{\"name\": null, \"sort_index\": null, \"labels\": null}")) {
                agree(name + " args " + args, "{\"ph\": \"M\", \"name\": \"" + name + "\", \"pid\": 1, \"tid\": 1, \"args\": " + args + "}");
                agree(name + " args " + args + " no tid", "{\"ph\": \"M\", \"name\": \"" + name + "\", \"pid\": 1, \"args\": " + args + "}");
            }
        }
        worded("thread_name without tid", """
                {"ph": "M", "name": "thread_name", "pid": 1, "args": {"name": "Main"}}""");
        worded("process_name without args", """
                {"ph": "M", "name": "process_name", "pid": 1}""");
        worded("M name a number", """
                {"ph": "M", "name": 7, "pid": 1}""");
        worded("M without name", """
                {"ph": "M", "pid": 1, "args": {"name": "x"}}""");
        worded("sort_index of two wrong types at two levels", """
                {"ph": "M", "name": "thread_sort_index", "pid": 1, "tid": "😀", "ts": "1", "args": {"sort_index": "2"}}""");
    }

    // ---- id2 and members two levels deep ----

    @Test
    void id2AndDeeperMembers() throws IOException {
        worded("id2.local a boolean", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {"local": true}}""");
        worded("id2.global an object", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {"global": {"x": 1}}}""");
        worded("id2.global an array with emoji", """
                {"ph": "b", "name": "a😀", "cat": "c", "ts": 1, "id2": {"global": ["😀", 1]}}""");
        everit("id2 with both", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {"local": 1, "global": true}}""");
        everit("id2 with another key", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {"loc": 1}}""");
        everit("id2 empty", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {}}""");
        valid("id2 local twice, wrong then right", """
                {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id2": {"local": true, "local": 1}}""");
        agree("args.a.b wrong-looking, never judged", """
                {"ph": "c", "ts": 1, "args": {"sync_id": "m", "a": {"b": "1", "sync_id": 3}}}""");
        worded("args.sync_id an object with a deep member", """
                {"ph": "c", "ts": 1, "args": {"sync_id": {"a": {"b": 1}}}}""");
        agree("O's snapshot deep", """
                {"ph": "O", "name": "a", "id": 1, "ts": 1, "args": {"snapshot": {"a": {"b": "c"}}}}""");
    }

    // ---- ph wrong or missing, events that are not objects ----

    @Test
    void phWrongTypedMissingOrUnknown() throws IOException {
        worded("no ph", """
                {"name": "a", "ts": 1}""");
        worded("no ph, no name", """
                {"ts": 1}""");
        worded("no ph, emoji name", """
                {"name": "😀 ü", "ts": 1, "pid": 1}""");
        everit("ph a number", """
                {"ph": 7, "name": "a", "ts": 1}""");
        everit("ph null", """
                {"ph": null, "name": "a"}""");
        agree("ph unknown", """
                {"ph": "Z", "name": "a"}""");
        agree("ph two chars", """
                {"ph": "XX", "name": "a"}""");
        agree("ph non-ASCII", """
                {"ph": "😀", "name": "a"}""");
        agree("empty object", "{}");
        agree("no ph and a wrong ts", """
                {"name": "a", "ts": "1"}""");
    }

    @Test
    void eventsThatAreNotObjects() throws IOException {
        SchemaDifferential.Counts c = new SchemaDifferential.Counts();
        SchemaDifferential.check("not objects", new StringReader(
                "[{\"ph\": \"B\"}, 1, \"x\", null, true, [], [{\"ph\": \"X\"}], {\"ph\": \"E\"}]"), c);
        assertEquals(List.of(), c.disagreements);
        assertEquals(2, c.worded, "the B and the E without ts, around values that are no events (" + c.events + " events)");
    }

    // ---- text the reader takes but a strict JSON parser may not ----

    @Test
    void lenientOrBrokenTextAroundAFault() throws IOException {
        for (String event : List.of(
                "{\"ph\": \"X\", \"name\": \"a\tb\", \"ts\": 1}", // a raw tab inside a string
                "{\"ph\": \"X\", \"name\": \"a\u0001b\", \"ts\": 1}", // a raw control char
                "{\"ph\": \"X\", \"name\": \"a\\ud800\", \"ts\": 1}", // a lone surrogate escape
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": 01}",
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": +1}",
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": .5}",
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": NaN}",
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1,}",
                "{\"ph\": \"X\", \"name\": \"a\" \"ts\": 1}",
                "{\"ph\": \"X\", 'name': \"a\", \"ts\": 1}",
                "{\"ph\": \"X\", /* c */ \"name\": \"a\", \"ts\": 1}",
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"args\": {\"a\": tru}}",
                "{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"args\": {\"a\": [1,]}}",
                "{\"ph\": \"B\", \"name\": \"a\", \"ts\": \"1\", \"args\": {\"a\": 1e}}",
                "{\"ph\": \"X\",\r\n\t\"name\": \"ü\",\r\n\t\"ts\": 1}")) {
            SchemaDifferential.Counts c = new SchemaDifferential.Counts();
            SchemaDifferential.check("lenient", new StringReader("[" + event + ", {\"ph\": \"X\", \"ts\": 1}]"), c);
            assertEquals(List.of(), c.disagreements, event);
            assertTrue(c.events >= 1, "the well-formed event after it is read: " + event);
        }
        for (String trace : List.of(
                "\uFEFF[{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1}]",
                "{\"displayTimeUnit\": \"ns\", \"😀\": 1, \"traceEvents\": [{\"ph\": \"X\", \"name\": \"ü\", \"ts\": \"1\", \"dur\": 1}]}",
                "[{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1}")) { // the array never closed
            SchemaDifferential.Counts c = new SchemaDifferential.Counts();
            SchemaDifferential.check("lenient trace", new StringReader(trace), c);
            assertEquals(List.of(), c.disagreements, trace);
            assertEquals(1, c.worded, "its one event is worded by the pre-check: " + trace);
        }
    }

    // ---- non-ASCII: ranges are UTF-16 offsets ----

    @Test
    void nonAsciiBeforeTheFaultShiftsItsRange() throws IOException {
        worded("emoji name before a string ts", """
                {"ph": "B", "name": "😀😀😀", "ts": "1"}""");
        worded("emoji key before the fault", """
                {"ph": "B", "name": "a", "😀": "😀", "ts": "1"}""");
        worded("emoji in args before a wrong sync_id", """
                {"ph": "c", "ts": 1, "args": {"😀": "ü😀", "sync_id": 1}}""");
        worded("emoji value missing dur", """
                {"ph": "X", "name": "😀ü\\u00fc", "ts": 1, "cat": "😀"}""");
        agree("an earlier event with emoji", """
                {"ph": "B", "name": "😀😀", "ts": 1}""", """
                {"ph": "X", "name": "ü", "ts": "😀"}""");
    }

    // ---- what the reader does not record ----

    @Test
    void argsWithMoreMembersThanTheReaderRecords() throws IOException {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < dev.tracelint.read.TraceReader.MAX_NESTED_MEMBERS + 3; i++) {
            many.append("\"k").append(i).append("\": ").append(i).append(", ");
        }
        everit("sync_id wrong after the limit", "{\"ph\": \"c\", \"ts\": 1, \"args\": {" + many + "\"sync_id\": 7}}");
        everit("sync_id wrong before the limit", "{\"ph\": \"c\", \"ts\": 1, \"args\": {\"sync_id\": 7, " + many + "\"z\": 1}}");
        everit("sync_id missing, many args", "{\"ph\": \"c\", \"ts\": 1, \"args\": {" + many + "\"z\": 1}}");
        agree("sync_id right after the limit", "{\"ph\": \"c\", \"ts\": 1, \"args\": {" + many + "\"sync_id\": \"m\"}}");
        worded("a string ts, many args", "{\"ph\": \"X\", \"ts\": \"1\", \"dur\": 1, \"args\": {" + many + "\"z\": 1}}");
        agree("sort_index wrong after the limit",
                "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {" + many + "\"sort_index\": \"1\"}}");
    }

    /** TraceSource.WINDOW (package-private there): an event longer than this has no raw text. */
    private static final int WINDOW = 1 << 17;

    @Test
    void eventsLargerThanTheReadersWindow() throws IOException {
        String pad = "\"pad\": \"" + "ü".repeat(WINDOW / 2) + "😀".repeat(WINDOW / 2) + "\", ";
        String bigArgs = "\"big\": [" + "1, ".repeat(WINDOW / 3) + "1], ";
        for (String p : List.of(pad, bigArgs)) {
            agree("large X without dur", "{\"ph\": \"X\", " + p + "\"name\": \"a\", \"ts\": 1}");
            agree("large B with a string ts", "{\"ph\": \"B\", " + p + "\"name\": \"a\", \"ts\": \" 7 \"}");
            agree("large c with a wrong sync_id", "{\"ph\": \"c\", " + p + "\"ts\": 1, \"args\": {\"sync_id\": 7}}");
            agree("large c with the wrong sync_id first", "{\"ph\": \"c\", \"ts\": 1, \"args\": {\"sync_id\": 7, \"sync_id\": \"m\"}, " + p + "\"z\": 1}");
            agree("large c with the right sync_id first", "{\"ph\": \"c\", \"ts\": 1, \"args\": {\"sync_id\": \"m\", \"sync_id\": 7}, " + p + "\"z\": 1}");
            agree("large B, ts twice", "{\"ph\": \"B\", \"ts\": 1, " + p + "\"ts\": \"1\"}");
            agree("large id2 with a wrong local", "{\"ph\": \"b\", \"name\": \"a\", \"cat\": \"c\", \"ts\": 1, " + p + "\"id2\": {\"local\": [1]}}");
            agree("large args of pad inside", "{\"ph\": \"c\", \"ts\": 1, \"args\": {" + p + "\"sync_id\": 7}}");
            agree("large sort_index 1.0", "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, " + p + "\"args\": {\"sort_index\": 1.0}}");
        }
        // around the window's size: the raw text is there on one side, not on the other
        List<String> around = new ArrayList<>();
        for (int size = WINDOW - 48; size <= WINDOW + 48; size += 4) {
            String head = "{\"ph\": \"X\", \"name\": \"😀\", \"ts\": \"1\", \"dur\": 1, \"pad\": \"";
            around.add(head + "x".repeat(size - head.length() - 2) + "\"}");
            String noDur = "{\"ph\": \"X\", \"ts\": 1, \"args\": {\"sync_id\": 7}, \"pad\": \"";
            around.add(noDur + "ü".repeat(size - noDur.length() - 2) + "\"}");
        }
        assertEquals(around.size(), compare("around the window", around).worded);
        agree("a string ts longer than the window", "{\"ph\": \"B\", \"name\": \"a\", \"ts\": \"" + "1".repeat(WINDOW + 5) + "\"}");
        agree("a string sort_index longer than the window", "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 1, \"args\": {\"sort_index\": \""
                + "2".repeat(WINDOW + 5) + "\"}}");
    }

    // ---- random combinations of two or three faults ----

    @Test
    void randomCombinationsOfFaults() throws IOException {
        Random random = new Random(20261129);
        List<String> keys = List.of("name", "cat", "ph", "ts", "dur", "pid", "tid", "id", "id2", "args", "s", "bp", "sf", "stack",
                "flow_in", "d\\u0075r", "😀");
        List<String> events = new ArrayList<>();
        for (int n = 0; n < 6000; n++) {
            List<String[]> members = members(VALID.get(random.nextInt(VALID.size())));
            int faults = 2 + random.nextInt(2);
            for (int f = 0; f < faults && !members.isEmpty(); f++) {
                int i = random.nextInt(members.size());
                String v = VALUES.get(random.nextInt(VALUES.size()));
                switch (random.nextInt(5)) {
                    case 0 -> members.remove(i);
                    case 1 -> members.set(i, new String[] {members.get(i)[0], v});
                    case 2 -> members.add(new String[] {members.get(i)[0], v}); // the key again, last
                    case 3 -> members.add(0, new String[] {members.get(i)[0], v}); // the key again, first
                    default -> members.add(random.nextInt(members.size() + 1), new String[] {"\"" + keys.get(random.nextInt(keys.size())) + "\"", v});
                }
            }
            events.add(join(members));
        }
        SchemaDifferential.Counts c = compare("random combinations", events);
        assertTrue(c.worded > 100, "some combinations should take the fast path: " + c.worded);
    }

    // ---- building events ----

    /** The members of a flat-ish event literal, as raw key and raw value texts (values may be objects). */
    private static List<String[]> members(String event) {
        List<String[]> out = new ArrayList<>();
        int i = event.indexOf('{') + 1;
        while (true) {
            int ks = event.indexOf('"', i);
            if (ks < 0) {
                return out;
            }
            int ke = event.indexOf('"', ks + 1);
            int vs = event.indexOf(':', ke) + 1;
            int ve = valueEnd(event, vs);
            out.add(new String[] {event.substring(ks, ke + 1), event.substring(vs, ve).trim()});
            i = ve + 1;
        }
    }

    /** The end of the value starting at {@code from}: the ',' or '}' that closes it at its level. */
    private static int valueEnd(String s, int from) {
        int depth = 0;
        boolean inString = false;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                if (depth == 0) {
                    return i;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                return i;
            }
        }
        return s.length();
    }

    private static String join(List<String[]> members) {
        List<String> parts = new ArrayList<>();
        for (String[] m : members) {
            parts.add(m[0] + ": " + m[1]);
        }
        return "{" + String.join(", ", parts) + "}";
    }

    private static String without(List<String[]> members, int i) {
        List<String[]> copy = new ArrayList<>(members);
        copy.remove(i);
        return join(copy);
    }

    private static String with(List<String[]> members, int i, String value) {
        List<String[]> copy = new ArrayList<>(members);
        copy.set(i, new String[] {members.get(i)[0], value});
        return join(copy);
    }

    /** The event with {@code key} set to {@code value}: replaced where it is, else added last. */
    private static String added(List<String[]> members, String key, String value) {
        List<String[]> copy = new ArrayList<>(members);
        String quoted = "\"" + key + "\"";
        for (int i = 0; i < copy.size(); i++) {
            if (copy.get(i)[0].equals(quoted)) {
                copy.set(i, new String[] {quoted, value});
                return join(copy);
            }
        }
        copy.add(new String[] {quoted, value});
        return join(copy);
    }
}

package dev.tracelint.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Problem;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;

/**
 * The pre-check of the object form's members ({@link TraceSchema#checkTopLevel}) never hides what
 * everit finds: for every member below, valid or not, a PASS means everit accepts the container
 * with that member (judged as checkTopLevel judges it: an object or array as an empty one). And it
 * does pass the common valid members, so that a check of such a trace never builds everit's schema.
 */
class ContainerPreCheckTest {
    private static final String[] MEMBERS = {
        "\"displayTimeUnit\": \"ms\"", "\"displayTimeUnit\": \"ns\"", "\"displayTimeUnit\": \"us\"", "\"displayTimeUnit\": \"NS\"",
        "\"displayTimeUnit\": 1", "\"displayTimeUnit\": null", "\"displayTimeUnit\": {}", "\"displayTimeUnit\": []",
        "\"displayTimeUnit\": true", "\"otherData\": {\"version\": \"1\"}", "\"otherData\": 1", "\"otherData\": []",
        "\"otherData\": \"x\"", "\"metadata\": {\"a\": 1}", "\"metadata\": 7", "\"stackFrames\": {\"1\": {\"name\": \"f\"}}",
        "\"stackFrames\": {}", "\"stackFrames\": []", "\"stackFrames\": \"x\"", "\"samples\": []", "\"samples\": {}",
        "\"samples\": 2", "\"systemTraceEvents\": \"# tracer: nop\"", "\"systemTraceEvents\": {\"type\": \"fuchsia\"}",
        "\"systemTraceEvents\": 3", "\"systemTraceEvents\": [1]", "\"powerTraceAsString\": \"x\"", "\"powerTraceAsString\": 1",
        "\"controllerTraceDataKey\": \"traceEvents\"", "\"controllerTraceDataKey\": false", "\"$schema\": \"x.json\"",
        "\"$schema\": 1", "\"unknownKey\": {\"deep\": [1, {\"x\": null}]}", "\"unknownKey\": 1.5e3", "\"日本\": \"😀\"",
        "\"traceEvents\": {}", "\"traceEvents\": 1", "\"traceEvents\": \"x\"", "\"traceEvents\": null",
    };

    /** The top-level members of an object-form document, as the reader hands them to the rules. */
    private static List<Field> topLevel(String doc) throws IOException {
        List<Field> members = new ArrayList<>();
        new TraceReader(TraceSource.of(doc), new TraceHandler() {
            @Override
            public void event(EventView e) {
            }

            @Override
            public void problem(Problem p) {
            }

            @Override
            public void topLevelMember(Field member) {
                members.add(member);
            }
        }).read();
        return members;
    }

    /** everit's verdict on the container holding {@code member}, its object or array value emptied. */
    private static boolean everitAccepts(Schema container, Field member) {
        Object value = switch (member.kind()) {
            case OBJECT -> new JSONObject();
            case ARRAY -> new JSONArray();
            default -> OrgJson.fromField(member, 1);
        };
        JSONObject doc = new JSONObject().put(member.key(), value);
        if (!doc.has("traceEvents")) {
            doc.put("traceEvents", new JSONArray()); // required at the container level: not the member's concern
        }
        try {
            container.validate(doc);
            return true;
        } catch (ValidationException e) {
            return false;
        }
    }

    @Test
    void aMemberThePreCheckPassesIsOneEveritAccepts() throws IOException {
        JSONObject json = new JSONObject(TraceSchema.text());
        Schema container = TraceSchema.load(new JSONObject()
                .put("definitions", json.getJSONObject("definitions"))
                .put("allOf", new JSONArray().put(new JSONObject().put("$ref", "#/definitions/container"))));
        PreCheck.Node members = PreCheck.containerMembers(json, "container");
        List<String> passed = new ArrayList<>();
        for (String m : MEMBERS) {
            List<Field> fields = topLevel("{" + m + (m.startsWith("\"traceEvents\"") ? "" : ", \"traceEvents\": []") + "}");
            assertEquals(1, fields.size(), m);
            Field f = fields.get(0);
            int verdict = PreCheck.member(members, f);
            boolean accepted = everitAccepts(container, f);
            if (verdict == PreCheck.PASS) {
                assertTrue(accepted, "the pre-check passed what everit rejects: " + m);
                passed.add(m);
            }
            if (verdict == PreCheck.FAIL) {
                assertTrue(!accepted, "the pre-check failed what everit accepts: " + m);
            }
            // what a check reports is everit's verdict either way
            assertEquals(accepted, TraceSchema.get().checkTopLevel(f).isEmpty(), m);
        }
        for (String common : List.of("\"displayTimeUnit\": \"ms\"", "\"displayTimeUnit\": \"ns\"", "\"otherData\": {\"version\": \"1\"}",
                "\"metadata\": {\"a\": 1}", "\"stackFrames\": {\"1\": {\"name\": \"f\"}}", "\"systemTraceEvents\": \"# tracer: nop\"",
                "\"controllerTraceDataKey\": \"traceEvents\"", "\"unknownKey\": {\"deep\": [1, {\"x\": null}]}")) {
            assertTrue(passed.contains(common), "the pre-check leaves a common valid member to everit: " + common);
        }
    }
}

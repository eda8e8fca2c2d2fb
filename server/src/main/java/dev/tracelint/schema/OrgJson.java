package dev.tracelint.schema;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * Builds everit's org.json input for ONE event (never a whole file): from its raw text with
 * jackson (a later duplicate key overwrites an earlier one, as viewers do; org.json's own parser
 * would throw), or from the members the reader recorded when the event is larger than its window.
 */
final class OrgJson {
    private OrgJson() {
    }

    /**
     * How deep into an event its values are built: the schema looks at most three levels in (an
     * event, its {@code args} or {@code id2} or {@code stack}, their members), so a container
     * nested deeper than this is built as an empty one of its kind. everit's verdict is the same
     * (no keyword of the schema looks inside such a container, and its constants are scalars),
     * and neither this parse nor everit's validation, which both recurse, goes deeper: a "ts" of
     * 100,000 nested arrays is "an array, not a number" like any other array.
     */
    static final int DEPTH_BUILT = 32;

    static Object parse(String raw) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(raw)) {
            p.nextToken();
            return value(p, 1);
        }
    }

    /** The value at the parser's current token, which is {@code depth} levels into the event (the event is 1). */
    private static Object value(JsonParser p, int depth) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                JSONObject o = new JSONObject();
                if (depth > DEPTH_BUILT) {
                    p.skipChildren(); // jackson skips without recursing
                    return o;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    p.nextToken();
                    o.put(k, value(p, depth + 1));
                }
                return o;
            }
            case START_ARRAY: {
                JSONArray a = new JSONArray();
                if (depth > DEPTH_BUILT) {
                    p.skipChildren();
                    return a;
                }
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    a.put(value(p, depth + 1));
                }
                return a;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return number(p.getText());
            case VALUE_NUMBER_FLOAT:
                return p.getDecimalValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            default:
                return JSONObject.NULL;
        }
    }

    /** An integer literal as Integer, Long or BigInteger (everit's integer check wants these). */
    static Number number(String literal) {
        try {
            BigInteger b = new BigInteger(literal);
            if (b.bitLength() < 32) {
                return b.intValue();
            }
            return b.bitLength() < 64 ? (Number) b.longValue() : b;
        } catch (NumberFormatException e) {
            return new BigDecimal(literal);
        }
    }

    /**
     * The event as far as the reader recorded it: scalars exactly, one level of nested objects
     * ({@code args}, {@code id2}); deeper objects and array contents become empty containers, so
     * their contents are not judged.
     */
    static JSONObject fromMembers(Members m, int depth) {
        JSONObject o = new JSONObject();
        for (int i = 0; i < m.size(); i++) {
            Field f = m.get(i);
            o.put(f.key(), fromField(f, depth));
        }
        return o;
    }

    static Object fromField(Field f, int depth) {
        ValueKind k = f.kind();
        switch (k) {
            case STRING:
                return f.text();
            case NUMBER:
                return Json.isIntegerLiteral(f.text()) ? number(f.text()) : new BigDecimal(f.text());
            case TRUE:
                return Boolean.TRUE;
            case FALSE:
                return Boolean.FALSE;
            case NULL:
                return JSONObject.NULL;
            case OBJECT:
                return depth == 0 ? fromMembers(f.children(), 1) : new JSONObject();
            default:
                return new JSONArray();
        }
    }

}

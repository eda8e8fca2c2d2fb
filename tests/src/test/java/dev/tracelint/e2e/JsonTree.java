package dev.tracelint.e2e;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the CLI's JSON output with jackson-core into plain maps, lists, strings, longs, decimals,
 * booleans and null, rejecting duplicate keys and trailing content; and walks it by path.
 */
final class JsonTree {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private JsonTree() {
    }

    static Object parse(String json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            if (p.nextToken() == null) {
                throw new AssertionError("empty JSON output");
            }
            Object value = read(p);
            if (p.nextToken() != null) {
                throw new AssertionError("content after the JSON document: " + p.currentToken());
            }
            return value;
        } catch (IOException e) {
            throw new UncheckedIOException("not valid JSON:\n" + json, e);
        }
    }

    private static Object read(JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    m.put(key, read(p));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(read(p));
                }
                return l;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDecimalValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new AssertionError("unexpected token " + p.currentToken());
        }
    }

    /** The value at {@code path} (object keys as strings, array indexes as ints); fails if absent. */
    static Object at(Object root, Object... path) {
        Object cur = root;
        StringBuilder where = new StringBuilder("$");
        for (Object step : path) {
            if (step instanceof Integer i) {
                if (!(cur instanceof List<?> l) || i >= l.size()) {
                    throw new AssertionError("no element " + where + "[" + i + "] in " + cur);
                }
                cur = l.get(i);
                where.append('[').append(i).append(']');
            } else {
                String key = (String) step;
                if (!(cur instanceof Map<?, ?> m) || !m.containsKey(key)) {
                    throw new AssertionError("no member " + where + "." + key + " in " + cur);
                }
                cur = m.get(key);
                where.append('.').append(key);
            }
        }
        return cur;
    }

    static String str(Object root, Object... path) {
        Object v = at(root, path);
        if (!(v instanceof String s)) {
            throw new AssertionError("not a string at " + List.of(path) + ": " + v);
        }
        return s;
    }

    static long num(Object root, Object... path) {
        Object v = at(root, path);
        if (!(v instanceof Long n)) {
            throw new AssertionError("not an integer at " + List.of(path) + ": " + v);
        }
        return n;
    }

    static boolean bool(Object root, Object... path) {
        Object v = at(root, path);
        if (!(v instanceof Boolean b)) {
            throw new AssertionError("not a boolean at " + List.of(path) + ": " + v);
        }
        return b;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object root, Object... path) {
        Object v = at(root, path);
        if (!(v instanceof List<?>)) {
            throw new AssertionError("not an array at " + List.of(path) + ": " + v);
        }
        return (List<Object>) v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object root, Object... path) {
        Object v = at(root, path);
        if (!(v instanceof Map<?, ?>)) {
            throw new AssertionError("not an object at " + List.of(path) + ": " + v);
        }
        return (Map<String, Object>) v;
    }

    /**
     * {@code files} of a JSON report (a list of file objects, or one) without each file's
     * {@code viewers} verdicts, which ViewersTest checks: for the tests about the other fields.
     */
    static Object withoutViewers(Object files) {
        if (files instanceof List<?> l) {
            return l.stream().map(JsonTree::withoutViewers).toList();
        }
        Map<String, Object> copy = new java.util.LinkedHashMap<>(obj(files));
        copy.remove("viewers");
        return copy;
    }
}

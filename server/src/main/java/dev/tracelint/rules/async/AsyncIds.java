package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;

/** The id part of catapult's async keys (ScopedId): scope, then id; id2.local adds the pid. */
final class AsyncIds {
    private AsyncIds() {
    }

    /**
     * "pid:scope:id" with the pid part only for id2.local, or null when the event has no usable
     * id (none, both id and id2, id2 without exactly one of local/global: other rules say so).
     */
    static String scopedId(EventView e) {
        Field id = e.get("id");
        Field id2 = e.get("id2");
        String scope = e.string("scope");
        String s = scope == null ? "ptr" : scope;
        if (id != null) {
            if (id2 != null || !scalar(id)) {
                return null;
            }
            return ":" + s + ":" + id.identity();
        }
        if (id2 == null || id2.kind() != ValueKind.OBJECT || id2.children().size() != 1) {
            return null;
        }
        Field inner = id2.children().get(0);
        if (!scalar(inner)) {
            return null;
        }
        if (inner.key().equals("global")) {
            return ":" + s + ":" + inner.identity();
        }
        if (inner.key().equals("local")) {
            Field pid = e.get("pid");
            return (pid == null ? "" : pid.identity()) + ":" + s + ":" + inner.identity();
        }
        return null;
    }

    private static boolean scalar(Field f) {
        return f.kind() == ValueKind.STRING || f.kind() == ValueKind.NUMBER;
    }

    /** The id as written, for messages: {@code "0x1"}, {@code 7}, {@code {"local": "0x1"}}. */
    static String shown(EventView e) {
        Field id = e.get("id");
        if (id != null) {
            return id.jsonLiteral();
        }
        Field id2 = e.get("id2");
        if (id2 != null && id2.children().size() == 1) {
            Field inner = id2.children().get(0);
            return "{\"" + inner.key() + "\": " + inner.jsonLiteral() + "}";
        }
        return "?";
    }
}

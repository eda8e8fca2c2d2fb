package dev.tracelint.rules.async;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import java.util.Objects;

/** The id part of catapult's async keys (ScopedId): scope, then id; id2.local adds the pid. */
final class AsyncIds {
    private AsyncIds() {
    }

    /**
     * catapult's ScopedId: the pid is "" except for an id2.local; the scope "ptr" when none is given.
     *
     * <p>Equality and hash are written out, here and in the other pairing keys (NestableAsync.Key,
     * LegacyAsync.Key, FlowPairs.Key), with the values a record's own would give. A record's own are
     * linked through invokedynamic (java.lang.runtime.ObjectMethods) at their first call: some 36
     * method-handle classes spun on every run, at the first async or flow event (the AppCDS archive
     * keeps none of them; about 40 ms of a pre-commit check), and then a chain of method handles
     * that C1, the JIT the launcher runs, does not inline into the lookup of every async and flow event.
     */
    record ScopedId(String pid, String scope, String id) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ScopedId s && Objects.equals(pid, s.pid) && Objects.equals(scope, s.scope)
                    && Objects.equals(id, s.id);
        }

        @Override
        public int hashCode() {
            return (Objects.hashCode(pid) * 31 + Objects.hashCode(scope)) * 31 + Objects.hashCode(id);
        }
    }

    /**
     * The event's scoped id, or null when it has no usable id (none, both id and id2, id2
     * without exactly one of local/global: other rules say so).
     */
    static ScopedId scopedId(EventView e) {
        Field id = e.get("id");
        Field id2 = e.get("id2");
        String scope = e.string("scope");
        String s = scope == null ? "ptr" : scope;
        if (id != null) {
            if (id2 != null || !scalar(id)) {
                return null;
            }
            return new ScopedId("", s, id.identity());
        }
        if (id2 == null || id2.kind() != ValueKind.OBJECT || id2.children().size() != 1) {
            return null;
        }
        Field inner = id2.children().get(0);
        if (!scalar(inner)) {
            return null;
        }
        if (inner.key().equals("global")) {
            return new ScopedId("", s, inner.identity());
        }
        if (inner.key().equals("local")) {
            Field pid = e.get("pid");
            return new ScopedId(pid == null ? "" : pid.identity(), s, inner.identity());
        }
        return null;
    }

    private static boolean scalar(Field f) {
        return f.kind() == ValueKind.STRING || f.kind() == ValueKind.NUMBER;
    }

    /**
     * The id as written, kept for a message that may come later: its text, whether it was a
     * string, and the id2 key it sits under (null for a plain id). Strings are made only by
     * {@link #toString()}.
     */
    record Written(String text, boolean string, String id2Key) {
        static Written of(EventView e) {
            Field id = e.get("id");
            if (id != null && scalar(id)) {
                return new Written(id.text(), id.isString(), null);
            }
            Field id2 = e.get("id2");
            if (id2 != null && id2.kind() == ValueKind.OBJECT && id2.children().size() == 1 && scalar(id2.children().get(0))) {
                Field inner = id2.children().get(0);
                return new Written(inner.text(), inner.isString(), inner.key());
            }
            return null;
        }

        @Override
        public String toString() {
            String literal = string ? Json.quote(text) : text;
            return id2Key == null ? literal : "{" + Json.quote(id2Key) + ": " + literal + "}";
        }
    }

    /** The id as written, for messages: {@code "0x1"}, {@code 7}, {@code {"local": "0x1"}}; "?" without a usable one. */
    static String shown(EventView e) {
        Written w = Written.of(e);
        return w == null ? "?" : w.toString();
    }
}

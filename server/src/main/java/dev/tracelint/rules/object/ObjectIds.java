package dev.tracelint.rules.object;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;

/**
 * Identity of an object instance as catapult keys it: object ids are process-local (the pid is
 * part of the key) unless given as {@code id2.global}; an optional {@code scope} separates id spaces.
 */
final class ObjectIds {
    private ObjectIds() {
    }

    /** The id member ({@code id}, else {@code id2.global}, else {@code id2.local}), or null. */
    static Field idField(EventView e) {
        Field id = e.get("id");
        if (id != null && (id.kind() == ValueKind.STRING || id.kind() == ValueKind.NUMBER)) {
            return id;
        }
        Field id2 = e.get("id2");
        if (id2 == null || id2.kind() != ValueKind.OBJECT) {
            return null;
        }
        Field g = id2.children().get("global");
        if (g != null && g.kind().isScalar()) {
            return g;
        }
        Field l = id2.children().get("local");
        return l != null && l.kind().isScalar() ? l : null;
    }

    /** The instance key of an N/O/D event, or null without a usable id. */
    static String key(EventView e) {
        Field id = idField(e);
        if (id == null) {
            return null;
        }
        boolean global = id.key().equals("global");
        Field pid = e.get("pid");
        return key(global || pid == null ? "" : pid.identity(), e.string("scope"), id.identity());
    }

    static String key(String pid, String scope, String id) {
        return pid + '\u0000' + (scope == null ? "" : scope) + '\u0000' + id;
    }

    /** The id as shown in messages: a string quoted, a number as is. */
    static String shown(Field id) {
        return id.isString() ? Json.quote(id.text()) : id.identity();
    }

    /** Where an object finding points: the id value, else the ph. */
    static TextRange range(EventView e) {
        Field id = idField(e);
        return id != null ? id.valueRange() : e.phRangeOrEvent();
    }

    static String label(EventView e) {
        return e.label();
    }
}

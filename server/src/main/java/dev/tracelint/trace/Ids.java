package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;

/**
 * How events are matched by id, once for the whole engine. Ids compare by JSON value as catapult
 * compares them: for async trees and objects a number and a string with the same text are one id
 * ({@code 1} and {@code "1"}: catapult joins them into a string key); for flows they are two
 * (catapult keys a flow by {@code JSON.stringify} of its id, Perfetto by its numeric value). The
 * linter and the editor's navigation both read this one rule, through the model's facts.
 */
public final class Ids {
    private Ids() {
    }

    /** catapult's default scope when an event has none. */
    static final String DEFAULT_SCOPE = "ptr";

    /** The id as written ({@code id}, else a one-member {@code id2}), or null without a usable one. */
    public static IdText written(EventView e) {
        Field id = e.get("id");
        if (id != null && scalar(id)) {
            return new IdText(id.text(), id.isString(), null);
        }
        Field id2 = e.get("id2");
        if (id2 != null && id2.kind() == ValueKind.OBJECT && id2.children().size() == 1 && scalar(id2.children().get(0))) {
            Field inner = id2.children().get(0);
            return new IdText(inner.text(), inner.isString(), inner.key());
        }
        return null;
    }

    /**
     * catapult's key of a nestable (b/e/n) or legacy (S/T/p/F) async event: {@code first} (the
     * category, or the name for legacy events), the pid for an {@code id2.local} only, the scope
     * ("ptr" when none) and the id's text. Null without a usable id: none, both id and id2, id2
     * without exactly one of local/global (other rules say so).
     */
    public static IdKey async(EventView e, String first) {
        Field id = e.get("id");
        Field id2 = e.get("id2");
        String scope = e.string("scope");
        String s = scope == null ? DEFAULT_SCOPE : scope;
        if (id != null) {
            if (id2 != null || !scalar(id)) {
                return null;
            }
            return new IdKey(first, "", s, id.identity(), false);
        }
        if (id2 == null || id2.kind() != ValueKind.OBJECT || id2.children().size() != 1) {
            return null;
        }
        Field inner = id2.children().get(0);
        if (!scalar(inner)) {
            return null;
        }
        if (inner.key().equals("global")) {
            return new IdKey(first, "", s, inner.identity(), false);
        }
        if (inner.key().equals("local")) {
            Field pid = e.get("pid");
            return new IdKey(first, pid == null ? "" : pid.identity(), s, inner.identity(), false);
        }
        return null;
    }

    /**
     * A flow's key (v1: s/t/f): its id's text and JSON type (1 and "1" are two flows), category and
     * name; flows read only {@code id}. Null without a scalar id or a name.
     */
    public static IdKey flow(EventView e, String name) {
        Field id = e.get("id");
        if (id == null || !scalar(id) || name == null) {
            return null;
        }
        String cat = e.string("cat");
        return new IdKey(id.text(), cat == null ? "" : cat, name, null, id.isString());
    }

    /** The id member of an object event ({@code id}, else {@code id2.global}, else {@code id2.local}), or null. */
    public static Field objectId(EventView e) {
        Field id = e.get("id");
        if (id != null && scalar(id)) {
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

    /**
     * An object instance's key as catapult keys it: object ids are process-local (the pid is part of
     * the key) unless given as {@code id2.global}; an optional {@code scope} separates id spaces.
     * Null without a usable id.
     */
    public static IdKey object(EventView e) {
        Field id = objectId(e);
        if (id == null) {
            return null;
        }
        boolean global = id.key().equals("global");
        Field pid = e.get("pid");
        return object(global || pid == null ? "" : pid.identity(), e.string("scope"), id.identity());
    }

    public static IdKey object(String pid, String scope, String id) {
        return new IdKey(pid, scope == null ? "" : scope, id, null, false);
    }

    static boolean scalar(Field f) {
        return f.kind() == ValueKind.STRING || f.kind() == ValueKind.NUMBER;
    }
}

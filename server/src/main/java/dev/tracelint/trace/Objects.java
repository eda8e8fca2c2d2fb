package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.ObjectFacts.ObjectRef;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Object lifetimes and id_ref resolution, in file order (see {@link ObjectFacts}). State: the live
 * instances by key, and the first unresolved reference per key (resolved later by an N or O at or
 * before its ts: events need not be in ts order). An id_ref nested deeper than {@code args.<field>},
 * in an {@code args.<field>} longer than {@value Raw#MAX_REF_LENGTH} chars, or in an event before
 * the document's first object event, is not looked at.
 */
final class Objects {
    /** A live instance. */
    private static final class Instance {
        final ObjectRef creator;
        int snapshots;

        Instance(ObjectRef creator) {
            this.creator = creator;
        }
    }

    private final FactBus facts;
    private final boolean lifetimes;
    private final boolean references;
    private final Map<IdKey, Instance> alive = new HashMap<>();
    /** A reference no live instance resolved yet, with its event's ts. */
    private record Pending(ObjectFacts.IdRefDangling fact, double ts) {
    }

    private final Map<IdKey, Pending> pending = new LinkedHashMap<>();
    private boolean objectsSeen;

    Objects(FactBus facts) {
        this.facts = facts;
        this.references = facts.wantsAny(Fact.Kind.ID_REF_RESOLVED, Fact.Kind.ID_REF_DANGLING);
        this.lifetimes = references || facts.wantsAny(Fact.Kind.OBJECT_CREATED_AGAIN, Fact.Kind.OBJECT_WITHOUT_INSTANCE,
                Fact.Kind.OBJECT_SNAPSHOT, Fact.Kind.OBJECT_LIFETIME);
    }

    /** An N, O or D ({@code c}). */
    void object(EventView e, char c) {
        if (!lifetimes) {
            return;
        }
        objectsSeen = true;
        IdKey key = Ids.object(e);
        if (key == null) {
            return; // missing-id says so
        }
        Instance live = alive.get(key);
        if (c != 'D' && !pending.isEmpty()) {
            resolve(key, e.number("ts"), live != null ? live.creator : null, e, c);
        }
        switch (c) {
            case 'N' -> {
                if (live != null) {
                    if (facts.wants(Fact.Kind.OBJECT_CREATED_AGAIN)) {
                        facts.publish(new ObjectFacts.CreatedAgain(ref(e, c), live.creator));
                    }
                    return;
                }
                start(key, ref(e, c));
            }
            case 'O' -> {
                ObjectRef o = ref(e, c);
                if (live == null) {
                    if (facts.wants(Fact.Kind.OBJECT_WITHOUT_INSTANCE)) {
                        facts.publish(new ObjectFacts.WithoutInstance(o));
                    }
                    live = start(key, o);
                }
                live.snapshots++;
                if (facts.wants(Fact.Kind.OBJECT_SNAPSHOT)) {
                    facts.publish(new ObjectFacts.Snapshot(o, live.creator));
                }
            }
            default -> {
                ObjectRef d = ref(e, c);
                if (live == null) {
                    if (facts.wants(Fact.Kind.OBJECT_WITHOUT_INSTANCE)) {
                        facts.publish(new ObjectFacts.WithoutInstance(d));
                    }
                    return;
                }
                alive.remove(key);
                if (facts.wants(Fact.Kind.OBJECT_LIFETIME)) {
                    facts.publish(new ObjectFacts.Lifetime(live.creator, d, live.snapshots));
                }
            }
        }
    }

    private Instance start(IdKey key, ObjectRef creator) {
        Instance i = new Instance(creator);
        alive.put(key, i);
        return i;
    }

    /**
     * An N or O at {@code ts} resolves the pending reference of its key if the reference's ts is not
     * earlier (events need not be in ts order); the instance it names is the live one, else this event's.
     */
    private void resolve(IdKey key, double ts, ObjectRef live, EventView e, char c) {
        Pending p = pending.get(key);
        if (p == null || ts > p.ts()) {
            return;
        }
        pending.remove(key);
        if (facts.wants(Fact.Kind.ID_REF_RESOLVED)) {
            ObjectFacts.IdRefDangling r = p.fact();
            facts.publish(new ObjectFacts.IdRefResolved(r.event(), r.refStart(), r.refEnd(), live != null ? live : ref(e, c)));
        }
    }

    /** Any event but N/O/D: its {@code args.<field>.id_ref} references, once the document has had an object. */
    void references(EventView e) {
        if (!references || !objectsSeen) {
            return; // no object yet: nothing to scan for (keeps traces without objects free of cost)
        }
        Field args = e.get("args");
        if (args == null || args.kind() != ValueKind.OBJECT) {
            return;
        }
        Members m = args.children();
        for (int i = 0; i < m.size(); i++) {
            Field arg = m.get(i);
            if (arg.kind() == ValueKind.OBJECT && Raw.mayHoldIdRef(e, arg)) {
                reference(e, arg);
            }
        }
    }

    private void reference(EventView e, Field arg) {
        Map<String, String> v = new HashMap<>();
        for (String k : new String[] {"id_ref", "idRef", "scope", "pid_ref", "pidRef"}) {
            v.put(k, null);
        }
        if (!Raw.scalars(e, arg, v)) {
            return;
        }
        String id = v.get("id_ref") != null ? v.get("id_ref") : v.get("idRef");
        if (id == null) {
            return; // id_ref nested deeper, or not a scalar
        }
        String pidRef = v.get("pid_ref") != null ? v.get("pid_ref") : v.get("pidRef");
        if ("-1".equals(pidRef)) {
            return; // the browser process, resolved by chrome_auditor: not judged
        }
        Field pid = e.get("pid");
        IdKey key = Ids.object(pidRef != null ? pidRef : pid == null ? "" : pid.identity(), v.get("scope"), id);
        double ts = e.number("ts");
        Instance live = alive.get(key);
        if (live != null && !(live.creator.event().ts() > ts)) {
            if (facts.wants(Fact.Kind.ID_REF_RESOLVED)) {
                facts.publish(new ObjectFacts.IdRefResolved(e.index(), arg.valueStart(), arg.valueEnd(), live.creator));
            }
            return;
        }
        if (pending.containsKey(key)) {
            return;
        }
        pending.put(key, new Pending(new ObjectFacts.IdRefDangling(e.index(), arg.valueStart(), arg.valueEnd(), arg.key(), id,
                v.get("scope")), ts));
    }

    /** The instances still alive, and the references that named no live instance. */
    void finish() {
        if (facts.wants(Fact.Kind.OBJECT_LIFETIME)) {
            for (Instance i : alive.values()) {
                facts.publish(new ObjectFacts.Lifetime(i.creator, null, i.snapshots));
            }
        }
        if (facts.wants(Fact.Kind.ID_REF_DANGLING)) {
            for (Pending p : pending.values()) {
                facts.publish(p.fact());
            }
        }
    }

    private static ObjectRef ref(EventView e, char c) {
        Field id = Ids.objectId(e);
        Field name = e.get("name");
        Field ts = e.get("ts");
        return new ObjectRef(EventRef.of(e, c, Ids.written(e)), id == null ? -1 : id.valueStart(), id == null ? -1 : id.valueEnd(),
                id == null ? "?" : id.isString() ? Json.quote(id.text()) : id.identity(),
                name == null ? -1 : name.valueStart(), name == null ? -1 : name.valueEnd(),
                ts == null ? -1 : ts.valueStart(), ts == null ? -1 : ts.valueEnd());
    }
}

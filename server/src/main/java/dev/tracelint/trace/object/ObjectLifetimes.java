package dev.tracelint.trace.object;

import dev.tracelint.text.Quoted;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.IdKey;
import dev.tracelint.trace.Ids;
import dev.tracelint.trace.Raw;
import dev.tracelint.trace.TimeOrderLimit;
import dev.tracelint.trace.Times;
import dev.tracelint.trace.object.ObjectFacts.ObjectRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Object lifetimes and id_ref resolution in time order, as the spec means them (see {@link
 * ObjectFacts}): N/D pairs written out of time order are fine, and a snapshot or an id_ref is
 * resolved against the lifetime that contains its ts, wherever it sits in the file.
 *
 * <p>Object events and references are held back (an entry each: the key, the kind, the ts and what
 * a fact names, never the event's text) and judged per key in time order (equal times in file
 * order) at the end of the document, or when {@value #BOUND} entries are held: then what is held is
 * judged, each key's live instance is carried on, and when an entry is earlier than what a past
 * batch judged of its key, the model says once that object lifetimes were judged in time order only
 * within such batches. A D earlier in time than the N written
 * before it in the file still pairs with that N (object-deleted-before-created says so). An id_ref
 * nested deeper than {@code args.<field>}, in an {@code args.<field>} longer than {@value
 * Raw#MAX_REF_LENGTH} chars, or in an event before the document's first object event, is not
 * looked at.
 */
public final class ObjectLifetimes {
    /** Object events and references held back at most, over all keys. */
    static final int BOUND = 1 << 14;
    /** Keys whose latest judged ts is remembered, to tell an entry that comes after its batch. */
    private static final int JUDGED_KEYS = 1 << 14;

    /** A live instance. */
    private static final class Instance {
        final ObjectRef creator;
        int snapshots;

        Instance(ObjectRef creator) {
            this.creator = creator;
        }
    }

    /** An object event (N, O, D) or a reference ('R'), held back until its key is judged. */
    private record Entry(char kind, double ts, long index, ObjectRef ref, ObjectFacts.IdRefDangling reference) {
    }

    private final FactBus facts;
    private final boolean lifetimes;
    private final boolean references;
    private final Map<IdKey, Instance> alive = new HashMap<>();
    /** Keys with a dangling reference already published: one per key. */
    private final Set<IdKey> dangling = new HashSet<>();
    private final Map<IdKey, List<Entry>> held = new LinkedHashMap<>();
    private int heldCount;
    /** The latest ts judged per key in past batches (as {@link Times#order}), for the most recently judged keys. */
    private final Map<IdKey, Long> judgedUntil = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<IdKey, Long> eldest) {
            return size() > JUDGED_KEYS;
        }
    };
    private boolean limited;
    private boolean objectsSeen;

    public ObjectLifetimes(FactBus facts) {
        this.facts = facts;
        this.references = facts.wantsAny(ObjectFacts.IdRefResolved.class, ObjectFacts.IdRefDangling.class);
        this.lifetimes = references || facts.wantsAny(ObjectFacts.CreatedAgain.class, ObjectFacts.WithoutInstance.class,
                ObjectFacts.Snapshot.class, ObjectFacts.Lifetime.class);
    }

    /** An N, O or D ({@code c}). */
    public void object(EventView e, char c) {
        if (!lifetimes) {
            return;
        }
        objectsSeen = true;
        IdKey key = Ids.object(e);
        if (key == null) {
            return; // missing-id says so
        }
        hold(key, new Entry(c, e.number("ts"), e.index(), ref(e, c, c == 'O' && unlikeItsN(key, e.name(), e.string("cat"))), null), e);
    }

    /**
     * Whether an O's name or category differs from those of the N of its id written before it (the
     * one held back, else the live instance's): only then is its {@code args.snapshot} read for
     * {@code base_type} and {@code cat} (a parse of the whole snapshot, which may be large). An O
     * with no N before it in the file is not read: its instance is implicit, or made by an N written
     * later, whose snapshot is then not judged (no false finding, a missed one at worst).
     */
    private boolean unlikeItsN(IdKey key, String name, String cat) {
        List<Entry> list = held.get(key);
        if (list != null) {
            for (int i = list.size() - 1; i >= 0; i--) {
                Entry en = list.get(i);
                if (en.kind() == 'N') {
                    return unlike(en.ref(), name, cat);
                }
            }
        }
        Instance live = alive.get(key);
        return live != null && live.creator.event().phase() == 'N' && unlike(live.creator, name, cat);
    }

    private static boolean unlike(ObjectRef n, String name, String cat) {
        return name != null && !name.equals(n.event().name()) || !java.util.Objects.equals(cat, n.cat());
    }

    private void hold(IdKey key, Entry entry, EventView e) {
        if (heldCount == BOUND) {
            judgeHeld();
        }
        Long until = judgedUntil.get(key);
        if (!limited && until != null && !Double.isNaN(entry.ts()) && order(entry.ts()) < until) {
            limited = true; // earlier than what a past batch judged of its key: judged out of its place
            if (facts.wants(TimeOrderLimit.class)) {
                facts.publish(new TimeOrderLimit("object lifetimes", "id " + (entry.ref() != null ? entry.ref().shownId() : entry.reference().id()),
                        EventRef.of(e, entry.kind() == 'R' ? '?' : entry.kind(), null), BOUND));
            }
        }
        List<Entry> list = held.get(key);
        if (list == null) {
            list = new ArrayList<>(2);
            held.put(key, list);
        }
        list.add(entry);
        heldCount++;
    }

    /** Any event but N/O/D: its {@code args.<field>.id_ref} references, once the document has had an object. */
    public void references(EventView e) {
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
        ObjectFacts.IdRefDangling r = new ObjectFacts.IdRefDangling(e.index(), arg.valueStart(), arg.valueEnd(), arg.key(), id,
                v.get("scope"));
        hold(key, new Entry('R', e.number("ts"), e.index(), null, r), e);
    }

    /** The end of the document: every key judged, then the instances still alive. */
    public void finish() {
        judgeHeld();
        if (facts.wants(ObjectFacts.Lifetime.class)) {
            for (Instance i : alive.values()) {
                facts.publish(new ObjectFacts.Lifetime(i.creator, null, i.snapshots));
            }
        }
    }

    /** Judges every key's held entries in time order (equal or missing times in file order). */
    private void judgeHeld() {
        for (Map.Entry<IdKey, List<Entry>> k : held.entrySet()) {
            List<Entry> entries = k.getValue();
            entries.sort(IN_TIME);
            judge(k.getKey(), entries);
            if (!Double.isNaN(entries.get(entries.size() - 1).ts())) {
                judgedUntil.put(k.getKey(), order(entries.get(entries.size() - 1).ts()));
            }
        }
        held.clear();
        heldCount = 0;
    }

    /** Earlier ts first (a missing one last), then earlier in the file. A class, not a lambda: no class spun at run time. */
    private static final class InTime implements java.util.Comparator<Entry> {
        @Override
        public int compare(Entry a, Entry b) {
            long x = order(a.ts());
            long y = order(b.ts());
            return x != y ? Long.compare(x, y) : Long.compare(a.index(), b.index());
        }
    }

    private static final InTime IN_TIME = new InTime();

    /** Sorts a missing ts last, as an event of the document's end. */
    private static long order(double ts) {
        return Double.isNaN(ts) ? Long.MAX_VALUE : Times.order(ts);
    }

    private void judge(IdKey key, List<Entry> entries) {
        boolean[] used = new boolean[entries.size()];
        for (int n = 0; n < entries.size(); n++) {
            if (!used[n]) {
                judge(key, entries, used, n);
            }
        }
    }

    /** One held entry of {@code key}, in its place in time. */
    private void judge(IdKey key, List<Entry> entries, boolean[] used, int n) {
        Entry en = entries.get(n);
        Instance live = alive.get(key);
        switch (en.kind()) {
            case 'N' -> {
                if (live == null) {
                    alive.put(key, new Instance(en.ref()));
                } else if (facts.wants(ObjectFacts.CreatedAgain.class)) {
                    facts.publish(new ObjectFacts.CreatedAgain(en.ref(), live.creator));
                }
            }
            case 'O' -> {
                if (live == null) {
                    if (facts.wants(ObjectFacts.WithoutInstance.class)) {
                        facts.publish(new ObjectFacts.WithoutInstance(en.ref()));
                    }
                    live = new Instance(en.ref());
                    alive.put(key, live);
                }
                live.snapshots++;
                if (facts.wants(ObjectFacts.Snapshot.class)) {
                    facts.publish(new ObjectFacts.Snapshot(en.ref(), live.creator));
                }
            }
            case 'D' -> deleted(key, entries, used, n, live);
            default -> {
                if (live != null && !(live.creator.event().ts() > en.ts())) {
                    if (facts.wants(ObjectFacts.IdRefResolved.class)) {
                        ObjectFacts.IdRefDangling r = en.reference();
                        facts.publish(new ObjectFacts.IdRefResolved(r.event(), r.refStart(), r.refEnd(), live.creator));
                    }
                } else if (dangling.add(key) && facts.wants(ObjectFacts.IdRefDangling.class)) {
                    facts.publish(en.reference());
                }
            }
        }
    }

    private void deleted(IdKey key, List<Entry> entries, boolean[] used, int n, Instance live) {
        Entry d = entries.get(n);
        ObjectFacts.Lifetime ended = null;
        if (live != null) {
            alive.remove(key);
            ended = new ObjectFacts.Lifetime(live.creator, d.ref(), live.snapshots);
        } else {
            int created = createdEarlierInTheFile(entries, used, n);
            if (created >= 0) { // a D before its N in time, written after it
                used[created] = true;
                ended = new ObjectFacts.Lifetime(entries.get(created).ref(), d.ref(), 0);
            } else if (facts.wants(ObjectFacts.WithoutInstance.class)) {
                facts.publish(new ObjectFacts.WithoutInstance(d.ref()));
            }
        }
        if (ended != null && facts.wants(ObjectFacts.Lifetime.class)) {
            facts.publish(ended);
        }
    }

    /**
     * For a D with no live instance: the next N of its key in time if that N is written before the
     * D and no D comes between them in time; -1 if none.
     */
    private static int createdEarlierInTheFile(List<Entry> entries, boolean[] used, int d) {
        long at = entries.get(d).index();
        for (int k = d + 1; k < entries.size(); k++) {
            Entry e = entries.get(k);
            if (used[k] || e.kind() == 'O' || e.kind() == 'R') {
                continue;
            }
            return e.kind() == 'N' && e.index() < at ? k : -1;
        }
        return -1;
    }

    /** The event as facts name it; {@code readSnapshot}: an O whose {@code args.snapshot} is read now. */
    private static ObjectRef ref(EventView e, char c, boolean readSnapshot) {
        Field id = Ids.objectId(e);
        Field name = e.get("name");
        Field ts = e.get("ts");
        Field cat = e.get("cat");
        Map<String, String> snapshot = readSnapshot ? snapshot(e) : null;
        return new ObjectRef(EventRef.of(e, c, Ids.written(e)), id == null ? -1 : id.valueStart(), id == null ? -1 : id.valueEnd(),
                id == null ? "?" : id.isString() ? Quoted.quoted(id.text()) : Quoted.plain(id.identity()),
                name == null ? -1 : name.valueStart(), name == null ? -1 : name.valueEnd(),
                ts == null ? -1 : ts.valueStart(), ts == null ? -1 : ts.valueEnd(), snapshot != null, snapshot == null ? null
                        : snapshot.get("base_type"), e.string("cat"), cat == null ? -1 : cat.valueStart(), cat == null ? -1 : cat.valueEnd(),
                snapshot == null ? null : snapshot.get("cat"));
    }

    /**
     * An O's {@code args.snapshot} members the facts need ({@code base_type}, {@code cat}), read now: the O is
     * judged later. Null without an {@code args.snapshot} object, or when its text has left the
     * reader's window.
     */
    private static Map<String, String> snapshot(EventView e) {
        Field snapshot = e.arg("snapshot");
        if (snapshot == null || snapshot.kind() != ValueKind.OBJECT) {
            return null;
        }
        Map<String, String> wanted = new HashMap<>();
        wanted.put("base_type", null);
        wanted.put("cat", null);
        return Raw.scalars(e, snapshot, wanted) ? wanted : null;
    }
}

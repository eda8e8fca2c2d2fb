package dev.tracelint.trace.async;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.EventSpan;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.IdKey;
import dev.tracelint.trace.InlineThenMap;
import dev.tracelint.trace.Ids;
import dev.tracelint.trace.ThreadReach;
import dev.tracelint.trace.Times;
import dev.tracelint.trace.TraceReach;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Nestable async pairing as catapult does it: key = cat + scoped id (id2.local adds the pid, see
 * {@link Ids#async}); within a key an e closes the nearest open b with the same name. An e read
 * before its b (a file not in ts order) is kept aside and matched by a later b of the same key and
 * name that starts no later. State: the open b's and the unmatched e's, per key.
 *
 * <p>A link ({@code =}) says its id and {@code args.linked_id} name the same async tree (the spec's
 * own example: a b with id 0x1000, a link 0x1000 = 0x2000, an e with id 0x2000). Linked keys share
 * one root key (union-find in {@link #links}); a link read after the events it joins merges their
 * open b's and unmatched e's then, so the order of the file does not matter. Catapult and Perfetto
 * do not read {@code =} at all (catapult warns "Unrecognized event phase"), so this follows the spec.
 * State for links: one entry per linked id.
 *
 * <p>The open b's and unmatched e's of a key are kept per name in time order ({@link Marks}), so
 * each pairing is a lookup by ts, O(log n) whatever the file's order: N b's and then N e's earlier
 * than all of them (none of which closes anything) cost N log N, not N².
 */
public final class NestableAsync {
    /** A b still open, or an e not matched yet: the event, its ts in ns, and its text for the remedies (null when none is wanted). */
    private record Mark(EventRef ref, long ts, AsyncFacts.AsyncText text) {
    }

    /** Earlier ts first ({@link Times#NONE} first of all), then earlier in the file. A class, not a lambda: no class spun at run time. */
    private static final class InTime implements Comparator<Mark> {
        @Override
        public int compare(Mark a, Mark b) {
            return a.ts() != b.ts() ? Long.compare(a.ts(), b.ts()) : Long.compare(a.ref().index(), b.ref().index());
        }
    }

    private static final InTime IN_TIME = new InTime();

    /**
     * The open b's, or the unmatched e's, of one key: per name in time order, and how many in all.
     * One mark alone (the common case: a b waiting for its e) is held as it is, with no set.
     */
    private static final class Marks extends InlineThenMap<String, Mark, NavigableSet<Mark>> {
        @Override
        protected String keyOf(Mark m) {
            return m.ref().name();
        }

        @Override
        protected Map<String, NavigableSet<Mark>> newMap() {
            return new HashMap<>(2);
        }

        @Override
        protected NavigableSet<Mark> newGroup() {
            return new TreeSet<>(IN_TIME);
        }

        /** Takes the mark of {@code name} that starts last at or before {@code ts} (the latest of all for {@link Times#NONE}); null if none. */
        Mark takeLatestBy(String name, long ts) {
            if (inline()) {
                return takeSingleIf(m -> m.ref().name().equals(name) && (ts == Times.NONE || m.ts() <= ts));
            }
            NavigableSet<Mark> named = groups().get(name);
            return named == null ? null : take(named, ts == Times.NONE ? named.last() : named.floor(atOrBefore(ts)));
        }

        /** Takes the mark of {@code name} that ends first at or after {@code ts} (the first of all for {@link Times#NONE}); null if none. */
        Mark takeEarliestFrom(String name, long ts) {
            if (inline()) {
                return takeSingleIf(m -> m.ref().name().equals(name) && (ts == Times.NONE || m.ts() >= ts));
            }
            NavigableSet<Mark> named = groups().get(name);
            return named == null ? null : take(named, ts == Times.NONE ? named.first() : named.ceiling(atOrAfter(ts)));
        }
    }

    /** Probes for lookups by ts: before or after every event of that ts. */
    private static Mark atOrAfter(long ts) {
        return new Mark(new EventRef(Long.MIN_VALUE, '?', 0, 0, null, 0, null), ts, null);
    }

    private static Mark atOrBefore(long ts) {
        return new Mark(new EventRef(Long.MAX_VALUE, '?', 0, 0, null, 0, null), ts, null);
    }

    private final FactBus facts;
    private final boolean needed;
    /** The time judgments (cut children, n outside the tree), or null when nobody reads them. */
    private final AsyncTimeline timeline;
    private final Map<IdKey, Marks> open = new HashMap<>();
    private final Map<IdKey, Marks> orphanEnds = new HashMap<>();
    /** Each key named by a link to a key it is the same tree as; following them ends at the root key. */
    private final Map<IdKey, IdKey> links = new HashMap<>();

    /** How far the trace reaches, for the remedies that close a b at the end of the recording. */
    private final TraceReach reach;
    /** Whether a fact that carries a remedy is read: only then is each b's and e's text kept. */
    private final boolean remedies;

    public NestableAsync(FactBus facts, TraceReach reach) {
        this.facts = facts;
        this.reach = reach;
        this.remedies = wantsRemedies(facts);
        this.needed = facts.wantsAny(AsyncFacts.Pair.class, AsyncFacts.BeginUnclosed.class, AsyncFacts.EndUnmatched.class,
                AsyncFacts.EndBeforeBegin.class) || AsyncTimeline.wanted(facts);
        this.timeline = AsyncTimeline.wanted(facts) ? new AsyncTimeline(facts, AsyncTimeline.BOUND) : null;
    }

    /** A b, e or n ({@code c}). */
    public void event(EventView e, char c) {
        if (!needed) {
            return;
        }
        String name = e.name();
        if (name == null) {
            return;
        }
        String cat = e.string("cat");
        IdKey key = Ids.async(e, cat == null ? "" : cat);
        if (key == null) {
            return;
        }
        if (!links.isEmpty()) {
            key = root(key);
        }
        long ts = Times.nanos(e.get("ts"));
        Mark m = mark(e, c, ts);
        if (c == 'b') {
            begin(key, m);
        } else if (c == 'e') {
            end(key, m);
        }
        if (timeline != null) {
            timeline.add(key, m.ref(), ts);
        }
    }

    /**
     * A link ({@code =}): its id and {@code args.linked_id} (same cat, scope and process scoping)
     * become one tree; what each had open or unmatched is judged together from now on.
     */
    public void link(EventView e) {
        if (!needed) {
            return;
        }
        String cat = e.string("cat");
        IdKey key = Ids.async(e, cat == null ? "" : cat);
        Field linked = e.arg("linked_id");
        if (key == null || linked == null || !(linked.isString() || linked.isNumber())) {
            return; // missing-id, missing-field, invalid-value say why
        }
        IdKey into = root(key);
        IdKey from = root(key.withLast(linked.identity()));
        if (into.equals(from)) {
            return;
        }
        if (waiting(from) > waiting(into)) { // move the smaller tree's marks: no quadratic chain of merges
            IdKey t = into;
            into = from;
            from = t;
        }
        links.put(from, into);
        if (timeline != null) {
            timeline.link(from, into);
        }
        Marks begins = open.remove(from);
        if (begins != null) {
            for (Mark b : begins.all()) {
                begin(into, b);
            }
        }
        Marks ends = orphanEnds.remove(from);
        if (ends != null) {
            for (Mark m : ends.all()) {
                if (!closeStartedBefore(into, m)) {
                    orphanEnds.computeIfAbsent(into, k -> new Marks()).add(m);
                }
            }
        }
    }

    /** How many b's and e's wait under {@code key}. */
    private int waiting(IdKey key) {
        Marks b = open.get(key);
        Marks e = orphanEnds.get(key);
        return (b == null ? 0 : b.size()) + (e == null ? 0 : e.size());
    }

    /** The root of {@code key}'s links (itself if unlinked); shortens the path it walked. */
    private IdKey root(IdKey key) {
        IdKey root = key;
        for (IdKey next = links.get(root); next != null; next = links.get(root)) {
            root = next;
        }
        if (root != key) {
            links.put(key, root);
        }
        return root;
    }

    /** A b: it closes the earliest unmatched e of its name that ends no earlier (one read before it), else it is open. */
    private void begin(IdKey key, Mark b) {
        Marks orphans = orphanEnds.get(key);
        Mark m = orphans == null ? null : orphans.takeEarliestFrom(b.ref().name(), b.ts());
        if (m != null) {
            if (orphans.isEmpty()) {
                orphanEnds.remove(key);
            }
            publishPair(b.ref(), m.ref());
            return;
        }
        open.computeIfAbsent(key, k -> new Marks()).add(b);
    }

    /**
     * An e closes the nearest open b of its name that starts no later (viewers pair in time order:
     * an e earlier than every open b of its name closes none of them; see {@link #finish}).
     */
    private void end(IdKey key, Mark e) {
        if (!closeStartedBefore(key, e)) {
            orphanEnds.computeIfAbsent(key, k -> new Marks()).add(e);
        }
    }

    /**
     * Closes the open b of {@code end}'s name under {@code key} that starts last no later than it
     * (of two at one ts the later in the file; any, the latest, for an e without ts). False if none does.
     */
    private boolean closeStartedBefore(IdKey key, Mark end) {
        Marks stack = open.get(key);
        Mark b = stack == null ? null : stack.takeLatestBy(end.ref().name(), end.ts());
        if (b == null) {
            return false;
        }
        if (stack.isEmpty()) {
            open.remove(key);
        }
        publishPair(b.ref(), end.ref());
        return true;
    }

    private void publishPair(EventRef begin, EventRef end) {
        if (facts.wants(AsyncFacts.Pair.class)) {
            facts.publish(new AsyncFacts.Pair(begin, end));
        }
    }

    /**
     * Pairs the e's of {@code ends} with the b's of {@code begins} that start later (the b each was
     * written for, which viewers leave open while they drop the e): per name, in time order, each e
     * with the earliest b after it (as many pairs as can be). Paired ones leave both.
     */
    private void endsBeforeBegins(Marks ends, Marks begins) {
        for (NavigableSet<Mark> endsNamed : List.copyOf(ends.groups().values())) {
            NavigableSet<Mark> beginsNamed = begins.groups().get(endsNamed.first().ref().name());
            // one e and one b of the name left in the key (Chrome's renderer state): moved to the end, the e
            // closes that b; with more, which e closes which b at the end changes, and the remedy would not settle
            boolean alone = endsNamed.size() == 1 && beginsNamed != null && beginsNamed.size() == 1;
            for (Mark e : List.copyOf(endsNamed)) {
                if (beginsNamed == null || beginsNamed.isEmpty()) {
                    break;
                }
                if (e.ts() == Times.NONE) {
                    continue;
                }
                Mark b = beginsNamed.higher(atOrBefore(e.ts()));
                if (b == null) {
                    continue;
                }
                begins.take(beginsNamed, b);
                ends.take(endsNamed, e);
                facts.publish(new AsyncFacts.EndBeforeBegin(b.ref(), e.ref(), alone ? e.text() : null, reach.now()));
            }
        }
    }

    /** Whether a fact whose rule offers a remedy is read (the trace's reach is then wanted too). */
    public static boolean wantsRemedies(FactBus facts) {
        return facts.wantsAny(AsyncFacts.BeginUnclosed.class, AsyncFacts.EndUnmatched.class, AsyncFacts.EndBeforeBegin.class);
    }

    private Mark mark(EventView e, char c, long ts) {
        return new Mark(EventRef.of(e, c, Ids.written(e)), ts, remedies && c != 'n' ? text(e, c) : null);
    }

    /** The members an e closing a b repeats: what pairs them in every viewer (key, scope, process and thread). */
    private static final String[] PAIRING = {"cat", "id", "id2", "scope", "pid", "tid"};

    private static AsyncFacts.AsyncText text(EventView e, char c) {
        Field ts = e.get("ts");
        boolean numeric = ts != null && ts.isNumber();
        String pairing = null;
        if (c == 'b') {
            StringBuilder s = new StringBuilder();
            for (String key : PAIRING) {
                Field f = e.get(key);
                if (f == null) {
                    continue;
                }
                String value = e.text(f.valueRange());
                if (value == null) { // left the reader's window: no remedy rather than a guess
                    s = null;
                    break;
                }
                s.append(", ").append(Json.quote(key)).append(": ").append(value);
            }
            pairing = s == null ? null : s.toString();
        }
        return new AsyncFacts.AsyncText(EventSpan.of(e), numeric ? ts.valueStart() : -1, numeric ? ts.valueEnd() : -1, pairing);
    }

    /** The e's earlier than the b they would close, the b's never closed and the e's that closed nothing. */
    public void finish() {
        if (timeline != null) {
            timeline.finish();
        }
        if (facts.wants(AsyncFacts.EndBeforeBegin.class)) {
            for (Map.Entry<IdKey, Marks> k : orphanEnds.entrySet()) {
                Marks begins = open.get(k.getKey());
                if (begins != null) {
                    endsBeforeBegins(k.getValue(), begins);
                }
            }
            orphanEnds.values().removeIf(Marks::isEmpty);
            open.values().removeIf(Marks::isEmpty);
        }
        if (facts.wants(AsyncFacts.BeginUnclosed.class)) {
            ThreadReach trace = reach.now();
            Map<Long, EventRef> cut = timeline == null ? Map.of() : timeline.cutNeverEnded();
            for (Marks marks : open.values()) {
                for (Mark m : marks.all()) {
                    facts.publish(new AsyncFacts.BeginUnclosed(m.ref(), m.text(), trace, cut.get(m.ref().index())));
                }
            }
        }
        if (facts.wants(AsyncFacts.EndUnmatched.class)) {
            for (Marks marks : orphanEnds.values()) {
                for (Mark m : marks.all()) {
                    facts.publish(new AsyncFacts.EndUnmatched(m.ref(), m.text()));
                }
            }
        }
    }
}

package dev.tracelint.index;

import dev.tracelint.model.MetadataName;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.ValueKind;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.flow.FlowFacts;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.slice.SliceFacts;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.Map;

/**
 * Builds a {@link TraceIndex} on the rules' thread, beside the trace model: each event gets its row
 * ({@link #event}, called before the model is handed the event), and the pairs come from the
 * model's facts ({@link #accept}), the same the rules judge: B/E per thread, slices nested in time,
 * async b/e, flows s/t/f (an {@code f} whose id differs in JSON type from the {@code s} is no pair,
 * as {@code flow-without-start} says), objects N/O/D, flow events bound to slices. So navigation
 * and diagnostics cannot disagree.
 */
public final class IndexBuilder {
    private final TraceIndex index = new TraceIndex();
    /** Names, categories and phases, one copy each (the index keeps one per event). */
    private final Map<String, String> interned = new HashMap<>();

    public TraceIndex index() {
        return index;
    }

    private String intern(String s) {
        if (s == null) {
            return null;
        }
        if (interned.size() > 100_000) {
            return s; // pathological traces with unique names: stop caching
        }
        return interned.computeIfAbsent(s, k -> k);
    }

    public void topLevel(Field member) {
        if (member.key().equals("displayTimeUnit") && member.isString()) {
            index.displayTimeUnit = member.text();
        } else if (member.key().equals("stackFrames") && member.kind() == ValueKind.OBJECT) {
            index.stackFramesStart = member.valueRange().start();
            index.stackFramesEnd = member.valueRange().end();
        }
    }

    /** The event's row: where it is, its phase, name, category, thread, ts (and dur for an X), its id key for references. */
    public void event(EventView e) {
        int i = index.add();
        index.start.set(i, e.start());
        index.end.set(i, e.end());
        String ph = e.ph();
        index.phase.set(i, intern(ph));
        index.name.set(i, intern(e.name()));
        index.cat.set(i, intern(e.string("cat")));
        index.thread.set(i, index.threadId(e.threadKey()));
        index.ts.set(i, number(e.get("ts")));
        offsets(i, e);
        if (ph == null) {
            return;
        }
        switch (ph) {
            case "M" -> metadata(e);
            case "C" -> counter(e, i);
            case "X" -> index.dur.set(i, number(e.get("dur")));
            case "b", "n", "e" -> {
                index.idKey.set(i, key("async:" + e.string("cat") + ":", scopedId(e, false)));
                if (ph.equals("b")) {
                    index.chainBegin(i);
                }
            }
            case "S", "T", "p", "F" -> index.idKey.set(i, index.idKey("legacy:" + e.name() + ":" + id(e)));
            case "N", "O", "D" -> index.idKey.set(i, key("object:", scopedId(e, true)));
            case "s", "t", "f" -> index.idKey.set(i, key("flow:" + e.string("cat") + ":" + e.name() + ":", flowId(e)));
            default -> {
            }
        }
    }

    /** Where the event's members are, and those of its args and id2 objects: what hover and navigation look up. */
    private void offsets(int i, EventView e) {
        Members members = e.members();
        MemberOffsets offsets = index.memberOffsets;
        offsets.event(i, e.start(), members.size());
        for (int k = 0; k < members.size(); k++) {
            Field m = members.get(k);
            if (m.kind() != ValueKind.OBJECT || !m.key().equals("args") && !m.key().equals("id2")) {
                offsets.member(m.keyStart(), m.valueEnd());
                continue;
            }
            Members children = m.children();
            offsets.memberWithChildren(m.keyStart(), m.valueEnd(), children.size() + children.droppedLocated());
            for (int c = 0; c < children.size(); c++) {
                offsets.child(children.get(c).keyStart(), children.get(c).valueEnd());
            }
            for (int c = 0; c < children.droppedLocated(); c++) { // past the reader's limit, after the recorded ones
                offsets.child(children.droppedKeyStart(c), children.droppedValueEnd(c));
            }
            offsets.endChildren(children.droppedCount() - children.droppedLocated(), m.valueEnd());
        }
    }

    /**
     * What the reader and the analyzer concluded about the whole document, once it is read: whether
     * it is judged a trace, where its events array opens.
     */
    public void document(boolean trace, TextRange eventsHead) {
        index.trace = trace;
        index.eventsHead = eventsHead;
        index.memberOffsets.trim(index.size());
    }

    /** One frame of the top-level stackFrames dictionary: where its id, name, category and parent are. */
    public void stackFrame(StackFrame frame) {
        index.frameRows.put(frame.id(), index.frames.add(frame.idRange(), frame.nameRange(), frame.categoryRange(), frame.parentRange()));
    }

    private int key(String prefix, String id) {
        return id == null ? TraceIndex.NONE : index.idKey(prefix + id);
    }

    /** Subscribes the index to what the model finds about how events relate: each fact it reads, with what it does of it. */
    public void subscribe(FactBus facts) {
        facts.on(DurationFacts.BeginEnd.class, pair -> pair(pair.begin(), pair.end()));
        facts.on(SliceFacts.Nesting.class, this::nesting);
        facts.on(SliceFacts.FlowBinding.class,
                b -> index.extra.set(row(b.event()), b.bound() ? row(b.slice()) : TraceIndex.NONE));
        facts.on(FlowFacts.Step.class, this::flowStep);
        facts.on(AsyncFacts.Pair.class, pair -> pair(pair.begin(), pair.end()));
        facts.on(ObjectFacts.Snapshot.class, this::snapshot);
        facts.on(ObjectFacts.Lifetime.class, this::lifetime);
        facts.on(ObjectFacts.WithoutInstance.class, w -> {
            EventRef d = w.event().event();
            if (d.phase() == 'D') { // an O without instance starts one: its lifetime says so
                index.deletesWithoutInstance.add(row(d.index()), TraceIndex.NONE);
            }
        });
        facts.on(SliceFacts.Overlap.class, o -> index.overlaps.add(row(o.later().event()), row(o.earlier().event())));
        facts.on(ObjectFacts.IdRefResolved.class,
                r -> index.idRefs.put(r.refStart(), new long[] {r.refEnd(), row(r.creator().event().index())}));
        facts.on(ObjectFacts.IdRefDangling.class,
                r -> index.idRefs.put(r.refStart(), new long[] {r.refEnd(), TraceIndex.NONE}));
    }

    private void flowStep(FlowFacts.Step step) {
        if (step.step().phase() == 'f') {
            pair(step.start(), step.step());
        } else {
            index.partner.set(row(step.step().index()), row(step.start().index()));
        }
    }

    private void snapshot(ObjectFacts.Snapshot snap) {
        EventRef creator = snap.creator().event();
        if (creator.phase() == 'N') { // an implicit instance (an O first) has no N to go to
            int n = row(creator.index());
            index.partner.set(row(snap.snapshot().event().index()), n);
            index.extra.set(n, Math.max(0, index.extra.get(n)) + 1);
        }
        index.objectSnapshots.add(row(snap.snapshot().event().index()), row(creator.index()));
    }

    private void lifetime(ObjectFacts.Lifetime life) {
        if (life.deleted() != null && life.creator().event().phase() == 'N') {
            pair(life.creator().event(), life.deleted().event());
        }
        index.objectLifetimes.add(row(life.creator().event().index()),
                life.deleted() == null ? TraceIndex.NONE : row(life.deleted().event().index()));
    }

    /** Two events that belong together (B/E, b/e, s/f, N/D): each the other's partner, both with the time between them. */
    private void pair(EventRef first, EventRef second) {
        int a = row(first.index());
        int b = row(second.index());
        index.partner.set(a, b);
        index.partner.set(b, a);
        double d = index.ts.get(b) - index.ts.get(a);
        index.dur.set(a, d);
        index.dur.set(b, d);
    }

    /** Where a slice sits (an E gets its B's place); its children's total time, in µs as the index keeps times. */
    private void nesting(SliceFacts.Nesting n) {
        int i = row(n.event());
        int parent = n.parent() < 0 ? TraceIndex.NONE : row(n.parent());
        index.parent.set(i, parent);
        index.depth.set(i, n.depth());
        index.childTime.set(i, n.childTime() / 1000.0);
        index.children.set(i, n.children());
        int end = index.partner.get(i);
        if ("B".equals(index.phase.get(i)) && end != TraceIndex.NONE) {
            index.parent.set(end, parent);
            index.depth.set(end, n.depth());
            index.children.set(end, n.children());
        }
    }

    /** The index's row of the event numbered {@code event} in the events array: one row per event, in order. */
    private static int row(long event) {
        return (int) event;
    }

    /**
     * A number as the index keeps it: NaN for anything that is not a finite number (1e999, the
     * strings "Infinity" and "NaN"), so no infinity reaches a duration, a time span or an answer
     * (JSON has no infinity; lsp4j's Gson refuses to write one).
     */
    private static double number(Field f) {
        double d = rawNumber(f);
        return Double.isFinite(d) ? d : Double.NaN;
    }

    private static double rawNumber(Field f) {
        if (f == null) {
            return Double.NaN;
        }
        if (f.kind() == ValueKind.NUMBER) {
            return f.asDouble();
        }
        if (f.kind() == ValueKind.STRING) {
            try {
                return Double.parseDouble(f.text().trim());
            } catch (NumberFormatException ex) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    /** A counter's numeric values (numbers, or strings that are numbers, as viewers take them), one sample per series. */
    private void counter(EventView e, int row) {
        Field args = e.get("args");
        if (args == null || args.kind() != ValueKind.OBJECT) {
            return;
        }
        String key = e.threadKey();
        String prefix = key.substring(0, key.indexOf(':')) + '\0' + (e.name() == null ? "" : e.name()) + '\0';
        Members m = args.children();
        for (int k = 0; k < m.size(); k++) {
            double v = number(m.get(k));
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                index.addCounterSample(row, prefix + m.get(k).key(), v);
            }
        }
    }

    private void metadata(EventView e) {
        Field args = e.get("args");
        String name = e.name();
        if (args == null || name == null || args.kind() != ValueKind.OBJECT) {
            return;
        }
        String key = e.threadKey();
        if (name.equals(MetadataName.PROCESS_SORT_INDEX.id()) || name.equals(MetadataName.THREAD_SORT_INDEX.id())) {
            double order = number(args.children().get("sort_index"));
            if (!Double.isNaN(order)) {
                if (name.equals(MetadataName.PROCESS_SORT_INDEX.id())) {
                    index.processSortIndexes.put(key.substring(0, key.indexOf(':')), order);
                } else {
                    index.threadSortIndexes.put(key, order);
                }
            }
            return;
        }
        Field n = args.children().get("name");
        if (n == null || !n.isString()) {
            return;
        }
        if (name.equals(MetadataName.PROCESS_NAME.id())) {
            index.processNames.put(key.substring(0, key.indexOf(':')), n.text());
        } else if (name.equals(MetadataName.THREAD_NAME.id())) {
            index.threadNames.put(key, n.text());
        }
    }

    private static String id(EventView e) {
        Field id = e.get("id");
        if (id != null) {
            return id.identity();
        }
        Field id2 = e.get("id2");
        if (id2 != null) {
            Members m = id2.children();
            Field g = m.get("global");
            if (g != null) {
                return "global:" + g.identity();
            }
            Field l = m.get("local");
            if (l != null) {
                return "local:" + l.identity();
            }
        }
        return null;
    }

    /** A flow's id with its JSON type: {@code 1} and {@code "1"} are two flows, as the model pairs them. */
    private static String flowId(EventView e) {
        Field id = e.get("id");
        if (id == null || !(id.isString() || id.isNumber())) {
            return null;
        }
        return (id.isString() ? "string:" : "number:") + id.text();
    }

    private static String scopedId(EventView e, boolean processLocal) {
        String id = id(e);
        if (id == null) {
            return null;
        }
        String scope = e.string("scope");
        String pid = e.threadKey().substring(0, e.threadKey().indexOf(':'));
        boolean local = processLocal || id.startsWith("local:");
        return (local ? pid + ":" : "") + (scope == null ? "ptr" : scope) + ":" + id;
    }
}

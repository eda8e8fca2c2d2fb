package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.VerdictSummary;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.ColorNames;
import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextRange;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Hover on any part of an event: what it is, where, when, how long, and what its fields mean.
 * {@code cancelled} is polled in every loop over the events; once it is true the hover stops with
 * a {@link java.util.concurrent.CancellationException}.
 */
public final class HoverService {

    public Optional<Hover> hover(String text, Analysis analysis, long offset, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null || !analysis.isTrace()) {
            return Optional.empty();
        }
        int i = index.eventAt(offset);
        if (i == TraceIndex.NONE) {
            return overview(analysis, offset);
        }
        TraceIndex.IdRef ref = index.idRefAt(offset);
        if (ref != null) { // as the model resolved it (the linter's dangling-id-ref reads the same)
            int obj = ref.object();
            String what = obj == TraceIndex.NONE ? "No object with this id is alive in this process at this time."
                    : "Refers to object **" + escape(String.valueOf(index.name(obj))) + "** (created at ts "
                    + Durations.timestamp(index.ts(obj), index.displayTimeUnit()) + ")";
            return Optional.of(new Hover(what, ref.range()));
        }
        Members members = EventMembers.read(text, index, i);
        EventMembers.Hit hit = EventMembers.at(members, offset);
        Field m = hit == null ? null : hit.member();
        boolean own = hit != null && hit.own();
        double origin = analysis.overview() == null ? Double.NaN : analysis.overview().first();
        if (own && m.valueRange().contains(offset)) {
            switch (m.key()) {
                case "ph" -> {
                    return Optional.of(new Hover(phaseHover(m.text()) + sliceTiming(index, i), m.valueRange()));
                }
                case "cname" -> {
                    return Optional.of(new Hover(cnameHover(m), m.valueRange()));
                }
                case "sf", "esf" -> {
                    return Optional.of(new Hover(stackHover(text, index, m, cancelled), m.valueRange()));
                }
                default -> {
                }
            }
        }
        if (own && m.keyRange().contains(offset)) {
            String doc = TraceSchema.get().markdownDescription(m.key()); // one source of truth with the schema
            String head = doc == null ? "" : "`" + m.key() + "`: " + doc + "\n\n---\n\n";
            return Optional.of(new Hover(head + eventHover(text, index, i, members, origin, cancelled), m.keyRange()));
        }
        return Optional.of(new Hover(eventHover(text, index, i, members, origin, cancelled), m != null ? m.valueRange()
                : new dev.tracelint.text.TextRange(index.start(i), index.end(i))));
    }

    /**
     * On the {@code "traceEvents"} key or the events array's {@code [}: the whole trace at a
     * glance ({@link OverviewText}) and what each targeted viewer makes of it (the code lens's line).
     */
    private static Optional<Hover> overview(Analysis analysis, long offset) {
        TextRange head = analysis.result().eventsHead();
        if (head == null || !head.contains(offset) || analysis.overview() == null) {
            return Optional.empty();
        }
        StringBuilder b = new StringBuilder("**Trace overview**\n\n");
        for (String line : OverviewText.lines(analysis, false, true)) {
            b.append(line.startsWith("  ") ? "  - " + escape(line.strip()) : "- " + escape(line)).append('\n');
        }
        String verdicts = VerdictSummary.of(analysis);
        if (!verdicts.isEmpty()) {
            b.append("\n**").append(VerdictSummary.LEAD.strip()).append("** ").append(escape(verdicts)).append('\n');
        }
        return Optional.of(new Hover(b.toString(), head));
    }

    /**
     * On the {@code ph} of a B, E or X: after the phase's docs, the slice's name and timing (the
     * event hover's duration lines), so the value one looks at answers "how long".
     */
    private static String sliceTiming(TraceIndex index, int i) {
        Phase p = Phase.of(index.phase(i));
        if (p != Phase.BEGIN && p != Phase.END && p != Phase.COMPLETE) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n\n---\n\n**").append(index.name(i) == null ? "(no name)" : escape(index.name(i)))
                .append("**\n\n");
        duration(b, index, i, p);
        return b.toString();
    }

    static String phaseHover(String ph) {
        Phase p = Phase.of(ph);
        if (p == null) {
            return "`" + ph + "` is not a phase of the Trace Event Format: viewers drop this event.";
        }
        return PhaseDocs.of(p) + (p.deprecated() ? "\n\n*Deprecated.*" : "");
    }

    private static String cnameHover(Field m) {
        if (m.isString() && ColorNames.isValid(m.text())) {
            return "`" + m.text() + "` is one of the 34 reserved colour names (chrome://tracing colours the event with it; Perfetto and DevTools ignore cname).";
        }
        if (m.isString() && m.text().isEmpty()) {
            return "An empty cname is ignored.";
        }
        return "Not a reserved colour name: chrome://tracing aborts the whole import on it.";
    }

    private static String stackHover(String text, TraceIndex index, Field m, BooleanSupplier cancelled) {
        StackFrames frames = StackFrames.read(text, index, cancelled);
        List<StackFrames.Frame> stack = frames.stack(m.text());
        if (stack.isEmpty()) {
            return "Stack frame `" + m.text() + "` is not in `stackFrames`.";
        }
        StringBuilder b = new StringBuilder("**Stack** (leaf first)\n\n");
        for (StackFrames.Frame f : stack) {
            b.append("1. `").append(f.name() == null ? "?" : f.name()).append('`');
            if (f.category() != null) {
                b.append(" — ").append(f.category());
            }
            b.append('\n');
        }
        return b.toString();
    }

    static String eventHover(String text, TraceIndex index, int i, Members members, double origin, BooleanSupplier cancelled) {
        StringBuilder b = new StringBuilder();
        String name = index.name(i);
        String ph = index.phase(i);
        Phase p = Phase.of(ph);
        b.append("**").append(name == null ? "(no name)" : escape(name)).append("** · `").append(ph).append("` ")
                .append(p == null ? "unknown phase" : p.description()).append("\n\n");
        if (index.cat(i) != null) {
            b.append("- category: `").append(escape(index.cat(i))).append("`\n");
        }
        String pid = index.pid(i);
        String tid = index.tid(i);
        String processName = index.processName(pid);
        String threadName = index.threadName(index.threadKey(i));
        b.append("- process: ").append(processName == null ? "" : escape(processName) + " ").append("(pid ")
                .append(pid.isEmpty() ? "none" : pid).append(")");
        if (!tid.isEmpty()) {
            b.append(" · thread: ").append(threadName == null ? "" : escape(threadName) + " ").append("(tid ").append(tid).append(')');
        }
        b.append('\n');
        if (!Double.isNaN(index.ts(i))) {
            b.append("- ts: ").append(when(index, index.ts(i), origin)).append('\n');
        }
        duration(b, index, i, p);
        relations(b, index, i, members, origin, cancelled);
        if (p != Phase.COUNTER) { // a counter's args are its series, listed above
            args(b, text, members);
        }
        return b.toString();
    }

    /**
     * A timestamp as viewers show it, from the trace's first (an event's earliest ts, metadata
     * aside), with the absolute value in brackets: {@code +1.2 ms from the start [456.4 ms (456400 µs)]}.
     */
    private static String when(TraceIndex index, double ts, double origin) {
        String absolute = Durations.timestamp(ts, index.displayTimeUnit());
        if (Double.isNaN(origin)) {
            return absolute;
        }
        return (ts >= origin ? "+" : "") + Durations.human(ts - origin) + " from the start [" + absolute + "]";
    }

    /** Members of args shown; each value's first chars: a hover stays short however big the args are. */
    static final int ARGS_SHOWN = 6;
    static final int ARG_CHARS = Quoted.SHOWN_CHARS;

    /** {@code - args: url = "https://…", size = 12, … 4 more}: the value's JSON text, cut and on one line. */
    private static void args(StringBuilder b, String text, Members members) {
        Field args = members.get("args");
        Members values = args == null ? null : args.children(); // none unless args is an object
        if (values == null || values.size() == 0) {
            return;
        }
        b.append("- args: ");
        int shown = Math.min(values.size(), ARGS_SHOWN);
        for (int a = 0; a < shown; a++) {
            Field m = values.get(a);
            long start = m.valueStart();
            long end = Quoted.cutEnd(text, (int) start, (int) Math.min(m.valueEnd(), text.length()), ARG_CHARS);
            String value = text.substring((int) start, (int) end).replaceAll("\\s+", " ");
            b.append(a == 0 ? "" : ", ").append(escape(m.key())).append(" = ").append(escape(value))
                    .append(m.valueEnd() > end ? "…" : "");
        }
        if (values.size() > shown) {
            b.append(", … ").append(values.size() - shown).append(" more");
        }
        b.append('\n');
    }

    /** What only several events together show: bound slices, trees, lifetimes, series, names given. */
    private static void relations(StringBuilder b, TraceIndex index, int i, Members members, double origin,
                                  BooleanSupplier cancelled) {
        Phase p = Phase.of(index.phase(i));
        if (p == null) {
            return;
        }
        switch (p) {
            case FLOW_START, FLOW_STEP -> {
                b.append("- bound to: ").append(bound(index, i, "enclosing slice")).append('\n');
                int end = p == Phase.FLOW_START ? index.partner(i) : TraceIndex.NONE;
                if (end != TraceIndex.NONE) {
                    b.append("- ends at: f on thread ").append(index.threadKey(end)).append(" at ")
                            .append(when(index, index.ts(end), origin)).append(boundAlso(index, end)).append('\n');
                }
            }
            case FLOW_END -> {
                b.append("- bound to: ").append(bound(index, i, "next slice")).append('\n');
                int start = index.partner(i);
                if (start != TraceIndex.NONE) {
                    b.append("- starts at: s on thread ").append(index.threadKey(start)).append(" at ")
                            .append(when(index, index.ts(start), origin)).append(boundAlso(index, start)).append('\n');
                }
            }
            case ASYNC_BEGIN, ASYNC_END, ASYNC_INSTANT -> asyncTree(b, index, i, origin, cancelled);
            case OBJECT_CREATED, OBJECT_SNAPSHOT, OBJECT_DESTROYED -> objectLife(b, index, i, p, origin);
            case COUNTER -> {
                StringBuilder series = new StringBuilder();
                Field args = members.get("args");
                Members values = args == null ? null : args.children(); // none unless args is an object
                for (int a = 0; values != null && a < values.size(); a++) {
                    Field m = values.get(a);
                    series.append(series.length() == 0 ? "" : ", ").append(escape(m.key())).append(" = ")
                            .append(m.text() == null ? "(not a number)" : escape(m.text()));
                }
                b.append("- series: ").append(series.length() == 0 ? "none (no args)" : series).append('\n');
            }
            case METADATA -> {
                MetadataName name = MetadataName.of(index.name(i));
                MetadataName.Subject subject = name == null ? null : name.subject();
                if (subject == MetadataName.Subject.PROCESS) {
                    b.append("- names process ").append(index.pid(i)).append(": ").append(count(index, i, false, cancelled)).append(" events\n");
                } else if (subject == MetadataName.Subject.THREAD) {
                    b.append("- names thread ").append(index.tid(i)).append(" of process ").append(index.pid(i)).append(": ")
                            .append(count(index, i, true, cancelled)).append(" events\n");
                }
            }
            default -> {
            }
        }
    }

    /** The slice the model binds flow event {@code i} to, in bold, or why there is none. */
    private static String bound(TraceIndex index, int i, String how) {
        int slice = index.boundSlice(i);
        return slice == TraceIndex.NONE ? "no " + how + " on this thread (viewers drop the arrow)"
                : "**" + escape(String.valueOf(index.name(slice))) + "** (" + how + ")";
    }

    private static String boundAlso(TraceIndex index, int i) {
        int slice = index.boundSlice(i);
        return slice == TraceIndex.NONE ? ", bound to no slice" : ", bound to **" + escape(String.valueOf(index.name(slice))) + "**";
    }

    /** The b's of one id key looked at for an async tree: beyond, the tree is told as far as seen. */
    static final int TREE_LIMIT = 10_000;

    /**
     * The async tree an event belongs to, from the pairs the model made: the b's of its id key
     * whose b→e encloses it (an open b encloses all after it); the outermost is the root, their
     * number the depth.
     */
    private static void asyncTree(StringBuilder b, TraceIndex index, int i, double origin, BooleanSupplier cancelled) {
        String ph = index.phase(i);
        int self = "b".equals(ph) ? i : "e".equals(ph) ? index.partner(i) : TraceIndex.NONE;
        double start = self == TraceIndex.NONE ? index.ts(i) : index.ts(self);
        double end = "n".equals(ph) || index.partner(i) == TraceIndex.NONE ? start : Math.max(index.ts(i), index.ts(index.partner(i)));
        int root = TraceIndex.NONE;
        int depth = 0;
        int steps = 0;
        for (int j = index.lastBeginOf(i); j != TraceIndex.NONE && steps < TREE_LIMIT; j = index.previousBegin(j)) {
            Cancellation.poll(cancelled, steps++);
            if (j == self) {
                continue;
            }
            double from = index.ts(j);
            int e = index.partner(j);
            double to = e == TraceIndex.NONE ? Double.POSITIVE_INFINITY : index.ts(e);
            boolean same = from == start && to == end;
            if (from <= start && to >= end && !(same && j > self)) { // of two alike, the one read first is the parent
                depth++;
                if (root == TraceIndex.NONE || from < index.ts(root) || from == index.ts(root) && j < root) {
                    root = j;
                }
            }
        }
        if (root == TraceIndex.NONE) {
            root = self;
        }
        if (root == TraceIndex.NONE) {
            b.append("- async tree: none (no b of this id encloses it)\n");
            return;
        }
        int rootEnd = index.partner(root);
        b.append("- async tree: root **").append(escape(String.valueOf(index.name(root)))).append("**")
                .append(root != self ? "" : i == self ? " (this one)" : " (its own b)").append(", ").append(when(index, index.ts(root), origin))
                .append(rootEnd == TraceIndex.NONE ? ", never ended" : " to " + when(index, index.ts(rootEnd), origin))
                .append(" · depth ").append(depth).append(steps >= TREE_LIMIT ? " (at least)" : "").append('\n');
    }

    /** An object's lifetime as the model found it (N→D) and its snapshots, on its N, O or D. */
    private static void objectLife(StringBuilder b, TraceIndex index, int i, Phase p, double origin) {
        int created = p == Phase.OBJECT_CREATED ? i : index.partner(i);
        if (created == TraceIndex.NONE || !"N".equals(index.phase(created))) {
            b.append("- object: no N created it before").append(p == Phase.OBJECT_CREATED ? "" : " (catapult makes an implicit instance)").append('\n');
            return;
        }
        int deleted = p == Phase.OBJECT_DESTROYED ? i : p == Phase.OBJECT_CREATED ? index.partner(i) : index.partner(created);
        b.append("- alive: ").append(when(index, index.ts(created), origin)).append(" to ")
                .append(deleted == TraceIndex.NONE ? "the end (no D)" : when(index, index.ts(deleted), origin)).append('\n');
        b.append("- snapshots: ").append(index.snapshots(created));
        if (p == Phase.OBJECT_SNAPSHOT) {
            b.append(" (this is one of them)");
        }
        b.append('\n');
    }

    /** Non-metadata events of the metadata event's process (or thread). */
    private static int count(TraceIndex index, int m, boolean thread, BooleanSupplier cancelled) {
        int n = 0;
        for (int j = 0; j < index.size(); j++) {
            Cancellation.poll(cancelled, j);
            if ("M".equals(index.phase(j))) {
                continue;
            }
            if (thread ? index.threadOf(j) == index.threadOf(m) : index.pid(j).equals(index.pid(m))) {
                n++;
            }
        }
        return n;
    }

    private static void duration(StringBuilder b, TraceIndex index, int i, Phase p) {
        if (p == null) {
            return;
        }
        double d = index.duration(i);
        switch (p) {
            case BEGIN, END, COMPLETE -> {
                if (Double.isNaN(d)) {
                    b.append("- duration: ").append(p == Phase.COMPLETE ? "unknown (no `dur`)" : p == Phase.BEGIN
                            ? "never closed (no matching E on this thread)" : "no open B to close").append('\n');
                    return;
                }
                String how = p == Phase.COMPLETE ? "dur" : "B→E";
                b.append("- duration: **").append(Durations.human(d)).append("** (").append(how).append(")");
                b.append(" · self time ").append(Durations.human(index.selfTime(p == Phase.END ? index.partner(i) : i))).append('\n');
                int parent = index.parent(i);
                b.append("- depth ").append(index.depth(i));
                if (parent != TraceIndex.NONE) {
                    b.append(" · parent: **").append(index.name(parent) == null ? "(no name)" : escape(index.name(parent))).append("**");
                }
                int children = index.children(i);
                b.append(" · ").append(children).append(children == 1 ? " child" : " children").append('\n');
            }
            case ASYNC_BEGIN, ASYNC_END -> b.append("- duration: ").append(Double.isNaN(d) ? "unmatched (no "
                    + (p == Phase.ASYNC_BEGIN ? "e" : "b") + " with this id and name)" : "**" + Durations.human(d) + "** (b→e)").append('\n');
            case OBJECT_CREATED, OBJECT_DESTROYED -> b.append("- lifetime: ").append(Double.isNaN(d) ? "no matching "
                    + (p == Phase.OBJECT_CREATED ? "D" : "N") : "**" + Durations.human(d) + "** (N→D)").append('\n');
            case FLOW_START, FLOW_END -> {
                if (!Double.isNaN(d)) {
                    b.append("- flow: **").append(Durations.human(d)).append("** (s→f)\n");
                }
            }
            default -> {
            }
        }
    }

    private static String escape(String s) {
        return s.replace("*", "\\*").replace("_", "\\_").replace("`", "\\`");
    }
}

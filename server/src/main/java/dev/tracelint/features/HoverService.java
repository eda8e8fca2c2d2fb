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
        Members members = EventMembers.read(text, index, i);
        EventMembers.Hit hit = EventMembers.at(members, offset);
        if (hit != null && hit.isIdRef()) {
            String id = hit.member().text();
            int obj = ObjectRefs.resolve(index, i, id, members.get("scope"));
            String what = obj == TraceIndex.NONE ? "No object with id `" + id + "` is alive in this process at this time."
                    : "Refers to object **" + escape(String.valueOf(index.name(obj))) + "** (created at ts "
                    + Durations.timestamp(index.ts(obj), index.displayTimeUnit()) + ")";
            return Optional.of(new Hover(what, hit.member().valueRange()));
        }
        Field m = hit == null ? null : hit.member();
        boolean own = hit != null && hit.own();
        if (own && m.valueRange().contains(offset)) {
            switch (m.key()) {
                case "ph" -> {
                    return Optional.of(new Hover(phaseHover(m.text()), m.valueRange()));
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
            return Optional.of(new Hover(head + eventHover(text, index, i, members, cancelled), m.keyRange()));
        }
        return Optional.of(new Hover(eventHover(text, index, i, members, cancelled), m != null ? m.valueRange()
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

    static String eventHover(String text, TraceIndex index, int i, Members members, BooleanSupplier cancelled) {
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
            b.append("- ts: ").append(Durations.timestamp(index.ts(i), index.displayTimeUnit())).append('\n');
        }
        duration(b, index, i, p);
        relations(b, text, index, i, members, cancelled);
        return b.toString();
    }

    /** What only several events together show: bound slices, snapshots, series, names given. */
    private static void relations(StringBuilder b, String text, TraceIndex index, int i, Members members, BooleanSupplier cancelled) {
        Phase p = Phase.of(index.phase(i));
        if (p == null) {
            return;
        }
        switch (p) {
            case FLOW_START, FLOW_STEP -> {
                int slice = index.boundSlice(i);
                b.append("- bound to: ").append(slice == TraceIndex.NONE ? "no enclosing slice on this thread (viewers drop the arrow)"
                        : "**" + escape(String.valueOf(index.name(slice))) + "** (enclosing slice)").append('\n');
                int end = p == Phase.FLOW_START ? index.partner(i) : TraceIndex.NONE;
                if (end != TraceIndex.NONE) {
                    int next = nextSlice(index, end, cancelled);
                    b.append("- ends at: f on thread ").append(index.threadKey(end)).append(next == TraceIndex.NONE ? "" :
                            ", bound to **" + escape(String.valueOf(index.name(next))) + "**").append('\n');
                }
            }
            case FLOW_END -> {
                int next = nextSlice(index, i, cancelled);
                b.append("- bound to: ").append(next == TraceIndex.NONE ? "no next slice on this thread (viewers drop the arrow)"
                        : "**" + escape(String.valueOf(index.name(next))) + "** (next slice)").append('\n');
            }
            case OBJECT_CREATED -> b.append("- snapshots: ").append(index.snapshots(i)).append('\n');
            case OBJECT_SNAPSHOT -> {
                int n = index.partner(i);
                b.append("- snapshot of the object created at ").append(n == TraceIndex.NONE ? "(no N before it)"
                        : "ts " + Durations.timestamp(index.ts(n), index.displayTimeUnit())).append('\n');
            }
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

    private static final int SCAN_LIMIT = 50_000;

    /** The first B or X on the thread of event i that starts at or after it (a flow end's binding). */
    static int nextSlice(TraceIndex index, int i, BooleanSupplier cancelled) {
        for (int j = i + 1; j < index.size() && j < i + SCAN_LIMIT; j++) {
            Cancellation.poll(cancelled, j - i - 1);
            String ph = index.phase(j);
            if (index.threadOf(j) == index.threadOf(i) && ("B".equals(ph) || "X".equals(ph)) && !(index.ts(j) < index.ts(i))) {
                return j;
            }
        }
        return TraceIndex.NONE;
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
                b.append('\n');
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

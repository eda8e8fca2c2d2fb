package dev.tracelint.features.hover;

import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.features.PhaseDocs;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.ColorNames;
import dev.tracelint.model.Phase;
import dev.tracelint.schema.TraceSchema;

/** Any event: its name, phase, category, process, thread and ts; a key's schema text; a ph's and a cname's meaning. */
final class EventHover implements HoverParticipant {
    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        TraceIndex index = r.index();
        int i = r.row();
        String name = index.name(i);
        String ph = index.phase(i);
        Phase p = Phase.of(ph);
        b.append("**").append(name == null ? "(no name)" : HoverRequest.shown(name)).append("** · ").append(HoverRequest.code(ph)).append(" ")
                .append(p == null ? "unknown phase" : p.description()).append("\n\n");
        if (index.cat(i) != null) {
            b.append("- category: ").append(HoverRequest.code(index.cat(i))).append("\n");
        }
        String pid = index.pid(i);
        String tid = index.tid(i);
        String processName = index.processName(pid);
        String threadName = index.threadName(index.threadKey(i));
        b.append("- process: ").append(processName == null ? "" : HoverRequest.shown(processName) + " ").append("(pid ")
                .append(pid.isEmpty() ? "none" : HoverRequest.shown(pid)).append(")");
        if (!tid.isEmpty()) {
            b.append(" · thread: ").append(threadName == null ? "" : HoverRequest.shown(threadName) + " ").append("(tid ").append(HoverRequest.shown(tid)).append(')');
        }
        b.append('\n');
        if (!Double.isNaN(index.ts(i))) {
            b.append("- ts: ").append(r.when(index.ts(i))).append('\n');
        }
    }

    @Override
    public String onValue(HoverRequest r, Member m) {
        return switch (m.key()) {
            case "ph" -> phase(m.text());
            case "cname" -> cname(m);
            default -> null;
        };
    }

    /** One source of truth with the schema: its description of the key. */
    @Override
    public String onKey(HoverRequest r, Member m) {
        String doc = TraceSchema.get().markdownDescription(m.key());
        return doc == null ? null : "`" + m.key() + "`: " + doc + "\n\n---\n\n";
    }

    static String phase(String ph) {
        Phase p = Phase.of(ph);
        if (p == null) {
            return HoverRequest.code(ph) + " is not a phase of the Trace Event Format: viewers drop this event.";
        }
        return PhaseDocs.of(p) + (p.deprecated() ? "\n\n*Deprecated.*" : "");
    }

    private static String cname(Member m) {
        if (m.isString() && ColorNames.isValid(m.text())) {
            return "`" + m.text() + "` is one of the 34 reserved colour names (chrome://tracing colours the event with it; Perfetto and DevTools ignore cname).";
        }
        if (m.isString() && m.text().isEmpty()) {
            return "An empty cname is ignored.";
        }
        return "Not a reserved colour name: chrome://tracing aborts the whole import on it.";
    }
}

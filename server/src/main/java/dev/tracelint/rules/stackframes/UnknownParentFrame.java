package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import dev.tracelint.text.Quoted;
import java.util.List;
import java.util.Map;

/**
 * A stack frame whose parent names no frame of its dictionary: the top-level one (resolved at the end, it
 * is one object), or the frames its process's M stackFrames events defined so far.
 */
public final class UnknownParentFrame implements Rule {
    public static final Declaration RULE = Declaration.rule(47, "unknown-parent-frame", c -> new UnknownParentFrame())
            .finds("A frame whose `parent` is not in its dictionary")
            .phases("`stackFrames`, `M` `stackFrames`", Phase.METADATA)
            .when("unknown parent frame")
                .catapult(WRONG, "warning \"Missing parent frame\"; the stack is cut there", CATAPULT + " importStackFrames_")
                .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("rule-unknown-parent-frame.json");

    /** JSON literals catapult looks up as ids ("g" + null is "gnull"), unlike the strings "null"... */
    private static final java.util.Set<String> LITERALS = java.util.Set.of("null", "true", "false");
    private final FrameGraph graph = new FrameGraph();

    @Override
    public void accept(EventView e, Report out) {
        String ns = Frames.metadataNamespace(e);
        if (ns == null) {
            return;
        }
        // catapult resolves an M dictionary's parents right after adding it: against the frames of
        // this process defined so far (a frame defined by a later M event does not count)
        List<StackFrame> added = Frames.ofMetadata(e);
        for (StackFrame f : added) {
            graph.add(ns, f);
        }
        Map<String, StackFrame> frames = graph.namespaces.get(ns);
        for (StackFrame f : added) {
            if (f.parent() != null && !frames.containsKey(f.parent())) {
                report(f.id(), f.parent(), f.parentRange(), out);
            }
        }
    }

    private static void report(String id, String parent, TextRange range, Report out) {
        boolean literal = range.end() - range.start() == parent.length() && LITERALS.contains(parent);
        out.add(out.at(range, "frame " + Quoted.plain(id) + " has parent " + Quoted.plain(parent)
                + ", which is not a frame of its dictionary"
                + (literal ? " (a root frame has no \"parent\")" : "")));
    }

    @Override
    public void acceptStackFrame(StackFrame frame, Report out) {
        graph.add(Frames.GLOBAL, frame);
    }

    @Override
    public void finish(Report out) {
        Map<String, StackFrame> frames = graph.namespaces.get(Frames.GLOBAL);
        if (frames == null) {
            return;
        }
        frames.forEach((id, node) -> {
            if (node.parent() != null && !frames.containsKey(node.parent())) {
                report(id, node.parent(), node.parentRange(), out);
            }
        });
    }
}

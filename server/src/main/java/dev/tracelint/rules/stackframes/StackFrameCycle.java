package dev.tracelint.rules.stackframes;

import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.PERFETTO_NOT_READ;

import dev.tracelint.rules.Declaration;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.Quoted;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Stack frames whose parent chain loops: catapult does not detect it and walks such a stack forever. */
public final class StackFrameCycle implements Rule {
    public static final Declaration RULE = Declaration.rule(48, "stack-frame-cycle", c -> new StackFrameCycle())
            .finds("A frame whose parent chain loops")
            .phases("`stackFrames`, `M` `stackFrames`", Phase.METADATA)
            .when("stack frame cycle")
                .catapult(FAILS, "not detected: walking the stack never ends", "catapult tracing/tracing/model/stack_frame.html")
                .perfetto(NONE, "`stackFrames` is not read", PERFETTO_NOT_READ)
                .devtoolsAndSpeedscopeIgnoreIt("rule-stack-frame-cycle.json");

    private final FrameGraph graph = new FrameGraph();

    @Override
    public void accept(EventView e, Report out) {
        graph.addMetadata(e);
    }

    @Override
    public void acceptStackFrame(StackFrame frame, Report out) {
        graph.add(Frames.GLOBAL, frame);
    }

    @Override
    public void finish(Report out) {
        for (Map<String, StackFrame> frames : graph.namespaces.values()) {
            // 0 unvisited, 1 on the current walk, 2 done; each frame is walked once: O(frames)
            Map<String, Integer> state = new HashMap<>();
            for (String start : frames.keySet()) {
                List<String> walk = new ArrayList<>();
                String id = start;
                while (id != null && frames.containsKey(id) && state.getOrDefault(id, 0) == 0) {
                    state.put(id, 1);
                    walk.add(id);
                    id = frames.get(id).parent();
                }
                if (id != null && state.getOrDefault(id, 0) == 1) {
                    List<String> cycle = walk.subList(walk.indexOf(id), walk.size());
                    String last = cycle.get(cycle.size() - 1);
                    out.add(out.at(frames.get(last).parentRange(), "the parent chain of frame " + Quoted.plain(last) + " loops: "
                            + chain(cycle, id)));
                }
                for (String w : walk) {
                    state.put(w, 2);
                }
            }
        }
    }

    /** Frames of a loop a message names at most: a loop of 10,000 frames is said by its start and its length. */
    private static final int SHOWN_FRAMES = 8;

    /** {@code 3 → 4 → 3}; a long loop by its first 8 frames and its length, {@code 1 → 2 → 3 → 4 → 5 → 6 → 7 → 8 → … (10,000 frames) → 1}. */
    private static String chain(List<String> cycle, String back) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(cycle.size(), SHOWN_FRAMES); i++) {
            b.append(Quoted.plain(cycle.get(i))).append(" → ");
        }
        if (cycle.size() > SHOWN_FRAMES) {
            b.append(String.format(java.util.Locale.ROOT, "… (%,d frames) → ", cycle.size()));
        }
        return b.append(Quoted.plain(back)).toString();
    }
}

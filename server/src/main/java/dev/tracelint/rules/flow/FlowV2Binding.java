package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.slice.ThreadSlices;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Flow v2 (bind_id with flow_in/flow_out on slices): a bind_id with neither direction, a consumer
 * (flow_in) with no producer (flow_out) of its bind_id, a second producer of a bind_id not consumed yet.
 */
public final class FlowV2Binding implements Rule {
    private record Mark(String label, String bindId, long ts, TextRange range) {
    }

    private final Map<String, Mark> producers = new HashMap<>();
    private final Map<String, List<Mark>> waiting = new HashMap<>();

    @Override
    public void accept(EventView e, Report out) {
        Field bind = e.get("bind_id");
        if (bind == null || (bind.kind() != ValueKind.STRING && bind.kind() != ValueKind.NUMBER)) {
            return;
        }
        boolean in = isTrue(e.get("flow_in"));
        boolean outFlow = isTrue(e.get("flow_out"));
        if (!in && !outFlow) {
            out.add(out.at(bind.keyRange(), e.label() + " has \"bind_id\" but neither \"flow_in\" nor \"flow_out\""
                    + " is true: Perfetto drops the flow (flow_without_direction), catapult warns"));
            return;
        }
        String key = bind.identity();
        long ts = ThreadSlices.nanos(e.get("ts"));
        if (in) {
            if (producers.remove(key) == null) {
                waiting.computeIfAbsent(key, k -> new ArrayList<>(1))
                        .add(new Mark(e.label(), bind.jsonLiteral(), ts, bind.valueRange()));
            }
        }
        if (outFlow) {
            Mark first = producers.get(key);
            if (first != null) {
                out.add(out.at(bind.valueRange(), e.label() + " produces flow " + bind.jsonLiteral()
                                + " while an earlier producer of it is not consumed yet: catapult warns"
                                + " (\"Flow producer already seen\") and keeps one")
                        .related(first.range(), "the earlier producer"));
                return;
            }
            List<Mark> early = waiting.get(key);
            if (early != null) {
                for (Iterator<Mark> it = early.iterator(); it.hasNext(); ) {
                    if (it.next().ts() >= ts) {
                        it.remove();
                        if (early.isEmpty()) {
                            waiting.remove(key);
                        }
                        return; // consumed by a consumer read earlier (file not in ts order)
                    }
                }
            }
            producers.put(key, new Mark(e.label(), bind.jsonLiteral(), ts, bind.valueRange()));
        }
    }

    private static boolean isTrue(Field f) {
        return f != null && f.kind() == ValueKind.TRUE;
    }

    @Override
    public void finish(Report out) {
        List<Mark> all = new ArrayList<>();
        waiting.values().forEach(all::addAll);
        for (Mark m : all) {
            out.add(out.at(m.range(), m.label() + " consumes flow " + m.bindId()
                    + " but no event produces it (flow_out): no viewer draws the arrow"));
        }
    }
}

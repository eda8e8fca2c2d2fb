package dev.tracelint.rules.flow;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.OtherFacts;
import dev.tracelint.trace.OtherFacts.BindMark;
import java.util.Set;

/**
 * Flow v2 (bind_id with flow_in/flow_out on slices): a bind_id with neither direction, a consumer
 * (flow_in) with no producer (flow_out) of its bind_id, a second producer of a bind_id not consumed
 * yet. The trace model binds consumers to producers; this rule judges what it publishes.
 */
public final class FlowV2Binding implements Rule {
    @Override
    public Set<Fact.Kind> facts() {
        return Set.of(Fact.Kind.BIND_PRODUCED_AGAIN, Fact.Kind.BIND_WITHOUT_PRODUCER);
    }

    @Override
    public void accept(EventView e, Report out) {
        Field bind = e.get("bind_id");
        if (bind == null || (bind.kind() != ValueKind.STRING && bind.kind() != ValueKind.NUMBER)) {
            return;
        }
        if (!isTrue(e.get("flow_in")) && !isTrue(e.get("flow_out"))) {
            out.add(out.at(bind.keyRange(), e.label() + " has \"bind_id\" but neither \"flow_in\" nor \"flow_out\""
                    + " is true"));
        }
    }

    private static boolean isTrue(Field f) {
        return f != null && f.kind() == ValueKind.TRUE;
    }

    @Override
    public void accept(Fact fact, Report out) {
        if (fact instanceof OtherFacts.BindProducedAgain again) {
            BindMark m = again.producer();
            out.add(out.at(m.range(), m.label() + " produces flow " + m.bindId()
                            + " while an earlier producer of it is not consumed yet")
                    .related(again.first().range(), "the earlier producer"));
        } else if (fact instanceof OtherFacts.BindWithoutProducer w) {
            BindMark m = w.consumer();
            out.add(out.at(m.range(), m.label() + " consumes flow " + m.bindId()
                    + " but no event produces it (flow_out)"));
        }
    }
}

package dev.tracelint.features.hover;

import dev.tracelint.features.EventMembers;
import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.model.Phase;

/** A counter (C): its series, which are its args. */
final class CounterHover implements HoverParticipant {
    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        if (r.phase() != Phase.COUNTER) {
            return;
        }
        StringBuilder series = new StringBuilder();
        Member args = r.members().get("args");
        EventMembers values = args == null ? null : args.children(); // none unless args is an object
        for (int a = 0; values != null && a < values.size(); a++) {
            Member m = values.get(a);
            series.append(series.length() == 0 ? "" : ", ").append(HoverRequest.shown(m.key())).append(" = ")
                    .append(m.text() == null ? "(not a number)" : HoverRequest.shown(m.text()));
        }
        b.append("- series: ").append(series.length() == 0 ? "none (no args)" : series).append('\n');
    }
}

package dev.tracelint.features.hover;

import dev.tracelint.features.EventMembers;
import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.model.Phase;
import dev.tracelint.text.Quoted;

/** {@code - args: url = "https://…", size = 12, … 4 more}: each value's JSON text, cut and on one line (a counter's are its series). */
final class ArgsHover implements HoverParticipant {
    /** Members of args shown; each value's first chars: a hover stays short however big the args are. */
    static final int ARGS_SHOWN = 6;
    static final int ARG_CHARS = Quoted.SHOWN_CHARS;

    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        if (r.phase() == Phase.COUNTER) {
            return;
        }
        Member args = r.members().get("args");
        EventMembers values = args == null ? null : args.children(); // none unless args is an object
        if (values == null || values.size() == 0) {
            return;
        }
        String text = r.text();
        b.append("- args: ");
        int shown = Math.min(values.size(), ARGS_SHOWN);
        for (int a = 0; a < shown; a++) {
            Member m = values.get(a);
            long start = m.valueStart();
            long end = Quoted.cutEnd(text, (int) start, (int) Math.min(m.valueEnd(), text.length()), ARG_CHARS);
            String value = text.substring((int) start, (int) end).replaceAll("\\s+", " ");
            b.append(a == 0 ? "" : ", ").append(HoverRequest.shown(m.key())).append(" = ").append(HoverRequest.escape(value))
                    .append(m.valueEnd() > end ? "…" : "");
        }
        int all = values.size() + values.unlocated();
        if (all > shown) {
            b.append(", … ").append(all - shown).append(" more");
        }
        b.append('\n');
    }
}

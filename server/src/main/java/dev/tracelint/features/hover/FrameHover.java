package dev.tracelint.features.hover;

import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.features.FrameStack;
import java.util.List;

/** On an {@code sf} or {@code esf} value: the stack it names, leaf first, from the frames the index located. */
final class FrameHover implements HoverParticipant {
    @Override
    public String onValue(HoverRequest r, Member m) {
        if (!m.key().equals("sf") && !m.key().equals("esf")) {
            return null;
        }
        List<FrameStack.Frame> stack = FrameStack.of(r.text(), r.index(), m.text());
        if (stack.isEmpty()) {
            return "Stack frame " + HoverRequest.code(m.text()) + " is not in `stackFrames`.";
        }
        StringBuilder b = new StringBuilder("**Stack** (leaf first)\n\n");
        for (FrameStack.Frame f : stack) {
            b.append("1. ").append(f.name() == null ? "`?`" : HoverRequest.code(f.name()));
            if (f.category() != null) {
                b.append(" — ").append(HoverRequest.shown(f.category()));
            }
            b.append('\n');
        }
        return b.toString();
    }
}

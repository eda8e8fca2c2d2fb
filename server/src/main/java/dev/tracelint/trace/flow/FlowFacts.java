package dev.tracelint.trace.flow;

import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.Fact;


/**
 * Flows v1 (s/t/f) paired as catapult pairs them: key = (id with its JSON type, cat, name), so
 * {@code 1} and {@code "1"} are two flows; s opens, t steps, f closes and frees the key. A key
 * whose events arrive with a ts going backwards is not judged (viewers pair flows in ts order).
 */
public sealed interface FlowFacts extends Fact {
    /** A t or f joined to the open s of its flow; published at the later of the two in the file. */
    public record Step(EventRef start, EventRef step) implements FlowFacts {
    }

    /**
     * A t or f with no open s of its flow by the end of the document; {@code bindsNext} for an f without
     * bp, which binds to the next slice on its thread (Perfetto then links it from slice id 0: see
     * {@code flow-without-start/next-slice}). {@code removal} is what to delete to remove the event with one comma (null for an event too long to say).
     * {@code chainStart} is the first in time of its key's steps left without start when that is a t
     * with a ts, other steps follow it and the key never had a flow before: made an s, it starts them
     * all and reuses no key; else null.
     */
    public record WithoutStart(EventRef step, boolean bindsNext, TextRange removal, EventRef chainStart) implements FlowFacts {
    }

    /**
     * An s that no f ended by the end of the document, with its flow's latest t in time ({@code null}
     * when it has none). Every viewer draws the legs up to that t (each t ends one leg and starts the
     * next), so {@code lastStep} is where the drawn flow stops and where a missing f would follow it.
     */
    /**
     * {@code removal} is what to delete to remove the s with one comma (a fix removes a lone s; null for an s too long to say); {@code lastStepBp} says whether the last t
     * has a {@code bp} member and whether it is "e" (an f made of it must bind to the t's slice).
     */
    public record WithoutEnd(EventRef start, EventRef lastStep, TextRange removal, Bp lastStepBp) implements FlowFacts {
        /** Whether the flow has legs drawn: at least one t followed the s. */
        public boolean stepped() {
            return lastStep != null;
        }
    }

    /** A flow event's {@code bp} member: absent, "e" (binds to the enclosing slice), or something else. */
    public enum Bp {
        NONE, ENCLOSING, OTHER
    }

    /**
     * A second s of a key (the first such per key), judged at the end of the document: while its flow
     * is open ({@code open} is its s), or after an f ended it ({@code afterEnd}: {@code open} is that f).
     * catapult frees a key at its f; Perfetto never does (FlowTracker::End with close_flow false) and
     * DevTools keeps one flow per id (FlowsHandler flowsById), so a reused key joins the earlier flow there.
     */
    public record DuplicateStart(EventRef open, EventRef second, boolean afterEnd) implements FlowFacts {
    }

    /**
     * A t or f earlier in time than the s of its flow: viewers pair flow events in ts order, so the
     * step comes before any start and is dropped (and an f's flow is never ended). Judged for a
     * flow with one s: written after it (the flow is then not judged further), or written before it
     * and left without start at the end of the document.
     */
    public record StepBeforeStart(EventRef start, EventRef step) implements FlowFacts {
    }
}

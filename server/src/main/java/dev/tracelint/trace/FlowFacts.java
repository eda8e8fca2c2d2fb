package dev.tracelint.trace;


/**
 * Flows v1 (s/t/f) paired as catapult pairs them: key = (id with its JSON type, cat, name), so
 * {@code 1} and {@code "1"} are two flows; s opens, t steps, f closes and frees the key. A key
 * whose events arrive with a ts going backwards is not judged (viewers pair flows in ts order).
 */
public final class FlowFacts {
    private FlowFacts() {
    }

    /** A t or f joined to the open s of its flow; published at the later of the two in the file. */
    public record Step(EventRef start, EventRef step) implements Fact {
    }

    /** A t or f with no open s of its flow by the end of the document. */
    public record WithoutStart(EventRef step) implements Fact {
    }

    /** An s that no f ended by the end of the document. */
    public record WithoutEnd(EventRef start) implements Fact {
    }

    /** A second s of a flow still open (the first such per flow), judged at the end of the document. */
    public record DuplicateStart(EventRef open, EventRef second) implements Fact {
    }

    /**
     * A t or f earlier in time than the s of its flow: viewers pair flow events in ts order, so the
     * step comes before any start and is dropped (and an f's flow is never ended). Judged for a
     * flow with one s: written after it (the flow is then not judged further), or written before it
     * and left without start at the end of the document.
     */
    public record StepBeforeStart(EventRef start, EventRef step) implements Fact {
    }

}

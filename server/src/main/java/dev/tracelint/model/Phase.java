package dev.tracelint.model;

import java.util.HashMap;
import java.util.Map;

/** Every phase in the spec's table, plus the deprecated ones of the 2013 text. */
public enum Phase {
    BEGIN("B", "duration begin", Family.DURATION, false),
    END("E", "duration end", Family.DURATION, false),
    COMPLETE("X", "complete (duration with dur)", Family.DURATION, false),
    INSTANT("i", "instant", Family.INSTANT, false),
    INSTANT_LEGACY("I", "instant (deprecated spelling of i)", Family.INSTANT, true),
    COUNTER("C", "counter", Family.COUNTER, false),
    ASYNC_BEGIN("b", "nestable async begin", Family.ASYNC, false),
    ASYNC_INSTANT("n", "nestable async instant", Family.ASYNC, false),
    ASYNC_END("e", "nestable async end", Family.ASYNC, false),
    ASYNC_START_LEGACY("S", "async start (deprecated)", Family.ASYNC, true),
    ASYNC_STEP_INTO_LEGACY("T", "async step into (deprecated)", Family.ASYNC, true),
    ASYNC_STEP_PAST_LEGACY("p", "async step past (deprecated)", Family.ASYNC, true),
    ASYNC_FINISH_LEGACY("F", "async finish (deprecated)", Family.ASYNC, true),
    FLOW_START("s", "flow start", Family.FLOW, false),
    FLOW_STEP("t", "flow step", Family.FLOW, false),
    FLOW_END("f", "flow end", Family.FLOW, false),
    SAMPLE("P", "sample (deprecated)", Family.SAMPLE, true),
    OBJECT_CREATED("N", "object created", Family.OBJECT, false),
    OBJECT_SNAPSHOT("O", "object snapshot", Family.OBJECT, false),
    OBJECT_DESTROYED("D", "object destroyed", Family.OBJECT, false),
    METADATA("M", "metadata", Family.METADATA, false),
    MEMORY_DUMP_GLOBAL("V", "global memory dump", Family.MEMORY_DUMP, false),
    MEMORY_DUMP_PROCESS("v", "process memory dump", Family.MEMORY_DUMP, false),
    MARK("R", "mark", Family.MARK, false),
    CLOCK_SYNC("c", "clock sync", Family.CLOCK_SYNC, false),
    CONTEXT_ENTER("(", "context enter", Family.CONTEXT, false),
    CONTEXT_LEAVE(")", "context leave", Family.CONTEXT, false),
    LINK_IDS("=", "linking ids", Family.LINK, false);

    /** Groups of phases that share rules. */
    public enum Family {
        DURATION, INSTANT, COUNTER, ASYNC, FLOW, SAMPLE, OBJECT, METADATA, MEMORY_DUMP, MARK, CLOCK_SYNC, CONTEXT, LINK
    }

    private static final Map<String, Phase> BY_LETTER = new HashMap<>();

    static {
        for (Phase p : values()) {
            BY_LETTER.put(p.letter, p);
        }
    }

    private final String letter;
    private final String description;
    private final Family family;
    private final boolean deprecated;

    Phase(String letter, String description, Family family, boolean deprecated) {
        this.letter = letter;
        this.description = description;
        this.family = family;
        this.deprecated = deprecated;
    }

    /** The phase spelled exactly so (case-sensitive, whole string), or null. */
    public static Phase of(String letter) {
        return letter == null ? null : BY_LETTER.get(letter);
    }

    public String letter() {
        return letter;
    }

    public String description() {
        return description;
    }

    public Family family() {
        return family;
    }

    public boolean deprecated() {
        return deprecated;
    }

    /** Phases whose events must carry an id (async, object, flow). */
    public boolean needsId() {
        return family == Family.ASYNC || family == Family.OBJECT || family == Family.FLOW;
    }
}

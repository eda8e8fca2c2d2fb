package dev.tracelint.model;

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
        if (letter == null || letter.length() != 1) {
            return null;
        }
        return of(letter.charAt(0));
    }

    /** The phase a one-letter {@code ph} names, or null. */
    public static Phase of(char letter) {
        // a switch on the char: asked on every event, cheaper than hashing the string
        switch (letter) {
            case 'B': return BEGIN;
            case 'E': return END;
            case 'X': return COMPLETE;
            case 'i': return INSTANT;
            case 'I': return INSTANT_LEGACY;
            case 'C': return COUNTER;
            case 'b': return ASYNC_BEGIN;
            case 'n': return ASYNC_INSTANT;
            case 'e': return ASYNC_END;
            case 'S': return ASYNC_START_LEGACY;
            case 'T': return ASYNC_STEP_INTO_LEGACY;
            case 'p': return ASYNC_STEP_PAST_LEGACY;
            case 'F': return ASYNC_FINISH_LEGACY;
            case 's': return FLOW_START;
            case 't': return FLOW_STEP;
            case 'f': return FLOW_END;
            case 'P': return SAMPLE;
            case 'N': return OBJECT_CREATED;
            case 'O': return OBJECT_SNAPSHOT;
            case 'D': return OBJECT_DESTROYED;
            case 'M': return METADATA;
            case 'V': return MEMORY_DUMP_GLOBAL;
            case 'v': return MEMORY_DUMP_PROCESS;
            case 'R': return MARK;
            case 'c': return CLOCK_SYNC;
            case '(': return CONTEXT_ENTER;
            case ')': return CONTEXT_LEAVE;
            case '=': return LINK_IDS;
            default: return null;
        }
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

    /** The phases for which {@code test} holds, e.g. a family's (for {@code Rule.phases()}). */
    public static java.util.Set<Phase> where(java.util.function.Predicate<Phase> test) {
        java.util.EnumSet<Phase> set = java.util.EnumSet.noneOf(Phase.class);
        for (Phase p : values()) {
            if (test.test(p)) {
                set.add(p);
            }
        }
        return set;
    }
}

package dev.tracelint.model;

import java.util.List;

/**
 * The names of metadata ({@code M}) events viewers know, the one list of them: the spec's five,
 * which name or order a process or a thread, then the ones catapult's importer also handles
 * (Perfetto reads four of the spec's). The rules judge names against it, completion proposes the
 * ones it has words for, hover says what the spec's five apply to.
 */
public enum MetadataName {
    PROCESS_NAME("process_name", Subject.PROCESS, "Names the process: args.name."),
    PROCESS_LABELS("process_labels", Subject.PROCESS, "Labels the process: args.labels."),
    PROCESS_SORT_INDEX("process_sort_index", Subject.PROCESS, "Orders processes: args.sort_index."),
    THREAD_NAME("thread_name", Subject.THREAD, "Names the thread: args.name."),
    THREAD_SORT_INDEX("thread_sort_index", Subject.THREAD, "Orders threads: args.sort_index."),
    NUM_CPUS("num_cpus", null, "Number of CPUs: args.number."),
    PROCESS_UPTIME_SECONDS("process_uptime_seconds", null, "Process uptime: args.uptime."),
    STACK_FRAMES("stackFrames", null, null),
    TYPE_NAMES("typeNames", null, null),
    TRACE_CONFIG("TraceConfig", null, null),
    JIT_CODE_ADDED("JitCodeAdded", null, null),
    JIT_CODE_MOVED("JitCodeMoved", null, null);

    /** What one of the spec's names applies to. */
    public enum Subject { PROCESS, THREAD }

    private static final List<MetadataName> ALL = List.of(values());

    private final String id;
    private final Subject subject;
    private final String documentation;

    MetadataName(String id, Subject subject, String documentation) {
        this.id = id;
        this.subject = subject;
        this.documentation = documentation;
    }

    /** The name as events spell it. */
    public String id() {
        return id;
    }

    /** The process or thread one of the spec's names applies to; null for the others. */
    public Subject subject() {
        return subject;
    }

    /** What an editor says when it proposes the name, or null if it does not propose it. */
    public String documentation() {
        return documentation;
    }

    public static List<MetadataName> all() {
        return ALL;
    }

    /** The known name spelled {@code name}, or null. */
    public static MetadataName of(String name) {
        for (MetadataName m : ALL) {
            if (m.id.equals(name)) {
                return m;
            }
        }
        return null;
    }
}

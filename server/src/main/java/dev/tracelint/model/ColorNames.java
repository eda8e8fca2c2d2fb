package dev.tracelint.model;

import java.util.List;
import java.util.Set;

/** The 34 reserved colour names catapult accepts in {@code cname} (color_scheme.html). */
public final class ColorNames {
    public static final List<String> ALL = List.of(
            "thread_state_uninterruptible", "thread_state_iowait", "thread_state_running",
            "thread_state_runnable", "thread_state_sleeping", "thread_state_unknown",
            "background_memory_dump", "light_memory_dump", "detailed_memory_dump",
            "vsync_highlight_color", "generic_work", "good", "bad", "terrible", "black", "grey",
            "white", "yellow", "olive", "rail_response", "rail_animation", "rail_idle", "rail_load",
            "startup", "heap_dump_stack_frame", "heap_dump_object_type", "heap_dump_child_node_arrow",
            "cq_build_running", "cq_build_passed", "cq_build_failed", "cq_build_abandoned",
            "cq_build_attempt_runnig", "cq_build_attempt_passed", "cq_build_attempt_failed");

    private static final Set<String> SET = Set.copyOf(ALL);

    private ColorNames() {
    }

    public static boolean isValid(String name) {
        return SET.contains(name);
    }
}

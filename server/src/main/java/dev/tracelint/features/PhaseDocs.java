package dev.tracelint.features;

import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import java.util.stream.Collectors;

/** What each phase means, for hovers and completion (from the spec's phase sections). */
public final class PhaseDocs {
    /** The spec's metadata names: those that apply to a process or a thread. */
    private static final String SPEC_METADATA_NAMES = MetadataName.all().stream()
            .filter(m -> m.subject() != null).map(MetadataName::id).collect(Collectors.joining(", "));

    private PhaseDocs() {
    }

    public static String of(Phase p) {
        String more = switch (p) {
            case BEGIN -> "Starts a slice on its thread; the next E on the same (pid, tid) ends it. B/E must nest and their ts must increase per thread.";
            case END -> "Ends the innermost open B on its thread. Only pid, tid, ph and ts are required; args are merged into the B's.";
            case COMPLETE -> "A whole slice in one event: ts is the start, dur the duration (µs). About half the size of a B/E pair.";
            case INSTANT -> "Something that happens at one moment. s gives the scope: t (thread, default), p (process) or g (global).";
            case INSTANT_LEGACY -> "The old spelling of an instant event; use i.";
            case COUNTER -> "Samples one or more numeric series (the args keys) of a counter named by name (and id). Counters are process-local.";
            case ASYNC_BEGIN -> "Starts an async slice, matched by cat + id (or id2) with its e; may nest within the same id.";
            case ASYNC_INSTANT -> "A point inside an async slice of the same id.";
            case ASYNC_END -> "Ends the nearest open b with the same name, cat and id.";
            case ASYNC_START_LEGACY, ASYNC_STEP_INTO_LEGACY, ASYNC_STEP_PAST_LEGACY, ASYNC_FINISH_LEGACY ->
                    "Deprecated async phase; use the nestable b/n/e instead (Perfetto drops S, p and F).";
            case FLOW_START -> "Starts a flow arrow, bound to the enclosing slice on its thread; matched by id, cat and name.";
            case FLOW_STEP -> "A step of a flow, bound to the enclosing slice.";
            case FLOW_END -> "Ends a flow, bound to the next slice on its thread (or the enclosing one with bp \"e\").";
            case SAMPLE -> "Deprecated sample event.";
            case OBJECT_CREATED -> "An object instance (id, process-local) is created.";
            case OBJECT_SNAPSHOT -> "A snapshot of an object's state, in args.snapshot.";
            case OBJECT_DESTROYED -> "The object instance with this id is destroyed.";
            case METADATA -> "Names or orders processes and threads: " + SPEC_METADATA_NAMES + ".";
            case MEMORY_DUMP_GLOBAL -> "A global memory dump.";
            case MEMORY_DUMP_PROCESS -> "A process memory dump (args.dumps), with its dump id.";
            case MARK -> "A mark (navigation timing), drawn like an instant.";
            case CLOCK_SYNC -> "Clock sync marker: name clock_sync, args.sync_id.";
            case CONTEXT_ENTER -> "Enters a context (id) for the following events on the thread.";
            case CONTEXT_LEAVE -> "Leaves the context entered by the matching (.";
            case LINK_IDS -> "Declares that id and args.linked_id name the same thing.";
        };
        return "`" + p.letter() + "`: " + p.description() + ". " + more;
    }
}

package dev.tracelint.viewer;

/**
 * The source references and wordings that the conditions of several rules share (each rule's class
 * declares its conditions, {@link ConditionBuilder}): a viewer's importer file and function, cited
 * once here, and what a viewer does said the same way each time.
 */
public final class Sources {
    // --- where each viewer does it ---
    public static final String CATAPULT = "catapult tracing/tracing/extras/importer/trace_event_importer.html";
    public static final String CATAPULT_SLICES = "catapult tracing/tracing/model/slice_group.html";
    /** What catapult's view opens on: the model's bounds, widened by every event it keeps. */
    public static final String CATAPULT_BOUNDS = "catapult tracing/tracing/model/model.html Model.computeWorldBounds (every slice, instant"
            + " and counter sample widens the bounds; ui/timeline_track_view.html `setInitialViewport_` fits the view to them)";
    public static final String CATAPULT_JSON = CATAPULT + " TraceEventImporter (the constructor: `JSON.parse` of the text)";
    public static final String PERFETTO_TOKENIZER = "perfetto src/trace_processor/importers/json/json_trace_tokenizer.cc";
    public static final String PERFETTO_PARSER = "perfetto src/trace_processor/importers/json/json_trace_parser.cc ParseJsonPacket";
    /** What Perfetto's view opens on: the trace bounds, the min and max ts of its tables (slices among them). */
    public static final String PERFETTO_BOUNDS = PERFETTO_PARSER + " (a slice at its ts; the trace bounds are the smallest and largest ts of"
            + " the slice, counter... tables, ts 0 included: src/trace_processor/plugins/storage_tables/storage_tables.cc"
            + " `StorageTablesPlugin::GetTimestampBounds`)";
    public static final String PERFETTO_SLICES = "perfetto src/trace_processor/importers/common/slice_tracker.cc";
    public static final String PERFETTO_FLOWS = "perfetto src/trace_processor/importers/common/flow_tracker.cc";
    public static final String PERFETTO_NOT_READ = PERFETTO_PARSER + " (the field or phase is not read)";
    public static final String DEVTOOLS_TRACE = "front_end/models/trace/";
    public static final String DEVTOOLS_LOAD = "devtools-frontend front_end/panels/timeline/TimelinePanel.ts loadFromFile"
            + " (`JSON.parse` of the whole file, no repair, not caught)";
    public static final String DEVTOOLS_META = "devtools-frontend " + DEVTOOLS_TRACE + "handlers/MetaHandler.ts handleEvent";
    public static final String PERFETTO_EVENT = PERFETTO_TOKENIZER + " JsonTraceTokenizer::ParseTraceEventContents";
    /** A Chrome recording or a generic trace: the markers, and the processes a recording keeps (those a frame gave a URL). */
    public static final String DEVTOOLS_RECORDING = DEVTOOLS_META + " (one event named `TracingStartedInPage`, `TracingSessionIdForWorker`,"
            + " `TracingStartedInBrowser` or `CpuProfile` clears `traceIsGeneric`); devtools-frontend "
            + DEVTOOLS_TRACE + "handlers/RendererHandler.ts sanitizeProcesses (a recording's process without a URL is deleted)";
    public static final String DEVTOOLS_RENDERER = "devtools-frontend front_end/models/trace/handlers/RendererHandler.ts makeCompleteEvent";
    public static final String DEVTOOLS_TREE = "devtools-frontend front_end/models/trace/helpers/TreeHelpers.ts treify";
    public static final String DEVTOOLS_FLOWS = "devtools-frontend " + DEVTOOLS_TRACE + "handlers/FlowsHandler.ts";
    public static final String DEVTOOLS_NOT_DRAWN = "devtools-frontend front_end/models/trace/handlers/RendererHandler.ts handleEvent"
            + " (only B/E/X/I go on thread tracks; no handler draws or checks the rest)";
    public static final String SPEEDSCOPE = "speedscope src/import/trace-event.ts";
    /** How long a profile of speedscope is: from its own thread's earliest B/E/X ts to its latest. */
    public static final String SPEEDSCOPE_PROFILE_SPAN = SPEEDSCOPE + " convertToEventQueues (each (pid, tid)'s events, from"
            + " partitionByPidTid, shifted by their own smallest ts; the profile's length is its last event's)";
    public static final String SPEEDSCOPE_PARSE = "speedscope src/import/utils.ts permissivelyParseJSONString (repairs only a missing"
            + " final `]`); src/import/index.ts _importProfileGroup (\"Unrecognized format!\")";
    public static final String SPEEDSCOPE_LIST = SPEEDSCOPE + " isTraceEventList (every event needs `ph`, a B/E/X needs `ts`,"
            + " else the file is no trace: \"Unrecognized format!\")";
    public static final String SPEEDSCOPE_LEAVE = SPEEDSCOPE + " eventListToProfile.tryToLeaveFrame";
    public static final String SPEEDSCOPE_NOT_READ = SPEEDSCOPE + " eventListToProfileGroup (one profile per (pid, tid) from"
            + " B/E/X only; other phases and fields are not read)";
    public static final String TRACERBENCH_BUILD = "tracerbench packages/trace-model/src/builders/model-builder.ts ModelBuilder.build";
    public static final String TRACERBENCH_KEEPS = TRACERBENCH_BUILD + " (keeps every event as a model, pairs B/E per pid/tid;"
            + " it validates nothing else)";
    public static final String TRACERBENCH_JSON = "tracerbench packages/trace-model/src/builders/build-model.ts buildModel"
            + " (takes events already parsed: the caller's `JSON.parse`, no repair)";
    public static final String TRACERBENCH_NAN = "tracerbench packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.constructor"
            + " (end = ts + dur); packages/trace-model/src/builders/model-builder.ts ModelBuilder.extendBounds";
    public static final String TRACERBENCH_CAT = "tracerbench packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.constructor"
            + " (for every event) -> packages/trace-model/src/util/split-cat.ts splitCat (`cat.split(',')`)";
    // --- what they do, said the same way each time ---
    public static final String NOT_DRAWN = "not drawn (no generic handler for it)";
    public static final String NOT_READ = "not read (only B/E/X and `samples` are imported)";
    public static final String IGNORED = "not read";

    private Sources() {
    }
}

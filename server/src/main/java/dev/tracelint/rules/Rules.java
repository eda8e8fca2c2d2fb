package dev.tracelint.rules;

import static dev.tracelint.model.Severity.ERROR;
import static dev.tracelint.model.Severity.HINT;
import static dev.tracelint.model.Severity.INFORMATION;
import static dev.tracelint.model.Severity.WARNING;

import dev.tracelint.model.Severity;
import dev.tracelint.read.MalformedUtf8;
import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.async.AsyncInstantOutsideSlice;
import dev.tracelint.rules.async.IdAndId2;
import dev.tracelint.rules.async.MixedAsyncSteps;
import dev.tracelint.rules.async.UnmatchedAsyncBegin;
import dev.tracelint.rules.async.UnmatchedAsyncEnd;
import dev.tracelint.rules.async.UnmatchedLegacyAsync;
import dev.tracelint.rules.counter.CounterNonNumeric;
import dev.tracelint.rules.counter.CounterSeriesChanged;
import dev.tracelint.rules.counter.CounterWithoutArgs;
import dev.tracelint.rules.duration.EndNameMismatch;
import dev.tracelint.rules.duration.NonMonotonicTimestamp;
import dev.tracelint.rules.duration.UnmatchedBegin;
import dev.tracelint.rules.duration.UnmatchedEnd;
import dev.tracelint.rules.event.DeprecatedPhase;
import dev.tracelint.rules.event.UnknownCname;
import dev.tracelint.rules.event.UnknownPhase;
import dev.tracelint.rules.flow.DuplicateFlowStart;
import dev.tracelint.rules.flow.FlowV2Binding;
import dev.tracelint.rules.flow.FlowWithoutEnd;
import dev.tracelint.rules.flow.FlowWithoutStart;
import dev.tracelint.rules.flow.UnboundFlow;
import dev.tracelint.rules.ids.MissingId;
import dev.tracelint.rules.instant.InstantStackNotThread;
import dev.tracelint.rules.metadata.ConflictingThreadName;
import dev.tracelint.rules.metadata.MisspelledMetadataName;
import dev.tracelint.rules.metadata.UnknownMetadataName;
import dev.tracelint.rules.misc.ClockSyncIssuedAfterRecorded;
import dev.tracelint.rules.misc.ClockSyncName;
import dev.tracelint.rules.misc.MemoryDumpMissingId;
import dev.tracelint.rules.misc.MemoryDumpWithoutGlobal;
import dev.tracelint.rules.misc.UnbalancedContext;
import dev.tracelint.rules.object.DanglingIdRef;
import dev.tracelint.rules.object.ObjectAlreadyAlive;
import dev.tracelint.rules.object.ObjectDeletedBeforeCreated;
import dev.tracelint.rules.object.ObjectInstanceArgs;
import dev.tracelint.rules.object.ObjectNotCreated;
import dev.tracelint.rules.object.SnapshotBaseTypeMismatch;
import dev.tracelint.rules.schema.InvalidType;
import dev.tracelint.rules.schema.InvalidValue;
import dev.tracelint.rules.schema.MissingField;
import dev.tracelint.rules.slice.NegativeDuration;
import dev.tracelint.rules.slice.NegativeThreadDuration;
import dev.tracelint.rules.slice.OverlappingSlices;
import dev.tracelint.rules.stack.SfAndStack;
import dev.tracelint.rules.stackframes.DuplicateStackFrame;
import dev.tracelint.rules.stackframes.InvalidSample;
import dev.tracelint.rules.stackframes.InvalidStackFrame;
import dev.tracelint.rules.stackframes.SampleMissingField;
import dev.tracelint.rules.stackframes.SampleUnknownFrame;
import dev.tracelint.rules.stackframes.StackFrameCycle;
import dev.tracelint.rules.stackframes.UnknownParentFrame;
import dev.tracelint.rules.stackframes.UnknownStackFrame;
import dev.tracelint.rules.syntax.DuplicateKey;
import dev.tracelint.rules.time.NegativeTimestamp;
import dev.tracelint.rules.time.TimestampOutlier;
import dev.tracelint.rules.schema.SchemaChecks;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.trace.Threads;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The rule registry: every rule tracelint has and all that describes it, in the order the docs list
 * them. The rule tables of README.md and docs/rules/README.md, the VS Code extension's settings,
 * SARIF's rules list and {@code tracelint rules} are all made from it (GeneratedRuleDocsTest keeps
 * the checked-in ones in step). To add a rule: write its class, add its entry here with the next
 * free index, and write its page, docs/rules/&lt;id&gt;.md.
 *
 * <p>Each entry's index is its SARIF {@code ruleIndex}, written out so that it never moves when
 * entries are regrouped: the indexes are 0 to n-1, each once. Entries made with {@link #reported}
 * are rules whose findings are made elsewhere (the reader, the config loader), which need only the
 * metadata: their severity, like every rule's, comes from here and the configuration.
 */
public final class Rules {
    /** The rule of the problems in tracelint.json, which the config loader reports. */
    public static final String INVALID_CONFIG = "invalid-config";

    private static final List<Entry> ENTRIES = List.of(
            reported(0, TraceReader.JSON_SYNTAX, ERROR)
                    .finds("Malformed JSON (a trailing comma before `]`/`}` too), at the offending character; reading resumes at the next event")
                    .phases("any")
                    .viewers("`JSON.parse` fails: whole import fails",
                            "FATAL \"Failure parsing JSON\" (a trailing comma before `]` is tolerated)",
                            "`JSON.parse` fails: load fails")
                    .fix("Remove a trailing comma (safe)"),
            reported(1, TraceReader.UNTERMINATED_ARRAY, INFORMATION)
                    .finds("An array trace without its closing `]` (the spec allows it, strict JSON tools reject it)")
                    .phases("— (whole file)")
                    .viewers("appends `]`, strips one trailing comma; loads",
                            "tolerated; loads",
                            "`JSON.parse` fails: load fails")
                    .fix("Close the array (safe)"),
            rule(2, "duplicate-key", WARNING, plain(DuplicateKey::new))
                    .finds("The same key twice in one event (the last value wins)")
                    .phases("any")
                    .viewers("last value wins, silently",
                            "later valid value wins, silently",
                            "last value wins, silently")
                    .fix("Remove the earlier one (safe)"),
            rule(3, "unmatched-begin", ERROR, plain(UnmatchedBegin::new))
                    .finds("A `B` that no later `E` closes on its thread")
                    .phases("`B`")
                    .viewers("silent; auto-closed at the thread's max end (lone `B`: dur 0)",
                            "silent; `dur -1` (\"did not end\")",
                            "silent; dur 0")
                    .fix("Insert an `E`; convert to `X` (unsafe)"),
            rule(4, "unmatched-end", ERROR, plain(UnmatchedEnd::new))
                    .finds("An `E` with no open `B` on its thread")
                    .phases("`E`")
                    .viewers("warning `duration_parse_error`; `E` dropped",
                            "ignored silently",
                            "ignored silently (or pops another thread's `B`)")
                    .fix("Delete it (unsafe)"),
            rule(5, "end-name-mismatch", WARNING, plain(EndNameMismatch::new))
                    .finds("An `E` named differently from the `B` it closes")
                    .phases("`E` (and its `B`)")
                    .viewers("closes the `B`; warning `title_match_error`",
                            "`E` ignored, `B` stays open (`dur -1`)",
                            "`console.error` \"Begin/End events mismatch\"; `E` dropped, `B` dur 0")
                    .fix("Rename (safe)"),
            rule(6, "non-monotonic-timestamp", ERROR, c -> new NonMonotonicTimestamp(c.threads()))
                    .finds("A `B`/`E` earlier than the previous `B`/`E` on its thread")
                    .phases("`B`, `E`")
                    .viewers("`E` before its `B`: FATAL \"Slice X end time is before its start.\"",
                            "sorts by `ts`; pairing may differ",
                            "pairs in file order"),
            rule(7, "sf-and-stack", ERROR, plain(SfAndStack::new))
                    .finds("An event with both `sf` and `stack` (or `esf` and `estack`)")
                    .phases("any event with a stack")
                    .viewers("warning `stack_frame_and_stack_error`; no frame attached",
                            "fields ignored",
                            "fields ignored")
                    .fix("Remove one (unsafe)"),
            rule(8, "missing-id", ERROR, plain(MissingId::new))
                    .finds("An async, object or flow event with neither `id` nor `id2`")
                    .phases("`b` `n` `e` `S` `T` `p` `F` `N` `O` `D` `s` `t` `f`")
                    .viewers("warning (`async_slice_parse_error` / `object_parse_error` / `flow_slice_parse_error`)",
                            "async dropped (`json_parser_failure`), flows `flow_invalid_id`; N/O/D ignored anyway",
                            "async skipped; flows merge"),
            rule(9, "unknown-cname", ERROR, plain(UnknownCname::new))
                    .finds("A `cname` outside the 34 reserved colours (catapult aborts the import)")
                    .phases("any")
                    .viewers("FATAL \"Unrecognized color\" (warning for `N`/`O`/`D`)",
                            "ignored",
                            "ignored")
                    .fix("Nearest name (safe); remove (unsafe)"),
            rule(10, "unknown-phase", ERROR, plain(UnknownPhase::new))
                    .finds("A `ph` that is not a phase of the spec")
                    .phases("any")
                    .viewers("warning `parse_error` \"Unrecognized event phase\"; event dropped",
                            "uses only the first character",
                            "ignored")
                    .fix("The intended phase, when unambiguous (safe)"),
            rule(15, "deprecated-phase", HINT, plain(DeprecatedPhase::new))
                    .finds("A legacy async (`S`/`T`/`p`/`F`) or sample (`P`) phase")
                    .phases("S, T, p, F, P")
                    .viewers("reads them (legacy async keyed by name)",
                            "drops S, p, F; reads T as thread state",
                            "no generic drawing")
                    .fix("The nestable phase (unsafe)"),
            rule(12, TraceSchema.INVALID_TYPE, ERROR, c -> new InvalidType(c.schema()))
                    .finds("A value of the wrong JSON type per the trace JSON Schema (`\"ts\": \"123\"`, a boolean `pid`)")
                    .phases("any")
                    .viewers("coerced by JavaScript (`ts + dur` of strings concatenates)",
                            "numeric strings accepted; other bad numbers stop the import at that event (`json_tokenizer_failure`)",
                            "not validated")
                    .fix("The number for a numeric string (safe)"),
            rule(13, TraceSchema.MISSING_FIELD, ERROR, c -> new MissingField(c.schema()))
                    .finds("A field the phase requires (`ph`, `ts`, `dur` on `X`, `name` on async/flow/object/metadata, `args.name` on `thread_name`...)")
                    .phases("per phase")
                    .viewers("`X` without `dur` auto-closed; async/flow without name: warning, dropped",
                            "`X` without `dur` dropped (`json_parser_failure`)",
                            "`{}`: TypeError, load fails; `X` without `dur`: zero length"),
            rule(14, TraceSchema.INVALID_VALUE, ERROR, c -> new InvalidValue(c.schema()))
                    .finds("A value outside the allowed set: `s` not g/p/t, `bp` not \"e\", `id2` without exactly one of local/global, `displayTimeUnit` not ms/ns")
                    .phases("`i` `f`, `id2`, `displayTimeUnit`")
                    .viewers("bad `bp`: warning, flow dropped; bad `id2`: FATAL",
                            "other `bp`/`s` read as the default",
                            "ignored")
                    .fix("The value in the right case (safe)"),
            reported(11, INVALID_CONFIG, ERROR)
                    .finds("A mistake in `tracelint.json`: an unknown rule id, severity or setting, or malformed JSON")
                    .phases("— (`tracelint.json`)")
                    .viewers("n/a",
                            "n/a",
                            "n/a"),
            rule(16, "overlapping-slices", ERROR, plain(OverlappingSlices::new))
                    .finds("A slice that starts inside another on its (pid, tid) and ends after it (cannot nest)")
                    .phases("`X`, `B`/`E`")
                    .viewers("no warning; drawn as a sibling",
                            "later slice dropped (`slice_drop_overlapping_complete_event`)",
                            "child dropped from the tree"),
            rule(17, "negative-duration", ERROR, plain(NegativeDuration::new))
                    .finds("An `X` with a negative `dur`")
                    .phases("`X`")
                    .viewers("slice with negative length",
                            "dropped (`slice_negative_duration`)",
                            "no check"),
            rule(58, "negative-thread-duration", WARNING, plain(NegativeThreadDuration::new))
                    .finds("An `X` with a negative `tdur`")
                    .phases("`X`")
                    .viewers("stored as the slice's thread time",
                            "stored as the slice's thread_dur",
                            "not checked"),
            rule(18, "unmatched-async-begin", INFORMATION, plain(UnmatchedAsyncBegin::new))
                    .finds("A `b` that no `e` of the same cat, scoped id and name closes")
                    .phases("`b`")
                    .viewers("warning `async_slice_parse_error`; ends at the key's last event",
                            "stays open (dur −1)",
                            "dropped"),
            rule(19, "unmatched-async-end", INFORMATION, plain(UnmatchedAsyncEnd::new))
                    .finds("An `e` with no open `b` of the same cat, scoped id and name")
                    .phases("`e`")
                    .viewers("warning; starts at the key's first event",
                            "ignored",
                            "dropped"),
            rule(20, "async-instant-outside-slice", INFORMATION, plain(AsyncInstantOutsideSlice::new))
                    .finds("An `n` while no `b` of its cat and scoped id is open")
                    .phases("`n`")
                    .viewers("drawn as a lone instant",
                            "drawn on the async track",
                            "dropped"),
            rule(21, "id-and-id2", ERROR, plain(IdAndId2::new))
                    .finds("Both `id` and `id2` on one async event")
                    .phases("`b` `n` `e` `S` `T` `p` `F`")
                    .viewers("FATAL \"Event has both id and id2\"",
                            "`id` wins",
                            "`id` wins")
                    .fix("Remove `id2` (safe); remove `id` (unsafe)"),
            rule(22, "unmatched-legacy-async", INFORMATION, plain(UnmatchedLegacyAsync::new))
                    .finds("An `S` never finished, a `T`/`p`/`F` with no open `S` (key: name + id), or a second `S` while one is open")
                    .phases("`S` `T` `p` `F`")
                    .viewers("warnings (\"was unmatched\", \"no slice named X was open\", \"already open\")",
                            "S/p/F dropped anyway",
                            "not drawn"),
            rule(23, "mixed-async-steps", WARNING, plain(MixedAsyncSteps::new))
                    .finds("`T` and `p` steps in one legacy async slice")
                    .phases("`T` `p`")
                    .viewers("warning; slice dropped",
                            "dropped anyway",
                            "not drawn"),
            rule(24, "flow-without-start", INFORMATION, plain(FlowWithoutStart::new))
                    .finds("A `t`/`f` with no open `s` of the same id (with its JSON type), cat and name")
                    .phases("`t` `f`")
                    .viewers("warning `flow_slice_ordering_error`",
                            "`flow_step_without_start` / `flow_end_without_start`",
                            "ignored"),
            rule(25, "flow-without-end", INFORMATION, plain(FlowWithoutEnd::new))
                    .finds("An `s` never ended by an `f`")
                    .phases("`s`")
                    .viewers("no arrow",
                            "no arrow",
                            "flow dropped if < 2 bound events"),
            rule(26, "duplicate-flow-start", INFORMATION, plain(DuplicateFlowStart::new))
                    .finds("A second `s` for a flow still open")
                    .phases("`s`")
                    .viewers("warning \"already seen\"",
                            "dropped (`flow_duplicate_id`)",
                            "merged"),
            rule(27, "unbound-flow", INFORMATION, plain(UnboundFlow::new))
                    .finds("A flow event with no enclosing slice (`s`/`t`/`f` with `bp:\"e\"`) or no next slice (`f`)")
                    .phases("`s` `t` `f`")
                    .viewers("warning `flow_slice_start_error`/`end_error`",
                            "`flow_no_enclosing_slice`",
                            "needs a slice at equal ts"),
            rule(28, "flow-v2-binding", INFORMATION, plain(FlowV2Binding::new))
                    .finds("A `bind_id` without `flow_in`/`flow_out`, a consumer without producer, or a second producer")
                    .phases("`X` `B` `b` `n` with `bind_id`")
                    .viewers("warnings",
                            "`flow_without_direction`",
                            "ignored"),
            rule(29, "instant-stack-not-thread", INFORMATION, plain(InstantStackNotThread::new))
                    .finds("`sf`/`stack` on an instant with `s` \"p\" or \"g\", where no viewer shows it")
                    .phases("`i` `I` `R`")
                    .viewers("ignored",
                            "ignored",
                            "ignored")
                    .fix("Remove the stack (safe)"),
            rule(30, "negative-timestamp", ERROR, plain(NegativeTimestamp::new))
                    .finds("An event with a negative `ts`")
                    .phases("any but `M`")
                    .viewers("drawn",
                            "dropped (`trace_sorter_negative_timestamp_dropped`)",
                            "drawn"),
            rule(31, "timestamp-outlier", INFORMATION, c -> new TimestampOutlier(c.threads()))
                    .finds("A thread reaching > 1000× the typical span outside the other threads' range (ns as µs?)")
                    .phases("any but `M`")
                    .viewers("drawn far away",
                            "drawn far away",
                            "drawn far away"),
            rule(32, "object-not-created", INFORMATION, plain(ObjectNotCreated::new))
                    .finds("An `O`/`D` for an id with no live instance (no `N`)")
                    .phases("`O` `D`")
                    .viewers("implicit instance, silent",
                            "ignored",
                            "ignored"),
            rule(56, "object-instance-args", INFORMATION, plain(ObjectInstanceArgs::new))
                    .finds("An `N` or `D` with `args` (instance events have none; state goes in `O`)")
                    .phases("`N` `D`")
                    .viewers("args not read",
                            "ignored",
                            "ignored")
                    .fix("Remove `args` (unsafe)"),
            rule(34, "object-already-alive", WARNING, plain(ObjectAlreadyAlive::new))
                    .finds("An `N` for an id whose instance is still alive")
                    .phases("`N`")
                    .viewers("warning `object_parse_error`, N not applied",
                            "ignored",
                            "ignored"),
            rule(33, "object-deleted-before-created", WARNING, plain(ObjectDeletedBeforeCreated::new))
                    .finds("A `D` with a `ts` before its `N`")
                    .phases("`D` (and its `N`)")
                    .viewers("warning `object_parse_error`; instance not ended",
                            "ignored",
                            "ignored"),
            rule(35, "snapshot-base-type-mismatch", WARNING, plain(SnapshotBaseTypeMismatch::new))
                    .finds("An `O` named unlike its `N` without a matching `args.snapshot.base_type`")
                    .phases("`O`")
                    .viewers("warning, snapshot dropped",
                            "ignored",
                            "ignored"),
            rule(36, "dangling-id-ref", INFORMATION, plain(DanglingIdRef::new))
                    .finds("An `args.x.id_ref` naming no object alive at the event")
                    .phases("any with `args` (not `N`/`O`/`D`)")
                    .viewers("left unresolved, silent",
                            "not read",
                            "not read"),
            rule(37, "counter-without-args", ERROR, plain(CounterWithoutArgs::new))
                    .finds("A `C` with no or empty `args`")
                    .phases("`C`")
                    .viewers("warning `counter_parse_error`",
                            "dropped (`json_parser_failure`)",
                            "not drawn"),
            rule(38, "counter-non-numeric", WARNING, plain(CounterNonNumeric::new))
                    .finds("A counter series value that is not a number or a numeric string")
                    .phases("`C`")
                    .viewers("not converted (falsy → 0)",
                            "value dropped (`json_parser_failure`)",
                            "not drawn"),
            rule(39, "counter-series-changed", INFORMATION, plain(CounterSeriesChanged::new))
                    .finds("A series that appears or disappears between samples of a counter")
                    .phases("`C`")
                    .viewers("new series ignored, missing reads 0",
                            "per-series tracks",
                            "not drawn"),
            rule(40, "unknown-metadata-name", INFORMATION, plain(UnknownMetadataName::new))
                    .finds("An `M` name no viewer knows")
                    .phases("`M`")
                    .viewers("warning \"Unrecognized metadata name\"",
                            "ignored",
                            "ignored"),
            rule(52, "misspelled-metadata-name", WARNING, plain(MisspelledMetadataName::new))
                    .finds("An `M` name that is a near miss of a known one (`thread_nam`)")
                    .phases("`M`")
                    .viewers("warning; name/order not applied",
                            "ignored",
                            "ignored")
                    .fix("Replace with the known name (safe)"),
            rule(41, "conflicting-thread-name", INFORMATION, plain(ConflictingThreadName::new))
                    .finds("One thread named twice, differently")
                    .phases("`M` `thread_name`")
                    .viewers("last wins, silent",
                            "last wins, silent",
                            "last wins"),
            rule(57, "clock-sync-issued-after-recorded", INFORMATION, plain(ClockSyncIssuedAfterRecorded::new))
                    .finds("A `c` whose `args.issue_ts` is later than its `ts`")
                    .phases("`c`")
                    .viewers("sync span of negative length; clocks shifted",
                            "not used",
                            "not used"),
            rule(42, "clock-sync-name", INFORMATION, plain(ClockSyncName::new))
                    .finds("A `c` not named `clock_sync`")
                    .phases("`c`")
                    .viewers("not checked",
                            "dropped",
                            "not used")
                    .fix("Rename to `clock_sync` (safe)"),
            rule(43, "memory-dump-missing-id", ERROR, plain(MemoryDumpMissingId::new))
                    .finds("A `V`/`v` without a dump id")
                    .phases("`V` `v`")
                    .viewers("`v`: warning, dump dropped",
                            "dropped",
                            "not used"),
            rule(44, "memory-dump-without-global", INFORMATION, plain(MemoryDumpWithoutGlobal::new))
                    .finds("A `v` whose dump id has no `V`")
                    .phases("`v`")
                    .viewers("`V` not read anyway",
                            "dropped",
                            "not used"),
            rule(45, "unbalanced-context", INFORMATION, plain(UnbalancedContext::new))
                    .finds("A `(` or `)` unbalanced on its thread")
                    .phases("`(` `)`")
                    .viewers("events mis-attributed",
                            "dropped",
                            "not used"),
            rule(46, "unknown-stack-frame", WARNING, plain(UnknownStackFrame::new))
                    .finds("An `sf`/`esf` naming no top-level frame")
                    .phases("any with `sf`/`esf`")
                    .viewers("warning \"No frame for\"; no stack",
                            "ignored",
                            "ignored"),
            rule(47, "unknown-parent-frame", WARNING, plain(UnknownParentFrame::new))
                    .finds("A frame whose `parent` is not in its dictionary")
                    .phases("`stackFrames`, `M` `stackFrames`")
                    .viewers("warning \"Missing parent frame\"",
                            "ignored",
                            "ignored"),
            rule(48, "stack-frame-cycle", ERROR, plain(StackFrameCycle::new))
                    .finds("A frame whose parent chain loops")
                    .phases("`stackFrames`, `M` `stackFrames`")
                    .viewers("not detected: stack walk never ends",
                            "ignored",
                            "ignored"),
            rule(49, "duplicate-stack-frame", ERROR, plain(DuplicateStackFrame::new))
                    .finds("A frame id defined twice across a process's `M` `stackFrames`")
                    .phases("`M` `stackFrames`")
                    .viewers("FATAL \"Stack frame already exists\"",
                            "ignored",
                            "ignored"),
            rule(54, "invalid-stack-frame", ERROR, plain(InvalidStackFrame::new))
                    .finds("A frame of `stackFrames` that is not an object or has no `name`")
                    .phases("`stackFrames`, `M` `stackFrames`")
                    .viewers("not an object, or neither `name` nor `category`: FATAL (TypeError hashing its colour); no `name`: no title",
                            "ignored",
                            "ignored"),
            rule(50, "sample-missing-field", ERROR, plain(SampleMissingField::new))
                    .finds("A sample without `sf`/`tid`/`ts`/`name`")
                    .phases("`samples`")
                    .viewers("no `sf`: FATAL; no `tid`: warning, dropped",
                            "ignored",
                            "ignored"),
            rule(55, "invalid-sample", WARNING, plain(InvalidSample::new))
                    .finds("A sample whose `tid`, `cpu` or `weight` has the wrong type")
                    .phases("`samples`")
                    .viewers("bad `tid`: no thread, dropped; bad `cpu`: a CPU named after it; `weight` unread",
                            "ignored",
                            "ignored"),
            rule(51, "sample-unknown-frame", ERROR, plain(SampleUnknownFrame::new))
                    .finds("A sample whose `sf` is not in `stackFrames`")
                    .phases("`samples`")
                    .viewers("FATAL (TypeError in `new Sample`)",
                            "ignored",
                            "ignored"),
            reported(53, MalformedUtf8.RULE_ID, WARNING)
                    .finds("Bytes that are not UTF-8, at each run of them (the first 100 runs, then a count); viewers show U+FFFD")
                    .phases("— (whole file)")
                    .viewers("decoded to U+FFFD silently (`readAsText`, `TextDecoder`)",
                            "bytes kept as they are (names compare as bytes); the UI shows U+FFFD",
                            "decoded to U+FFFD silently (`TextDecoder`)"));

    /** In the order of the docs. */
    private static final List<Registered> REGISTERED = ENTRIES.stream().map(Entry::done).toList();
    /** By SARIF index. */
    private static final List<Registered> BY_INDEX = byIndex(REGISTERED);
    /** By id, in SARIF index order. */
    private static final Map<String, RuleInfo> INFOS = new LinkedHashMap<>();
    private static final List<RuleInfo> LISTED = REGISTERED.stream().map(Registered::info).toList();

    static {
        for (Registered r : BY_INDEX) {
            if (INFOS.put(r.info.id(), r.info) != null) {
                throw new IllegalStateException("rule id " + r.info.id() + " is registered twice");
            }
        }
    }

    private Rules() {
    }

    /** Every rule by id, in SARIF index order. */
    public static Map<String, RuleInfo> infos() {
        return Collections.unmodifiableMap(INFOS);
    }

    /** The rule with this id, or null. */
    public static RuleInfo info(String id) {
        return INFOS.get(id);
    }

    /** Every rule in the order the docs list them. */
    public static List<RuleInfo> listed() {
        return LISTED;
    }

    /** A rule instance with what describes it. */
    public record Instance(RuleInfo info, Rule rule) {
    }

    /**
     * Fresh instances of every rule that checks events (rules keep per-document state), for a
     * document whose threads the trace model numbers in {@code threads}. In SARIF index order.
     */
    public static List<Instance> create(Threads threads) {
        RuleContext context = new RuleContext(threads, new SchemaChecks());
        List<Instance> out = new ArrayList<>();
        for (Registered r : BY_INDEX) {
            if (r.make != null) {
                out.add(new Instance(r.info, r.make.apply(context)));
            }
        }
        return out;
    }

    private static List<Registered> byIndex(List<Registered> registered) {
        List<Registered> sorted = registered.stream().sorted(Comparator.comparingInt(r -> r.info.index())).toList();
        for (int i = 0; i < sorted.size(); i++) {
            RuleInfo info = sorted.get(i).info;
            if (info.index() != i) {
                throw new IllegalStateException("rule indexes must be 0 to " + (sorted.size() - 1) + ", each once: "
                        + info.id() + " has " + info.index()
                        + " (a new rule takes the next free index; an existing rule's never changes)");
            }
        }
        return sorted;
    }

    /** A rule that checks events, made for each document by {@code make}. */
    private static Entry rule(int index, String id, Severity defaultSeverity, Function<RuleContext, Rule> make) {
        return new Entry(index, id, defaultSeverity, make);
    }

    /** A rule whose findings are made elsewhere (the reader, the config loader): metadata only. */
    private static Entry reported(int index, String id, Severity defaultSeverity) {
        return new Entry(index, id, defaultSeverity, null);
    }

    /** A rule made without anything of the document's (most rules). */
    private static Function<RuleContext, Rule> plain(Supplier<Rule> make) {
        return context -> make.get();
    }

    /** A registered rule: its description and how to make it (null for {@link #reported} ones). */
    private record Registered(RuleInfo info, Function<RuleContext, Rule> make) {
    }

    /** An entry as written above: {@link #finds}, {@link #phases} and {@link #viewers} are required, {@link #fix} is not. */
    private static final class Entry {
        private final int index;
        private final String id;
        private final Severity severity;
        private final Function<RuleContext, Rule> make;
        private String summary;
        private String phases;
        private RuleInfo.Viewers viewers;
        private String fix;

        Entry(int index, String id, Severity severity, Function<RuleContext, Rule> make) {
            this.index = index;
            this.id = id;
            this.severity = severity;
            this.make = make;
        }

        Entry finds(String markdown) {
            summary = markdown;
            return this;
        }

        Entry phases(String markdown) {
            phases = markdown;
            return this;
        }

        Entry viewers(String catapult, String perfetto, String devtools) {
            viewers = new RuleInfo.Viewers(catapult, perfetto, devtools);
            return this;
        }

        Entry fix(String markdown) {
            fix = markdown;
            return this;
        }

        Registered done() {
            Objects.requireNonNull(summary, id + ": finds(...) is missing");
            Objects.requireNonNull(phases, id + ": phases(...) is missing");
            Objects.requireNonNull(viewers, id + ": viewers(...) is missing");
            return new Registered(new RuleInfo(index, id, severity, summary, phases, viewers, fix), make);
        }
    }
}

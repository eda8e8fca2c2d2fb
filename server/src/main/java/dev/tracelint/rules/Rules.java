package dev.tracelint.rules;

import static dev.tracelint.model.Severity.ERROR;
import static dev.tracelint.model.Severity.HINT;
import static dev.tracelint.model.Severity.INFORMATION;

import dev.tracelint.model.Severity;
import dev.tracelint.read.MalformedUtf8;
import dev.tracelint.read.TraceReader;
import dev.tracelint.rules.async.AsyncChildOutlivesParent;
import dev.tracelint.rules.async.AsyncEndBeforeBegin;
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
import dev.tracelint.rules.flow.FlowStepBeforeStart;
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
import dev.tracelint.rules.misc.DuplicateGlobalDump;
import dev.tracelint.rules.misc.MemoryDumpMissingId;
import dev.tracelint.rules.misc.MemoryDumpWithoutGlobal;
import dev.tracelint.rules.misc.TimeOrderLimited;
import dev.tracelint.rules.misc.UnbalancedContext;
import dev.tracelint.rules.object.DanglingIdRef;
import dev.tracelint.rules.object.ObjectAlreadyAlive;
import dev.tracelint.rules.object.ObjectDeletedBeforeCreated;
import dev.tracelint.rules.object.ObjectIdentityMismatch;
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
import dev.tracelint.rules.viewers.ChromeEventWithoutData;
import dev.tracelint.rules.viewers.EventWithoutCategory;
import dev.tracelint.rules.viewers.EventWithoutName;
import dev.tracelint.rules.viewers.IdBeyondDoublePrecision;
import dev.tracelint.rules.viewers.NoSlices;
import dev.tracelint.rules.viewers.ThreadIdNotNumber;
import dev.tracelint.rules.schema.SchemaChecks;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.trace.Threads;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.ViewerModel;
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
 * metadata. What viewers do with what a rule finds, and so its severity, is not written here but
 * in the viewer model ({@link ViewerModel}); an entry declares a severity only for a hint (an
 * editor nudge, whatever the viewers do) or a rule no viewer is concerned with (invalid-config).
 */
public final class Rules {
    /** The rule of the problems in tracelint.json, which the config loader reports. */
    public static final String INVALID_CONFIG = "invalid-config";

    private static final List<Entry> ENTRIES = List.of(
            reported(0, TraceReader.JSON_SYNTAX)
                    .finds("Malformed JSON (a trailing comma before `]`/`}` too), at the offending character; reading resumes at the next event")
                    .phases("any")
                    .fix("Remove a trailing comma; double a backslash that starts no escape; `NaN`/`Infinity` in `args` to `null` (safe)"),
            reported(1, TraceReader.UNTERMINATED_ARRAY)
                    .finds("An array trace without its closing `]` (the spec allows it, strict JSON tools reject it)")
                    .phases("— (whole file)")
                    .fix("Close the array (safe)"),
            rule(2, "duplicate-key", plain(DuplicateKey::new))
                    .finds("The same key twice in one event (the last value wins)")
                    .phases("any")
                    .fix("Remove the earlier one (safe)"),
            rule(3, "unmatched-begin", plain(UnmatchedBegin::new))
                    .finds("A `B` that no later `E` closes on its thread")
                    .phases("`B`")
                    .fix("Insert an `E`; convert to `X` (unsafe)"),
            rule(4, "unmatched-end", plain(UnmatchedEnd::new))
                    .finds("An `E` with no open `B` on its thread")
                    .phases("`E`")
                    .fix("Delete it (unsafe)"),
            rule(5, "end-name-mismatch", plain(EndNameMismatch::new))
                    .finds("An `E` named differently from the `B` it closes")
                    .phases("`E` (and its `B`)")
                    .fix("Rename (safe)"),
            rule(6, "non-monotonic-timestamp", c -> new NonMonotonicTimestamp(c.threads()))
                    .finds("A `B`/`E` earlier than the previous `B`/`E` on its thread")
                    .phases("`B`, `E`"),
            rule(7, "sf-and-stack", plain(SfAndStack::new))
                    .finds("An event with both `sf` and `stack` (or `esf` and `estack`)")
                    .phases("any event with a stack")
                    .fix("Remove one (unsafe)"),
            rule(8, "missing-id", plain(MissingId::new))
                    .finds("An async, object or flow event with neither `id` nor `id2`")
                    .phases("`b` `n` `e` `S` `T` `p` `F` `N` `O` `D` `s` `t` `f`"),
            rule(9, "unknown-cname", plain(UnknownCname::new))
                    .finds("A `cname` outside the 34 reserved colours (catapult aborts the import)")
                    .phases("any")
                    .fix("Nearest name (safe); remove (unsafe)"),
            rule(10, "unknown-phase", plain(UnknownPhase::new))
                    .finds("A `ph` that is not a phase of the spec")
                    .phases("any")
                    .fix("The intended phase, when unambiguous (safe)"),
            rule(15, "deprecated-phase", HINT, plain(DeprecatedPhase::new))
                    .finds("A legacy async (`S`/`T`/`p`/`F`) or sample (`P`) phase")
                    .phases("S, T, p, F, P")
                    .fix("The nestable phase (unsafe)"),
            rule(12, TraceSchema.INVALID_TYPE, c -> new InvalidType(c.schema()))
                    .finds("A value of the wrong JSON type per the trace JSON Schema (`\"ts\": \"123\"`, a boolean `pid`)")
                    .phases("any")
                    .fix("The number for a numeric string (safe)"),
            rule(13, TraceSchema.MISSING_FIELD, c -> new MissingField(c.schema()))
                    .finds("A field the phase requires (`ph`, `ts`, `dur` on `X`, `name` on async/flow/object/metadata, `args.name` on `thread_name`...)")
                    .phases("per phase"),
            rule(14, TraceSchema.INVALID_VALUE, c -> new InvalidValue(c.schema()))
                    .finds("A value outside the allowed set: `s` not g/p/t, `bp` not \"e\", `id2` without exactly one of local/global, `displayTimeUnit` not ms/ns")
                    .phases("`i` `f`, `id2`, `displayTimeUnit`")
                    .fix("The value in the right case (safe)"),
            reported(11, INVALID_CONFIG, ERROR)
                    .finds("A mistake in `tracelint.json`: an unknown rule id, severity or setting, or malformed JSON")
                    .phases("— (`tracelint.json`)"),
            rule(16, "overlapping-slices", c -> new OverlappingSlices(c.threads()))
                    .finds("A slice that starts inside another on its (pid, tid) and ends after it (cannot nest)")
                    .phases("`X`, `B`/`E`"),
            rule(17, "negative-duration", plain(NegativeDuration::new))
                    .finds("An `X` with a negative `dur`")
                    .phases("`X`"),
            rule(58, "negative-thread-duration", plain(NegativeThreadDuration::new))
                    .finds("An `X` with a negative `tdur`, or an `E` whose `tts` is earlier than its `B`'s")
                    .phases("`X`, `B`/`E`"),
            rule(18, "unmatched-async-begin", plain(UnmatchedAsyncBegin::new))
                    .finds("A `b` that no `e` of the same cat, scoped id and name closes")
                    .phases("`b`"),
            rule(19, "unmatched-async-end", plain(UnmatchedAsyncEnd::new))
                    .finds("An `e` with no open `b` of the same cat, scoped id and name")
                    .phases("`e`"),
            rule(20, "async-instant-outside-slice", plain(AsyncInstantOutsideSlice::new))
                    .finds("An `n` at a time when no `b` of its cat and scoped id is open (in time order, wherever it sits in the file)")
                    .phases("`n`"),
            rule(60, "async-end-before-begin", plain(AsyncEndBeforeBegin::new))
                    .finds("An `e` earlier in time than the `b` it was written for, wherever the two sit in the file")
                    .phases("`e` (and its `b`)"),
            rule(61, "async-child-outlives-parent", plain(AsyncChildOutlivesParent::new))
                    .finds("A `b` still open when an enclosing `b` of its tree ends, judged in time order")
                    .phases("`b` (and the enclosing `b`/`e`)"),
            rule(21, "id-and-id2", plain(IdAndId2::new))
                    .finds("Both `id` and `id2` on one async event")
                    .phases("`b` `n` `e` `S` `T` `p` `F`")
                    .fix("Remove `id2` (safe); remove `id` (unsafe)"),
            rule(22, "unmatched-legacy-async", plain(UnmatchedLegacyAsync::new))
                    .finds("An `S` never finished, a `T`/`p`/`F` with no open `S` (key: name + id), or a second `S` while one is open")
                    .phases("`S` `T` `p` `F`"),
            rule(23, "mixed-async-steps", plain(MixedAsyncSteps::new))
                    .finds("`T` and `p` steps in one legacy async slice")
                    .phases("`T` `p`"),
            rule(24, "flow-without-start", plain(FlowWithoutStart::new))
                    .finds("A `t`/`f` with no open `s` of the same id (with its JSON type), cat and name")
                    .phases("`t` `f`"),
            rule(62, "flow-step-before-start", plain(FlowStepBeforeStart::new))
                    .finds("A `t`/`f` earlier in time than the `s` of its flow, wherever the two sit in the file")
                    .phases("`t` `f` (and its `s`)"),
            rule(25, "flow-without-end", plain(FlowWithoutEnd::new))
                    .finds("An `s` never ended by an `f`")
                    .phases("`s`"),
            rule(26, "duplicate-flow-start", plain(DuplicateFlowStart::new))
                    .finds("A second `s` for a flow still open")
                    .phases("`s`"),
            rule(27, "unbound-flow", plain(UnboundFlow::new))
                    .finds("A flow event with no enclosing slice (`s`/`t`/`f` with `bp:\"e\"`) or no next slice (`f`)")
                    .phases("`s` `t` `f`"),
            rule(28, "flow-v2-binding", plain(FlowV2Binding::new))
                    .finds("A `bind_id` without `flow_in`/`flow_out`, a consumer without producer, a second producer, or a"
                            + " `bind_id` on an event no flow is drawn from (`E`, an instant...; catapult: only `X`) or a string"
                            + " one that is no hex number (Perfetto)")
                    .phases("any event with `bind_id`"),
            rule(29, "instant-stack-not-thread", plain(InstantStackNotThread::new))
                    .finds("`sf`/`stack` on an instant with `s` \"p\" or \"g\", where no viewer shows it")
                    .phases("`i` `I` `R`")
                    .fix("Remove the stack (safe)"),
            rule(30, "negative-timestamp", plain(NegativeTimestamp::new))
                    .finds("An event with a negative `ts`")
                    .phases("any but `M`"),
            rule(31, "timestamp-outlier", c -> new TimestampOutlier(c.threads()))
                    .finds("A thread reaching > 1000× the typical span outside the range of most events (ns as µs?)")
                    .phases("any but `M`"),
            rule(32, "object-not-created", plain(ObjectNotCreated::new))
                    .finds("An `O`/`D` for an id with no live instance (no `N`)")
                    .phases("`O` `D`"),
            rule(56, "object-instance-args", plain(ObjectInstanceArgs::new))
                    .finds("An `N` or `D` with `args` (instance events have none; state goes in `O`)")
                    .phases("`N` `D`")
                    .fix("Remove `args` (unsafe)"),
            rule(34, "object-already-alive", plain(ObjectAlreadyAlive::new))
                    .finds("An `N` for an id whose instance is still alive")
                    .phases("`N`"),
            rule(33, "object-deleted-before-created", plain(ObjectDeletedBeforeCreated::new))
                    .finds("A `D` with a `ts` before its `N`")
                    .phases("`D` (and its `N`)"),
            rule(35, "snapshot-base-type-mismatch", plain(SnapshotBaseTypeMismatch::new))
                    .finds("An `O` named unlike its `N` without a matching `args.snapshot.base_type`")
                    .phases("`O`"),
            rule(64, "object-identity-mismatch", plain(ObjectIdentityMismatch::new))
                    .finds("An `O` or `D` whose category, or a `D` whose name, differs from its `N`'s (an `O`'s `args.snapshot.cat` counts as its category)")
                    .phases("`O` `D` (and their `N`)"),
            rule(36, "dangling-id-ref", plain(DanglingIdRef::new))
                    .finds("An `args.x.id_ref` naming no object alive at the event")
                    .phases("any with `args` (not `N`/`O`/`D`)"),
            rule(37, "counter-without-args", plain(CounterWithoutArgs::new))
                    .finds("A `C` with no or empty `args`")
                    .phases("`C`"),
            rule(38, "counter-non-numeric", plain(CounterNonNumeric::new))
                    .finds("A counter series value that is not a number or a numeric string")
                    .phases("`C`"),
            rule(39, "counter-series-changed", plain(CounterSeriesChanged::new))
                    .finds("A series that appears or disappears between samples of a counter")
                    .phases("`C`"),
            rule(40, "unknown-metadata-name", plain(UnknownMetadataName::new))
                    .finds("An `M` name no viewer knows")
                    .phases("`M`"),
            rule(52, "misspelled-metadata-name", plain(MisspelledMetadataName::new))
                    .finds("An `M` name that is a near miss of a known one (`thread_nam`)")
                    .phases("`M`")
                    .fix("Replace with the known name (safe)"),
            rule(41, "conflicting-thread-name", plain(ConflictingThreadName::new))
                    .finds("One thread named twice, differently")
                    .phases("`M` `thread_name`"),
            rule(57, "clock-sync-issued-after-recorded", plain(ClockSyncIssuedAfterRecorded::new))
                    .finds("A `c` whose `args.issue_ts` is later than its `ts`")
                    .phases("`c`"),
            rule(42, "clock-sync-name", plain(ClockSyncName::new))
                    .finds("A `c` not named `clock_sync`")
                    .phases("`c`")
                    .fix("Rename to `clock_sync` (safe)"),
            rule(43, "memory-dump-missing-id", plain(MemoryDumpMissingId::new))
                    .finds("A `V`/`v` without a dump id")
                    .phases("`V` `v`"),
            rule(44, "memory-dump-without-global", plain(MemoryDumpWithoutGlobal::new))
                    .finds("A `v` whose dump id has no `V`, in a file with `V`s of other ids")
                    .phases("`v`"),
            rule(59, "duplicate-global-dump", plain(DuplicateGlobalDump::new))
                    .finds("A second `V` with one dump id")
                    .phases("`V`"),
            rule(45, "unbalanced-context", plain(UnbalancedContext::new))
                    .finds("A `(` or `)` unbalanced on its thread")
                    .phases("`(` `)`"),
            rule(46, "unknown-stack-frame", plain(UnknownStackFrame::new))
                    .finds("An `sf`/`esf` naming no top-level frame")
                    .phases("any with `sf`/`esf`"),
            rule(47, "unknown-parent-frame", plain(UnknownParentFrame::new))
                    .finds("A frame whose `parent` is not in its dictionary")
                    .phases("`stackFrames`, `M` `stackFrames`"),
            rule(48, "stack-frame-cycle", plain(StackFrameCycle::new))
                    .finds("A frame whose parent chain loops")
                    .phases("`stackFrames`, `M` `stackFrames`"),
            rule(49, "duplicate-stack-frame", plain(DuplicateStackFrame::new))
                    .finds("A frame id defined twice across a process's `M` `stackFrames`")
                    .phases("`M` `stackFrames`"),
            rule(54, "invalid-stack-frame", plain(InvalidStackFrame::new))
                    .finds("A frame of `stackFrames` that is not an object or has no `name`")
                    .phases("`stackFrames`, `M` `stackFrames`"),
            rule(50, "sample-missing-field", plain(SampleMissingField::new))
                    .finds("A sample without `sf`/`tid`/`ts`/`name`")
                    .phases("`samples`"),
            rule(55, "invalid-sample", plain(InvalidSample::new))
                    .finds("A sample whose `tid`, `cpu` or `weight` has the wrong type")
                    .phases("`samples`"),
            rule(51, "sample-unknown-frame", plain(SampleUnknownFrame::new))
                    .finds("A sample whose `sf` is not in `stackFrames`")
                    .phases("`samples`"),
            rule(63, "time-order-limited", INFORMATION, plain(TimeOrderLimited::new))
                    .finds("Where tracelint could not check in time order: an event more than its bound late in the file (see README \"Performance\")")
                    .phases("any"),
            // what one viewer's importer needs beyond the spec (found by the oracle, tests/oracle)
            rule(65, "event-without-name", plain(EventWithoutName::new))
                    .finds("An event without `name` where the spec allows it (`E`, an instant, a memory dump...) and `ts` is not 0"
                            + " (DevTools' trace engine aborts)")
                    .phases("`B` `E` `X` `i` `I` `C` `P` `V` `v` `R` `(` `)` `=`"),
            rule(66, "thread-id-not-number", plain(ThreadIdNotNumber::new))
                    .finds("A `B`/`E`/`X` whose `pid` or `tid` is a non-numeric string (`\"Spans\"` in PyTorch traces), or missing"
                            + " (speedscope aborts)")
                    .phases("`B` `E` `X`"),
            rule(67, "chrome-event-without-data", plain(ChromeEventWithoutData::new))
                    .finds("`TracingStartedInBrowser` or `Paint` without `args.data`, `firstPaint`/`firstContentfulPaint`/"
                            + "`largestContentfulPaint::Candidate` without `args.data.navigationId` (DevTools aborts)")
                    .phases("any"),
            rule(68, "no-slices", plain(NoSlices::new))
                    .finds("A trace with no `B`, `E` or `X` (speedscope makes no profile: \"it's empty!\"), or no events at all;"
                            + " allowed by the spec, nothing to fix")
                    .phases("— (whole file)"),
            rule(69, "id-beyond-double-precision", plain(IdBeyondDoublePrecision::new))
                    .finds("An integer `id`, `id2`, `bind_id`, `pid` or `tid` beyond 2^53, which JavaScript viewers round; two"
                            + " that round to the same number (two threads or ids become one)")
                    .phases("any"),
            rule(70, "event-without-category", plain(EventWithoutCategory::new))
                    .finds("An event without `cat`, once per file with a count (tracerbench's trace model aborts); runs only"
                            + " where tracerbench is targeted")
                    .phases("any")
                    .onlyFor(Viewer.TRACERBENCH),
            reported(53, MalformedUtf8.RULE_ID)
                    .finds("Bytes that are not UTF-8, at each run of them (the first 100 runs, then a count); viewers show U+FFFD")
                    .phases("— (whole file)"));

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

    /** A rule that checks events, made for each document by {@code make}; its severity follows from what the viewers do. */
    private static Entry rule(int index, String id, Function<RuleContext, Rule> make) {
        return new Entry(index, id, null, make);
    }

    /**
     * A rule with a severity of its own: {@link Severity#HINT} for an editor nudge (it stays a hint,
     * whatever the viewers do), or a rule about tracelint's own limits, which no viewer has
     * (time-order-limited).
     */
    private static Entry rule(int index, String id, Severity severity, Function<RuleContext, Rule> make) {
        return new Entry(index, id, severity, make);
    }

    /** A rule whose findings are made elsewhere (the reader): metadata only; its severity follows from what the viewers do. */
    private static Entry reported(int index, String id) {
        return new Entry(index, id, null, null);
    }

    /** As {@link #reported(int, String)}, for a rule no viewer reads (the config loader's): its severity is this. */
    private static Entry reported(int index, String id, Severity severity) {
        return new Entry(index, id, severity, null);
    }

    /** A rule made without anything of the document's (most rules). */
    private static Function<RuleContext, Rule> plain(Supplier<Rule> make) {
        return context -> make.get();
    }

    /** A registered rule: its description and how to make it (null for {@link #reported} ones). */
    private record Registered(RuleInfo info, Function<RuleContext, Rule> make) {
    }

    /** An entry as written above: {@link #finds} and {@link #phases} are required, {@link #fix} is not. */
    private static final class Entry {
        private final int index;
        private final String id;
        private final Severity severity;
        private final Function<RuleContext, Rule> make;
        private String summary;
        private String phases;
        private String fix;
        private Viewer onlyFor;

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

        Entry fix(String markdown) {
            fix = markdown;
            return this;
        }

        /** Runs only where {@code viewer} is targeted (or the user sets its severity): a condition no default viewer has. */
        Entry onlyFor(Viewer viewer) {
            onlyFor = viewer;
            return this;
        }

        Registered done() {
            Objects.requireNonNull(summary, id + ": finds(...) is missing");
            Objects.requireNonNull(phases, id + ": phases(...) is missing");
            boolean modelled = ViewerModel.condition(id) != null;
            if (severity == null && !modelled) {
                throw new IllegalStateException(id + ": no severity and no entry in the viewer model (viewer/ViewerModel.java)");
            }
            if (severity != null && severity != HINT && modelled) {
                throw new IllegalStateException(id + ": its severity follows from the viewer model; only a hint is declared");
            }
            return new Registered(new RuleInfo(index, id, severity, summary, phases, fix, onlyFor), make);
        }
    }
}

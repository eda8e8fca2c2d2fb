package dev.tracelint.rules.registry;

import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleContext;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.async.AsyncChildOutlivesParent;
import dev.tracelint.rules.async.AsyncEndBeforeBegin;
import dev.tracelint.rules.async.AsyncInstantOutsideSlice;
import dev.tracelint.rules.async.IdAndId2;
import dev.tracelint.rules.async.MixedAsyncSteps;
import dev.tracelint.rules.async.UnmatchedAsyncBegin;
import dev.tracelint.rules.async.UnmatchedAsyncEnd;
import dev.tracelint.rules.async.UnmatchedLegacyAsync;
import dev.tracelint.rules.config.InvalidConfig;
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
import dev.tracelint.rules.object.SnapshotWithId;
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
import dev.tracelint.rules.stackframes.SampleUnknownThread;
import dev.tracelint.rules.stackframes.StackFrameCycle;
import dev.tracelint.rules.stackframes.UnknownParentFrame;
import dev.tracelint.rules.stackframes.UnknownStackFrame;
import dev.tracelint.rules.syntax.DuplicateKey;
import dev.tracelint.rules.syntax.InvalidUtf8;
import dev.tracelint.rules.syntax.JsonSyntax;
import dev.tracelint.rules.syntax.UnterminatedArray;
import dev.tracelint.rules.time.NegativeTimestamp;
import dev.tracelint.rules.time.TimestampOutlier;
import dev.tracelint.rules.viewers.ChromeEventWithoutData;
import dev.tracelint.rules.viewers.EventWithoutCategory;
import dev.tracelint.rules.viewers.EventWithoutName;
import dev.tracelint.rules.viewers.IdBeyondDoublePrecision;
import dev.tracelint.rules.viewers.MissingPidTid;
import dev.tracelint.rules.viewers.NoSlices;
import dev.tracelint.rules.viewers.ThreadIdNotNumber;
import dev.tracelint.schema.SchemaChecks;
import dev.tracelint.trace.Threads;
import dev.tracelint.viewer.ViewerModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rule registry: every rule tracelint has, as the ordered list of the rule classes'
 * declarations (each class's {@code RULE}, a {@link Declaration}), in the order the docs list them.
 * The rule table of docs/rules/README.md, the VS Code extension's settings, SARIF's
 * rules list and {@code tracelint rules} are all made from it (GeneratedRuleDocsTest keeps the
 * checked-in ones in step). To add a rule: write its class with its declaration (the next free
 * index), list it here, and write its page, docs/rules/&lt;id&gt;.md (docs/architecture.md, "Adding a rule").
 */
public final class Rules {
    private static final List<Declaration> ENTRIES = List.of(
            JsonSyntax.RULE,
            UnterminatedArray.RULE,
            DuplicateKey.RULE,
            UnmatchedBegin.RULE,
            UnmatchedEnd.RULE,
            EndNameMismatch.RULE,
            NonMonotonicTimestamp.RULE,
            SfAndStack.RULE,
            MissingId.RULE,
            UnknownCname.RULE,
            UnknownPhase.RULE,
            DeprecatedPhase.RULE,
            InvalidType.RULE,
            MissingField.RULE,
            InvalidValue.RULE,
            InvalidConfig.RULE,
            OverlappingSlices.RULE,
            NegativeDuration.RULE,
            NegativeThreadDuration.RULE,
            UnmatchedAsyncBegin.RULE,
            UnmatchedAsyncEnd.RULE,
            AsyncInstantOutsideSlice.RULE,
            AsyncEndBeforeBegin.RULE,
            AsyncChildOutlivesParent.RULE,
            IdAndId2.RULE,
            UnmatchedLegacyAsync.RULE,
            MixedAsyncSteps.RULE,
            FlowWithoutStart.RULE,
            FlowStepBeforeStart.RULE,
            FlowWithoutEnd.RULE,
            DuplicateFlowStart.RULE,
            UnboundFlow.RULE,
            FlowV2Binding.RULE,
            InstantStackNotThread.RULE,
            NegativeTimestamp.RULE,
            TimestampOutlier.RULE,
            ObjectNotCreated.RULE,
            ObjectInstanceArgs.RULE,
            ObjectAlreadyAlive.RULE,
            ObjectDeletedBeforeCreated.RULE,
            SnapshotBaseTypeMismatch.RULE,
            SnapshotWithId.RULE,
            ObjectIdentityMismatch.RULE,
            DanglingIdRef.RULE,
            CounterWithoutArgs.RULE,
            CounterNonNumeric.RULE,
            CounterSeriesChanged.RULE,
            UnknownMetadataName.RULE,
            MisspelledMetadataName.RULE,
            ConflictingThreadName.RULE,
            ClockSyncIssuedAfterRecorded.RULE,
            ClockSyncName.RULE,
            MemoryDumpMissingId.RULE,
            MemoryDumpWithoutGlobal.RULE,
            DuplicateGlobalDump.RULE,
            UnbalancedContext.RULE,
            UnknownStackFrame.RULE,
            UnknownParentFrame.RULE,
            StackFrameCycle.RULE,
            DuplicateStackFrame.RULE,
            InvalidStackFrame.RULE,
            SampleMissingField.RULE,
            InvalidSample.RULE,
            SampleUnknownFrame.RULE,
            SampleUnknownThread.RULE,
            TimeOrderLimited.RULE,
            // what one viewer's importer needs beyond the spec (found by the oracle, tests/oracle)
            EventWithoutName.RULE,
            ThreadIdNotNumber.RULE,
            MissingPidTid.RULE,
            ChromeEventWithoutData.RULE,
            NoSlices.RULE,
            IdBeyondDoublePrecision.RULE,
            EventWithoutCategory.RULE,
            InvalidUtf8.RULE);

    /** In the order of the docs. */
    private static final List<Registered> REGISTERED = ENTRIES.stream().map(d -> new Registered(d.done(), d.make())).toList();
    /** By SARIF index. */
    private static final List<Registered> BY_INDEX = byIndex(REGISTERED);
    /** By id, in SARIF index order. */
    private static final Map<String, RuleInfo> INFOS = byId(BY_INDEX);
    private static final List<RuleInfo> LISTED = REGISTERED.stream().map(Registered::info).toList();

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

    /** Every rule's declaration in the order the docs list them (the viewer model is made of their conditions). */
    public static List<Declaration> declarations() {
        return ENTRIES;
    }

    /** Every rule in the order the docs list them. */
    public static List<RuleInfo> listed() {
        return LISTED;
    }

    /** The viewer model: every rule's conditions, in the order the docs list the rules; made once, when first asked for. */
    public static ViewerModel viewerModel() {
        return Model.ALL;
    }

    /** Holds the viewer model apart so that loading the registry does not make it (the analysis reads each rule's own). */
    private static final class Model {
        static final ViewerModel ALL = new ViewerModel(LISTED.stream().flatMap(r -> r.conditions().stream()).toList());
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

    /** By id; no two rules claim one id (and so no two rules one condition id: each is its rule's id or starts with it). */
    static Map<String, RuleInfo> byId(List<Registered> registered) {
        Map<String, RuleInfo> infos = new LinkedHashMap<>();
        for (Registered r : registered) {
            if (infos.put(r.info.id(), r.info) != null) {
                throw new IllegalStateException("rule id " + r.info.id() + " is claimed by two rules");
            }
        }
        return Collections.unmodifiableMap(infos);
    }

    /** By SARIF index: the indexes are 0 to n-1, each claimed by one rule. */
    static List<Registered> byIndex(List<Registered> registered) {
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

    /** A registered rule: its description and how to make it (null for a rule whose findings are made elsewhere). */
    record Registered(RuleInfo info, Function<RuleContext, Rule> make) {
    }
}

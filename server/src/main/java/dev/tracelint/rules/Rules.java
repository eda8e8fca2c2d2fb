package dev.tracelint.rules;

import dev.tracelint.rules.config.InvalidConfig;
import dev.tracelint.rules.duration.EndNameMismatch;
import dev.tracelint.rules.duration.NonMonotonicTimestamp;
import dev.tracelint.rules.duration.UnmatchedBegin;
import dev.tracelint.rules.duration.UnmatchedEnd;
import dev.tracelint.rules.event.DeprecatedPhase;
import dev.tracelint.rules.event.UnknownCname;
import dev.tracelint.rules.event.UnknownPhase;
import dev.tracelint.rules.ids.MissingId;
import dev.tracelint.rules.schema.InvalidType;
import dev.tracelint.rules.schema.InvalidValue;
import dev.tracelint.rules.schema.MissingField;
import dev.tracelint.rules.stack.SfAndStack;
import dev.tracelint.rules.syntax.DuplicateKey;
import dev.tracelint.rules.syntax.JsonSyntax;
import dev.tracelint.rules.syntax.UnterminatedArray;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** Every rule tracelint has, by id. Add a rule here, in docs/rules/, and in its tests. */
public final class Rules {
    private static final List<Function<SharedState, Rule>> FACTORIES = List.of(
            plain(JsonSyntax::new), plain(UnterminatedArray::new), plain(DuplicateKey::new),
            UnmatchedBegin::new, UnmatchedEnd::new, EndNameMismatch::new, NonMonotonicTimestamp::new,
            plain(SfAndStack::new), plain(MissingId::new), plain(UnknownCname::new), plain(UnknownPhase::new),
            plain(InvalidConfig::new), InvalidType::new, MissingField::new, InvalidValue::new,
            plain(DeprecatedPhase::new),
            dev.tracelint.rules.slice.OverlappingSlices::new, plain(dev.tracelint.rules.slice.NegativeDuration::new),
            dev.tracelint.rules.async.UnmatchedAsyncBegin::new, dev.tracelint.rules.async.UnmatchedAsyncEnd::new,
            dev.tracelint.rules.async.AsyncInstantOutsideSlice::new, plain(dev.tracelint.rules.async.IdAndId2::new),
            dev.tracelint.rules.async.UnmatchedLegacyAsync::new, dev.tracelint.rules.async.MixedAsyncSteps::new,
            dev.tracelint.rules.flow.FlowWithoutStart::new, dev.tracelint.rules.flow.FlowWithoutEnd::new,
            dev.tracelint.rules.flow.DuplicateFlowStart::new, dev.tracelint.rules.flow.UnboundFlow::new,
            plain(dev.tracelint.rules.flow.FlowV2Binding::new), plain(dev.tracelint.rules.instant.InstantStackNotThread::new),
            plain(dev.tracelint.rules.time.NegativeTimestamp::new), dev.tracelint.rules.time.TimestampOutlier::new,
            dev.tracelint.rules.object.ObjectNotCreated::new, dev.tracelint.rules.object.ObjectDeletedBeforeCreated::new,
            dev.tracelint.rules.object.ObjectAlreadyAlive::new, dev.tracelint.rules.object.SnapshotBaseTypeMismatch::new,
            dev.tracelint.rules.object.DanglingIdRef::new, plain(dev.tracelint.rules.counter.CounterWithoutArgs::new),
            plain(dev.tracelint.rules.counter.CounterNonNumeric::new), plain(dev.tracelint.rules.counter.CounterSeriesChanged::new),
            plain(dev.tracelint.rules.metadata.UnknownMetadataName::new), plain(dev.tracelint.rules.metadata.ConflictingThreadName::new),
            plain(dev.tracelint.rules.misc.ClockSyncName::new), plain(dev.tracelint.rules.misc.MemoryDumpMissingId::new),
            plain(dev.tracelint.rules.misc.MemoryDumpWithoutGlobal::new), plain(dev.tracelint.rules.misc.UnbalancedContext::new),
            plain(dev.tracelint.rules.stackframes.UnknownStackFrame::new), plain(dev.tracelint.rules.stackframes.UnknownParentFrame::new),
            plain(dev.tracelint.rules.stackframes.StackFrameCycle::new), plain(dev.tracelint.rules.stackframes.DuplicateStackFrame::new),
            plain(dev.tracelint.rules.stackframes.SampleMissingField::new), plain(dev.tracelint.rules.stackframes.SampleUnknownFrame::new),
            plain(dev.tracelint.rules.metadata.MisspelledMetadataName::new),
            plain(dev.tracelint.rules.syntax.InvalidUtf8::new)); // append new rules at the end: SARIF ruleIndex follows this order

    private static final Map<String, RuleInfo> INFOS = new LinkedHashMap<>();

    static {
        for (Function<SharedState, Rule> f : FACTORIES) {
            RuleInfo info = f.apply(new SharedState()).info();
            INFOS.put(info.id(), info);
        }
    }

    private Rules() {
    }

    public static Map<String, RuleInfo> infos() {
        return INFOS;
    }

    public static RuleInfo info(String id) {
        return INFOS.get(id);
    }

    /**
     * Fresh instances of every rule (rules keep per-document state), sharing one {@link
     * SharedState}: what several rules derive from the events is derived once.
     */
    public static List<Rule> create() {
        SharedState shared = new SharedState();
        return FACTORIES.stream().map(f -> f.apply(shared)).toList();
    }

    /** A rule that needs no shared state. */
    private static Function<SharedState, Rule> plain(Supplier<Rule> make) {
        return shared -> make.get();
    }
}

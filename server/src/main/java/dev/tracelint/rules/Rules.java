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
import java.util.function.Supplier;

/** Every rule tracelint has, by id. Add a rule here, in docs/rules/, and in its tests. */
public final class Rules {
    private static final List<Supplier<Rule>> FACTORIES = List.of(
            JsonSyntax::new, UnterminatedArray::new, DuplicateKey::new,
            UnmatchedBegin::new, UnmatchedEnd::new, EndNameMismatch::new, NonMonotonicTimestamp::new,
            SfAndStack::new, MissingId::new, UnknownCname::new, UnknownPhase::new,
            InvalidConfig::new, InvalidType::new, MissingField::new, InvalidValue::new,
            DeprecatedPhase::new,
            dev.tracelint.rules.slice.OverlappingSlices::new, dev.tracelint.rules.slice.NegativeDuration::new,
            dev.tracelint.rules.async.UnmatchedAsyncBegin::new, dev.tracelint.rules.async.UnmatchedAsyncEnd::new,
            dev.tracelint.rules.async.AsyncInstantOutsideSlice::new, dev.tracelint.rules.async.IdAndId2::new,
            dev.tracelint.rules.async.UnmatchedLegacyAsync::new, dev.tracelint.rules.async.MixedAsyncSteps::new,
            dev.tracelint.rules.flow.FlowWithoutStart::new, dev.tracelint.rules.flow.FlowWithoutEnd::new,
            dev.tracelint.rules.flow.DuplicateFlowStart::new, dev.tracelint.rules.flow.UnboundFlow::new,
            dev.tracelint.rules.flow.FlowV2Binding::new, dev.tracelint.rules.instant.InstantStackNotThread::new,
            dev.tracelint.rules.time.NegativeTimestamp::new, dev.tracelint.rules.time.TimestampOutlier::new,
            dev.tracelint.rules.object.ObjectNotCreated::new, dev.tracelint.rules.object.ObjectDeletedBeforeCreated::new,
            dev.tracelint.rules.object.ObjectAlreadyAlive::new, dev.tracelint.rules.object.SnapshotBaseTypeMismatch::new,
            dev.tracelint.rules.object.DanglingIdRef::new, dev.tracelint.rules.counter.CounterWithoutArgs::new,
            dev.tracelint.rules.counter.CounterNonNumeric::new, dev.tracelint.rules.counter.CounterSeriesChanged::new,
            dev.tracelint.rules.metadata.UnknownMetadataName::new, dev.tracelint.rules.metadata.ConflictingThreadName::new,
            dev.tracelint.rules.misc.ClockSyncName::new, dev.tracelint.rules.misc.MemoryDumpMissingId::new,
            dev.tracelint.rules.misc.MemoryDumpWithoutGlobal::new, dev.tracelint.rules.misc.UnbalancedContext::new,
            dev.tracelint.rules.stackframes.UnknownStackFrame::new, dev.tracelint.rules.stackframes.UnknownParentFrame::new,
            dev.tracelint.rules.stackframes.StackFrameCycle::new, dev.tracelint.rules.stackframes.DuplicateStackFrame::new,
            dev.tracelint.rules.stackframes.SampleMissingField::new, dev.tracelint.rules.stackframes.SampleUnknownFrame::new,
            dev.tracelint.rules.metadata.MisspelledMetadataName::new); // append new rules at the end: SARIF ruleIndex follows this order

    private static final Map<String, RuleInfo> INFOS = new LinkedHashMap<>();

    static {
        for (Supplier<Rule> f : FACTORIES) {
            RuleInfo info = f.get().info();
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

    /** Fresh instances of every rule (rules keep per-document state). */
    public static List<Rule> create() {
        return FACTORIES.stream().map(Supplier::get).toList();
    }
}

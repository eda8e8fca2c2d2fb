package dev.tracelint.trace;

/**
 * Something the {@link TraceModel} knows about how events relate: a B/E pair, a slice nested in
 * another, an async tree's pair, a flow's ends and the slices they bind to, an object's lifetime...
 * Facts are small immutable records: positions as offsets and event numbers ({@code EventView.index()}),
 * values as numbers or the reader's cached strings, never an event's text. Each is published once,
 * as soon as the model knows it, to the readers that subscribed to its {@link Kind} (rules declare
 * theirs with {@code Rule.facts()}); a kind nobody reads is never built.
 */
public interface Fact {
    /** Its kind: the one whose {@link Kind#type()} is this record, so that a record never names its kind a second time. */
    default Kind kind() {
        return Kind.BY_TYPE.get(getClass());
    }

    /** One constant per fact type: what readers subscribe to and what the model asks before building one. */
    enum Kind {
        // threads and B/E (file order per thread, as the spec says)
        BEGIN_END(DurationFacts.BeginEnd.class),
        MISNAMED_END(DurationFacts.MisnamedEnd.class),
        NAMELESS_END(DurationFacts.NamelessEnd.class),
        END_WITHOUT_BEGIN(DurationFacts.EndWithoutBegin.class),
        BEGIN_UNCLOSED(DurationFacts.BeginUnclosed.class),
        COMPLETE_UNENDED(DurationFacts.CompleteUnended.class),
        THREAD_TIME_BACKWARDS(DurationFacts.ThreadTimeBackwards.class),
        // slices in time order per thread
        SLICE_NESTING(SliceFacts.Nesting.class),
        SLICE_OVERLAP(SliceFacts.Overlap.class),
        FLOW_BINDING(SliceFacts.FlowBinding.class),
        // flows v1
        FLOW_STEP(FlowFacts.Step.class),
        FLOW_WITHOUT_START(FlowFacts.WithoutStart.class),
        FLOW_WITHOUT_END(FlowFacts.WithoutEnd.class),
        FLOW_DUPLICATE_START(FlowFacts.DuplicateStart.class),
        FLOW_STEP_BEFORE_START(FlowFacts.StepBeforeStart.class),
        // async: nestable trees and legacy slices
        ASYNC_PAIR(AsyncFacts.Pair.class),
        ASYNC_BEGIN_UNCLOSED(AsyncFacts.BeginUnclosed.class),
        ASYNC_END_UNMATCHED(AsyncFacts.EndUnmatched.class),
        ASYNC_INSTANT_OUTSIDE(AsyncFacts.InstantOutside.class),
        ASYNC_END_BEFORE_BEGIN(AsyncFacts.EndBeforeBegin.class),
        ASYNC_CHILD_OUTLIVES_PARENT(AsyncFacts.ChildOutlivesParent.class),
        LEGACY_SECOND_START(AsyncFacts.LegacySecondStart.class),
        LEGACY_STEPS_MIXED(AsyncFacts.LegacyStepsMixed.class),
        LEGACY_UNFINISHED(AsyncFacts.LegacyUnfinished.class),
        LEGACY_WITHOUT_START(AsyncFacts.LegacyWithoutStart.class),
        // objects: lifetimes (N..D with snapshots) and id_ref resolution
        OBJECT_CREATED_AGAIN(ObjectFacts.CreatedAgain.class),
        OBJECT_WITHOUT_INSTANCE(ObjectFacts.WithoutInstance.class),
        OBJECT_SNAPSHOT(ObjectFacts.Snapshot.class),
        OBJECT_LIFETIME(ObjectFacts.Lifetime.class),
        ID_REF_RESOLVED(ObjectFacts.IdRefResolved.class),
        ID_REF_DANGLING(ObjectFacts.IdRefDangling.class),
        // context, memory dumps, flow v2
        CONTEXT_LEAVE(OtherFacts.ContextLeave.class),
        CONTEXT_UNCLOSED(OtherFacts.ContextUnclosed.class),
        DUMP_WITHOUT_GLOBAL(OtherFacts.DumpWithoutGlobal.class),
        DUMP_GLOBAL_REPEATED(OtherFacts.DumpGlobalRepeated.class),
        BIND_PAIR(OtherFacts.BindPair.class),
        BIND_PRODUCED_AGAIN(OtherFacts.BindProducedAgain.class),
        BIND_WITHOUT_PRODUCER(OtherFacts.BindWithoutProducer.class),
        // where the model could not judge in time order: past its bounds
        TIME_ORDER_LIMITED(OtherFacts.TimeOrderLimited.class);

        /** Each record's kind, found once per record class (a fact is published on every event that makes one). */
        private static final ClassValue<Kind> BY_TYPE = new ClassValue<>() {
            @Override
            protected Kind computeValue(Class<?> type) {
                for (Kind k : values()) {
                    if (k.type == type) {
                        return k;
                    }
                }
                throw new IllegalStateException(type.getName() + " is a Fact of no Kind");
            }
        };

        private final Class<? extends Fact> type;

        Kind(Class<? extends Fact> type) {
            this.type = type;
        }

        /** The kind of the fact record {@code type}; an IllegalStateException for a class that is no kind's. */
        public static Kind of(Class<?> type) {
            return BY_TYPE.get(type);
        }

        /** The record this kind stands for. */
        public Class<? extends Fact> type() {
            return type;
        }
    }
}

package dev.tracelint.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.model.Phase;
import dev.tracelint.trace.async.AsyncFacts;
import dev.tracelint.trace.context.ContextFacts;
import dev.tracelint.trace.dump.DumpFacts;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.flow.BindFacts;
import dev.tracelint.trace.flow.FlowFacts;
import dev.tracelint.trace.object.ObjectFacts;
import dev.tracelint.trace.slice.SliceFacts;
import dev.tracelint.trace.slice.SliceTimeline;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts the trace model publishes, read straight from it (the rules' tests read them through the rules). */
class TraceModelTest {

    @Test
    void anEClosesTheInnermostBOfItsThreadInFileOrder() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "a", "ph": "B", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "x", "ph": "E", "ts": 2, "pid": 1, "tid": 1},
                 {"ph": "E", "ts": 3, "pid": 1, "tid": 2}]""",
                DurationFacts.BeginEnd.class, DurationFacts.EndWithoutBegin.class, DurationFacts.BeginUnclosed.class);
        assertEquals(3, f.size(), f.toString());
        DurationFacts.BeginEnd pair = (DurationFacts.BeginEnd) f.get(0);
        assertEquals(1, pair.begin().index());
        assertEquals(2, pair.end().index());
        assertEquals("x", pair.end().name());
        assertEquals(3, ((DurationFacts.EndWithoutBegin) f.get(1)).end().index());
        DurationFacts.BeginUnclosed open = (DurationFacts.BeginUnclosed) f.get(2);
        assertEquals(0, open.begin().index());
        assertEquals("1", open.pidText());
    }

    /** Only the pairs whose E and B both have a string name, and different ones; the other pairs are BEGIN_END alone. */
    @Test
    void aMisnamedEndIsAPairOfTwoStringNamesThatDiffer() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "a", "ph": "B", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "B", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "E", "ts": 2, "pid": 1, "tid": 1},
                 {"name": "Zürich 😀", "ph": "E", "ts": 3, "pid": 1, "tid": 1},
                 {"name": 7, "ph": "B", "ts": 4, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "E", "ts": 5, "pid": 1, "tid": 1},
                 {"name": "d", "ph": "B", "ts": 6, "pid": 1, "tid": 1},
                 {"ph": "E", "ts": 7, "pid": 1, "tid": 1}]""",
                DurationFacts.MisnamedEnd.class);
        assertEquals(1, f.size(), f.toString());
        DurationFacts.BeginEnd pair = ((DurationFacts.MisnamedEnd) f.get(0)).pair();
        assertEquals(0, pair.begin().index());
        assertEquals(3, pair.end().index());
        assertEquals("Zürich 😀", pair.end().name());
        assertEquals(4, ModelFacts.of("""
                [{"name": "a", "ph": "B", "ts": 0, "pid": 1, "tid": 1}, {"name": "b", "ph": "E", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "B", "ts": 2, "pid": 1, "tid": 1}, {"name": "a", "ph": "E", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "B", "ts": 4, "pid": 1, "tid": 1}, {"ph": "E", "ts": 5, "pid": 1, "tid": 1},
                 {"name": 1, "ph": "B", "ts": 6, "pid": 1, "tid": 1}, {"name": "z", "ph": "E", "ts": 7, "pid": 1, "tid": 1}]""",
                DurationFacts.BeginEnd.class, DurationFacts.MisnamedEnd.class).stream().filter(x -> x instanceof DurationFacts.BeginEnd).count(),
                "every pair is still a BEGIN_END");
    }

    @Test
    void everyEventWithAScalarBindIdIsABindingWithItsDirectionsAsRead() throws IOException {
        String trace = """
                [{"name": "x", "ph": "X", "ts": 0, "dur": 1, "pid": 1, "tid": 1, "bind_id": 7, "flow_out": true},
                 {"name": "i", "ph": "i", "ts": 2, "pid": 1, "tid": 1, "bind_id": "zz", "flow_in": 1},
                 {"name": "o", "ph": "X", "ts": 3, "dur": 1, "pid": 1, "tid": 1, "bind_id": {"a": 1}, "flow_in": true}]""";
        List<Fact> f = ModelFacts.of(trace, BindFacts.Binding.class);
        assertEquals(2, f.size(), f.toString()); // an object bind_id is no binding
        BindFacts.Binding x = (BindFacts.Binding) f.get(0);
        assertEquals(Phase.COMPLETE, x.phase());
        assertEquals(trace.indexOf("\"bind_id\""), x.keyStart());
        assertEquals(trace.indexOf("7,"), x.valueStart());
        assertEquals("7", x.shown());
        assertEquals(null, x.text()); // a number: no string to read as hex
        assertFalse(x.in());
        assertTrue(x.out());
        BindFacts.Binding i = (BindFacts.Binding) f.get(1);
        assertEquals(Phase.INSTANT, i.phase());
        assertEquals("zz", i.text());
        assertFalse(i.in(), "flow_in 1 is not true");
        assertFalse(i.out());
    }

    @Test
    void slicesNestInTimeWhateverTheFileOrder() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "c1", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "c2", "ph": "X", "ts": 4, "dur": 2, "pid": 1, "tid": 1},
                 {"name": "p", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1}]""",
                SliceFacts.Nesting.class, SliceFacts.Overlap.class);
        assertEquals(3, f.size(), f.toString());
        SliceFacts.Nesting c1 = (SliceFacts.Nesting) f.get(0);
        SliceFacts.Nesting c2 = (SliceFacts.Nesting) f.get(1);
        SliceFacts.Nesting p = (SliceFacts.Nesting) f.get(2);
        assertEquals(0, c1.event());
        assertEquals(2, c1.parent());
        assertEquals(1, c1.depth());
        assertEquals(1, c2.event());
        assertEquals(2, c2.parent());
        assertEquals(2, p.event());
        assertEquals(-1, p.parent());
        assertEquals(0, p.depth());
        assertEquals(2, p.children());
        assertEquals(4000, p.childTime()); // ns: self time is 10 µs - 4 µs
    }

    @Test
    void anOverlapNamesTheSliceThatStartsLaterInTime() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "later", "ph": "X", "ts": 5, "dur": 10, "pid": 1, "tid": 1},
                 {"name": "earlier", "ph": "X", "ts": 0, "dur": 10, "pid": 1, "tid": 1}]""",
                SliceFacts.Overlap.class);
        assertEquals(1, f.size());
        SliceFacts.Overlap o = (SliceFacts.Overlap) f.get(0);
        assertEquals("later", o.later().name());
        assertEquals("earlier", o.earlier().name());
        assertEquals(5000, o.later().start());
    }

    @Test
    void flowEventsBindToTheEnclosingOrTheNextSlice() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "f", "ph": "s", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"name": "f", "ph": "f", "id": 1, "ts": 6, "pid": 1, "tid": 1},
                 {"name": "a", "ph": "X", "ts": 0, "dur": 4, "pid": 1, "tid": 1},
                 {"name": "b", "ph": "X", "ts": 8, "dur": 1, "pid": 1, "tid": 1}]""",
                SliceFacts.FlowBinding.class);
        assertEquals(2, f.size(), f.toString());
        SliceFacts.FlowBinding s = (SliceFacts.FlowBinding) f.get(0);
        SliceFacts.FlowBinding end = (SliceFacts.FlowBinding) f.get(1);
        assertEquals(2, s.slice());
        assertEquals("a", s.sliceName());
        assertTrue(end.next());
        assertEquals(3, end.slice());
    }

    @Test
    void aThreadSteppingBackFurtherThanTheBoundIsJudgedFromThereAndSaidOnce() throws IOException {
        StringBuilder b = new StringBuilder("[");
        int n = SliceTimeline.CAPACITY + 10;
        for (int i = 0; i < n; i++) {
            b.append("{\"ph\": \"X\", \"ts\": ").append(1000 + i).append(", \"dur\": 1, \"pid\": 1, \"tid\": 1},");
        }
        b.append("{\"name\": \"early\", \"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1},");
        b.append("{\"name\": \"early2\", \"ph\": \"X\", \"ts\": 2, \"dur\": 1, \"pid\": 1, \"tid\": 1}]");
        List<Fact> f = ModelFacts.of(b.toString(), TimeOrderLimit.class, SliceFacts.Overlap.class);
        assertEquals(1, f.size(), f.toString());
        TimeOrderLimit limited = (TimeOrderLimit) f.get(0);
        assertEquals("thread 1:1", limited.where());
        assertEquals(n, limited.at().index());
        assertEquals(SliceTimeline.CAPACITY, limited.bound());
    }

    @Test
    void nestableAsyncPairsByCategoryIdAndNameEvenEndFirst() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "r", "cat": "c", "ph": "e", "id": "0x1", "ts": 5, "pid": 1, "tid": 1},
                 {"name": "r", "cat": "c", "ph": "b", "id": "0x1", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "r", "cat": "c", "ph": "b", "id": 1, "ts": 6, "pid": 1, "tid": 1},
                 {"name": "r", "cat": "c", "ph": "e", "id": "1", "ts": 7, "pid": 1, "tid": 1},
                 {"name": "i", "cat": "c", "ph": "n", "id": 9, "ts": 7, "pid": 1, "tid": 1},
                 {"name": "u", "cat": "c", "ph": "b", "id": 2, "ts": 8, "pid": 1, "tid": 1},
                 {"name": "v", "cat": "c", "ph": "e", "id": 3, "ts": 9, "pid": 1, "tid": 1}]""",
                AsyncFacts.Pair.class, AsyncFacts.InstantOutside.class, AsyncFacts.BeginUnclosed.class,
                AsyncFacts.EndUnmatched.class);
        assertEquals(5, f.size(), f.toString());
        AsyncFacts.Pair endFirst = (AsyncFacts.Pair) f.get(0);
        assertEquals(1, endFirst.begin().index());
        assertEquals(0, endFirst.end().index());
        AsyncFacts.Pair numberAndString = (AsyncFacts.Pair) f.get(1); // async ids: 1 and "1" are one id
        assertEquals(2, numberAndString.begin().index());
        assertEquals(3, numberAndString.end().index());
        assertEquals(4, ((AsyncFacts.InstantOutside) f.get(2)).instant().index());
        assertEquals(5, ((AsyncFacts.BeginUnclosed) f.get(3)).begin().index());
        assertEquals(6, ((AsyncFacts.EndUnmatched) f.get(4)).end().index());
    }

    @Test
    void legacyAsyncSecondStartMixedStepsAndLoneSteps() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "L", "ph": "S", "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "L", "ph": "S", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"name": "L", "ph": "T", "id": 1, "ts": 3, "pid": 1, "tid": 1},
                 {"name": "L", "ph": "p", "id": 1, "ts": 4, "pid": 1, "tid": 1},
                 {"name": "M", "ph": "F", "id": 1, "ts": 5, "pid": 1, "tid": 1}]""",
                AsyncFacts.LegacySecondStart.class, AsyncFacts.LegacyStepsMixed.class, AsyncFacts.LegacyUnfinished.class,
                AsyncFacts.LegacyWithoutStart.class);
        assertEquals(4, f.size(), f.toString());
        AsyncFacts.LegacySecondStart twice = (AsyncFacts.LegacySecondStart) f.get(0);
        assertEquals(1, twice.second().event().index());
        assertEquals(0, twice.open().event().index());
        AsyncFacts.LegacyStepsMixed mixed = (AsyncFacts.LegacyStepsMixed) f.get(1);
        assertEquals('p', mixed.later().event().phase());
        assertEquals(0, ((AsyncFacts.LegacyUnfinished) f.get(2)).start().event().index());
        assertEquals(4, ((AsyncFacts.LegacyWithoutStart) f.get(3)).step().event().index());
    }

    @Test
    void flowsPairByIdWithItsJsonTypeCategoryAndName() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "f", "cat": "c", "ph": "s", "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "t", "id": 1, "ts": 2, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "f", "id": "1", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "f", "id": 1, "ts": 4, "pid": 1, "tid": 1},
                 {"name": "g", "cat": "c", "ph": "s", "id": 2, "ts": 5, "pid": 1, "tid": 1},
                 {"name": "g", "cat": "c", "ph": "s", "id": 2, "ts": 6, "pid": 1, "tid": 1}]""",
                FlowFacts.Step.class, FlowFacts.WithoutStart.class, FlowFacts.WithoutEnd.class,
                FlowFacts.DuplicateStart.class);
        assertEquals(5, f.size(), f.toString());
        assertEquals(1, ((FlowFacts.Step) f.get(0)).step().index());
        assertEquals(3, ((FlowFacts.Step) f.get(1)).step().index());
        assertEquals(2, ((FlowFacts.WithoutStart) f.get(2)).step().index()); // flows: 1 and "1" are two ids
        assertEquals(4, ((FlowFacts.WithoutEnd) f.get(3)).start().index());
        assertFalse(((FlowFacts.WithoutEnd) f.get(3)).stepped(), "a lone s has no step");
        FlowFacts.DuplicateStart d = (FlowFacts.DuplicateStart) f.get(4);
        assertEquals(4, d.open().index());
        assertEquals(5, d.second().index());
    }

    /**
     * Issue 36: a flow that steps and never ends knows its last t (where every viewer's arrows stop),
     * also a t read before its s at the same ts (taken by the s when it comes).
     */
    @Test
    void aFlowNeverEndedKnowsItsLastStep() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "f", "cat": "c", "ph": "s", "id": 1, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "f", "cat": "c", "ph": "t", "id": 1, "ts": 3, "pid": 1, "tid": 2},
                 {"name": "f", "cat": "c", "ph": "t", "id": 1, "ts": 5, "pid": 1, "tid": 3},
                 {"name": "g", "cat": "c", "ph": "t", "id": 2, "ts": 7, "pid": 1, "tid": 2},
                 {"name": "g", "cat": "c", "ph": "s", "id": 2, "ts": 7, "pid": 1, "tid": 1}]""",
                FlowFacts.WithoutEnd.class);
        assertEquals(2, f.size(), f.toString());
        java.util.Map<Long, Long> lastStepOfStart = new java.util.TreeMap<>();
        for (Fact x : f) {
            FlowFacts.WithoutEnd w = (FlowFacts.WithoutEnd) x;
            lastStepOfStart.put((long) w.start().index(), (long) w.lastStep().index());
        }
        assertEquals(java.util.Map.of(0L, 2L, 4L, 3L), lastStepOfStart);
    }

    @Test
    void objectLifetimesSnapshotsAndIdRefs() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "A", "ph": "N", "id": "0x1", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "O", "id": "0x1", "ts": 2, "pid": 1, "tid": 1, "args": {"snapshot": {}}},
                 {"name": "x", "ph": "i", "ts": 3, "pid": 1, "tid": 1, "args": {"ok": {"id_ref": "0x1"}, "bad": {"id_ref": "0x9"}}},
                 {"name": "A", "ph": "N", "id": "0x1", "ts": 4, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": 5, "pid": 1, "tid": 1},
                 {"name": "B", "ph": "D", "id": 7, "ts": 6, "pid": 1, "tid": 1},
                 {"name": "C", "ph": "O", "id": 8, "ts": 7, "pid": 2, "tid": 1, "args": {"snapshot": {}}}]""",
                ObjectFacts.CreatedAgain.class, ObjectFacts.WithoutInstance.class, ObjectFacts.Snapshot.class,
                ObjectFacts.Lifetime.class, ObjectFacts.IdRefResolved.class, ObjectFacts.IdRefDangling.class);
        assertEquals(9, f.size(), f.toString());
        // judged per id in time order at the end of the document, ids in order of first sight
        ObjectFacts.Snapshot snap = (ObjectFacts.Snapshot) f.get(0);
        assertEquals(0, snap.creator().event().index());
        ObjectFacts.IdRefResolved ok = (ObjectFacts.IdRefResolved) f.get(1);
        assertEquals(2, ok.event());
        assertEquals(0, ok.creator().event().index());
        ObjectFacts.CreatedAgain again = (ObjectFacts.CreatedAgain) f.get(2);
        assertEquals(3, again.created().event().index());
        ObjectFacts.Lifetime life = (ObjectFacts.Lifetime) f.get(3);
        assertEquals(0, life.creator().event().index());
        assertEquals(4, life.deleted().event().index());
        assertEquals(1, life.snapshots());
        ObjectFacts.IdRefDangling bad = (ObjectFacts.IdRefDangling) f.get(4);
        assertEquals("bad", bad.field());
        assertEquals("0x9", bad.id());
        assertEquals(5, ((ObjectFacts.WithoutInstance) f.get(5)).event().event().index());
        assertEquals(6, ((ObjectFacts.WithoutInstance) f.get(6)).event().event().index()); // an implicit instance
        assertEquals(6, ((ObjectFacts.Snapshot) f.get(7)).creator().event().index());
        ObjectFacts.Lifetime implicit = (ObjectFacts.Lifetime) f.get(8);
        assertEquals(null, implicit.deleted());
    }

    @Test
    void objectEventsArePairedInTimeOrderWhateverTheFileOrder() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "A", "ph": "N", "id": 1, "ts": 10, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": 1, "ts": 20, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "N", "id": 1, "ts": 0, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": 1, "ts": 5, "pid": 1, "tid": 1},
                 {"name": "B", "ph": "N", "id": 2, "ts": 10, "pid": 1, "tid": 1},
                 {"name": "B", "ph": "D", "id": 2, "ts": 5, "pid": 1, "tid": 1}]""",
                ObjectFacts.Lifetime.class, ObjectFacts.CreatedAgain.class, ObjectFacts.WithoutInstance.class);
        assertEquals(3, f.size(), f.toString());
        ObjectFacts.Lifetime first = (ObjectFacts.Lifetime) f.get(0);
        assertEquals(2, first.creator().event().index());
        assertEquals(3, first.deleted().event().index());
        ObjectFacts.Lifetime second = (ObjectFacts.Lifetime) f.get(1);
        assertEquals(0, second.creator().event().index());
        assertEquals(1, second.deleted().event().index());
        ObjectFacts.Lifetime before = (ObjectFacts.Lifetime) f.get(2); // a D earlier than the N written before it
        assertEquals(4, before.creator().event().index());
        assertEquals(5, before.deleted().event().index());
    }

    @Test
    void contextsPairPerThreadInFileOrder() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "c", "ph": "(", "id": "0x1", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "c", "ph": ")", "id": "0x2", "ts": 2, "pid": 1, "tid": 2},
                 {"name": "c", "ph": ")", "id": "0x1", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "c", "ph": "(", "id": "0x3", "ts": 4, "pid": 1, "tid": 1}]""",
                ContextFacts.ContextLeave.class, ContextFacts.ContextUnclosed.class);
        assertEquals(3, f.size(), f.toString());
        assertEquals(null, ((ContextFacts.ContextLeave) f.get(0)).enter());
        ContextFacts.ContextLeave paired = (ContextFacts.ContextLeave) f.get(1);
        assertEquals("0x1", paired.enter().id());
        assertEquals("0x3", ((ContextFacts.ContextUnclosed) f.get(2)).enter().id());
    }

    @Test
    void memoryDumpsGroupByDumpIdWhereverTheGlobalOneIs() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "m", "ph": "v", "id": "d1", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "m", "ph": "v", "id": "d2", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "m", "ph": "V", "id": "d1", "ts": 2, "pid": 1, "tid": 1}]""",
                DumpFacts.DumpWithoutGlobal.class);
        assertEquals(1, f.size(), f.toString());
        assertEquals("d2", ((DumpFacts.DumpWithoutGlobal) f.get(0)).id());
    }

    @Test
    void flowV2ConsumersBindToTheProducerOfTheirBindId() throws IOException {
        List<Fact> f = ModelFacts.of("""
                [{"name": "c", "ph": "X", "ts": 5, "dur": 1, "bind_id": 1, "flow_in": true, "pid": 1, "tid": 1},
                 {"name": "p", "ph": "X", "ts": 1, "dur": 1, "bind_id": "1", "flow_out": true, "pid": 1, "tid": 2},
                 {"name": "q", "ph": "X", "ts": 6, "dur": 1, "bind_id": 2, "flow_out": true, "pid": 1, "tid": 2},
                 {"name": "r", "ph": "X", "ts": 7, "dur": 1, "bind_id": 2, "flow_out": true, "pid": 1, "tid": 2},
                 {"name": "s", "ph": "X", "ts": 8, "dur": 1, "bind_id": 3, "flow_in": true, "pid": 1, "tid": 2}]""",
                BindFacts.BindPair.class, BindFacts.BindProducedAgain.class, BindFacts.BindWithoutProducer.class);
        assertEquals(3, f.size(), f.toString());
        BindFacts.BindPair pair = (BindFacts.BindPair) f.get(0);
        assertEquals("X 'p'", pair.producer().label());
        assertEquals("X 'c'", pair.consumer().label());
        assertEquals("X 'r'", ((BindFacts.BindProducedAgain) f.get(1)).producer().label());
        assertEquals("X 's'", ((BindFacts.BindWithoutProducer) f.get(2)).consumer().label());
    }
}

package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.index.IndexedFrame;
import dev.tracelint.text.JsonStrings;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Go to definition, document highlight and references over the pairs the index knows.
 * {@code cancelled} is polled in every loop over the events; once it is true
 * the request stops with a {@link java.util.concurrent.CancellationException}.
 */
public final class NavigationService {
    private static final int MAX_REFERENCES = 10_000;

    /**
     * E→B and B→E, async e→b and b→e, flow t/f→s, object O/D→N and N→D; sf/esf/parent→stackFrames
     * entry. The target is the partner's {@code ph} value (or its whole object).
     */
    public List<TextRange> definition(String text, Analysis analysis, long offset, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null) {
            return List.of();
        }
        int i = index.eventAt(offset);
        if (i == TraceIndex.NONE) {
            return stackFrameParent(text, index, offset);
        }
        TraceIndex.IdRef ref = index.idRefAt(offset);
        if (ref != null) { // as the model resolved it (the linter's dangling-id-ref reads the same)
            return ref.object() == TraceIndex.NONE ? List.of() : List.of(anchor(text, index, ref.object()));
        }
        EventMembers.Hit hit = EventMembers.of(text, index, i).at(offset);
        Member m = hit == null ? null : hit.member();
        boolean own = hit != null && hit.own();
        if (own && "f".equals(index.phase(i)) && index.partner(i) == TraceIndex.NONE) {
            return List.of();
        }
        if (own && (m.key().equals("sf") || m.key().equals("esf")) && m.text() != null) {
            IndexedFrame f = index.stackFrame(m.text());
            return f == null ? List.of() : List.of(f.keyRange());
        }
        int p = index.partner(i);
        return p == TraceIndex.NONE ? List.of() : List.of(anchor(text, index, p));
    }

    /** Inside stackFrames: a {@code "parent"} value jumps to that frame (found in the index, not in the text's lines). */
    private static List<TextRange> stackFrameParent(String text, TraceIndex index, long offset) {
        TextRange parent = index.stackFrameParentAt(offset);
        String id = parent == null ? null : JsonStrings.scalar(text, parent);
        IndexedFrame f = id == null ? null : index.stackFrame(id);
        return f == null ? List.of() : List.of(f.keyRange());
    }

    /** The event at {@code offset}; {@link TraceIndex#NONE} there is none, or no index (the document is not a trace). */
    private static int eventAt(TraceIndex index, long offset) {
        return index == null ? TraceIndex.NONE : index.eventAt(offset);
    }

    /** Both events of a pair: the one at the cursor and its partner. */
    public List<TextRange> highlights(String text, Analysis analysis, long offset) {
        TraceIndex index = analysis.index();
        int i = eventAt(index, offset);
        if (i == TraceIndex.NONE || index.partner(i) == TraceIndex.NONE) {
            return List.of();
        }
        return List.of(anchor(text, index, i), anchor(text, index, index.partner(i)));
    }

    /** Every event with the same async, flow or object id as the one at the cursor. */
    public List<TextRange> references(String text, Analysis analysis, long offset, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        int i = eventAt(index, offset);
        if (i == TraceIndex.NONE || index.idKeyOf(i) == TraceIndex.NONE) {
            return List.of();
        }
        int key = index.idKeyOf(i);
        List<TextRange> out = new ArrayList<>();
        for (int j = 0; j < index.size() && out.size() < MAX_REFERENCES; j++) {
            Cancellation.poll(cancelled, j);
            if (index.idKeyOf(j) == key) {
                out.add(idRange(text, index, j));
            }
        }
        return out;
    }

    private static TextRange anchor(String text, TraceIndex index, int i) {
        Member ph = EventMembers.of(text, index, i).get("ph");
        return ph != null ? ph.valueRange() : new TextRange(index.start(i), index.end(i));
    }

    private static TextRange idRange(String text, TraceIndex index, int i) {
        EventMembers members = EventMembers.of(text, index, i);
        Member id = members.has("id") ? members.get("id") : members.get("id2");
        return id != null ? id.valueRange() : new TextRange(index.start(i), index.end(i));
    }
}

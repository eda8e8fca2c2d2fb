package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.index.TraceIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** The duration after each B, X and async b event in a range of the document; stops (CancellationException) once {@code cancelled}. */
public final class InlayHintService {
    /** A label shown at an offset (after the event's closing brace). */
    public record InlayHint(long offset, String label, String tooltip) {
    }

    public List<InlayHint> hints(Analysis analysis, long from, long to, int limit, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        List<InlayHint> out = new ArrayList<>();
        if (index == null || !index.isTrace()) {
            return out;
        }
        for (int i = Math.max(0, index.firstAtOrAfter(from) - 1); i < index.size() && index.start(i) < to && out.size() < limit; i++) {
            Cancellation.poll(cancelled, i);
            String ph = index.phase(i);
            if (!"B".equals(ph) && !"X".equals(ph) && !"b".equals(ph)) {
                continue;
            }
            if (index.end(i) < from) {
                continue;
            }
            double d = index.duration(i);
            String label = Double.isNaN(d) ? ("B".equals(ph) ? " ⟶ never closed" : "b".equals(ph) ? " ⟶ unmatched" : null)
                    : " ⟶ " + TimeFormat.human(d);
            if (label != null) {
                out.add(new InlayHint(index.end(i), label, "X".equals(ph) ? "dur" : "B".equals(ph) ? "B→E" : "b→e"));
            }
        }
        return out;
    }
}

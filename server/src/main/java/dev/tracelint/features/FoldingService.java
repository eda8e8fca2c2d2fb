package dev.tracelint.features;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.LineIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Folding ranges (0-based lines): the events array and every event object spanning lines; stops (CancellationException) once {@code cancelled}. */
public final class FoldingService {
    /** Lines [startLine, endLine] that fold. */
    public record Fold(int startLine, int endLine) {
    }

    public List<Fold> folds(Analysis analysis, int limit, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        List<Fold> out = new ArrayList<>();
        if (index == null || index.size() == 0 || !index.isTrace()) {
            return out;
        }
        LineIndex lines = analysis.lines();
        int first = lines.position(index.start(0)).line();
        int last = lines.position(index.end(index.size() - 1)).line();
        if (last > first) {
            out.add(new Fold(Math.max(0, first - 1), last));
        }
        for (int i = 0; i < index.size() && out.size() < limit; i++) {
            Cancellation.poll(cancelled, i);
            int s = lines.position(index.start(i)).line();
            int e = lines.position(index.end(i) - 1).line();
            if (e > s) {
                out.add(new Fold(s, e));
            }
        }
        return out;
    }
}

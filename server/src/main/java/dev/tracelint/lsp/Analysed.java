package dev.tracelint.lsp;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.fix.FixLoop;
import java.util.function.Supplier;

/** A document version with its analysis; also its fix-all, worked out at most once (it re-analyses the text). */
final class Analysed {
    final Document doc;
    final Analysis analysis;
    private volatile FixLoop.FixedText fixAll;
    private volatile dev.tracelint.features.Timeline timeline;

    Analysed(Document doc, Analysis analysis) {
        this.doc = doc;
        this.analysis = analysis;
    }

    /** The fix-all of this version: {@code compute}'s result, kept once it completed (a cancelled one is not). */
    FixLoop.FixedText fixAll(Supplier<FixLoop.FixedText> compute) {
        FixLoop.FixedText f = fixAll;
        if (f == null) {
            f = compute.get();
            fixAll = f;
        }
        return f;
    }

    /** The timeline of this version ({@code build}'s result, kept once built: each zoom and pan of the panel asks it again). */
    dev.tracelint.features.Timeline timeline(Supplier<dev.tracelint.features.Timeline> build) {
        dev.tracelint.features.Timeline t = timeline;
        if (t == null) {
            t = build.get();
            timeline = t;
        }
        return t;
    }
}

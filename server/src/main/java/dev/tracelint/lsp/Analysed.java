package dev.tracelint.lsp;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.fix.FixLoop;
import java.util.function.Supplier;

/** A document version with its analysis; also its fix-all, worked out at most once (it re-analyses the text). */
final class Analysed {
    final Document doc;
    final Analysis analysis;
    private volatile FixLoop.FixedText fixAll;
    /** Its timeline, built on the first request (or ahead, for a large document), once. */
    final SharedTimeline timeline;

    Analysed(Document doc, Analysis analysis) {
        this.doc = doc;
        this.analysis = analysis;
        this.timeline = new SharedTimeline(doc.uri + " v" + doc.version, analysis);
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
}

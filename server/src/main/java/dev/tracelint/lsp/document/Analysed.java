package dev.tracelint.lsp.document;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.fix.FixLoop;
import java.util.function.Supplier;
import dev.tracelint.lsp.document.SharedTimeline;

/** A document version with its analysis; also its fix-all, worked out at most once (it re-analyses the text). */
public final class Analysed {
    public final Document doc;
    public final Analysis analysis;
    private volatile FixLoop.FixedText fixAll;
    /** Its timeline, built on the first request (or ahead, for a large document), once. */
    public final SharedTimeline timeline;

    Analysed(Document doc, Analysis analysis) {
        this.doc = doc;
        this.analysis = analysis;
        this.timeline = new SharedTimeline(doc.uri + " v" + doc.version, analysis);
    }

    /** The fix-all of this version: {@code compute}'s result, kept once it completed (a cancelled one is not). */
    public FixLoop.FixedText fixAll(Supplier<FixLoop.FixedText> compute) {
        FixLoop.FixedText f = fixAll;
        if (f == null) {
            f = compute.get();
            fixAll = f;
        }
        return f;
    }
}

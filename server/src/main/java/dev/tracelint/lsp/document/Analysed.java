package dev.tracelint.lsp.document;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.fix.FixLoop;
import java.util.function.Supplier;
import dev.tracelint.lsp.document.SharedTimeline;

/** A document version with its analysis; also its fix-all and its repair, each worked out at most once (they re-analyse the text). */
public final class Analysed {
    public final Document doc;
    public final Analysis analysis;
    private volatile FixLoop.FixedText fixAll;
    private volatile dev.tracelint.fix.Repair.RepairedText repair;
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

    /** The repair of this version ("Make it load"): {@code compute}'s result, kept once it completed, as the fix-all. */
    public dev.tracelint.fix.Repair.RepairedText repair(Supplier<dev.tracelint.fix.Repair.RepairedText> compute) {
        dev.tracelint.fix.Repair.RepairedText r = repair;
        if (r == null) {
            r = compute.get();
            repair = r;
        }
        return r;
    }
}

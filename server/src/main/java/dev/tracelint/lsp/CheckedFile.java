package dev.tracelint.lsp;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.features.Timeline;
import java.util.function.Supplier;

/**
 * The last file checked by path ({@value TraceWorkspaceService#CHECK_FILE}) that is a trace: its
 * analysis with the event index, so that the timeline can show a file the editor never opened (VS
 * Code hands no file over 50 MB to extensions). One at a time: its index (about 100 bytes an
 * event) is the memory it keeps, never the text.
 */
final class CheckedFile {
    final String uri;
    final Analysis analysis;
    private volatile Timeline timeline;

    CheckedFile(String uri, Analysis analysis) {
        this.uri = uri;
        this.analysis = analysis;
    }

    /** Its timeline, built once ({@code build}'s result, kept once it completed). */
    Timeline timeline(Supplier<Timeline> build) {
        Timeline t = timeline;
        if (t == null) {
            t = build.get();
            timeline = t;
        }
        return t;
    }
}

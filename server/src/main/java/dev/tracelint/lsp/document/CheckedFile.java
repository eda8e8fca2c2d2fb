package dev.tracelint.lsp.document;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.lsp.document.SharedTimeline;

/**
 * The last file checked by path ({@value dev.tracelint.lsp.TraceWorkspaceService#CHECK_FILE}) that is a trace: its
 * analysis with the event index, so that the timeline can show a file the editor never opened (VS
 * Code hands no file over 50 MB to extensions). One at a time: its index (about 100 bytes an
 * event) is the memory it keeps, never the text.
 */
public final class CheckedFile {
    final String uri;
    public final Analysis analysis;
    /** Its timeline, built ahead once the check is done (or on the first request), once. */
    public final SharedTimeline timeline;

    public CheckedFile(String uri, Analysis analysis) {
        this.uri = uri;
        this.analysis = analysis;
        this.timeline = new SharedTimeline(uri, analysis);
    }
}

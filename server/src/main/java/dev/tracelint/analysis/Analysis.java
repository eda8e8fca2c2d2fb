package dev.tracelint.analysis;

import dev.tracelint.finding.Finding;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.read.ReadResult;
import dev.tracelint.text.LineIndex;
import dev.tracelint.viewer.Viewers;
import java.util.List;

/**
 * Everything one pass over one document version produced: the findings, sorted by position, and
 * the line index to turn their offsets into lines and columns, and (when asked for, for the
 * editor features) the index of events and their pairs; the viewers it was checked for; and
 * the trace's {@link TraceOverview}, gathered in the same pass.
 */
public record Analysis(ReadResult result, List<Finding> findings, LineIndex lines, TraceIndex index, Viewers viewers,
                       TraceOverview overview) {
    /** An analysis without the trace's overview (tests that make up findings). */
    public Analysis(ReadResult result, List<Finding> findings, LineIndex lines, TraceIndex index, Viewers viewers) {
        this(result, findings, lines, index, viewers, null);
    }

    public boolean isTrace() {
        return result.trace();
    }

    /** What each targeted viewer makes of the document, from its findings (see {@link Verdicts}). */
    public List<Verdicts.ViewerVerdict> verdicts() {
        return Verdicts.of(findings, viewers);
    }
}

package dev.tracelint.analysis;

import dev.tracelint.finding.Finding;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.read.ReadResult;
import dev.tracelint.text.LineIndex;
import java.util.List;

/**
 * Everything one pass over one document version produced: the findings, sorted by position, and
 * the line index to turn their offsets into lines and columns, and (when asked for, for the
 * editor features) the index of events and their pairs.
 */
public record Analysis(ReadResult result, List<Finding> findings, LineIndex lines, TraceIndex index) {
    public boolean isTrace() {
        return result.trace();
    }
}

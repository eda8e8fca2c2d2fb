package dev.tracelint.features.hover;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.VerdictSummary;
import dev.tracelint.features.Hover;
import dev.tracelint.features.OverviewText;
import dev.tracelint.text.TextRange;
import java.util.Optional;

/**
 * On the {@code "traceEvents"} key or the events array's {@code [}: the whole trace at a glance
 * ({@link OverviewText}) and what each targeted viewer makes of it (the code lens's line).
 */
final class TraceOverviewHover {
    private TraceOverviewHover() {
    }

    static Optional<Hover> at(Analysis analysis, long offset) {
        TextRange head = analysis.index().eventsHead();
        if (head == null || !head.contains(offset) || analysis.overview() == null) {
            return Optional.empty();
        }
        StringBuilder b = new StringBuilder("**Trace overview**\n\n");
        for (String line : OverviewText.lines(analysis, false, true)) {
            b.append(line.startsWith("  ") ? "  - " + HoverRequest.escape(line.strip()) : "- " + HoverRequest.escape(line)).append('\n');
        }
        String verdicts = VerdictSummary.of(analysis);
        if (!verdicts.isEmpty()) {
            b.append("\n**").append(VerdictSummary.LEAD.strip()).append("** ").append(HoverRequest.escape(verdicts)).append('\n');
        }
        return Optional.of(new Hover(b.toString(), head));
    }
}

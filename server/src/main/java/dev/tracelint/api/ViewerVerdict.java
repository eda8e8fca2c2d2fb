package dev.tracelint.api;

import java.util.List;

/**
 * What one targeted viewer makes of a trace.
 *
 * @param viewer  the viewer's id: {@code chrome-tracing}, {@code perfetto}, {@code devtools}, {@code speedscope}
 * @param verdict {@code loads}, {@code degraded} or {@code fails}
 * @param because indexes into {@link Result#findings()} of the findings responsible
 * @param dropped events the viewer drops
 * @param wrong   events it draws wrongly
 */
public record ViewerVerdict(String viewer, String verdict, List<Integer> because, int dropped, int wrong) {
}

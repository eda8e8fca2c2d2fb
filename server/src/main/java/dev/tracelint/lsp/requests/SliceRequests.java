package dev.tracelint.lsp.requests;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tracelint.timeline.SliceRanking;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import dev.tracelint.lsp.document.Workspace;
import dev.tracelint.lsp.document.View;
import dev.tracelint.lsp.protocol.Convert;

/**
 * Slices across the trace ({@link SliceRanking}): the custom request {@value #SLOWEST_SLICES}
 * (docs/lsp.md), which the VS Code command "Show Slowest Slices" uses, and
 * workspace/symbol over the open traces.
 */
public final class SliceRequests {
    public static final String SLOWEST_SLICES = "tracelint/slowestSlices";
    /** Slices a slowestSlices answer lists at most, and its default. */
    static final int MAX_LIMIT = 1000;
    static final int DEFAULT_LIMIT = 20;
    /** workspace/symbol: slices listed at most, over all open traces. */
    static final int SYMBOLS = 500;

    private final Workspace workspace;
    private final ExecutorService requests;

    public SliceRequests(Workspace workspace, ExecutorService requests) {
        this.workspace = workspace;
        this.requests = requests;
    }

    /**
     * {@code {uri, limit?, by?: "duration"|"selfTime"}} → {@code [{name, range, dur, selfTime,
     * thread}]}, longest first, from the analysis of the document's latest version (times in µs).
     */
    public CompletableFuture<List<Map<String, Object>>> slowest(JsonObject params) {
        String uri = string(params, "uri");
        if (uri == null) {
            throw invalid(SLOWEST_SLICES + " takes {\"uri\": ..., \"limit\": n, \"by\": \"duration\"|\"selfTime\"}");
        }
        String byText = string(params, "by");
        SliceRanking.By by = byText == null ? SliceRanking.By.DURATION : SliceRanking.By.parse(byText);
        if (by == null) {
            throw invalid("\"by\" is \"duration\" or \"selfTime\", not \"" + byText + "\"");
        }
        JsonElement l = params.get("limit");
        int limit = l != null && l.isJsonPrimitive() && l.getAsJsonPrimitive().isNumber() ? l.getAsInt() : DEFAULT_LIMIT;
        int n = Math.max(0, Math.min(limit, MAX_LIMIT));
        Answer<List<Map<String, Object>>> answer = new Answer<>();
        workspace.latest(uri).whenCompleteAsync((a, failed) -> answer.computeWith(ans -> {
            List<Map<String, Object>> out = new ArrayList<>();
            if (a == null || !a.analysis.isTrace()) {
                return out; // not open, not a trace, or its analysis failed
            }
            for (SliceRanking.Slice s : SliceRanking.slowest(a.analysis, n, by, ans::isCancelled)) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", s.name());
                m.put("range", Convert.range(a.analysis.lines(), s.range()));
                m.put("dur", s.duration());
                m.put("selfTime", s.selfTime());
                m.put("thread", s.thread());
                out.add(m);
            }
            return out;
        }), requests);
        return answer;
    }

    /** Slices of the open traces whose name matches the query (substring, else fuzzy), longest first, from their last analyses. */
    public CompletableFuture<Either<List<? extends SymbolInformation>, List<? extends WorkspaceSymbol>>> symbols(WorkspaceSymbolParams params) {
        String query = params.getQuery() == null ? "" : params.getQuery();
        Answer<Either<List<? extends SymbolInformation>, List<? extends WorkspaceSymbol>>> answer = new Answer<>();
        requests.execute(() -> answer.computeWith(ans -> {
            List<SymbolInformation> out = new ArrayList<>();
            for (String uri : workspace.uris()) {
                View view = workspace.lastView(uri);
                if (view == null || !view.isCurrent() || !view.analysis().isTrace() || out.size() >= SYMBOLS) {
                    continue; // an edit since: its ranges are not known until its analysis
                }
                for (SliceRanking.Slice s : SliceRanking.matching(view.analysis(), query, SYMBOLS - out.size(), ans::isCancelled)) {
                    SymbolInformation si = new SymbolInformation(s.name(), SymbolKind.Event,
                            new Location(uri, view.range(s.range())), s.thread());
                    out.add(si);
                }
            }
            return Either.forLeft(out);
        }));
        return answer;
    }

    private static String string(JsonObject o, String key) {
        JsonElement e = o == null ? null : o.get(key);
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isString() ? e.getAsString() : null;
    }

    private static ResponseErrorException invalid(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }
}

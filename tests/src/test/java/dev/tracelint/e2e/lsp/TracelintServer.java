package dev.tracelint.e2e.lsp;

import com.google.gson.JsonArray;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.services.LanguageServer;

/** The server as the tests' client sees it: LSP, and tracelint's own requests (docs/lsp.md). */
interface TracelintServer extends LanguageServer {
    @JsonRequest("tracelint/slowestSlices")
    CompletableFuture<JsonArray> slowestSlices(Map<String, Object> params);

    @JsonRequest("tracelint/timeline")
    CompletableFuture<com.google.gson.JsonObject> timeline(com.google.gson.JsonObject params);

    @JsonRequest("tracelint/verdicts")
    CompletableFuture<com.google.gson.JsonObject> verdicts(com.google.gson.JsonObject params);
}

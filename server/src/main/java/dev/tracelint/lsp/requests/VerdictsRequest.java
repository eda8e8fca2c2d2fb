package dev.tracelint.lsp.requests;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.finding.Finding;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import dev.tracelint.lsp.document.View;
import dev.tracelint.text.Quoted;

/**
 * {@value #METHOD}: the engine's per-viewer verdicts ({@link Analysis#verdicts()}, the code lens's
 * "Will it load?") as JSON, each responsible finding with its LSP range, for VS Code's status-bar
 * item and its list. docs/lsp.md documents the shape.
 */
public final class VerdictsRequest {
    public static final String METHOD = "tracelint/verdicts";
    /** Responsible findings listed per viewer at most; {@code total} says how many there are. */
    static final int MAX_BECAUSE = 200;

    private VerdictsRequest() {
    }

    /** The document's uri, or an InvalidParams error. */
    public static String uri(JsonObject params) {
        if (params == null || !params.has("uri") || !params.get("uri").isJsonPrimitive()
                || !params.get("uri").getAsJsonPrimitive().isString()) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams,
                    METHOD + " takes {\"uri\": ...}: uri is missing", null));
        }
        return params.get("uri").getAsString();
    }

    /** The answer for a document that is not (or not yet) an analysed trace. */
    public static JsonObject none() {
        JsonObject o = new JsonObject();
        o.add("viewers", new JsonArray());
        return o;
    }

    /** The targeted viewers' verdicts in the code lens's order, from an open document's analysis. */
    public static JsonObject answer(View view) {
        Analysis a = view.analysis();
        JsonArray viewers = new JsonArray();
        for (ViewerVerdict v : a.verdicts()) {
            JsonObject vo = new JsonObject();
            vo.addProperty("viewer", v.viewer().id());
            vo.addProperty("label", v.viewer().title());
            vo.addProperty("verdict", v.verdict().id());
            JsonArray because = new JsonArray();
            for (Finding f : v.responsible(a.findings(), MAX_BECAUSE)) {
                JsonObject fo = new JsonObject();
                fo.addProperty("rule", f.ruleId());
                fo.addProperty("message", Quoted.safe(f.message())); // as the diagnostics and the CLI show it
                fo.add("range", range(view.range(f.range())));
                because.add(fo);
            }
            vo.add("because", because);
            vo.addProperty("total", v.because().length);
            viewers.add(vo);
        }
        JsonObject o = new JsonObject();
        o.add("viewers", viewers);
        return o;
    }

    /** As LSP writes a range: {start: {line, character}, end: {...}} (what vscode-languageclient converts). */
    private static JsonObject range(Range r) {
        JsonObject o = new JsonObject();
        o.add("start", position(r.getStart()));
        o.add("end", position(r.getEnd()));
        return o;
    }

    private static JsonObject position(Position p) {
        JsonObject o = new JsonObject();
        o.addProperty("line", p.getLine());
        o.addProperty("character", p.getCharacter());
        return o;
    }
}

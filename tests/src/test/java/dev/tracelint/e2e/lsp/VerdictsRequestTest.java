package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;

/**
 * tracelint/verdicts through the real jar over stdio (what VS Code's status-bar item shows): each
 * targeted viewer's verdict in the code lens's order, with the findings responsible and their
 * ranges in UTF-16 columns; the viewers setting; a document that is not a trace; misuse.
 */
class VerdictsRequestTest {
    private static final String URI = "file:///tmp/tracelint-e2e/verdicts/trace.json";
    /** An E without a name (event-without-name: DevTools fails), after a B whose name has an emoji, on one line. */
    private static final String TRACE = String.join("\n",
            "[",
            "{\"name\": \"Ä😀 work\", \"cat\": \"c\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 1}, {\"cat\": \"c\", \"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": 5},",
            "{\"name\": \"ok\", \"cat\": \"c\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 6, \"dur\": 1}",
            "]");

    private static JsonObject viewer(JsonObject answer, String id) {
        for (JsonElement v : answer.getAsJsonArray("viewers")) {
            if (v.getAsJsonObject().get("viewer").getAsString().equals(id)) {
                return v.getAsJsonObject();
            }
        }
        throw new AssertionError("no viewer " + id + " in " + answer);
    }

    private static List<String> ids(JsonObject answer) {
        List<String> out = new ArrayList<>();
        for (JsonElement v : answer.getAsJsonArray("viewers")) {
            out.add(v.getAsJsonObject().get("viewer").getAsString() + ":" + v.getAsJsonObject().get("verdict").getAsString());
        }
        return out;
    }

    @Test
    void eachTargetedViewersVerdictWithTheFindingsResponsible() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{}").getAsJsonObject(), false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject answer = s.verdicts(URI);
            // the code lens's order and verdicts (the line check prints)
            assertEquals(List.of("chrome-tracing:loads", "perfetto:loads", "devtools:fails", "speedscope:degraded"), ids(answer));
            String lens = s.server.getTextDocumentService().codeLens(new CodeLensParams(new TextDocumentIdentifier(URI)))
                    .get(30, TimeUnit.SECONDS).get(0).getCommand().getTitle();
            assertTrue(lens.startsWith("Will it load? chrome-tracing loads · perfetto loads · devtools fails"), lens);

            JsonObject devtools = viewer(answer, "devtools");
            assertEquals("DevTools", devtools.get("label").getAsString());
            assertEquals("chrome://tracing", viewer(answer, "chrome-tracing").get("label").getAsString());
            JsonArray because = devtools.getAsJsonArray("because");
            assertEquals(1, because.size(), because::toString);
            assertEquals(1, devtools.get("total").getAsInt());
            JsonObject f = because.get(0).getAsJsonObject();
            assertEquals("event-without-name", f.get("rule").getAsString());
            assertTrue(f.get("message").getAsString().contains("DevTools cannot load the file"), f.toString());
            // the range is the E's "ph" value, its column in UTF-16 units past "Ä😀" (the emoji counts 2)
            JsonObject range = f.getAsJsonObject("range");
            String line1 = TRACE.split("\n")[1];
            int e = line1.indexOf("\"E\"");
            assertEquals(1, range.getAsJsonObject("start").get("line").getAsInt());
            assertEquals(e, range.getAsJsonObject("start").get("character").getAsInt(), range::toString);
            assertEquals(e + 3, range.getAsJsonObject("end").get("character").getAsInt(), range::toString);
            assertEquals(0, viewer(answer, "perfetto").getAsJsonArray("because").size(), "loads: nothing to blame");
            assertEquals(1, viewer(answer, "speedscope").getAsJsonArray("because").size(), "degraded: the event drawn wrongly");
        }
    }

    /** Only the targeted viewers: the setting decides, and the answer follows a change of it. */
    @Test
    void onlyTheViewersTheSettingTargets() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{\"viewers\": [\"perfetto\"]}").getAsJsonObject(), false);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            JsonObject answer = s.verdicts(URI);
            assertEquals(List.of("perfetto:loads"), ids(answer));
            assertEquals("Perfetto", viewer(answer, "perfetto").get("label").getAsString());
            s.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(
                    JsonParser.parseString("{\"tracelint\": {\"viewers\": [\"devtools\", \"perfetto\"]}}")));
            s.nextDiagnostics(URI);
            assertEquals(List.of("perfetto:loads", "devtools:fails"), ids(s.verdicts(URI)));
        }
    }

    /** 250 findings responsible: the first 200 are listed, in file order, and total counts them all (a list to pick from, bounded). */
    @Test
    void theFindingsResponsibleAreBoundedAndCounted() throws Exception {
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; i < 250; i++) {
            b.append("{\"name\": \"é").append(i).append("\", \"cat\": \"c\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": ")
                    .append(10 * i + 1).append("}, {\"cat\": \"c\", \"ph\": \"E\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(10 * i + 5)
                    .append(i == 249 ? "}\n]" : "},\n");
        }
        String uri = "file:///tmp/tracelint-e2e/verdicts/many.trace.json";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(JsonParser.parseString("{\"viewers\": [\"devtools\"]}").getAsJsonObject(), false);
            s.open(uri, b.toString(), 1);
            s.nextDiagnostics(uri);
            JsonObject devtools = viewer(s.verdicts(uri), "devtools");
            assertEquals("fails", devtools.get("verdict").getAsString());
            assertEquals(250, devtools.get("total").getAsInt());
            JsonArray because = devtools.getAsJsonArray("because");
            assertEquals(200, because.size());
            for (int i = 0; i < because.size(); i++) {
                assertEquals(i + 1, because.get(i).getAsJsonObject().getAsJsonObject("range").getAsJsonObject("start").get("line").getAsInt(),
                        "in file order, one E a line");
            }
        }
    }

    @Test
    void aDocumentThatIsNoTraceOrUnknownHasNoVerdictsAndMisuseIsAnError() throws Exception {
        String other = "file:///tmp/tracelint-e2e/verdicts/package.json";
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            s.open(other, "{\"name\": \"é\", \"version\": \"1.0.0\"}", 1);
            s.open(URI, TRACE, 1);
            s.nextDiagnostics(URI);
            assertEquals(0, s.verdicts(other).getAsJsonArray("viewers").size());
            assertEquals(0, s.verdicts("file:///tmp/tracelint-e2e/verdicts/not-open.json").getAsJsonArray("viewers").size());
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> s.tracelint.verdicts(new JsonObject()).get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ResponseErrorException, e.toString());
            assertTrue(e.getCause().getMessage().contains("uri"), e.getCause().getMessage());
            assertEquals(4, s.verdicts(URI).getAsJsonArray("viewers").size(), "the server still answers");
        }
    }
}

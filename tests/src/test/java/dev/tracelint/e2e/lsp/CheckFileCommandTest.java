package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * workspace/executeCommand "tracelint.checkFile": the editor asks the server to check a file on
 * disk by path (VS Code hands no file over 50 MB to extensions) and gets its diagnostics published.
 */
class CheckFileCommandTest {
    private static final Path BROKEN = Path.of(System.getProperty("tracelint.jar")).getParent()
            .resolve("../../examples/broken.trace.json").normalize();

    @TempDir
    Path dir;

    private static JsonObject check(LspServerProcess s, Object... args) throws Exception {
        Object result = s.server.getWorkspaceService()
                .executeCommand(new ExecuteCommandParams("tracelint.checkFile", List.of(args)))
                .get(60, TimeUnit.SECONDS);
        return JsonParser.parseString(new com.google.gson.Gson().toJson(result)).getAsJsonObject();
    }

    @Test
    void advertisesTheCommand() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            org.eclipse.lsp4j.InitializeParams p = new org.eclipse.lsp4j.InitializeParams();
            p.setCapabilities(new org.eclipse.lsp4j.ClientCapabilities());
            var result = s.server.initialize(p).get(30, TimeUnit.SECONDS);
            assertEquals(List.of("tracelint.checkFile"), result.getCapabilities().getExecuteCommandProvider().getCommands());
        }
    }

    @Test
    void checksAGzippedTraceOnDiskAndPublishesItsDiagnostics() throws Exception {
        Path gz = dir.resolve("big.trace.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(BROKEN));
        }
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            JsonObject summary = check(s, gz.toString());
            String uri = gz.toUri().toString();
            assertEquals(uri, summary.get("uri").getAsString());
            assertTrue(summary.get("trace").getAsBoolean());
            assertEquals(13, summary.get("problems").getAsInt(), summary.toString());
            assertEquals(8, summary.get("error").getAsInt());
            assertEquals(4, summary.get("warning").getAsInt());
            assertEquals(1, summary.get("information").getAsInt());
            PublishDiagnosticsParams p = s.nextDiagnostics(uri);
            assertEquals(13, p.getDiagnostics().size());
            Set<String> codes = p.getDiagnostics().stream().map(d -> d.getCode().getLeft()).collect(Collectors.toSet());
            assertTrue(codes.containsAll(Set.of("unmatched-begin", "unknown-cname", "end-name-mismatch")), codes.toString());
            Diagnostic cname = p.getDiagnostics().stream().filter(d -> d.getCode().getLeft().equals("unknown-cname")).findFirst().orElseThrow();
            assertEquals("tracelint", cname.getSource());
            assertEquals(4, cname.getRange().getStart().getLine()); // same position as `check` prints (5:89, 1-based)
            assertEquals(88, cname.getRange().getStart().getCharacter());
        }
    }

    @Test
    void honoursMaxProblemsEditorRulesAndTracelintJson() throws Exception {
        Path trace = dir.resolve("t.json");
        Files.copy(BROKEN, trace);
        Files.writeString(dir.resolve("tracelint.json"), "{\"rules\": {\"unknown-cname\": \"off\"}}");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(LspServerProcess.map("maxProblems", 3, "rules", LspServerProcess.map("duplicate-key", "off")), false);
            JsonObject summary = check(s, trace.toUri().toString()); // a file: URI works too
            assertEquals(11, summary.get("problems").getAsInt(), summary.toString()); // 13 - cname - duplicate-key
            assertEquals(3, summary.get("shown").getAsInt());
            List<Diagnostic> ds = s.nextDiagnostics(trace.toUri().toString()).getDiagnostics();
            assertEquals(4, ds.size());
            assertTrue(ds.get(3).getMessage().startsWith("8 more problems are not shown (maxProblems is 3)"), ds.get(3).getMessage());
            assertFalse(ds.stream().anyMatch(d -> d.getCode() != null && d.getCode().getLeft().equals("unknown-cname")));
        }
    }

    @Test
    void leavesOtherJsonAlone() throws Exception {
        Path pkg = dir.resolve("package.json");
        Files.writeString(pkg, "{\"name\": \"x\", \"version\": \"1.0.0\"}", StandardCharsets.UTF_8);
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            JsonObject summary = check(s, pkg.toString());
            assertFalse(summary.get("trace").getAsBoolean());
            assertEquals(0, s.nextDiagnostics(pkg.toUri().toString()).getDiagnostics().size());
        }
    }

    /**
     * A UTF-16 file with a byte order mark is decoded (the finding where it is in the text, the
     * emoji counting two), and a file asked for by path is claimed as a trace, as one named to
     * `check` is: a lone null there is a broken trace.
     */
    @Test
    void decodesUtf16AndJudgesAFileAskedForAsATrace() throws Exception {
        Path utf16 = dir.resolve("wide.json");
        String text = "[\n{\"name\":\"Ä😀\",\"ph\":\"Q\",\"pid\":1,\"tid\":1,\"ts\":1},\n{\"name\":\"w\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}\n]";
        byte[] body = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] bytes = new byte[body.length + 2];
        bytes[0] = (byte) 0xFF;
        bytes[1] = (byte) 0xFE;
        System.arraycopy(body, 0, bytes, 2, body.length);
        Files.write(utf16, bytes);
        Path nothing = dir.resolve("data.json");
        Files.writeString(nothing, "null");
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            JsonObject summary = check(s, utf16.toString());
            assertTrue(summary.get("trace").getAsBoolean(), summary.toString());
            Diagnostic d = s.nextDiagnostics(utf16.toUri().toString()).getDiagnostics().get(0);
            assertEquals("unknown-phase", d.getCode().getLeft());
            assertEquals(1, d.getRange().getStart().getLine());
            assertEquals(19, d.getRange().getStart().getCharacter());

            summary = check(s, nothing.toString());
            assertTrue(summary.get("trace").getAsBoolean(), summary.toString());
            List<Diagnostic> ds = s.nextDiagnostics(nothing.toUri().toString()).getDiagnostics();
            assertEquals(List.of("invalid-type"), ds.stream().map(x -> x.getCode().getLeft()).toList());
        }
    }

    @Test
    void rejectsBadArgumentsAndUnknownCommands() throws Exception {
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            for (Object arg : List.of("relative/trace.json", dir.resolve("missing.json").toString(), 42)) {
                ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, () -> check(s, arg));
                assertInstanceOf(ResponseErrorException.class, e.getCause());
            }
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, () -> s.server.getWorkspaceService()
                    .executeCommand(new ExecuteCommandParams("tracelint.nope", List.of())).get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("unknown command"), e.getCause().getMessage());
            // still serving
            Path ok = dir.resolve("ok.json");
            Files.writeString(ok, "[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}]");
            assertEquals(0, check(s, ok.toString()).get("problems").getAsInt());
        }
    }

    /** A cancelled check of a file stops: it publishes nothing, where the same check not cancelled does. */
    @Test
    void aCancelledCheckStopsAndPublishesNothing() throws Exception {
        Path big = dir.resolve("big.trace.json");
        try (var out = new java.io.BufferedWriter(Files.newBufferedWriter(big))) {
            out.write("[\n");
            for (int i = 0; i < 800_000; i++) {
                out.write("{\"name\": \"s" + (i % 50) + "\", \"ph\": \"X\", \"pid\": 1, \"tid\": " + (i % 8) + ", \"ts\": " + i * 10
                        + ", \"dur\": 5},\n");
            }
            out.write("{\"name\": \"open\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 99999999}]");
        }
        String uri = big.toUri().toString();
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            long t0 = System.nanoTime();
            assertEquals(1, check(s, big.toString()).get("problems").getAsInt());
            long checkMs = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(1, s.nextDiagnostics(uri).getDiagnostics().size());
            assertTrue(checkMs > 300, "a check takes " + checkMs + " ms: too little to tell");

            var cancelled = s.server.getWorkspaceService().executeCommand(new ExecuteCommandParams("tracelint.checkFile", List.of(big.toString())));
            Thread.sleep(checkMs / 4);
            cancelled.cancel(true); // $/cancelRequest
            assertEquals(List.of(), s.diagnosticsWithin(uri, 2 * checkMs + 1000), "the cancelled check published");
            assertEquals(1, check(s, big.toString()).get("problems").getAsInt(), "the server goes on");
        }
    }
}

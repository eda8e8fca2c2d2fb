package dev.tracelint.bench;

import dev.tracelint.generate.TraceGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ConfigurationParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench-lsp}: starts the real language server ({@code tracelint.jar lsp}) as a child process,
 * opens a large generated trace over stdio and measures time to first diagnostics, hover and
 * definition latency (p50/p99), time to re-analyse after an edit, hover and definition latency
 * while that analysis runs, and the server's resident memory.
 */
@Command(name = "bench-lsp", mixinStandardHelpOptions = true,
        description = "Benchmark the language server over stdio on a large generated trace.")
public final class LspBenchCommand implements Callable<Integer> {
    @Option(names = "--size", defaultValue = "50MB", description = "Size of the generated trace (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--file", paramLabel = "PATH", description = "Open this trace instead of a generated one.")
    Path traceFile;

    @Option(names = "--keystrokes", defaultValue = "0", description = "Instead of the requests and the edit: type this many"
            + " spaces into the document after its first diagnostics, one didChange every --keystroke-interval, and measure"
            + " how long each takes the server's message thread and how long after the last the final diagnostics arrive.")
    int keystrokes;

    @Option(names = "--keystroke-interval", defaultValue = "50", paramLabel = "MS",
            description = "Milliseconds between keystrokes (default: ${DEFAULT-VALUE}).")
    long keystrokeIntervalMs;

    @Option(names = "--server-jar", paramLabel = "PATH", description = "Run the server from this jar (default:"
            + " server/target/tracelint.jar of this checkout), e.g. to compare two builds.")
    Path serverJar;

    @Option(names = "--requests", defaultValue = "500", description = "Hover and definition requests each (default: ${DEFAULT-VALUE}).")
    int requests;

    @Option(names = "--server-log", paramLabel = "PATH", description = "Write the server's stderr (its log, with analysis times) to PATH.")
    Path serverLog;

    @Option(names = "--server-vmargs", defaultValue = "-XX:TieredStopAtLevel=1",
            description = "JVM options of the server process (default: ${DEFAULT-VALUE}, as the README's editor set-ups launch it;"
                    + " the VS Code extension adds -Xmx2G too). Give an empty string for none.")
    String vmargs;

    @Option(names = "--timeline-requests", defaultValue = "100", description = "tracelint/timeline requests (random zooms"
            + " and pans at 1600 px) after the hovers (default: ${DEFAULT-VALUE}; the first, of the whole trace, builds the timeline).")
    int timelineRequests;

    /** tracelint's own request beside LSP's. */
    public interface TracelintServer extends LanguageServer {
        @org.eclipse.lsp4j.jsonrpc.services.JsonRequest("tracelint/timeline")
        CompletableFuture<com.google.gson.JsonObject> timeline(com.google.gson.JsonObject params);
    }

    /** How often a hover and a definition are sent while the edit's analysis runs. */
    private static final long DURING_INTERVAL_MS = 20;

    /** How long after the edit's diagnostics the settled memory is read. */
    private static final long SETTLE_MS = 1000;

    @Override
    public Integer call() throws Exception {
        long bytes = TraceGenerator.parseSize(size);
        Path file = traceFile != null ? traceFile : Product.traces().resolve("trace-" + TraceGenerator.sizeLabel(bytes) + ".json");
        if (traceFile != null) {
            bytes = Files.size(file);
        } else if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            TraceGenerator.generate(file, bytes, 42);
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        Path jar = Product.jar(serverJar);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (String a : vmargs.trim().split("\\s+")) {
            if (!a.isEmpty()) {
                cmd.add(a);
            }
        }
        cmd.addAll(List.of("-jar", jar.toString(), "lsp"));
        Process server = new ProcessBuilder(cmd)
                .redirectError(serverLog == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(serverLog.toFile()))
                .start();
        BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
        Launcher<TracelintServer> launcher = new LSPLauncher.Builder<TracelintServer>().setLocalService(client(diagnostics))
                .setRemoteInterface(TracelintServer.class).setInput(server.getInputStream())
                .setOutput(server.getOutputStream()).create();
        launcher.startListening();
        TracelintServer ls = launcher.getRemoteProxy();
        try {
            InitializeParams init = new InitializeParams();
            init.setProcessId((int) ProcessHandle.current().pid());
            init.setCapabilities(new ClientCapabilities());
            ls.initialize(init).get(60, TimeUnit.SECONDS);
            ls.initialized(new InitializedParams());
            String uri = file.toAbsolutePath().toUri().toString();

            // The didOpen message is serialised before the clock starts, as an editor's own client
            // would have it ready: the figure is the server's, from the first byte it receives.
            byte[] message = didOpenMessage(uri, text);
            long t0 = System.nanoTime();
            synchronized (server.getOutputStream()) {
                server.getOutputStream().write(message);
                server.getOutputStream().flush();
            }
            PublishDiagnosticsParams first = diagnostics.poll(300, TimeUnit.SECONDS);
            double firstMs = (System.nanoTime() - t0) / 1e6;
            long rss = rssKb(server.pid(), "VmRSS:");
            if (keystrokes > 0) {
                reportTyping(file, bytes, firstMs, first, TypingBurst.run(ls, launcher.getRemoteEndpoint(), diagnostics,
                        uri, text, 1, keystrokes, keystrokeIntervalMs));
                ls.shutdown().get(30, TimeUnit.SECONDS);
                ls.exit();
                return 0;
            }

            Random random = new Random(7);
            TextDocumentIdentifier doc = new TextDocumentIdentifier(uri);
            List<Double> hover = new ArrayList<>();
            List<Double> definition = new ArrayList<>();
            for (int i = 0; i < requests + 50; i++) { // the first 50 warm the JIT and are not counted
                Position p = somewhereInAnEvent(random, lines);
                long h0 = System.nanoTime();
                ls.getTextDocumentService().hover(new HoverParams(doc, p)).get(60, TimeUnit.SECONDS);
                long h1 = System.nanoTime();
                ls.getTextDocumentService().definition(new DefinitionParams(doc, p)).get(60, TimeUnit.SECONDS);
                long h2 = System.nanoTime();
                if (i >= 50) {
                    hover.add((h1 - h0) / 1e6);
                    definition.add((h2 - h1) / 1e6);
                }
            }
            Timeline timeline = timeline(ls, uri, random);
            long rssSettled = rssKb(server.pid(), "VmRSS:"); // the requests took a few seconds
            long e0 = System.nanoTime();
            ls.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(betweenTwoEvents(lines), betweenTwoEvents(lines)), " "))));
            // the same requests while the edit's analysis runs (and its debounce), until its diagnostics:
            // a hover and a definition every DURING_INTERVAL_MS at most, as a pointer moving over the text
            List<Double> hoverDuring = new ArrayList<>();
            List<Double> definitionDuring = new ArrayList<>();
            for (long next = e0; diagnostics.isEmpty() && System.nanoTime() - e0 < TimeUnit.SECONDS.toNanos(300);
                 next += TimeUnit.MILLISECONDS.toNanos(DURING_INTERVAL_MS)) {
                TimeUnit.NANOSECONDS.sleep(next - System.nanoTime());
                if (!diagnostics.isEmpty()) {
                    break;
                }
                Position p = somewhereInAnEvent(random, lines);
                long h0 = System.nanoTime();
                ls.getTextDocumentService().hover(new HoverParams(doc, p)).get(300, TimeUnit.SECONDS);
                long h1 = System.nanoTime();
                ls.getTextDocumentService().definition(new DefinitionParams(doc, p)).get(300, TimeUnit.SECONDS);
                hoverDuring.add((h1 - h0) / 1e6);
                definitionDuring.add((System.nanoTime() - h1) / 1e6);
            }
            diagnostics.poll(300, TimeUnit.SECONDS);
            double editMs = (System.nanoTime() - e0) / 1e6;
            long rssAfter = rssKb(server.pid(), "VmRSS:");
            Thread.sleep(SETTLE_MS);
            long rssAfterSettled = rssKb(server.pid(), "VmRSS:");
            long peak = rssKb(server.pid(), "VmHWM:");

            System.out.printf("document: %s, %.1f MB, %d lines%n", file, bytes / 1048576.0, lines.length);
            System.out.printf("first diagnostics:          %8.0f ms (%d diagnostics; from the first byte of didOpen, JSON-RPC parsing included)%n",
                    firstMs, first == null ? -1 : first.getDiagnostics().size());
            System.out.printf("hover       p50 / p99:      %8.2f / %.2f ms (%d requests)%n", pct(hover, 50), pct(hover, 99), hover.size());
            System.out.printf("definition  p50 / p99:      %8.2f / %.2f ms%n", pct(definition, 50), pct(definition, 99));
            if (timeline != null) {
                System.out.printf("timeline, whole trace:      %8.0f ms the first (builds the per-thread lanes), %.0f ms again; %,d chars%n",
                        timeline.firstMs, timeline.againMs, timeline.firstChars);
                System.out.printf("timeline zoom/pan p50/p99:  %8.2f / %.2f ms (%d random ranges at 1600 px), answer p50 / max %,d / %,d chars%n",
                        pct(timeline.ms, 50), pct(timeline.ms, 99), timeline.ms.size(), (long) pct(timeline.chars, 50),
                        (long) pct(timeline.chars, 100));
            }
            System.out.printf("edit -> diagnostics:        %8.0f ms (includes the 250 ms debounce)%n", editMs);
            if (!hoverDuring.isEmpty()) {
                System.out.printf("meanwhile hover p50 / p99:  %8.2f / %.2f ms, definition %.2f / %.2f ms (%d of each, at most one every %d ms)%n",
                        pct(hoverDuring, 50), pct(hoverDuring, 99), pct(definitionDuring, 50), pct(definitionDuring, 99), hoverDuring.size(),
                        DURING_INTERVAL_MS);
            }
            System.out.printf("server RSS after open:      %8.0f MB at first diagnostics, %.0f MB after the requests (%.1fx / %.1fx the document)%n",
                    rssKb2mb(rss), rssKb2mb(rssSettled), rss * 1024.0 / bytes, rssSettled * 1024.0 / bytes);
            System.out.printf("server RSS after the edit:  %8.0f MB at its diagnostics, %.0f MB %d ms later (%.1fx / %.1fx); peak %.0f MB (%.1fx)%n",
                    rssKb2mb(rssAfter), rssKb2mb(rssAfterSettled), SETTLE_MS, rssAfter * 1024.0 / bytes,
                    rssAfterSettled * 1024.0 / bytes, rssKb2mb(peak), peak * 1024.0 / bytes);
            ls.shutdown().get(30, TimeUnit.SECONDS);
            ls.exit();
        } finally {
            server.waitFor(10, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
        return 0;
    }

    /**
     * A position a few characters into a random event: on a random line of a trace written one
     * event per line, at a random event of a trace written on one line (Chrome's and catapult's
     * shape, where there is no second line to pick).
     */
    static Position somewhereInAnEvent(Random random, String[] lines) {
        if (lines.length > 2) {
            int line = 1 + random.nextInt(lines.length - 2);
            return new Position(line, Math.min(3, lines[line].length()));
        }
        String line = lines[0];
        int event = line.indexOf("{\"", random.nextInt(Math.max(1, line.length())));
        if (event < 0) {
            event = Math.max(0, line.indexOf("{\""));
        }
        return new Position(0, Math.min(event + 3, line.length()));
    }

    /** Where a space between two events goes: the start of the second line, or after the first event's "},". */
    static Position betweenTwoEvents(String[] lines) {
        if (lines.length > 2) {
            return new Position(1, 0);
        }
        int comma = lines[0].indexOf("},");
        return new Position(0, comma < 0 ? 0 : comma + 2);
    }

    /** What the timeline requests took. */
    private record Timeline(double firstMs, double againMs, long firstChars, List<Double> ms, List<Double> chars) {
    }

    /**
     * The whole trace at 1600 px (the first builds the timeline), again, then random ranges from a
     * 2000th of the trace to all of it, as zooming and panning would ask.
     */
    private Timeline timeline(TracelintServer ls, String uri, Random random) throws Exception {
        if (timelineRequests <= 0) {
            return null;
        }
        com.google.gson.JsonObject whole = new com.google.gson.JsonObject();
        whole.addProperty("uri", uri);
        whole.addProperty("widthPx", 1600);
        long t0 = System.nanoTime();
        com.google.gson.JsonObject first = ls.timeline(whole).get(300, TimeUnit.SECONDS);
        double firstMs = (System.nanoTime() - t0) / 1e6;
        t0 = System.nanoTime();
        ls.timeline(whole).get(300, TimeUnit.SECONDS);
        double againMs = (System.nanoTime() - t0) / 1e6;
        double start = first.get("traceStart").getAsDouble();
        double span = first.get("traceEnd").getAsDouble() - start;
        List<Double> ms = new ArrayList<>();
        List<Double> chars = new ArrayList<>();
        for (int i = 0; i < timelineRequests; i++) {
            double width = span * Math.pow(2000, -random.nextDouble());
            double from = start + random.nextDouble() * (span - width);
            com.google.gson.JsonObject p = new com.google.gson.JsonObject();
            p.addProperty("uri", uri);
            p.addProperty("start", from);
            p.addProperty("end", from + width);
            p.addProperty("widthPx", 1600);
            long r0 = System.nanoTime();
            com.google.gson.JsonObject answer = ls.timeline(p).get(300, TimeUnit.SECONDS);
            ms.add((System.nanoTime() - r0) / 1e6);
            chars.add((double) answer.toString().length());
        }
        return new Timeline(firstMs, againMs, first.toString().length(), ms, chars);
    }

    private void reportTyping(Path file, long bytes, double firstMs, PublishDiagnosticsParams first, TypingBurst.Result r) {
        List<Double> sorted = new ArrayList<>(r.applyMs());
        Collections.sort(sorted);
        System.out.printf("document: %s, %.1f MB%n", file, bytes / 1048576.0);
        System.out.printf("first diagnostics:          %8.0f ms (%d diagnostics)%n", firstMs,
                first == null ? -1 : first.getDiagnostics().size());
        System.out.printf("%d keystrokes %d ms apart; message thread per didChange (probe round trip):%n",
                r.keystrokes(), keystrokeIntervalMs);
        System.out.printf("  median %.1f ms, max %.1f ms; each: %s%n", pct(sorted, 50), sorted.get(sorted.size() - 1),
                r.applyMs().stream().map(d -> String.format("%.1f", d)).toList());
        System.out.printf("last keystroke -> diagnostics of v%d: %8.0f ms (%d diagnostics; includes the 250 ms debounce)%n",
                r.finalVersion(), r.lastKeystrokeToDiagnosticsMs(), r.diagnostics());
        System.out.printf("older versions published meanwhile: %s%n", r.staleVersionsPublished());
    }

    /** A complete JSON-RPC didOpen notification with its Content-Length header. */
    private static byte[] didOpenMessage(String uri, String text) {
        var handler = new org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler(
                org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints.getSupportedMethods(LanguageServer.class));
        var note = new org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage();
        note.setJsonrpc("2.0");
        note.setMethod("textDocument/didOpen");
        note.setParams(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "json", 1, text)));
        byte[] body = handler.serialize(note).getBytes(StandardCharsets.UTF_8);
        byte[] head = ("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    private static double rssKb2mb(long kb) {
        return kb / 1024.0;
    }

    /** A memory figure in kB from /proc/PID/status ({@code VmRSS:} now, {@code VmHWM:} the peak), or -1. */
    static long rssKb(long pid, String field) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (l.startsWith(field)) {
                    return Long.parseLong(l.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            // not Linux: no figure
        }
        return -1;
    }

    private static double pct(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(i, sorted.size() - 1)));
    }

    static LanguageClient client(BlockingQueue<PublishDiagnosticsParams> diagnostics) {
        return new LanguageClient() {
            @Override
            public void telemetryEvent(Object o) {
            }

            @Override
            public void publishDiagnostics(PublishDiagnosticsParams d) {
                diagnostics.add(d);
            }

            @Override
            public void showMessage(MessageParams m) {
            }

            @Override
            public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams p) {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void logMessage(MessageParams m) {
            }

            @Override
            public CompletableFuture<List<Object>> configuration(ConfigurationParams p) {
                return CompletableFuture.completedFuture(List.of());
            }
        };
    }
}

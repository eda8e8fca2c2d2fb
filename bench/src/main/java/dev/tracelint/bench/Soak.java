package dev.tracelint.bench;

import dev.tracelint.generate.TraceGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * A long editing session against the real language server over stdio, for its resident memory:
 * a few small generated traces are opened, then typed into as a person does (a word typed into
 * one document a keystroke at a time, with hover, outline, code-action and folding requests after
 * it, one outline request cancelled at once; the next visit to that document deletes the word
 * again), going round the documents, while the server process's VmRSS is sampled from
 * /proc/PID/status. Issue 29 measured 162 MB growing to 705-710 MB over 6,000 edits this way.
 */
final class Soak {
    /** What to run and how long. */
    record Plan(List<String> command, Map<String, String> environment, int documents, long documentBytes, int edits,
                long keystrokeIntervalMs, long sampleIntervalMs, long idleMs) {
    }

    /** RSS in kB: at the start (all documents open and analysed), the highest sample, the plateau, after idling. */
    record Result(long startKb, long peakKb, long plateauKb, long idleKb, long highWaterKb, int edits, int requests,
                  int cancelled, int diagnostics, double seconds, String serverLog) {
        String summary() {
            return String.format("RSS start %.0f MB, peak %.0f MB (VmHWM %.0f MB), plateau %.0f MB (median of the last quarter"
                            + " of the edits), idle %.0f MB; %,d edits, %,d requests (%,d cancelled), %,d diagnostics"
                            + " messages, %.0f s", mb(startKb), mb(peakKb), mb(highWaterKb), mb(plateauKb), mb(idleKb),
                    edits, requests, cancelled, diagnostics, seconds);
        }
    }

    /** The requests after each visit, in the order sent. */
    private static final String[] REQUESTS = {"hover", "documentSymbol", "codeAction", "foldingRange", "documentSymbol (cancelled)"};

    /** The word typed, a code point per keystroke: ASCII, a Latin-1 letter, and an emoji (two UTF-16 units). */
    private static final int[] WORD = "na\u00efve\uD83D\uDE00".codePoints().toArray();

    private Soak() {
    }

    static double mb(long kb) {
        return kb / 1024.0;
    }

    static Result run(Plan plan, Path workDir) throws Exception {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < plan.documents(); i++) {
            texts.add(TraceGenerator.inMemory(plan.documentBytes(), 1000 + i));
        }
        ProcessBuilder pb = new ProcessBuilder(plan.command()).directory(workDir.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(plan.environment());
        Path log = Files.createTempFile("tracelint-soak", ".log");
        pb.redirectError(log.toFile());
        Process server = pb.start();
        BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
        Launcher<LanguageServer> launcher = new LSPLauncher.Builder<LanguageServer>()
                .setLocalService(LspBenchCommand.client(diagnostics)).setRemoteInterface(LanguageServer.class)
                .setInput(server.getInputStream()).setOutput(server.getOutputStream()).create();
        launcher.startListening();
        LanguageServer ls = launcher.getRemoteProxy();
        Sampler sampler = new Sampler(server.pid(), plan.sampleIntervalMs());
        try {
            InitializeParams init = new InitializeParams();
            init.setProcessId((int) ProcessHandle.current().pid());
            init.setCapabilities(new ClientCapabilities());
            ls.initialize(init).get(120, TimeUnit.SECONDS);
            ls.initialized(new InitializedParams());
            List<Doc> docs = new ArrayList<>();
            for (int i = 0; i < texts.size(); i++) {
                Doc d = new Doc(workDir.resolve("soak-" + i + ".json").toUri().toString(), texts.get(i));
                docs.add(d);
                ls.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(d.uri, "json", 1, d.text)));
            }
            for (int i = 0; i < docs.size(); i++) {
                if (diagnostics.poll(120, TimeUnit.SECONDS) == null) {
                    throw new IOException("no diagnostics for the opened documents within 120 s; server log: " + excerpt(log));
                }
            }
            Thread.sleep(1000);
            long start = LspBenchCommand.rssKb(server.pid(), "VmRSS:");
            sampler.start();
            long t0 = System.nanoTime();
            Random random = new Random(29);
            int edits = 0;
            int requests = 0;
            int cancelled = 0;
            List<CompletableFuture<?>> pending = new ArrayList<>();
            for (int visit = 0; edits < plan.edits(); visit++) {
                Doc d = docs.get(visit % docs.size());
                for (int k = 0; k < WORD.length && edits < plan.edits(); k++, edits++) {
                    ls.getTextDocumentService().didChange(d.keystroke(random));
                    Thread.sleep(plan.keystrokeIntervalMs());
                }
                for (int i = 0; i < pending.size(); i++) { // the previous visit's answers, so requests never pile up
                    try {
                        pending.get(i).get(60, TimeUnit.SECONDS);
                    } catch (java.util.concurrent.TimeoutException e) {
                        throw new IOException(REQUESTS[i] + " (" + requests + " requests, " + edits + " edits so far) had no"
                                + " answer in 60 s; server log: " + excerpt(log), e);
                    } catch (CancellationException e) {
                        // the one cancelled, before its answer came
                    } catch (java.util.concurrent.ExecutionException e) {
                        if (!(e.getCause() instanceof org.eclipse.lsp4j.jsonrpc.ResponseErrorException r)
                                || r.getResponseError().getCode() != org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode.RequestCancelled.getValue()) {
                            throw e;
                        }
                        // the server said it cancelled it: what a cancellation should get
                    }
                }
                pending.clear();
                TextDocumentIdentifier id = new TextDocumentIdentifier(d.uri);
                Position at = d.cursor();
                pending.add(ls.getTextDocumentService().hover(new HoverParams(id, at)));
                pending.add(ls.getTextDocumentService().documentSymbol(new DocumentSymbolParams(id)));
                pending.add(ls.getTextDocumentService().codeAction(new CodeActionParams(id, new Range(new Position(at.getLine(), 0),
                        at), new CodeActionContext(List.of()))));
                pending.add(ls.getTextDocumentService().foldingRange(new FoldingRangeRequestParams(id)));
                CompletableFuture<?> dropped = ls.getTextDocumentService().documentSymbol(new DocumentSymbolParams(id));
                dropped.cancel(true); // lsp4j sends $/cancelRequest
                pending.add(dropped);
                requests += 5;
                cancelled++;
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            sampler.stopEditing();
            Thread.sleep(plan.idleMs());
            long idle = LspBenchCommand.rssKb(server.pid(), "VmRSS:");
            long hwm = LspBenchCommand.rssKb(server.pid(), "VmHWM:");
            sampler.interrupt();
            ls.shutdown().get(30, TimeUnit.SECONDS);
            ls.exit();
            return new Result(start, Math.max(start, sampler.peak()), sampler.plateau(), idle, hwm, edits, requests, cancelled,
                    diagnostics.size(), seconds, excerpt(log));
        } finally {
            sampler.interrupt();
            server.waitFor(10, TimeUnit.SECONDS);
            server.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    /** The server's log, its first and last 4,000 chars if longer (the first lines say its memory settings). */
    private static String excerpt(Path log) throws IOException {
        String s = Files.readString(log);
        return s.length() > 8000 ? s.substring(0, 4000) + "\n[...]\n" + s.substring(s.length() - 4000) : s;
    }

    /** One open document: its text as the server has it, and the word being typed into it or deleted. */
    private static final class Doc {
        final String uri;
        String text;
        int version = 1;
        /** Where the word goes (a UTF-16 offset), and how many of its code points are in the text. */
        int at = -1;
        int typed;
        boolean deleting;

        Doc(String uri, String text) {
            this.uri = uri;
            this.text = text;
        }

        /** The next keystroke: a code point of the word typed, or the last one deleted. */
        DidChangeTextDocumentParams keystroke(Random random) {
            if (at < 0) {
                int line = text.indexOf('\n', random.nextInt(text.length()));
                at = line < 0 ? 1 : line + 1; // at the start of a line: inside the events array
                typed = 0;
                deleting = false;
            }
            TextDocumentContentChangeEvent change;
            int end = at + lengthOf(typed);
            if (!deleting) {
                String cp = new String(Character.toChars(WORD[typed]));
                change = new TextDocumentContentChangeEvent(new Range(position(end), position(end)), cp);
                text = text.substring(0, end) + cp + text.substring(end);
                if (++typed == WORD.length) {
                    deleting = true;
                }
            } else {
                int from = at + lengthOf(typed - 1);
                change = new TextDocumentContentChangeEvent(new Range(position(from), position(end)), "");
                text = text.substring(0, from) + text.substring(end);
                if (--typed == 0) {
                    at = -1;
                }
            }
            return new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, ++version), List.of(change));
        }

        Position cursor() {
            return position(Math.max(0, at) + lengthOf(typed));
        }

        private static int lengthOf(int codePoints) {
            int n = 0;
            for (int i = 0; i < codePoints; i++) {
                n += Character.charCount(WORD[i]);
            }
            return n;
        }

        /** The LSP position (line, UTF-16 column) of a UTF-16 offset. */
        private Position position(int offset) {
            int line = 0;
            int lineStart = 0;
            for (int i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
                line++;
                lineStart = i + 1;
            }
            return new Position(line, offset - lineStart);
        }
    }

    /** Reads the server's VmRSS every interval while the edits go on. */
    private static final class Sampler extends Thread {
        private final long pid;
        private final long intervalMs;
        private final List<Long> samples = Collections.synchronizedList(new ArrayList<>());
        private volatile boolean editing = true;

        Sampler(long pid, long intervalMs) {
            super("soak-rss-sampler");
            setDaemon(true);
            this.pid = pid;
            this.intervalMs = intervalMs;
        }

        @Override
        public void run() {
            while (editing && !isInterrupted()) {
                long kb = LspBenchCommand.rssKb(pid, "VmRSS:");
                if (kb > 0) {
                    samples.add(kb);
                }
                try {
                    Thread.sleep(intervalMs);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void stopEditing() {
            editing = false;
        }

        long peak() {
            synchronized (samples) {
                return samples.stream().mapToLong(Long::longValue).max().orElse(-1);
            }
        }

        /** The median of the last quarter of the samples. */
        long plateau() {
            List<Long> last;
            synchronized (samples) {
                last = new ArrayList<>(samples.subList(samples.size() * 3 / 4, samples.size()));
            }
            if (last.isEmpty()) {
                return -1;
            }
            Collections.sort(last);
            return last.get(last.size() / 2);
        }
    }
}

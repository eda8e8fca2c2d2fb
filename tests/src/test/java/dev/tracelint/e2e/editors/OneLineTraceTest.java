package dev.tracelint.e2e.editors;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.tracelint.e2e.Cli;
import dev.tracelint.e2e.editors.NeovimTest.Editors;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Neovim and Emacs, set up as docs/editors.md says, on a 29 MB trace written on one line (as
 * Chrome, Node and catapult write them): the catapult trace of the shared corpus, or a generated
 * one of the same shape when the corpus is not beside the checkout. Each editor measures, in its
 * own event loop, how long the diagnostics take to show after the file is opened and after a
 * burst of typing, and its longest freeze: a timer ticks every 10 ms and records the largest gap
 * between ticks (a handler that converts positions on a 29-million-character line holds the
 * event loop, and the timer with it). The figures are printed; the test holds them to the
 * acceptance limits (diagnostics within 5 s of opening, no freeze over 1 s after that) and
 * checks that what is shown puts errors first.
 */
class OneLineTraceTest {
    /** The shared corpus's one-line catapult trace (29 MB). */
    private static final Path CORPUS_TRACE = Path.of(System.getProperty("tracelint.repo", ".."), "..", "shared", "corpus",
            "chrome-catapult", "lthi_cats.json");
    /** Keystrokes typed, one every {@value #KEY_INTERVAL_MS} ms. */
    static final int KEYSTROKES = 20;
    static final int KEY_INTERVAL_MS = 100;
    /** The acceptance limits. */
    static final double OPEN_TO_DIAGNOSTICS_LIMIT_MS = 5000;
    static final double FREEZE_LIMIT_MS = 1000;
    /** How long an editor may run at all: long enough to measure a slow one rather than kill it. */
    static final long EDITOR_LIMIT_SECONDS = 900;

    @TempDir
    static Path shared;
    static Path trace;

    @BeforeAll
    static void theTrace() throws Exception {
        trace = shared.resolve("lthi_cats.json"); // the name matters little: it has "traceEvents"
        if (Files.isRegularFile(CORPUS_TRACE)) {
            Files.copy(CORPUS_TRACE, trace);
            trace.toFile().setWritable(true); // the corpus is read-only; the editors type into the copy
        } else {
            generateOneLine(trace, 28 << 20);
        }
    }

    /**
     * A trace of about {@code size} bytes on one line: the events of the server's generated
     * warm-up trace (every phase, flows, async, metadata, non-ASCII), again and again.
     */
    static void generateOneLine(Path file, long size) throws IOException {
        String warmup = Files.readString(Cli.repo().resolve("server/src/main/resources/dev/tracelint/lsp/transport/warmup-trace.json"));
        String events = warmup.substring(warmup.indexOf('[') + 1, warmup.lastIndexOf(']')).strip().replace(",\n", ",").replace("\n", "");
        try (var out = Files.newBufferedWriter(file)) {
            out.write("{\"traceEvents\":[");
            for (long written = 0; written < size; written += events.length() + 1) {
                out.write(written == 0 ? events : "," + events);
            }
            out.write("],\"displayTimeUnit\":\"ms\"}");
        }
    }

    @TempDir
    Path dir;

    /** Lua run by headless Neovim after the README set-up; writes its figures to $TL_OUT. */
    static final String NEOVIM_SCRIPT = """
            local report = { publications = {} }
            local function finish(ok)
              local f = assert(io.open(os.getenv('TL_OUT'), 'w'))
              f:write(vim.fn.json_encode(report))
              f:close()
              vim.cmd(ok and 'qa!' or 'cquit! 1')
            end
            local function now() return vim.loop.hrtime() / 1e6 end
            -- the freeze meter: a libuv timer runs only when the event loop does
            local phase, last_tick, gaps = 'open', now(), { open = 0, typing = 0 }
            local ticker = vim.loop.new_timer()
            ticker:start(10, 10, function()
              local t = now()
              if t - last_tick > gaps[phase] then gaps[phase] = t - last_tick end
              last_tick = t
            end)
            local t_open
            local published = vim.lsp.handlers['textDocument/publishDiagnostics']
            vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
              local t0 = now()
              published(err, result, ctx, config)
              table.insert(report.publications, { at = t0 - t_open, took = now() - t0,
                version = result.version, count = #result.diagnostics })
            end
            -- a question from the server: recorded and left unanswered (as if dismissed)
            vim.lsp.handlers['window/showMessageRequest'] = function(_, params)
              report.question = params.message
              return vim.NIL
            end

            local ok, err = pcall(function()
              vim.cmd('filetype on')
              t_open = now()
              vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TL_TRACE')))
              local bufnr = vim.api.nvim_get_current_buf()
              report.read = now() - t_open
              report.shown = vim.wait(60000, function() return #vim.diagnostic.get(bufnr) > 0 end, 5)
              report.openToDiagnostics = now() - t_open
              vim.wait(3000, function() return false end, 5) -- what follows the first publication
              local severities = {}
              for _, d in ipairs(vim.diagnostic.get(bufnr)) do
                severities[#severities + 1] = d.severity
              end
              report.severities = severities

              -- typing: spaces between two events near the middle of the line
              local line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]
              local col = line:find('},{', math.floor(#line / 2), true) + 2
              line = nil
              phase, last_tick = 'typing', now()
              local t_key
              for _ = 1, tonumber(os.getenv('TL_KEYS')) do
                vim.api.nvim_buf_set_text(bufnr, 0, col, 0, col, { ' ' })
                t_key = now()
                vim.wait(tonumber(os.getenv('TL_KEY_INTERVAL')), function() return false end, 5)
              end
              local version = vim.lsp.util.buf_versions[bufnr]
              report.edited = vim.wait(60000, function()
                local last = report.publications[#report.publications]
                return last ~= nil and last.version == version
              end, 5)
              local last = report.publications[#report.publications]
              report.editToDiagnostics = last.at + last.took - (t_key - t_open)
              vim.wait(2000, function() return false end, 5)
              report.freezes = gaps
              for _, client in pairs((vim.lsp.get_clients or vim.lsp.get_active_clients)()) do
                client.stop()
              end
              vim.wait(10000, function() return #(vim.lsp.get_clients or vim.lsp.get_active_clients)() == 0 end, 100)
            end)
            ticker:stop()
            if not ok then report.error = tostring(err) end
            finish(ok)
            """;

    @Test
    void neovimShowsDiagnosticsSoonAndStaysResponsiveWhileTyping() throws Exception {
        Path nvim = Editors.find("nvim", "neovim");
        String readme = between(NeovimTest.SCRIPT, "-- ---- README set-up ----", "-- ---- end of README set-up ----");
        Path script = Files.writeString(dir.resolve("drive.lua"), readme + NEOVIM_SCRIPT);
        Path out = dir.resolve("report.json");
        Path log = dir.resolve("nvim.log");
        String marker = "-Dtracelint.e2e.editor=" + UUID.randomUUID();
        ProcessBuilder pb = Editors.headlessNeovim(nvim, dir, script, log);
        Map<String, String> env = pb.environment();
        environment(env, marker, out);
        JsonObject r = run(pb, marker, out, log, dir.resolve("xdg"), "Neovim");
        figures("Neovim " + nvimVersion(nvim), r);
        assertResponsive(r);
    }

    /** Elisp run by Emacs (batch) after the README set-up; writes its figures to $TL_OUT. */
    static final String EMACS_SCRIPT = """
            (defvar tl-report (make-hash-table :test #'equal))
            (defun tl-put (key value) (puthash key value tl-report))
            (defun tl-finish (code)
              (with-temp-file (getenv "TL_OUT")
                (setq buffer-file-coding-system 'utf-8-unix)
                (insert (json-serialize tl-report)))
              (kill-emacs code))
            (defun tl-now () (* 1000 (float-time)))
            (defun tl-wait (ms pred)
              "Runs the event loop (process output, timers) until PRED or MS pass."
              (let ((deadline (+ (tl-now) ms)))
                (while (and (not (funcall pred)) (< (tl-now) deadline))
                  (accept-process-output nil 0.005))
                (funcall pred)))
            ;; the freeze meter: a timer runs only when the event loop does
            (defvar tl-phase "open")
            (defvar tl-last-tick (tl-now))
            (defvar tl-gaps (make-hash-table :test #'equal))
            (puthash "open" 0 tl-gaps)
            (puthash "typing" 0 tl-gaps)
            (run-at-time 0.01 0.01 (lambda ()
                                     (let ((gap (- (tl-now) tl-last-tick)))
                                       (when (> gap (gethash tl-phase tl-gaps)) (puthash tl-phase gap tl-gaps))
                                       (setq tl-last-tick (tl-now)))))
            (defvar tl-open 0)
            (defvar tl-publications nil)
            (advice-add 'eglot-handle-notification :around
                        (lambda (orig server method &rest params)
                          (if (not (eq method 'textDocument/publishDiagnostics))
                              (apply orig server method params)
                            (let ((t0 (tl-now)))
                              (apply orig server method params)
                              (push (list :at (- t0 tl-open) :took (- (tl-now) t0)
                                          :version (or (plist-get params :version) -1)
                                          :count (length (plist-get params :diagnostics)))
                                    tl-publications)))))
            (defun tl-flymake-severities ()
              (flymake-start)
              (vconcat (mapcar (lambda (d) (symbol-name (flymake-diagnostic-type d))) (flymake-diagnostics))))

            (require 'eglot)
            (condition-case err
                (progn
                  (setq tl-open (tl-now))
                  (find-file (getenv "TL_TRACE"))
                  ;; eglot-ensure connects from post-command-hook: there is no command loop in batch
                  (run-hooks 'post-command-hook)
                  (tl-put "read" (- (tl-now) tl-open))
                  (tl-put "shown" (if (tl-wait 60000 (lambda () (and eglot--managed-mode (> (length (tl-flymake-severities)) 0))))
                                      t :false))
                  (tl-put "openToDiagnostics" (- (tl-now) tl-open))
                  (tl-wait 3000 (lambda () nil)) ; what follows the first publication
                  (tl-put "severities" (tl-flymake-severities))
                  ;; typing: spaces between two events near the middle of the line
                  (goto-char (/ (point-max) 2))
                  (search-forward "},{")
                  (backward-char 1)
                  (setq tl-phase "typing" tl-last-tick (tl-now))
                  (let ((t-key 0))
                    (dotimes (_ (string-to-number (getenv "TL_KEYS")))
                      (insert " ")
                      (setq t-key (tl-now))
                      (tl-wait (string-to-number (getenv "TL_KEY_INTERVAL")) (lambda () nil)))
                    ;; idle now: what eglot's idle timer does after `eglot-send-changes-idle-time'
                    (tl-wait (* 1000 eglot-send-changes-idle-time) (lambda () nil))
                    (eglot--signal-textDocument/didChange)
                    (let ((version eglot--versioned-identifier))
                      (tl-put "edited" (if (tl-wait 60000 (lambda () (and tl-publications
                                                                          (= version (plist-get (car tl-publications) :version)))))
                                           t :false))
                      (let ((last (car tl-publications)))
                        (tl-put "editToDiagnostics" (- (+ (plist-get last :at) (plist-get last :took)) (- t-key tl-open))))))
                  (tl-wait 2000 (lambda () nil))
                  (tl-put "freezes" tl-gaps)
                  (tl-put "publications" (vconcat (mapcar (lambda (p) (let ((h (make-hash-table :test #'equal)))
                                                                        (cl-loop for (k v) on p by #'cddr
                                                                                 do (puthash (substring (symbol-name k) 1) v h))
                                                                        h))
                                                          (reverse tl-publications))))
                  (let ((proc (jsonrpc--process (eglot-current-server))))
                    (eglot-shutdown (eglot-current-server))
                    (tl-wait 10000 (lambda () (not (process-live-p proc)))))
                  (tl-finish 0))
              (error (tl-put "error" (format "%S" err))
                     (tl-finish 1)))
            """;

    @Test
    void emacsShowsDiagnosticsSoonAndStaysResponsiveWhileTyping() throws Exception {
        Path emacs = Editors.find("emacs", "emacs-nox elpa-eglot");
        String prelude = between(EmacsEglotTest.SCRIPT, ";; ---- prelude ----", ";; ---- end of prelude ----");
        String readme = between(EmacsEglotTest.SCRIPT, ";; ---- README set-up ----", ";; ---- end of README set-up ----");
        // Emacs asks before it opens a file over 10 MB; a user answers yes, batch mode cannot
        Path script = Files.writeString(dir.resolve("drive.el"), ";;; -*- lexical-binding: t -*-\n"
                + "(setq large-file-warning-threshold nil)\n" + prelude + readme + EMACS_SCRIPT);
        Path out = dir.resolve("report.json");
        Path log = dir.resolve("emacs.log");
        String marker = "-Dtracelint.e2e.editor=" + UUID.randomUUID();
        ProcessBuilder pb = new ProcessBuilder(emacs.toString(), "--batch", "-Q", "-l", script.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = pb.environment();
        Editors.javaEnvironment(env);
        environment(env, marker, out);
        JsonObject r = run(pb, marker, out, log, dir.resolve("logs"), "Emacs");
        figures("Emacs + eglot", r);
        // eglot 1.9 connects and sends the whole text synchronously, inside `read` (9-10 s for
        // 29 MB here, before the server has the text): the limit is held from there on
        assertResponsive(r);
    }

    private void environment(Map<String, String> env, String marker, Path out) throws IOException {
        env.put("TL_TRACE", trace.toString());
        env.put("TL_OUT", out.toString());
        env.put("TL_JAVA", Editors.java());
        env.put("TL_JAR", Files.copy(Cli.jar(), dir.resolve("tracelint.jar")).toString()); // immune to a rebuild meanwhile
        env.put("TL_MARKER", marker);
        env.put("TL_KEYS", String.valueOf(KEYSTROKES));
        env.put("TL_KEY_INTERVAL", String.valueOf(KEY_INTERVAL_MS));
    }

    private static JsonObject run(ProcessBuilder pb, String marker, Path out, Path log, Path logs, String editor) throws Exception {
        int exit = Editors.runBounded(pb, marker, EDITOR_LIMIT_SECONDS, () -> Editors.describe(log, out, logs));
        String details = Editors.describe(log, out, logs);
        if (!Files.exists(out)) {
            fail(editor + " wrote no report (exit " + exit + ")\n" + details);
        }
        JsonObject report = JsonParser.parseString(Files.readString(out)).getAsJsonObject();
        if (report.has("error") || exit != 0) {
            fail("the " + editor + " script failed (exit " + exit + ")\n" + details);
        }
        return report;
    }

    /**
     * Diagnostics shown within the limit, counted from the moment the editor is asked to open the
     * file (its own reading and sending included), no freeze over the limit while typing, errors shown.
     */
    private static void assertResponsive(JsonObject r) {
        assertTrue(r.get("shown").getAsBoolean(), "no diagnostics within 60 s of opening: " + r);
        assertTrue(r.get("openToDiagnostics").getAsDouble() <= OPEN_TO_DIAGNOSTICS_LIMIT_MS,
                "diagnostics took longer than 5 s to show: " + r);
        assertTrue(r.get("edited").getAsBoolean(), "no diagnostics for the last keystroke within 60 s: " + r);
        double typing = r.getAsJsonObject("freezes").get("typing").getAsDouble();
        assertTrue(typing <= FREEZE_LIMIT_MS, "the editor froze for " + Math.round(typing) + " ms while typing: " + r);
        // what is shown: most severe first, so no error is left out while a hint is shown
        List<Integer> severities = new java.util.ArrayList<>();
        for (JsonElement e : r.getAsJsonArray("severities")) {
            severities.add(severity(e));
        }
        assertTrue(severities.contains(1), "no error shown: " + severities);
    }

    /** Neovim's numbers (1 error … 4 hint) or flymake's types (eglot-error, eglot-warning, eglot-note). */
    private static int severity(JsonElement e) {
        if (e.getAsJsonPrimitive().isNumber()) {
            return e.getAsInt();
        }
        return switch (e.getAsString()) {
            case "eglot-error" -> 1;
            case "eglot-warning" -> 2;
            default -> 3;
        };
    }

    private static void figures(String editor, JsonObject r) {
        JsonObject freezes = r.getAsJsonObject("freezes");
        System.out.printf("%s on a one-line trace of %,d bytes: open -> diagnostics %.0f ms (of which the editor opening the file and sending it %.0f ms),"
                        + " edit -> diagnostics %.0f ms, longest freeze %.0f ms while opening, %.0f ms while typing;"
                        + " publications (ms after opening, ms in the editor's handler, count): %s%n",
                editor, size(), num(r, "openToDiagnostics"), num(r, "read"), num(r, "editToDiagnostics"),
                freezes == null ? -1 : freezes.get("open").getAsDouble(), freezes == null ? -1 : freezes.get("typing").getAsDouble(),
                publications(r));
    }

    private static double num(JsonObject r, String key) {
        return r.has(key) && r.get(key).isJsonPrimitive() ? r.get(key).getAsDouble() : -1;
    }

    private static String publications(JsonObject r) {
        StringBuilder b = new StringBuilder();
        if (r.has("publications")) {
            for (JsonElement e : r.getAsJsonArray("publications")) {
                JsonObject p = e.getAsJsonObject();
                b.append(String.format("[v%d at %.0f, %.0f ms, %d] ", p.get("version").getAsInt(), p.get("at").getAsDouble(),
                        p.get("took").getAsDouble(), p.get("count").getAsInt()));
            }
        }
        return b.toString().trim();
    }

    private static long size() {
        try {
            return Files.size(trace);
        } catch (IOException e) {
            return -1;
        }
    }

    private static String nvimVersion(Path nvim) {
        try {
            Process p = new ProcessBuilder(nvim.toString(), "--version").redirectErrorStream(true).start();
            String first = new String(p.getInputStream().readAllBytes()).lines().findFirst().orElse("");
            p.waitFor();
            return first.replace("NVIM v", "");
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    /** The text between two marker lines of a script (the markers included). */
    static String between(String script, String from, String to) {
        int start = script.indexOf(from);
        int end = script.indexOf(to);
        if (start < 0 || end < start) {
            throw new IllegalStateException("no block between " + from + " and " + to);
        }
        return script.substring(start, end + to.length()) + "\n";
    }
}

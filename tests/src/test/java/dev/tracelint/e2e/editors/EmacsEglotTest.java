package dev.tracelint.e2e.editors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.tracelint.e2e.Cli;
import dev.tracelint.e2e.editors.NeovimTest.Editors;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Emacs (batch) with eglot against the jar, set up as docs/editors.md says: on
 * Emacs 28 (eglot 1.9 from the Debian package elpa-eglot) *.json opens in js-mode unless told
 * otherwise, and eglot 1.9 hangs for good if a column falls inside a surrogate pair, so both are
 * exercised: diagnostics arrive in flymake at the right characters, the settings reach the server,
 * hover shows a duration, a syntax error at an emoji does not hang, and no server is left running.
 */
class EmacsEglotTest {
    /**
     * The editor script. The block between the "README set-up" markers is the configuration from
     * docs/editors.md, with this run's java, jar and a marker (to find stray servers) in the command.
     */
    static final String SCRIPT = """
            ;;; -*- lexical-binding: t -*-
            ;; Drives Emacs (batch) + eglot against tracelint; writes a JSON report to $TL_OUT.
            (defvar tl-report (make-hash-table :test #'equal))
            (defun tl-put (key value) (puthash key value tl-report))
            (defun tl-finish (code)
              (with-temp-file (getenv "TL_OUT")
                (setq buffer-file-coding-system 'utf-8-unix)
                (insert (json-serialize tl-report)))
              (kill-emacs code))
            (defun tl-wait (seconds pred)
              "Runs the event loop (process output, timers) until PRED or SECONDS pass."
              (let ((deadline (+ (float-time) seconds)))
                (while (and (not (funcall pred)) (< (float-time) deadline))
                  (accept-process-output nil 0.1))
                (funcall pred)))
            (defun tl-dump-eglot-buffers ()
              "Saves eglot's events and stderr buffers to $TL_EVENTS, for a failure message."
              (with-temp-file (getenv "TL_EVENTS")
                (dolist (b (buffer-list))
                  (when (string-match-p "EGLOT" (buffer-name b))
                    (insert "==== " (buffer-name b) "\\n")
                    (insert-buffer-substring b)))))

            (condition-case err
                (progn
                  ;; ---- prelude ----
                  (require 'package)
                  ;; -Q leaves site-lisp out: find the Debian package elpa-eglot there (Emacs 29+ has eglot)
                  (dolist (dir '("/usr/share/emacs/site-lisp/elpa" "/usr/local/share/emacs/site-lisp/elpa"))
                    (when (file-directory-p dir) (add-to-list 'package-directory-list dir t)))
                  (package-initialize)
                  ;; ---- end of prelude ----
                  (tl-put "version" emacs-version)
                  (unless (require 'eglot nil t)
                    (tl-put "missing" "eglot")
                    (tl-finish 3))
                  (tl-put "eglot" (let ((d (cadr (assq 'eglot package-alist))))
                                    (if d (package-version-join (package-desc-version d)) "built-in")))

                  ;; ---- README set-up ----
                  ;; Emacs 28 opens *.json in js-mode: give JSON a mode of its own (Emacs 29 has js-json-mode)
                  (unless (fboundp 'js-json-mode)
                    (define-derived-mode js-json-mode js-mode "JSON")
                    (add-to-list 'auto-mode-alist '("\\\\.json\\\\'" . js-json-mode)))
                  ;; traces with other extensions, such as Node's node_trace.1.log (add your own patterns)
                  (add-to-list 'auto-mode-alist '("node_trace\\\\.[0-9]+\\\\.log\\\\'" . js-json-mode))
                  (with-eval-after-load 'eglot
                    (add-to-list 'eglot-server-programs
                                 `((js-json-mode json-mode json-ts-mode)
                                   ;; over a local socket (:autoport): Emacs sends large files through a pipe slowly
                                   . (,(getenv "TL_JAVA") ,(getenv "TL_MARKER") "-XX:TieredStopAtLevel=1" "-jar" ,(getenv "TL_JAR") "lsp" "--port" :autoport))))
                  (dolist (hook '(js-json-mode-hook json-mode-hook json-ts-mode-hook))
                    (add-hook hook #'eglot-ensure))
                  ;; no log of every message: eglot pretty-prints each one, the whole trace of a didOpen too
                  (setq eglot-events-buffer-size 0)
                  (setq-default eglot-workspace-configuration
                                '(:tracelint (:rules (:end-name-mismatch "error"))))
                  ;; ---- end of README set-up ----

                  (find-file (getenv "TL_TRACE"))
                  (tl-put "mode" (symbol-name major-mode))
                  ;; eglot-ensure connects from post-command-hook: there is no command loop in batch
                  (run-hooks 'post-command-hook)
                  (unless (tl-wait 60 (lambda () (and (eglot-current-server) eglot--managed-mode)))
                    (error "eglot did not connect within 60 s"))
                  (tl-put "server" (plist-get (eglot--server-info (eglot-current-server)) :name))
                  ;; settled: every expected rule is in flymake, and the severity from the settings applied
                  (let ((expected (split-string (getenv "TL_EXPECT") ",")))
                    (tl-put "settled"
                            (if (tl-wait 60 (lambda ()
                                              (flymake-start)
                                              (accept-process-output nil 0.2)
                                              (let ((ds (mapcar (lambda (d)
                                                                  (cons (flymake-diagnostic-text d)
                                                                        (flymake-diagnostic-type d)))
                                                                (flymake-diagnostics))))
                                                (and (cl-every (lambda (code)
                                                                 (cl-some (lambda (x) (string-search (format "[%s]" code) (car x))) ds))
                                                               expected)
                                                     (cl-every (lambda (x) (or (not (string-search "[end-name-mismatch]" (car x)))
                                                                               (eq (cdr x) 'eglot-error)))
                                                               ds)))))
                                t :false)))
                  ;; eglot 1.9 puts the code into the text: "tracelint [rule-id]: message"
                  (tl-put "diagnostics"
                          (vconcat
                           (mapcar (lambda (d)
                                     (let* ((beg (flymake-diagnostic-beg d))
                                            (end (flymake-diagnostic-end d))
                                            (text (flymake-diagnostic-text d))
                                            (open (string-search "[" text))
                                            (close (string-search "]" text)))
                                       (save-excursion
                                         (list :code (if (and open close) (substring text (1+ open) close) "")
                                               :message text
                                               :type (symbol-name (flymake-diagnostic-type d))
                                               :line (line-number-at-pos beg)
                                               :col (1+ (- beg (progn (goto-char beg) (line-beginning-position))))
                                               :endLine (line-number-at-pos end)
                                               :endCol (1+ (- end (progn (goto-char end) (line-beginning-position))))
                                               :text (buffer-substring-no-properties beg end)))))
                                   (flymake-diagnostics))))
                  (let ((needle (getenv "TL_HOVER")))
                    (unless (string-empty-p needle)
                      ;; hover one character into `needle' on line 3
                      (goto-char (point-min))
                      (forward-line 2)
                      (search-forward needle (line-end-position))
                      (goto-char (1+ (match-beginning 0)))
                      (let* ((params (eglot--TextDocumentPositionParams))
                             (hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover params
                                                     :timeout 10))
                             (contents (plist-get hover :contents)))
                        (tl-put "hoverPosition" (plist-get params :position))
                        (tl-put "hover" (if (stringp contents) contents (or (plist-get contents :value) ""))))))
                  ;; a clean shutdown (shutdown + exit) before quitting
                  (let ((proc (jsonrpc--process (eglot-current-server))))
                    (eglot-shutdown (eglot-current-server))
                    (tl-put "stopped" (if (tl-wait 10 (lambda () (not (process-live-p proc)))) t :false)))
                  (tl-finish 0))
              (error (tl-put "error" (format "%S" err))
                     (ignore-errors (tl-dump-eglot-buffers))
                     (tl-finish 1)))
            """;

    @TempDir
    Path dir;

    @Test
    void diagnosticsArriveAtTheRightCharactersSettingsApplyAndHoverShowsTheDuration() throws Exception {
        JsonObject r = run(NeovimTest.TRACE, "end-name-mismatch,unmatched-begin", "\"ts\"");
        assertEquals("js-json-mode", r.get("mode").getAsString(), r.toString());
        assertEquals("tracelint", r.get("server").getAsString(), r.toString());
        assertTrue(r.get("settled").getAsBoolean(), "the expected diagnostics did not arrive within 60 s: " + r);

        Map<String, JsonObject> byCode = byCode(r);
        assertEquals(List.of("end-name-mismatch", "unmatched-begin"), List.copyOf(byCode.keySet()), r.toString());
        JsonObject mismatch = byCode.get("end-name-mismatch");
        assertAt(NeovimTest.TRACE, mismatch, 7, "\"Ω 🚀 laod\"");
        assertEquals("eglot-error", mismatch.get("type").getAsString(), "the settings made it an error: " + mismatch);
        assertTrue(mismatch.get("message").getAsString().startsWith("tracelint [end-name-mismatch]: "), mismatch.toString());
        JsonObject open = byCode.get("unmatched-begin");
        assertAt(NeovimTest.TRACE, open, 8, "\"B\"");
        assertEquals("eglot-warning", open.get("type").getAsString(), "a warning: the viewers draw it wrongly " + open);

        // the position eglot sent: UTF-16 units (Java's String index), one char into "ts" of line 3
        JsonObject p = r.getAsJsonObject("hoverPosition");
        assertEquals(2, p.get("line").getAsInt(), r.toString());
        assertEquals(NeovimTest.TRACE.split("\n")[2].indexOf("\"ts\"") + 1, p.get("character").getAsInt(), r.toString());
        String hover = r.get("hover").isJsonPrimitive() ? r.get("hover").getAsString() : "";
        // eglot without markdown-mode announces plaintext only: plain text it gets, no Markdown marks
        assertTrue(hover.contains("Ä😀 outer · B duration begin"), r.toString());
        assertTrue(hover.contains("duration: 3.1 ms (B→E)"), r.toString());
        assertFalse(hover.contains("**") || hover.contains("`"), r.toString());
        assertTrue(r.get("stopped").getAsBoolean(), "the server did not stop: " + r);
    }

    /** eglot 1.9 loops forever on a column inside a surrogate pair: a syntax error at an emoji must not make one. */
    @Test
    void aSyntaxErrorAtAnEmojiDoesNotHangEglot() throws Exception {
        JsonObject r = run(NeovimTest.BROKEN, "json-syntax", "");
        assertTrue(r.get("settled").getAsBoolean(), "no json-syntax diagnostic within 60 s: " + r);
        assertAt(NeovimTest.BROKEN, byCode(r).get("json-syntax"), 3, "😀");
    }

    /** Emacs columns here are 1-based characters (code points): check them and the text they cover. */
    private static void assertAt(String trace, JsonObject d, int lineNo, String text) {
        String line = trace.split("\n")[lineNo - 1];
        int at = line.indexOf(text);
        int col = line.codePointCount(0, at) + 1;
        int endCol = col + text.codePointCount(0, text.length());
        assertEquals(List.of(lineNo, col, lineNo, endCol, text),
                List.of(d.get("line").getAsInt(), d.get("col").getAsInt(), d.get("endLine").getAsInt(),
                        d.get("endCol").getAsInt(), d.get("text").getAsString()),
                d.toString());
    }

    private static Map<String, JsonObject> byCode(JsonObject report) {
        Map<String, JsonObject> out = new TreeMap<>();
        for (JsonElement e : report.getAsJsonArray("diagnostics")) {
            out.put(e.getAsJsonObject().get("code").getAsString(), e.getAsJsonObject());
        }
        return out;
    }

    /**
     * Writes the trace and the script, runs {@code emacs --batch -Q -l script} (120 s at most),
     * checks that it quit cleanly and left no server running, and returns the script's report.
     */
    private JsonObject run(String trace, String expectCodes, String hoverNeedle) throws Exception {
        Path emacs = Editors.find("emacs", "emacs-nox elpa-eglot");
        Path traceFile = Files.writeString(dir.resolve("trace.json"), trace);
        Path script = Files.writeString(dir.resolve("drive.el"), SCRIPT);
        Path out = dir.resolve("report.json");
        Path log = dir.resolve("emacs.log");
        Path events = dir.resolve("logs").resolve("eglot-events.log");
        Files.createDirectories(events.getParent());
        Path jar = Files.copy(Cli.jar(), dir.resolve("tracelint.jar")); // immune to a rebuild meanwhile
        String marker = "-Dtracelint.e2e.editor=" + UUID.randomUUID();

        ProcessBuilder pb = new ProcessBuilder(emacs.toString(), "--batch", "-Q", "-l", script.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = pb.environment();
        Editors.javaEnvironment(env);
        env.put("TL_TRACE", traceFile.toString());
        env.put("TL_OUT", out.toString());
        env.put("TL_EVENTS", events.toString());
        env.put("TL_JAVA", Editors.java());
        env.put("TL_JAR", jar.toString());
        env.put("TL_MARKER", marker);
        env.put("TL_EXPECT", expectCodes);
        env.put("TL_HOVER", hoverNeedle);

        int exit = Editors.runBounded(pb, marker, () -> Editors.describe(log, out, events.getParent()));
        String details = Editors.describe(log, out, events.getParent());
        if (!Files.exists(out)) {
            fail("Emacs wrote no report (exit " + exit + ")\n" + details);
        }
        JsonObject report = JsonParser.parseString(Files.readString(out)).getAsJsonObject();
        if (report.has("missing")) {
            Editors.missing("Emacs " + report.get("version").getAsString() + " has no eglot: install the Debian "
                    + "package elpa-eglot (sudo apt-get install -y elpa-eglot; .ci/run does it), or set "
                    + "TRACELINT_SKIP_EDITORS=1 to skip the real-editor tests");
        }
        if (report.has("error") || exit != 0) {
            fail("the Emacs script failed (exit " + exit + ")\n" + details);
        }
        return report;
    }
}

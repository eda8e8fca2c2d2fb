package dev.tracelint.e2e.editors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.tracelint.e2e.Cli;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real headless Neovim (0.7+, built-in LSP client, no nvim-lspconfig) against the jar, set up as
 * docs/editors.md says: diagnostics arrive where they belong (Neovim columns are UTF-8
 * bytes, the server's are UTF-16 units), the settings reach the server, hover shows a duration,
 * and quitting leaves no server process behind.
 */
class NeovimTest {
    /** A B/E pair, a mismatched E and a B never closed; non-ASCII and emoji before every position. */
    static final String TRACE = String.join("\n",
            "[",
            "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": \"Main 🧵\"}},",
            "{\"name\": \"Ä😀 outer\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 1000},",
            "{\"name\": \"inner\", \"ph\": \"X\", \"pid\": 1, \"tid\": 7, \"ts\": 1100, \"dur\": 400},",
            "{\"name\": \"Ä😀 outer\", \"ph\": \"E\", \"pid\": 1, \"tid\": 7, \"ts\": 4100},",
            "{\"name\": \"Ω 🚀 load\", \"ph\": \"B\", \"pid\": 1, \"tid\": 8, \"ts\": 5000},",
            "{\"name\": \"Ω 🚀 laod\", \"ph\": \"E\", \"pid\": 1, \"tid\": 8, \"ts\": 7000},",
            "{\"name\": \"open 🚪\", \"ph\": \"B\", \"pid\": 1, \"tid\": 7, \"ts\": 9000}",
            "]", "");

    /** A syntax error at an emoji: a one-unit range there would end inside its surrogate pair. */
    static final String BROKEN = String.join("\n",
            "[",
            "{\"name\": \"x\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 1},",
            "{\"name\": \"y\", \"ph\": \"X\", 😀 \"ts\": 1}",
            "]", "");

    /**
     * The editor script. The block between the "README set-up" markers is the configuration from
     * docs/editors.md, with this run's java, jar and a marker (to find stray servers) in cmd.
     */
    static final String SCRIPT = """
            -- Drives headless Neovim against tracelint; writes a JSON report to $TL_OUT.
            local report = { diagnostics = {} }
            local function finish(ok)
              local f = assert(io.open(os.getenv('TL_OUT'), 'w'))
              f:write(vim.fn.json_encode(report))
              f:close()
              vim.cmd(ok and 'qa!' or 'cquit! 1')
            end

            -- ---- README set-up ----
            local tracelint = {
              name = 'tracelint',
              cmd = { os.getenv('TL_JAVA'), os.getenv('TL_MARKER'), '-XX:TieredStopAtLevel=1', '-jar', os.getenv('TL_JAR'), 'lsp' },
              settings = { tracelint = { rules = { ['end-name-mismatch'] = 'error' } } },
              -- Neovim 0.7 neither sends `settings` by itself nor announces workspace/configuration
              on_init = function(client)
                client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
              end,
            }
            local tracelint_client
            -- traces with other extensions, such as Node's node_trace.1.log (add your own patterns)
            vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
              pattern = { 'node_trace.*.log' },
              command = 'setfiletype json',
            })
            vim.api.nvim_create_autocmd('FileType', {
              pattern = { 'json', 'jsonc' },
              callback = function(args)
                vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc' -- completion with <C-x><C-o>
                local config = vim.tbl_extend('force', tracelint, { root_dir = vim.fn.getcwd() })
                if vim.lsp.start then -- Neovim 0.8+
                  vim.lsp.start(config)
                else -- Neovim 0.7
                  if not (tracelint_client and vim.lsp.get_client_by_id(tracelint_client)) then
                    tracelint_client = vim.lsp.start_client(config)
                  end
                  vim.lsp.buf_attach_client(args.buf, tracelint_client)
                end
              end,
            })
            -- ---- end of README set-up ----

            local function clients()
              return (vim.lsp.get_clients or vim.lsp.get_active_clients)()
            end

            local ok, err = pcall(function()
              local v = vim.version()
              report.version = v.major .. '.' .. v.minor .. '.' .. v.patch
              vim.cmd('filetype on')
              vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TL_TRACE')))
              local bufnr = vim.api.nvim_get_current_buf()
              report.filetype = vim.bo[bufnr].filetype
              -- settled: every expected rule reported, and the severity from the settings applied
              local expected = vim.split(os.getenv('TL_EXPECT'), ',', { plain = true })
              local function settled()
                local codes = {}
                for _, d in ipairs(vim.diagnostic.get(bufnr)) do
                  codes[d.code] = d.severity
                end
                for _, code in ipairs(expected) do
                  if codes[code] == nil then return false end
                end
                return codes['end-name-mismatch'] == nil or codes['end-name-mismatch'] == vim.diagnostic.severity.ERROR
              end
              report.settled = vim.wait(60000, settled, 100)
              for _, d in ipairs(vim.diagnostic.get(bufnr)) do
                table.insert(report.diagnostics, {
                  code = d.code, source = d.source, severity = d.severity, message = d.message,
                  line = d.lnum + 1, col = d.col + 1, endLine = d.end_lnum + 1, endCol = d.end_col + 1,
                  text = vim.api.nvim_buf_get_text(bufnr, d.lnum, d.col, d.end_lnum, d.end_col, {})[1],
                })
              end
              local needle = os.getenv('TL_HOVER')
              if needle ~= '' then
                -- hover one character into `needle` on line 3
                local line = vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1]
                vim.api.nvim_win_set_cursor(0, { 3, (line:find(needle, 1, true)) })
                local client = clients()[1]
                local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
                report.hoverPosition = params.position
                local res, herr = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000)
                if herr then report.hoverError = tostring(herr) end
                for _, r in pairs(res or {}) do
                  if r.err then report.hoverError = vim.inspect(r.err) end
                  if r.result and r.result.contents then
                    local c = r.result.contents
                    report.hover = type(c) == 'string' and c or c.value or vim.inspect(c)
                  end
                end
              end
              -- a clean shutdown (shutdown + exit) before quitting
              for _, client in pairs(clients()) do
                client.stop()
              end
              report.stopped = vim.wait(10000, function() return #clients() == 0 end, 100)
            end)
            if not ok then report.error = tostring(err) end
            finish(ok)
            """;

    @TempDir
    Path dir;

    @Test
    void diagnosticsArriveAtTheRightColumnsSettingsApplyAndHoverShowsTheDuration() throws Exception {
        JsonObject r = run(TRACE, "end-name-mismatch,unmatched-begin", "\"ts\"");
        assertEquals("json", r.get("filetype").getAsString(), r.toString());
        assertTrue(r.get("settled").getAsBoolean(), "the expected diagnostics did not arrive within 60 s: " + r);

        Map<String, JsonObject> byCode = byCode(r);
        assertEquals(List.of("end-name-mismatch", "unmatched-begin"), List.copyOf(byCode.keySet()), r.toString());
        JsonObject mismatch = byCode.get("end-name-mismatch");
        assertAt(mismatch, 7, "\"Ω 🚀 laod\"");
        assertEquals(1, mismatch.get("severity").getAsInt(), "the settings made it an error: " + mismatch);
        JsonObject open = byCode.get("unmatched-begin");
        assertAt(open, 8, "\"B\"");
        assertEquals(2, open.get("severity").getAsInt(), "a warning: the viewers draw it wrongly " + open);
        for (JsonObject d : byCode.values()) {
            assertEquals("tracelint", d.get("source").getAsString(), d.toString());
        }

        // the position Neovim sent: UTF-16 units (Java's String index), one char into "ts" of line 3
        JsonObject p = r.getAsJsonObject("hoverPosition");
        assertEquals(2, p.get("line").getAsInt(), r.toString());
        assertEquals(line(TRACE, 3).indexOf("\"ts\"") + 1, p.get("character").getAsInt(), r.toString());
        String hover = r.has("hover") ? r.get("hover").getAsString() : "";
        assertTrue(hover.contains("**Ä😀 outer**"), r.toString());
        assertTrue(hover.contains("duration: **3.1 ms** (B→E)"), r.toString());
        assertTrue(r.get("stopped").getAsBoolean(), "the server did not stop: " + r);
    }

    @Test
    void aSyntaxErrorAtAnEmojiCoversTheWholeCharacter() throws Exception {
        JsonObject r = run(BROKEN, "json-syntax", "");
        assertTrue(r.get("settled").getAsBoolean(), "no json-syntax diagnostic within 60 s: " + r);
        JsonObject d = byCode(r).get("json-syntax");
        assertAt(d, 3, "😀");
    }

    /** Neovim columns are 1-based UTF-8 byte columns: check them and the text they cover. */
    private static void assertAt(JsonObject d, int lineNo, String text) {
        String line = line(d.get("code").getAsString().equals("json-syntax") ? BROKEN : TRACE, lineNo);
        int at = line.indexOf(text);
        int col = line.substring(0, at).getBytes(StandardCharsets.UTF_8).length + 1;
        int endCol = col + text.getBytes(StandardCharsets.UTF_8).length;
        assertEquals(List.of(lineNo, col, lineNo, endCol, text),
                List.of(d.get("line").getAsInt(), d.get("col").getAsInt(), d.get("endLine").getAsInt(),
                        d.get("endCol").getAsInt(), d.get("text").getAsString()),
                d.toString());
    }

    private static String line(String text, int lineNo) {
        return text.split("\n")[lineNo - 1];
    }

    private static Map<String, JsonObject> byCode(JsonObject report) {
        Map<String, JsonObject> out = new TreeMap<>();
        for (JsonElement e : report.getAsJsonArray("diagnostics")) {
            out.put(e.getAsJsonObject().get("code").getAsString(), e.getAsJsonObject());
        }
        return out;
    }

    /**
     * Writes the trace and the script, runs {@code nvim --headless} on them (120 s at most), checks
     * that it quit cleanly and left no server running, and returns the script's report.
     */
    private JsonObject run(String trace, String expectCodes, String hoverNeedle) throws Exception {
        Path nvim = Editors.find("nvim", "neovim");
        Path traceFile = Files.writeString(dir.resolve("trace.json"), trace);
        Path script = Files.writeString(dir.resolve("drive.lua"), SCRIPT);
        Path out = dir.resolve("report.json");
        Path log = dir.resolve("nvim.log");
        Path jar = Files.copy(Cli.jar(), dir.resolve("tracelint.jar")); // immune to a rebuild meanwhile
        String marker = "-Dtracelint.e2e.editor=" + UUID.randomUUID();

        ProcessBuilder pb = Editors.headlessNeovim(nvim, dir, script, log);
        Map<String, String> env = pb.environment();
        env.put("TL_TRACE", traceFile.toString());
        env.put("TL_OUT", out.toString());
        env.put("TL_JAVA", Editors.java());
        env.put("TL_JAR", jar.toString());
        env.put("TL_MARKER", marker);
        env.put("TL_EXPECT", expectCodes);
        env.put("TL_HOVER", hoverNeedle);

        int exit = Editors.runBounded(pb, marker, () -> Editors.describe(log, out, dir.resolve("xdg")));
        String details = Editors.describe(log, out, dir.resolve("xdg"));
        if (!Files.exists(out)) {
            fail("Neovim wrote no report (exit " + exit + ")\n" + details);
        }
        JsonObject report = JsonParser.parseString(Files.readString(out)).getAsJsonObject();
        if (report.has("error") || exit != 0) {
            fail("the Neovim script failed (exit " + exit + ")\n" + details);
        }
        return report;
    }

    /** What both editor tests need: find the editor, run it bounded, find stray servers. */
    static final class Editors {
        private Editors() {
        }

        /** The editor on PATH; fails with how to install it, unless TRACELINT_SKIP_EDITORS=1 (then skips). */
        static Path find(String command, String debianPackages) {
            for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(d.isEmpty() ? "." : d, command);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p;
                }
            }
            String why = "`" + command + "` is not on PATH: install the Debian package(s) " + debianPackages
                    + " (sudo apt-get install -y " + debianPackages + "; .ci/run does it), or set "
                    + "TRACELINT_SKIP_EDITORS=1 to skip the real-editor tests";
            missing(why);
            throw new AssertionError(why);
        }

        /** Fails with {@code why}, or skips if TRACELINT_SKIP_EDITORS=1. */
        static void missing(String why) {
            Assumptions.assumeFalse("1".equals(System.getenv("TRACELINT_SKIP_EDITORS")), why);
            fail(why);
        }

        static String java() {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }

        /**
         * Neovim without the user's configuration running {@code script}, its output to {@code log},
         * no terminal; the server's java environment cleaned, and the XDG folders (lsp.log lands
         * there) under {@code dir}/xdg. The caller adds its own environment and runs it.
         */
        static ProcessBuilder headlessNeovim(Path nvim, Path dir, Path script, Path log) throws IOException {
            ProcessBuilder pb = new ProcessBuilder(nvim.toString(), "--headless", "--clean", "-u", "NONE", "-n",
                    "-c", "luafile " + script)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            Map<String, String> env = pb.environment();
            javaEnvironment(env);
            for (String xdg : List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
                env.put(xdg, Files.createDirectories(dir.resolve("xdg").resolve(xdg)).toString());
            }
            return pb;
        }

        /** The server's java must not print "Picked up ..." noise; nothing else to change. */
        static void javaEnvironment(Map<String, String> env) {
            env.remove("JAVA_TOOL_OPTIONS");
            env.remove("_JAVA_OPTIONS");
            env.remove("JDK_JAVA_OPTIONS");
        }

        /**
         * Starts the editor and waits for it (120 s at most: then it and its children are killed and
         * the test fails with {@code details}); then fails if a server started with {@code marker}
         * is still running 10 s after the editor quit (and kills it). Returns the editor's exit code.
         */
        static int runBounded(ProcessBuilder pb, String marker, java.util.function.Supplier<String> details)
                throws IOException, InterruptedException {
            return runBounded(pb, marker, 120, details);
        }

        /** As above, with another limit than 120 s. */
        static int runBounded(ProcessBuilder pb, String marker, long seconds, java.util.function.Supplier<String> details)
                throws IOException, InterruptedException {
            Process editor = pb.start();
            if (!editor.waitFor(seconds, TimeUnit.SECONDS)) {
                editor.descendants().forEach(ProcessHandle::destroyForcibly);
                editor.destroyForcibly();
                editor.waitFor(10, TimeUnit.SECONDS);
                killServers(marker);
                fail("the editor did not finish within " + seconds + " s: " + String.join(" ", pb.command()) + "\n" + details.get());
            }
            long deadline = System.currentTimeMillis() + 10_000;
            List<ProcessHandle> left = servers(marker);
            while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
                left = servers(marker);
            }
            if (!left.isEmpty()) {
                killServers(marker);
                fail("the language server was still running 10 s after the editor quit: "
                        + left.stream().map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList()
                        + "\n" + details.get());
            }
            return editor.exitValue();
        }

        private static List<ProcessHandle> servers(String marker) {
            List<ProcessHandle> out = new ArrayList<>();
            ProcessHandle.allProcesses().forEach(h -> {
                String[] args = h.info().arguments().orElse(new String[0]);
                if (h.isAlive() && Arrays.asList(args).contains(marker)) {
                    out.add(h);
                }
            });
            return out;
        }

        private static void killServers(String marker) {
            servers(marker).forEach(ProcessHandle::destroyForcibly);
        }

        /** The editor's output, the script's report and any log files under {@code logs}, for failures. */
        static String describe(Path editorOutput, Path report, Path logs) {
            StringBuilder b = new StringBuilder();
            append(b, "editor output", editorOutput);
            append(b, "report", report);
            if (Files.isDirectory(logs)) {
                try (var files = Files.walk(logs)) {
                    files.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(".log")).forEach(f -> append(b, f.toString(), f));
                } catch (IOException e) {
                    b.append("(cannot list ").append(logs).append(": ").append(e).append(")\n");
                }
            }
            return b.toString();
        }

        private static void append(StringBuilder b, String title, Path file) {
            b.append("--- ").append(title).append(" ---\n");
            try {
                b.append(Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "(none)").append('\n');
            } catch (IOException e) {
                b.append("(unreadable: ").append(e).append(")\n");
            }
        }
    }
}
